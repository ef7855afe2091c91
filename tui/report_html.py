"""The battle report as one self-contained HTML page (``tui.report.render``): no external
file, font or script; a viewport and CSS that read on a phone; each side's dice drawn
against their exact distribution as an inline SVG chart."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from tui.report_text import luck_sentence, signed, turning_text, vp_line

if TYPE_CHECKING:
    from tui.report import Report, SideHeadline

STYLE = """*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:52rem;margin:0 auto;padding:1rem;
color:#1d1d1f;background:#fff;line-height:1.45;font-size:1rem}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.2rem;margin-top:1.6rem;border-bottom:1px solid #ddd}
h3{font-size:1.05rem}.sub{color:#666;margin-top:0}
.result{font-size:1.1rem;font-weight:600;background:#f3f6fa;border-left:4px solid #3a6ea5;padding:.6rem .8rem}
.sides{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:.8rem}
.side{border:1px solid #ddd;border-radius:.5rem;padding:.6rem .8rem}
.side h3{margin:.1rem 0 .4rem;display:flex;justify-content:space-between;gap:.5rem}
.vp{font-size:1.4rem;color:#3a6ea5}.side p{margin:.25rem 0}.label{color:#666}
svg{width:100%;height:auto;max-width:26rem;display:block;margin-top:.4rem}
.scroll{overflow-x:auto}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:right}td:first-child,th:first-child{text-align:left}
ul.log{list-style:none;padding-left:0}ul.log li{margin:.25rem 0;padding-left:3rem;text-indent:-3rem}
ul.log li>*{text-indent:0}b.seq{display:inline-block;min-width:2.6rem;text-indent:0}li.undone{color:#888;font-style:italic}
details{margin:.2rem 0}summary{cursor:pointer;color:#3a6ea5}
pre{background:#f4f4f4;padding:.5rem;overflow-x:auto;font-size:.8rem;margin:.2rem 0}
.bar{display:inline-block;height:.8rem;background:#4a7}.neg{background:#c55}
@media (max-width:30rem){body{padding:.6rem;font-size:.95rem}table{font-size:.85rem}td,th{padding:.15rem .3rem}}"""


def luck_svg(side: SideHeadline) -> str:
    """The exact chance of each number of successes (bars), the side's own count (the
    dark bar) and the expectation (the dashed line), as an inline SVG."""
    dist, row = side.distribution, side.luck
    if not row.rolls:
        return ""
    peak = max(dist)
    shown = [k for k, p in enumerate(dist) if p * 200 >= peak] + [row.successes]
    lo, hi = min(shown), max(shown)
    width, height, left, bottom, top = 320, 150, 30, 26, 10
    step = (width - left - 6) / (hi - lo + 1)
    plot = height - top - bottom
    good = row.successes >= row.expected
    out = [
        f'<svg viewBox="0 0 {width} {height}" role="img">',
        f"<title>{html.escape(side.name)}: {row.successes} successes rolled, "
        f"{float(row.expected):.2f} expected</title>",
        f'<line x1="{left}" y1="{height - bottom}" x2="{width - 4}" y2="{height - bottom}" stroke="#999"/>',
        f'<text x="{left - 4}" y="{top + 8}" font-size="9" text-anchor="end" fill="#666">'
        f"{float(peak) * 100:.0f}%</text>",
    ]
    every = max(1, (hi - lo + 1) // 10)
    for k in range(lo, hi + 1):
        p = dist[k] if k < len(dist) else 0
        h = float(p / peak) * plot
        x = left + (k - lo) * step
        mine = k == row.successes
        fill = ("#2e7d4f" if good else "#b3413b") if mine else "#b9c7d6"
        out.append(
            f'<rect x="{x + step * 0.1:.1f}" y="{height - bottom - h:.1f}" width="{step * 0.8:.1f}" '
            f'height="{h:.1f}" fill="{fill}"><title>{k}: {float(p) * 100:.1f}%</title></rect>'
        )
        if mine or (k - lo) % every == 0:
            out.append(
                f'<text x="{x + step / 2:.1f}" y="{height - bottom + 11}" font-size="9" text-anchor="middle" '
                f'fill="{"#000" if mine else "#666"}">{k}</text>'
            )
    ex = left + (float(row.expected) - lo + 0.5) * step
    out += [
        f'<line x1="{ex:.1f}" y1="{top}" x2="{ex:.1f}" y2="{height - bottom}" stroke="#333" stroke-dasharray="3 3"/>',
        f'<text x="{left}" y="{height - 3}" font-size="9" fill="#444">successes · dark bar: rolled '
        f"{row.successes} · dashed: expected {float(row.expected):.2f}</text>",
        "</svg>",
    ]
    return "".join(out)


def _headline(report: Report) -> list[str]:
    e = html.escape
    head = report.headline
    out = ["<h2>Result</h2>", f'<p class="result">{e(report.result)}</p>']
    if head is None:
        return out
    vp = vp_line(head)
    out.append('<div class="sides">')
    for side in head.sides:
        lost = ", ".join(side.lost) if side.lost else "none"
        out.append(
            '<div class="side">'
            f"<h3><span>{e(side.name)}</span>"
            + (f'<span class="vp">{side.vp} VP</span>' if vp and side.vp is not None else "")
            + "</h3>"
            f'<p><span class="label">Lost:</span> {e(lost)}</p>'
            + (f'<p><span class="label">Casualties:</span> {e(side.casualties)}</p>' if side.casualties else "")
            + (f'<p><span class="label">Experience:</span> {e(", ".join(side.xp))}</p>' if side.xp else "")
            + f'<p><span class="label">Dice:</span> {e(luck_sentence(side))}</p>'
            + luck_svg(side)
            + "</div>"
        )
    out.append("</div>")
    turns = [("Against the odds", t) for t in head.upsets] + [("Let down", t) for t in head.flops]
    if turns:
        out.append("<h2>Turning points</h2><ul>")
        out += [f"<li><b>{e(kind)}:</b> {e(turning_text(t))}</li>" for kind, t in turns]
        out.append("</ul>")
    return out


def render_html(report: Report) -> str:
    from tui.report import round_heading

    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(report.title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{e(report.title)}</h1>",
        f'<p class="sub"><em>{e(report.system)}</em> · seed {e(str(report.seed))}</p>',
    ]
    if not report.campaign:
        out += _headline(report)
    out += _luck_tables(report)
    out.append("<h2>Bands</h2>")
    for name, members in report.bands:
        out.append(f"<h3>{e(name)}</h3><ul>" + "".join(f"<li>{e(m)}</li>" for m in members) + "</ul>")
    out.append("<h2>Campaign</h2>" if report.campaign else "<h2>Battle</h2>")
    for rnd, items in report.rounds:
        out.append(f'<h3>{e(round_heading(report, rnd))}</h3><ul class="log">')
        for entry in items:
            if entry.undone:
                out.append(f'<li class="undone"><b class="seq">{e(entry.undone)}</b> {e(entry.text)}</li>')
                continue
            body = f'<b class="seq">#{entry.seq}</b> {e(entry.text)}'
            if entry.lines:
                body += f"<details><summary>{e(entry.lines[0])}</summary><pre>{e(chr(10).join(entry.lines))}</pre></details>"
            out.append(f'<li id="e{entry.seq}">{body}</li>')
        out.append("</ul>")
    if report.campaign:
        out.append(f"<h2>Battles played</h2><p>{e(report.result)}</p>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _luck_tables(report: Report) -> list[str]:
    e = html.escape
    out: list[str] = []
    if report.luck:
        out += [
            "<h2>Dice luck</h2>",
            '<div class="scroll"><table><tr><th>side</th><th>counted</th><th>expected successes</th><th>rolled</th>'
            "<th>luck</th></tr>",
        ]
        for name, counted, expected, successes in report.luck:
            out.append(
                f"<tr><td>{e(name)}</td><td>{e(counted)}</td><td>{float(expected):.2f}</td><td>{successes}</td>"
                f"<td>{signed(successes - expected)}</td></tr>"
            )
        out.append("</table></div>")
    if report.luck_rounds:
        scale = max((abs(float(v)) for _, values in report.luck_rounds for v in values), default=1.0) or 1.0
        out.append(
            '<h3>Luck over the rounds</h3><div class="scroll"><table><tr><th>round</th>'
            + "".join(f"<th>{e(s)}</th>" for s in report.sides)
            + "</tr>"
        )
        for rnd, values in report.luck_rounds:
            cells = "".join(
                f'<td>{signed(v)} <span class="bar{" neg" if v < 0 else ""}" '
                f'style="width:{abs(float(v)) / scale * 4:.2f}rem"></span></td>'
                for v in values
            )
            out.append(f"<tr><td>{rnd}</td>{cells}</tr>")
        out.append("</table></div>")
    return out
