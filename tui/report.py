"""A battle report for `skirmish export`: plain text, Markdown or HTML.

The report holds the battle's title and rule system, the bands (each model or unit as
the rule system's roster lists it), the events round by round with every roll broken
down (``engine.formatting.roll_breakdown``; each rule cited as the rulebook's section and
page), the result, and the dice-luck table
(``engine.luck``). It only arranges what the engine says; it computes no rule.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    from engine.battle import Battle
    from engine.events import Event
    from engine.luck import SideLuck
    from engine.ruleset import BattleSummary

FORMATS = ("text", "md", "html")


@dataclass(frozen=True)
class Report:
    """What every format shows."""

    title: str
    system: str
    seed: Any
    bands: tuple[tuple[str, tuple[str, ...]], ...]
    rounds: tuple[tuple[int, tuple[tuple[Event, tuple[str, ...]], ...]], ...]
    result: str
    luck: tuple[tuple[str, int, Fraction, int], ...]
    luck_rounds: tuple[tuple[int, tuple[Fraction, ...]], ...]
    sides: tuple[str, ...]
    campaign: bool = False
    """A campaign save: its events are grouped by the battles recorded, not by round."""


def round_heading(report: Report, rnd: int) -> str:
    """The heading of one group of events: a battle's round, or a campaign's battle."""
    if report.campaign:
        return f"After battle {rnd}" if rnd else "The campaign starts"
    return f"Round {rnd}" if rnd else "Before the first round"


def build_report(header: dict[str, Any], entries: list[dict[str, Any]]) -> Report:
    """Replay the battle and gather what the report shows (through the rule system's
    ``BattleSummary``: the report reads no state itself)."""
    from engine.battle import Battle
    from engine.luck import counted_rolls, luck_by_round, luck_table
    from engine.ruleset import find_system

    battle = Battle(header, entries)
    spec = find_system(battle.ruleset.name)
    if spec.kind == "campaign":
        return _campaign_report(header, battle, spec.summary(battle.state), spec.cite)
    initial = spec.summary(battle.initial)
    sides = initial.side_keys
    names = {key: initial.side_name(key) for key in sides}
    events = battle.active_events
    by_round: dict[int, list[tuple[Event, tuple[str, ...]]]] = {}
    rounds = battle.rounds_after()  # a round's opening event in the round it starts
    for event in events:
        by_round.setdefault(rounds[event.seq], []).append((_cited(event, spec.cite), _breakdown(event, spec.cite)))
    rolls = counted_rolls(events, initial.side_of)
    table = luck_table(rolls, sides)
    series = luck_by_round(rolls, sides)
    ended = [e for e in events if e.kind == "battle_ended"]
    result = spec.cite(ended[-1].text) if ended else "The battle has not ended."
    return Report(
        title=str(header.get("title") or "Battle"),
        system=battle.ruleset.title,
        seed=header.get("seed"),
        bands=tuple((names[key], tuple(m.line for m in initial.members_of(key))) for key in sides),
        rounds=tuple((rnd, tuple(items)) for rnd, items in sorted(by_round.items())),
        result=result,
        luck=tuple((names[row.side], row.rolls, row.expected, row.successes) for row in table),
        luck_rounds=tuple((rnd, tuple(values[s] for s in sides)) for rnd, values in series),
        sides=tuple(names[s] for s in sides),
    )


def _breakdown(event: Event, cite: Callable[[str], str]) -> tuple[str, ...]:
    """Each roll's breakdown, its rules cited as the rulebook's section and page."""
    from engine.formatting import roll_breakdown
    from engine.rolls import records_in

    return tuple(cite(line) for record in records_in(event.payload) for line in roll_breakdown(record))


def _cited(event: Event, cite: Callable[[str], str]) -> Event:
    """``event`` as the report shows it: a rule in its text cited as the rulebook's."""
    return replace(event, text=cite(event.text)) if event.text and "§" in event.text else event


def _campaign_report(header: dict[str, Any], battle: Battle, now: BattleSummary, cite: Callable[[str], str]) -> Report:
    """A campaign: its bands as they are now, every logged line grouped by the battles
    recorded, and the battles played as the result (no dice luck: the post-battle rolls
    are nobody's side)."""
    by_round: dict[int, list[tuple[Event, tuple[str, ...]]]] = {}
    for event in battle.active_events:
        if not event.text:  # a command's follow-up (treasury, stash, a model's record): its first line says it
            continue
        by_round.setdefault(event.round, []).append((_cited(event, cite), _breakdown(event, cite)))
    return Report(
        title=str(header.get("title") or "Campaign"),
        system=battle.ruleset.title,
        seed=header.get("seed"),
        bands=tuple((side.name, tuple(m.line for m in now.members_of(side.key))) for side in now.sides),
        rounds=tuple((rnd, tuple(items)) for rnd, items in sorted(by_round.items())),
        result=now.result or "No battle recorded.",
        luck=(),
        luck_rounds=(),
        sides=(),
        campaign=True,
    )


def side_luck(
    summary: BattleSummary, events: Sequence[Event]
) -> tuple[tuple[str, ...], tuple[SideLuck, ...], list[tuple[int, dict[str, Fraction]]]]:
    """(side names, each side's ``SideLuck``, running luck per round) for the luck screen."""
    from engine.luck import counted_rolls, luck_by_round, luck_table

    sides = summary.side_keys
    rolls = counted_rolls(events, summary.side_of)
    return tuple(summary.side_name(k) for k in sides), luck_table(rolls, sides), luck_by_round(rolls, sides)


