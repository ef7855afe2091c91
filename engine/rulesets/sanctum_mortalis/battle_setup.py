"""New Sanctum Mortalis battles: two band rosters checked against the band-building
rules, a scenario named or rolled (§23.1); the bundled demo bands; ``skirmish check``.

The texts come from the caller (the saves package reads files); the demo rosters are
the package's own data.
"""

from __future__ import annotations

import pkgutil
from typing import Sequence

from engine.formatting import plural
from engine.ruleset import NewBattle, SetupProblem

from . import band_building as bb
from . import tables as t
from .roster import BandRoster
from .roster_toml import ParsedRoster, check_roster
from .summary import describe
from .terms import term

DEMO_SCENARIO = "slaughter"
DEMO_TITLE = "Demo battle"
DEMO_FILES = ("crimson-saints.toml", "iron-wolves.toml")
PROG = "skirmish"


def scenario_key(value: str | None) -> str:
    """A scenario by number, key or name ("1", "slaughter", "Jatka"); ``SetupProblem`` otherwise."""
    if value is None or str(value).strip() == "":
        return DEMO_SCENARIO
    text = str(value).strip()
    key = t.SCENARIO_ALIASES.get(t.slug(text), t.SCENARIO_ALIASES.get(text, text))
    if key in t.SCENARIOS or key == "none":
        return key
    known = ", ".join(f"{s.number} {s.key}" for s in t.SCENARIOS.values())
    raise SetupProblem(f"unknown scenario '{value}' (one of: {known}, or none)")


def rolled_scenario(seed: int, bands: tuple[BandRoster, ...] = ()) -> tuple[str, str]:
    """§23.1: the scenario roll when the GM named none (a 6 lets the players choose:
    Slaughter until they do). Returns (key, note). The dice come from the seed."""
    from engine.dice import SeededDice

    from .postbattle.scenarios import roll_scenario

    counts = [len(b.models) for b in bands] if len(bands) == 2 else [0, 0]
    names = [b.name for b in bands] if len(bands) == 2 else ["A", "B"]
    record = roll_scenario(SeededDice(seed, stream="scenario"), counts[0], counts[1], names[0], names[1])
    roller = record.detail.get("roller", "")
    face = record.dice[-1].face if record.dice else "?"
    if record.outcome in t.SCENARIOS:
        sc = t.SCENARIOS[record.outcome]
        return sc.key, f"Scenario rolled by {roller} (§23.1): k6 = {face} → {term(sc.name)}"
    return DEMO_SCENARIO, (
        f"Scenario rolled by {roller} (§23.1): k6 = {face}, the players choose; Slaughter until they do"
    )


def read_band(text: str, source: str, allow_problems: bool = False) -> tuple[BandRoster, str]:
    """A band roster checked against the band-building rules: (roster, note); ``note``
    mentions problems (the battle may still be played with ``allow_problems``)."""
    parsed = check_roster(text, source=source)
    if parsed.roster is None:
        first = parsed.problems[0] if parsed.problems else None
        raise SetupProblem(f"cannot read roster {source}:{first.line if first else 0}: {first or 'unreadable'}")
    errors = [p for p in parsed.problems if p.severity == "error"]
    note = ""
    if errors and not allow_problems:
        raise SetupProblem(
            f"roster {source} has {plural(len(errors), 'problem')}, first at line {errors[0].line}: "
            f"{errors[0]} — see `{PROG} check {source}`, or start anyway with --allow-problems"
        )
    if errors:
        note = (
            f"{parsed.roster.name}: {plural(len(errors), 'band-building problem')}, e.g. line {errors[0].line}: "
            f"{errors[0]} — see `{PROG} check {source}`"
        )
    return parsed.roster, note


def demo_text(name: str) -> str:
    """The text of a bundled demo roster (package data)."""
    data = pkgutil.get_data(__package__ or __name__, f"demo/{name}")
    if data is None:
        raise SetupProblem("the bundled demo rosters are missing from this installation")
    return data.decode("utf-8")


