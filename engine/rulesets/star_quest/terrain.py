"""Special movement and terrain (§14, §15): jumping, falling, dangerous terrain.

A jump of d" needs ``1 + floor(d / 3)`` Dex tests (thresholds scaled [SQ-A1]), at most
6" [SQ-A23]; Flying passes, Strider passes each on 2+; any failure is a fall unless the
hero pays 2 PP per failed test. Dangerous terrain: Tough dice per model [SQ-A22], each
1 is a wound to the unit.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import plural, possessive
from engine.rolls import Modifier, RollRecord, plain
from engine.ruleset import Rejected

from . import tables as t
from .attack import acting_problem
from .commands import DangerousTerrain, DeclareTerrain, Fall, Jump
from .effects import fall_drafts, offer_draft, stat_test
from .evolve import preview
from .flow import continue_after
from .power import hurt_drafts
from .settings import scale_factor
from .stat_test import Test, faces_for
from .state import BattleState

Decision = Rejected | Sequence[EventDraft]


def jump_tests(state: BattleState, distance: float) -> int:
    """§15.1: X + 1 Dex tests, X = one per full 3" (scaled [SQ-A1])."""
    step = t.JUMP_STEP * scale_factor(state.settings, threshold=True)
    return 1 + int(Fraction(distance).limit_denominator(100) // step)


def jump_preview(state: BattleState, unit_id: str, distance: float) -> tuple[int, Fraction, Fraction]:
    """(Dex tests a jump of ``distance`` needs, the chance each passes, the chance all
    pass) (§15.1)."""
    u = state.unit(unit_id)
    test = stat_test(state, unit_id, t.DEX, "jump", strider=u.spec.has("Strider"))
    tests = jump_tests(state, distance)
    return tests, test.chance, test.chance**tests


def dangerous_dice(state: BattleState, unit_id: str, models: int) -> int:
    """Dice rolled for ``models`` models in dangerous terrain: Tough each, or one [SQ-A22] (§14)."""
    u = state.unit(unit_id)
    return (u.spec.tough if state.setting("dangerous_dice") != "one" else 1) * models


def dangerous_preview(state: BattleState, unit_id: str, models: int) -> tuple[int, Fraction]:
    """(dice to roll, the chance none is a 1: no wound) (§14)."""
    n = dangerous_dice(state, unit_id, models)
    return n, Fraction(5, 6) ** n


def jump_problem(state: BattleState, hero: str, distance: float) -> Rejected | None:
    """Why ``hero`` may not jump ``distance`` inches now (None: it may; no die is rolled)."""
    problem = acting_problem(state, hero)
    if problem:
        return problem
    if distance <= 0:
        return Rejected("a jump needs a distance", kind="malformed")
    limit = t.JUMP_LIMIT * scale_factor(state.settings, threshold=True)
    if state.setting("jump_limit") != "none" and Fraction(distance).limit_denominator(100) > limit:
        return Rejected(f'nothing longer than {float(limit):g}" may be jumped [SQ-A23]', "§15.1")
    return None


def fall_problem(state: BattleState, unit: str, height: float = 0) -> Rejected | None:
    """Why ``unit`` may not fall now (None: it may)."""
    if not state.has_unit(unit):
        return Rejected(f"no unit '{unit}'", kind="malformed")
    if state.offer or state.attack or state.morale:
        return Rejected(f"answer the open {state.busy} first", "§15.2")
    if not state.unit(unit).alive or height < 0:
        return Rejected("nothing can fall here", kind="malformed")
    return None


def dangerous_problem(state: BattleState, unit: str, models: int = 1) -> Rejected | None:
    """Why ``models`` models of ``unit`` may not roll for dangerous terrain now (None: they may)."""
    if not state.has_unit(unit):
        return Rejected(f"no unit '{unit}'", kind="malformed")
    u = state.unit(unit)
    if not u.alive or state.offer or state.attack or state.morale:
        return Rejected("not now", "§14")
    if not 1 <= models <= u.models:
        return Rejected(f"{u.name} has {plural(u.models, 'model')}", kind="malformed")
    act = state.activation
    at_start = u.spec.models - u.loss_before if u.spec.models > 1 else 1  # models when the activation began
    if act is not None and act.unit == u.id and act.dangerous + models > at_start:
        left = max(0, at_start - act.dangerous)
        return Rejected(
            f"{possessive(u.name)} models rolled for dangerous terrain in this activation ({left} left to roll): "
            "at most one roll per model per activation [SQ-A22](b)",
            "§14",
        )
    return None


def jump(state: BattleState, cmd: Jump, dice: DiceSource) -> Decision:
    problem = jump_problem(state, cmd.hero, cmd.distance)
    if problem:
        return problem
    u = state.unit(cmd.hero)
    n = jump_tests(state, cmd.distance)
    fall_height = cmd.fall_height if cmd.fall_height is not None else cmd.distance
    if u.spec.has("Flying"):
        return [
            EventDraft(
                "note",
                {"unit": u.id, "jump": cmd.distance},
                actor=u.id,
                text=f"{u.name} has Flying: passes the {plural(n, 'jump test')} (§17 Flying).",
            )
        ]
    test: Test = stat_test(
        state, u.id, t.DEX, f'jump {cmd.distance:g}" ({plural(n, "Dex test")})', strider=u.spec.has("Strider")
    )
    faces = faces_for(cmd.faces, n, dice, "the jump tests")
    failed = sum(1 for f in faces if not test.passes(f))
    record = test.record(faces, {"tests": n, "failed": failed}, plural="passed")
    detail = {"purpose": "jump", "distance": cmd.distance, "fall_height": fall_height, "failures": failed}
    drafts = [
        EventDraft(
            "test_rolled",
            {"unit": u.id, "purpose": "jump", "detail": detail, "roll": record.to_dict()},
            actor=u.id,
            text=f"{test.title}: {' '.join(map(str, faces))} against {test.against}: {n - failed} of {n} passed.",
        )
    ]
    if not failed:
        return drafts + [
            EventDraft(
                "note",
                {"unit": u.id, "jump": cmd.distance},
                actor=u.id,
                text=f'{u.name} jumps {cmd.distance:g}" without counting it (§15.1).',
            )
        ]
    if u.hero:
        cost = t.BUY_PASS_COST * failed
        return drafts + [
            offer_draft(
                preview(state, drafts),
                u.id,
                "jump",
                cost,
                f"{u.name} may pay {cost} PP ({t.BUY_PASS_COST} per failed Dex test) to pass",
                detail,
            )
        ]
    return drafts + fall_drafts(preview(state, drafts), u.id, fall_height)


def fall(state: BattleState, cmd: Fall, dice: DiceSource) -> Decision:
    problem = fall_problem(state, cmd.unit, cmd.height)
    if problem:
        return problem
    drafts = fall_drafts(state, cmd.unit, cmd.height)
    return drafts + continue_after(preview(state, drafts))


def dangerous(state: BattleState, cmd: DangerousTerrain, dice: DiceSource) -> Decision:
    problem = dangerous_problem(state, cmd.unit, cmd.models)
    if problem:
        return problem
    u = state.unit(cmd.unit)
    per = dangerous_dice(state, u.id, 1)
    faces = faces_for(cmd.faces, dangerous_dice(state, u.id, cmd.models), dice, "the dangerous terrain dice")
    ones = sum(1 for f in faces if f == 1)
    base = Modifier("a wound for each die showing", 1, "§14 Dangerous terrain")
    record = RollRecord(
        "sq.dangerous",
        f"{u.name}: dangerous terrain",
        plain(faces),
        (),
        base,
        None,
        "",
        Fraction(5, 6) ** len(faces),
        f"{plural(ones, 'wound')}",
        ones == 0,
        {"ones": ones, "dice_per_model": per, "setting": "SQ-A22"},
    )
    drafts = [
        EventDraft(
            "test_rolled",
            {"unit": u.id, "purpose": "dangerous", "models": cmd.models, "roll": record.to_dict()},
            actor=u.id,
            text=f"{u.name} in dangerous terrain: {' '.join(map(str, faces))} ({per} per model, "
            f"[SQ-A22]): {plural(ones, 'wound')}.",
        )
    ]
    drafts += hurt_drafts(preview(state, drafts), u.id, ones, "dangerous terrain", "§14")
    if state.ai is not None and state.ai.node == "dangerous" and state.ai.unit == u.id:
        from .ai_chart import advance  # †2 answered by the roll: on to the chart

        drafts += advance(preview(state, drafts))
    return drafts + continue_after(preview(state, drafts))


def declare(state: BattleState, cmd: DeclareTerrain, dice: DiceSource) -> Decision:
    """The GM says whether the table has dangerous terrain (§14): with none, an AI chart
    waiting at †2 goes on at once, and †2 is answered "no" by itself from then on."""
    if state.dangerous_on_table is cmd.dangerous:
        return Rejected(
            f"the table already {'has' if cmd.dangerous else 'has no'} dangerous terrain in this battle", "§14"
        )
    text = (
        "The GM says the table has no dangerous terrain: the AI chart's †2 question is answered no "
        "from now on (§14, §16.2 step 2)."
        if not cmd.dangerous
        else "The GM says the table has dangerous terrain: the AI chart asks †2 again at each AI activation (§14)."
    )
    drafts = [EventDraft("terrain_declared", {"dangerous": cmd.dangerous}, text=text)]
    if state.ai is not None and state.ai.node == "dangerous":
        from .ai_chart import advance

        drafts += advance(preview(state, drafts))
    return drafts