# ---------------------------------------------------------------------- formats
def _signed(value: Fraction) -> str:
    return f"{float(value):+.2f}"


def render(report: Report, fmt: str) -> str:
    if fmt == "md":
        return render_markdown(report)
    if fmt == "html":
        return render_html(report)
    return render_text(report)


def render_text(report: Report) -> str:
    lines = [report.title, f"rule system {report.system}, seed {report.seed}", ""]
    for rnd, items in report.rounds:
        lines.append(round_heading(report, rnd))
        for event, breakdown in items:
            lines.append(f"  #{event.seq:<4} {event.text or event.kind}")
            lines += [f"        {line}" for line in breakdown]
    lines += ["", f"Result: {report.result}"]
    if report.luck:
        lines += ["", "Dice luck (successes rolled against the exact odds):"]
    for name, rolls, expected, successes in report.luck:
        lines.append(
            f"  {name}: {rolls} rolls, expected {float(expected):.2f}, rolled {successes}, "
            f"luck {_signed(successes - expected)}"
        )
    return "\n".join(lines) + "\n"


def render_markdown(report: Report) -> str:
    out = [f"# {report.title}", "", f"*{report.system}* · seed {report.seed}", "", "## Bands", ""]
    for name, members in report.bands:
        out += [f"### {name}", ""] + [f"- {m}" for m in members] + [""]
    out += ["## Campaign" if report.campaign else "## Battle", ""]
    for rnd, items in report.rounds:
        out += [f"### {round_heading(report, rnd)}", ""]
        for event, breakdown in items:
            out.append(f"- **#{event.seq}** {event.text or event.kind}")
            if breakdown:
                out += ["", "  ```"] + [f"  {line}" for line in breakdown] + ["  ```", ""]
        out.append("")
    out += ["## Battles played" if report.campaign else "## Result", "", report.result, ""]
    if report.luck:
        out += [
            "## Dice luck",
            "",
            "| side | rolls | expected successes | rolled | luck |",
            "|---|---:|---:|---:|---:|",
        ]
    for name, rolls, expected, successes in report.luck:
        out.append(f"| {name} | {rolls} | {float(expected):.2f} | {successes} | {_signed(successes - expected)} |")
    if report.luck_rounds:
        out += [
            "",
            "Luck after each round (successes minus expected):",
            "",
            "| round | " + " | ".join(report.sides) + " |",
            "|---:|" + "---:|" * len(report.sides),
        ]
        for rnd, values in report.luck_rounds:
            out.append(f"| {rnd} | " + " | ".join(_signed(v) for v in values) + " |")
    return "\n".join(out) + "\n"


HTML_STYLE = """body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
pre{background:#f4f4f4;padding:.5rem;overflow-x:auto}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.2rem .6rem;text-align:right}td:first-child,th:first-child{text-align:left}
.bar{display:inline-block;height:.8rem;background:#4a7}.neg{background:#c55}"""


def render_html(report: Report) -> str:
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(report.title)}</title><style>{HTML_STYLE}</style></head><body>",
        f"<h1>{e(report.title)}</h1>",
        f"<p><em>{e(report.system)}</em> · seed {e(str(report.seed))}</p>",
        "<h2>Bands</h2>",
    ]
    for name, members in report.bands:
        out.append(f"<h3>{e(name)}</h3><ul>" + "".join(f"<li>{e(m)}</li>" for m in members) + "</ul>")
    out.append("<h2>Campaign</h2>" if report.campaign else "<h2>Battle</h2>")
    for rnd, items in report.rounds:
        out.append(f"<h3>{e(round_heading(report, rnd))}</h3><ol>")
        for event, breakdown in items:
            body = f"<b>#{event.seq}</b> {e(event.text or event.kind)}"
            if breakdown:
                body += "<pre>" + e("\n".join(breakdown)) + "</pre>"
            out.append(f'<li value="{event.seq}">{body}</li>')
        out.append("</ol>")
    out.append(f"<h2>{'Battles played' if report.campaign else 'Result'}</h2><p>{e(report.result)}</p>")
    if report.luck:
        out += [
            "<h2>Dice luck</h2>",
            "<table><tr><th>side</th><th>rolls</th><th>expected successes</th><th>rolled</th><th>luck</th></tr>",
        ]
        for name, rolls, expected, successes in report.luck:
            out.append(
                f"<tr><td>{e(name)}</td><td>{rolls}</td><td>{float(expected):.2f}</td><td>{successes}</td>"
                f"<td>{_signed(successes - expected)}</td></tr>"
            )
        out.append("</table>")
    if report.luck_rounds:
        scale = max((abs(float(v)) for _, values in report.luck_rounds for v in values), default=1.0) or 1.0
        out.append(
            "<h3>Luck over the rounds</h3><table><tr><th>round</th>"
            + "".join(f"<th>{e(s)}</th>" for s in report.sides)
            + "</tr>"
        )
        for rnd, values in report.luck_rounds:
            cells = "".join(
                f'<td>{_signed(v)} <span class="bar{" neg" if v < 0 else ""}" '
                f'style="width:{abs(float(v)) / scale * 6:.2f}rem"></span></td>'
                for v in values
            )
            out.append(f"<tr><td>{rnd}</td>{cells}</tr>")
        out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