def demo_bands() -> tuple[BandRoster, BandRoster]:
    """The two bundled demo bands, sorted by file name (side A, side B)."""
    a, b = (read_band(demo_text(name), f"demo/{name}")[0] for name in DEMO_FILES)
    return a, b


def _setup(a: BandRoster, b: BandRoster, scenario: str) -> dict[str, object]:
    from .ruleset import make_setup

    return make_setup(a, b, scenario=scenario)


def new_battle(
    texts: Sequence[tuple[str, str]], scenario: str | None, seed: int, allow_problems: bool = False
) -> NewBattle:
    """Two rosters ((text, source) each), sides A and B in that order; no scenario named:
    rolled (§23.1)."""
    read = [read_band(text, source, allow_problems) for text, source in texts]
    bands = (read[0][0], read[1][0])
    key, rolled = (scenario_key(scenario), "") if scenario else rolled_scenario(seed, bands)
    note = " · ".join(n for n in (rolled, *(n for _, n in read)) if n)
    return NewBattle(_setup(*bands, key), f"{bands[0].name} v {bands[1].name}", note)


def demo(scenario: str | None, seed: int) -> NewBattle:
    """The bundled demo bands; Slaughter unless a scenario is named."""
    a, b = demo_bands()
    return NewBattle(_setup(a, b, scenario_key(scenario)), f"{DEMO_TITLE}: {a.name} v {b.name}")


# ----------------------------------------------------------------------------- skirmish check
def check(files: Sequence[tuple[str, str]]) -> tuple[tuple[str, ...], bool]:
    """``skirmish check``: each roster's problems as ``PATH:LINE: message (§rule)``, a
    legal band's models, cost and strength; with exactly two legal rosters, how many
    Volunteers the weaker gets. Returns (lines, every roster legal)."""
    lines: list[str] = []
    ok = True
    legal: list[ParsedRoster] = []
    for source, text in files:
        parsed = check_roster(text, source=source)
        for problem in parsed.problems:
            warning = "warning: " if problem.severity == bb.WARNING else ""
            lines.append(f"{source}:{problem.line}: {warning}{problem}")
        if parsed.ok and parsed.roster is not None:
            lines += band_lines(parsed)
            legal.append(parsed)
        else:
            ok = False
    if len(files) == 2 and len(legal) == 2:
        lines.append(volunteers_line(legal[0], legal[1]))
    return tuple(lines), ok


def band_lines(parsed: ParsedRoster) -> list[str]:
    """The band's name, each model with its cost, the total against the budget and the band strength."""
    roster = parsed.roster
    assert roster is not None
    kind = "campaign band" if parsed.campaign else "starting band"
    player = f" ({roster.player})" if roster.player else ""
    stashed = len(roster.stashed_models)
    kept = f" ({len(roster.team)} in the team, {stashed} in the stash)" if stashed else ""
    out = [f"{roster.name}{player}: {kind}, {len(roster.models)} models{kept}"]
    width = max((len(m.name) for m in roster.models), default=0)
    described = [describe(m) for m in roster.models]
    dwidth = max((len(d) for d in described), default=0)
    for spec, text in zip(roster.models, described):
        out.append(f"  {spec.name:<{width}}  {text:<{dwidth}}  {bb.model_cost(spec):>3}tk")
    total = bb.band_cost(roster)
    budget = f"{total}tk (campaign: no budget)" if parsed.campaign else f"{total}tk of {parsed.budget}tk"
    out.append(f"  total {budget}, band strength {bb.band_strength(roster)}")
    return out


def volunteers_line(first: ParsedRoster, second: ParsedRoster) -> str:
    """§15.9: how many Volunteers the weaker of two bands gets."""
    assert first.roster is not None and second.roster is not None
    a, b = bb.band_strength(first.roster), bb.band_strength(second.roster)
    weaker, strong, weak = (first.roster.name, b, a) if a < b else (second.roster.name, a, b)
    count = bb.volunteer_count(weak, strong)
    gets = f"{weaker} gets {count}" if count else "none"
    return f"Volunteers: {gets} (band strength {weak} against {strong}, one per full 15, §15.9)"
