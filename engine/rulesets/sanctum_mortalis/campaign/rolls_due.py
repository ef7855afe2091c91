"""The rolls a campaign screen offers, with exact odds: pure queries over ``CampaignState``.

* ``due(state, band)``: the rolls waiting in the band's post-battle step, each with the
  command that rolls it and the exact odds of every result (the whole loot chain's
  finds too);
* ``roll_of(state, band, command)``: the roll a command makes (a roll due, medical care
  that rolls again, the scenario roll), so a screen knows when to open the roll dialog
  and when a choice needs no dice (Amnesia care, most medicines);
* ``care_outlook(result)`` and ``scenario_odds()``: the odds of care (§18.2) and of the
  scenario roll (§23.1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from engine.records import Record

from .. import tables as t
from ..postbattle.common import RollTable
from ..postbattle.experience import LEVEL_UP_TABLE
from ..postbattle import data as d
from ..postbattle.injuries import INJURY_RESULTS, INJURY_TABLE, care_odds, care_rolls, choice_refusal
from ..postbattle.loot import LOOT_TABLES, loot_odds
from ..postbattle.scenarios import SCENARIO_TABLE
from . import commands as c
from .development import next_up
from .loot_step import next_stage
from .rules import usable_skill
from .state import CampaignState


class Due(Record):
    """A roll waiting: ``command`` rolls it; ``dice`` ("2k6", "k6"); ``odds``: result
    label -> exact chance; ``finds``: for a loot roll, final find -> chance."""

    band: str
    title: str
    rule: str
    command: Any
    dice: str
    odds: Mapping[str, Fraction]
    finds: Mapping[str, Fraction] | None = None
    model: str = ""


def _odds(table: RollTable) -> dict[str, Fraction]:
    return {table.label(r): p for r, p in table.odds.items()}


def due(state: CampaignState, band: str) -> tuple[Due, ...]:
    """The rolls waiting in the band's current step, with their odds."""
    bp = state.post.of(band) if state.post else None
    if bp is None:
        return ()
    b = state.band(band)
    out: list[Due] = []
    if bp.step == "loot":
        stage = next_stage(bp)
        if stage is not None:
            table = LOOT_TABLES[stage]
            hunter = usable_skill(b, bp, "tech-hunter") is not None
            searching = usable_skill(b, bp, "searching") is not None
            finds = {
                LOOT_TABLES["main"].label(k) if k in t.TECHNOLOGY_VALUES else table.label(k): p
                for k, p in loot_odds(hunter, searching, stage=stage).items()
            }
            out.append(
                Due(
                    band,
                    f"Loot roll {len(bp.finds) + 1} of {bp.loot_due}: {table.title}",
                    table.rule,
                    c.RollLoot(band),
                    "2k6" if table.dice == 2 else "k6",
                    _odds(table),
                    finds,
                )
            )
    elif bp.step == "injuries":
        for w in bp.wounded:
            name = b.model(w.model).name if b.has_model(w.model) else w.model
            if w.case is None:
                out.append(
                    Due(
                        band,
                        f"{name}: post-battle injury",
                        "§18.1",
                        c.RollInjury(band, w.model),
                        "2k6",
                        _odds(INJURY_TABLE),
                        model=w.model,
                    )
                )
    elif bp.step in ("development", "purchases"):
        for u in sorted(bp.level_ups, key=lambda u: (u.model, u.level)):
            if u.roll is None and not u.pick and next_up(bp, u.model, rolled=False) == u:
                name = b.model(u.model).name if b.has_model(u.model) else u.model
                out.append(
                    Due(
                        band,
                        f"{name}: level-up roll (level {u.level})",
                        "§19.3",
                        c.RollLevelUp(band, u.model),
                        "2k6",
                        _odds(LEVEL_UP_TABLE),
                        model=u.model,
                    )
                )
    return tuple(out)


def care_outlook(result: str) -> dict[str, Fraction]:
    """Result name -> chance after paying for care on ``result`` (§18.2)."""
    return {INJURY_RESULTS[k].name: p for k, p in care_odds(result).items()}


def scenario_odds() -> dict[str, Fraction]:
    """The scenario roll's odds (§23.1)."""
    return _odds(SCENARIO_TABLE)


def _care_due(state: CampaignState, band: str, command: c.TreatInjury) -> Due | None:
    """The re-roll on the injury table that ``command`` makes (paid care §18.2, the
    Combat medkit §17.8), or None: nothing rolled yet, a choice the rules refuse (the
    command itself says why), or one that needs no dice (care on Amnesia, the other
    medicines: ``care_rolls``)."""
    bp = state.post.of(band) if state.post else None
    w = bp.wound(command.model) if bp else None
    if w is None or w.case is None or w.resolved:
        return None
    if choice_refusal(w.case, command.choice, state.settings) is not None or not care_rolls(
        w.case.result, command.choice
    ):
        return None
    b = state.band(band)
    name = b.model(w.model).name if b.has_model(w.model) else w.model
    if command.choice == "pay":
        title, rule = f"{name}: medical care", "§18.2"
    else:
        title, rule = f"{name}: {d.MEDICINES[command.choice].name} (medical care)", "§17.8"
    return Due(band, title, rule, command, "2k6", care_outlook(w.case.result), model=w.model)


def roll_of(state: CampaignState, band: str, command: Any) -> Due | None:
    """The roll ``command`` makes, with its odds, or None if it rolls no dice: a roll
    that is due (``due``), medical care that rolls again (paid, or a Combat medkit: not
    on Amnesia, §18.2, §17.8) or the scenario roll (§23.1). A screen asks this to know
    whether a choice opens the roll dialog; a choice with no roll is submitted at once."""
    for waiting in due(state, band):
        if waiting.command == command:
            return waiting
    if isinstance(command, c.TreatInjury):
        return _care_due(state, band, command)
    if isinstance(command, c.RollScenario):
        return Due(band, "Roll for the next scenario", "§23.1", command, "k6", scenario_odds())
    tables = {
        c.RollInjury: ("post-battle injury", "§18.1", INJURY_TABLE),
        c.RollLevelUp: ("level-up roll", "§19.3", LEVEL_UP_TABLE),
    }
    if type(command) in tables:
        title, rule, table = tables[type(command)]
        b = state.band(band)
        name = b.model(command.model).name if b.has_model(command.model) else command.model
        return Due(band, f"{name}: {title}", rule, command, "2k6", _odds(table), model=command.model)
    if isinstance(command, c.RollLoot):
        return Due(band, "Loot roll", "§17.1", command, "2k6", _odds(LOOT_TABLES["main"]))
    return None


__all__ = ["Due", "care_outlook", "due", "roll_of", "scenario_odds"]
