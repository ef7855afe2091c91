"""The battle report as plain text and as Markdown (``tui.report.render``), and the
headline sentences every format shares."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.odds import percent

if TYPE_CHECKING:
    from engine.luck import TurningPoint
    from tui.report import Headline, Report, SideHeadline


def signed(value: Fraction) -> str:
    return f"{float(value):+.2f}"


def vp_line(headline: Headline) -> str:
    """ "Wolves 3 · Saints 1"; empty when the system keeps no VP."""
    if all(side.vp is None for side in headline.sides):
        return ""
    return " · ".join(f"{side.name} {side.vp if side.vp is not None else '–'}" for side in headline.sides)


def luck_sentence(side: SideHeadline) -> str:
    """ "2 of 2 rolls came off, 0.97 expected (+1.03); as many or more: 29.2%" (a pool's
    dice counted each: "5 of 8 dice came off", "2 of 3 came off (2 dice, 1 roll)")."""
    row = side.luck
    if not row.rolls:
        return "no rolls with odds"
    if row.successes >= row.expected:
        rare = f"as many or more: {percent(side.at_least)}"
    else:
        rare = f"as few or fewer: {percent(side.at_most)}"
    mixed = row.dice and row.dice != row.rolls
    counted = f"{row.rolls} came off ({row.counted})" if mixed else f"{row.counted} came off"
    return f"{row.successes} of {counted}, {float(row.expected):.2f} expected ({signed(row.luck)}); {rare}"


def turning_text(turn: TurningPoint) -> str:
    """ "#6 Kara shoots Xan — Assault rifle (Wolves): succeeded at 41.7%"; a pool, once:
    "#43 …: 3 of 4 dice came off at 16.7% each, 0.67 expected; as many or more: 1.6%"."""
    if turn.dice:
        rare = "as many or more" if turn.success else "as few or fewer"
        return (
            f"#{turn.seq} {turn.title} ({turn.side}): {turn.successes} of {turn.dice}"
            f" {'die' if turn.dice == 1 else 'dice'} came off at {percent(turn.chance)} each,"
            f" {float(turn.expected):.2f} expected; {rare}: {percent(turn.rarity)}"
        )
    verb = "succeeded" if turn.success else "failed"
    return f"#{turn.seq} {turn.title} ({turn.side}): {verb} at {percent(turn.chance)}"


def headline_blocks(report: Report) -> list[tuple[str, list[str]]]:
    """(heading, lines) of the headline, in order: result, VP, who was taken out (and the
    models lost, where members are units of models), XP, turning points, dice luck. Plain text: each format escapes it."""
    head = report.headline
    blocks: list[tuple[str, list[str]]] = [("Battles played" if report.campaign else "Result", [report.result])]
    if head is None:
        return blocks
    vp = vp_line(head)
    if vp:
        blocks.append(("Victory points", [vp]))
    blocks.append(("Taken out", [f"{s.name}: {', '.join(s.lost) if s.lost else 'none'}" for s in head.sides]))
    if any(s.casualties for s in head.sides):
        blocks.append(("Casualties (models lost)", [f"{s.name}: {s.casualties}" for s in head.sides]))
    xp = [f"{s.name}: {', '.join(s.xp)}" for s in head.sides if s.xp]
    if xp:
        blocks.append(("Experience gained", xp))
    turns = [f"against the odds: {turning_text(t)}" for t in head.upsets]
    turns += [f"let down: {turning_text(t)}" for t in head.flops]
    if turns:
        blocks.append(("Turning points", turns))
    blocks.append(("Dice luck against the exact odds", [f"{s.name}: {luck_sentence(s)}" for s in head.sides]))
    return blocks


# ---------------------------------------------------------------------- plain text
def render_text(report: Report) -> str:
    from tui.report import round_heading

    lines = [report.title, f"{report.system} · seed {report.seed}", ""]
    for heading, body in headline_blocks(report):
        lines.append(heading)
        lines += [f"  {line}" for line in body]
    lines.append("")
    for name, members in report.bands:
        lines.append(name)
        lines += [f"  {m}" for m in members]
    lines.append("")
    for rnd, items in report.rounds:
        lines.append(round_heading(report, rnd))
        for entry in items:
            if entry.undone:
                lines.append(f"  {entry.undone} {entry.text}")
                continue
            lines.append(f"  #{entry.seq:<4} {entry.text}")
            lines += [f"        {line}" for line in entry.lines]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- Markdown
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<|~&]|^>)")


def md(text: str) -> str:
    """``text`` as literal Markdown inside a line (after "- ", "# " or "| "): every
    character that could start markup there (emphasis, code, links, HTML, entities, table
    cells, strike-through; a ``>`` only where it would start a quote) escaped with a
    backslash; line breaks as spaces."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split("\n")))


def _fence(lines: tuple[str, ...] | list[str]) -> list[str]:
    longest = max((len(run) for line in lines for run in re.findall(r"`+", line)), default=0)
    fence = "`" * max(3, longest + 1)
    return ["", f"  {fence}text"] + [f"  {line}" for line in lines] + [f"  {fence}", ""]


def render_markdown(report: Report) -> str:
    from tui.report import round_heading

    out = [f"# {md(report.title)}", "", f"*{md(report.system)}* · seed {md(str(report.seed))}", ""]
    for heading, body in headline_blocks(report):
        out += [f"## {md(heading)}", ""] + [f"- {md(line)}" for line in body] + [""]
    if report.luck:
        out += [
            "| side | counted | expected successes | rolled | luck |",
            "|---|---:|---:|---:|---:|",
        ]
        for name, counted, expected, successes in report.luck:
            out.append(
                f"| {md(name)} | {counted} | {float(expected):.2f} | {successes} | {signed(successes - expected)} |"
            )
        out.append("")
    if report.luck_rounds:
        out += [
            "Luck after each round (successes minus expected):",
            "",
            "| round | " + " | ".join(md(s) for s in report.sides) + " |",
            "|---:|" + "---:|" * len(report.sides),
        ]
        for rnd, values in report.luck_rounds:
            out.append(f"| {rnd} | " + " | ".join(signed(v) for v in values) + " |")
        out.append("")
    out += ["## Bands", ""]
    for name, members in report.bands:
        out += [f"### {md(name)}", ""] + [f"- {md(m)}" for m in members] + [""]
    out += ["## Campaign" if report.campaign else "## Battle", ""]
    for rnd, items in report.rounds:
        out += [f"### {round_heading(report, rnd)}", ""]
        for entry in items:
            if entry.undone:
                out.append(f"- *{md(entry.undone)} {md(entry.text)}*")
                continue
            out.append(f"- **#{entry.seq}** {md(entry.text)}")
            if entry.lines:
                out += _fence(entry.lines)
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
