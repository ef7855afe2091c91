"""Re-rolls as at the table (§2.2): after a roll's result, who may re-roll which die.

``reroll_problem`` says why a model may not re-roll a die of the last roll with a source
(the Captain, "Nic mi nie jest!", Strzał z bliska, Zwadźca, Brudne zagrywki, an enemy's
Błąd matrycy), or None: the source must be the model's own (the Captain's trait, a skill
it has, the card still in its side's hand; Błąd matrycy: an enemy Technomancer with a
charge, not engaged), the model must be on the table and take part in the roll, and the
die must be its own (Brudne zagrywki: one of the charging attacker's). ``reroll_offers``
lists the re-rolls worth offering now — a model's own to a side the result went against
(a grenade's missed Accuracy throw too),
Błąd matrycy against a model whose roll went its way (a hit, a won melee either side, a
passed save, a jump that lands, a fall survived) — each with its cost and the exact
chance of the better outcome after it; a failed Toughness roll is held while any is
offered (``Save.hold``), so the model is not removed before the GM declines.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from engine.dice import ScriptedDice
from engine.formatting import possessive
from engine.records import Record, changed
from engine.rolls import RollRecord

from .procedures.common import ProcedureRefused, has_skill
from .procedures.reroll import REROLL_SOURCES, apply_reroll
from .state import NEUTRAL, BattleState, LastRoll, ModelState
from .terms import card_term, trick_term

OFFERED = ("im-fine", "captain", "point-blank", "duellist", "dirty-tricks")
"""The sources offered after a roll, in the order shown."""

COSTS = {
    "captain": "once a battle",
    "im-fine": "the card, once a battle",
    "point-blank": 'free: skill, target under 6"',
    "duellist": "free: skill",
    "dirty-tricks": "free: skill",
}
RULES = {
    "matrix-error": "§21 [SM-A9]",
    "captain": "§15.2 [SM-A9]",
    "im-fine": "§12.2",
    "point-blank": "§20.3",
    "duellist": "§20.2",
    "dirty-tricks": "§20.2",
}
POINT_BLANK_RANGE = 6.0
"""Strzał z bliska: the target less than 6" away (§20.3)."""


class RerollOffer(Record):
    """One re-roll the rules allow now: ``source`` used by ``model`` on die ``die``
    (0-based over the roll's dice; with ``whole`` every die of that side). ``odds_after``:
    the exact chance of ``goal`` (the outcome the model wants) after the re-roll;
    ``ties_after``: of a tie after it (a melee's "nobody is hit"), 0 where a tie is no
    outcome of its own."""

    id: str
    source: str
    model: str
    die: int
    label: str
    cost: str
    goal: str
    odds_after: Fraction
    rule: str
    whole: bool = False
    ties_after: Fraction = Fraction(0)

    @property
    def outcomes(self) -> tuple[tuple[str, Fraction], ...]:
        """Each outcome the re-roll can bring that the model would take, with its exact
        chance: (("wins", 1/3), ("ties", 1/6)); one that cannot happen is left out (("ties",
        1/6) where winning is out of reach), the goal at 0 where none can."""
        found = tuple((word, p) for word, p in ((self.goal, self.odds_after), ("ties", self.ties_after)) if p)
        return found or ((self.goal, self.odds_after),)


def _groups(record: RollRecord) -> list[dict[str, Any]]:
    return list(record.detail.get("groups") or [{"start": 0, "count": len(record.dice), "keep": 0, "drop": "none"}])


def _side_of(state: BattleState, last: LastRoll, model_id: str) -> str | None:
    """Whose dice the model rolls in the last roll: "attacker" / "defender" in a melee,
    "roller" otherwise; None if it takes no part."""
    if last.kind == "melee":
        if model_id == last.roller:
            return "attacker"
        if model_id == last.context.get("defender"):
            return "defender"
        return None
    return "roller" if model_id == last.roller else None


def _own_dice(record: RollRecord, last: LastRoll, side: str) -> range:
    groups = _groups(record)
    if last.kind == "melee" and len(groups) == 2:
        g = groups[0] if side == "attacker" else groups[1]
    else:
        g = groups[0] if len(groups) == 1 else {"start": 0, "count": len(record.dice)}
    return range(int(g["start"]), int(g["start"]) + int(g["count"]))


def reroll_problem(
    state: BattleState, model_id: str, source: str, die: int, spent: frozenset[str] = frozenset()
) -> tuple[str, str] | None:
    """(why, rule) ``model_id`` may not re-roll ``die`` of the last roll with ``source``
    now, or None. ``spent``: sources already used in this very command."""
    from .cards import card_problem

    last = state.last_roll
    if last is None:
        return "there is no roll to re-roll", "§2.2"
    if not state.has_model(model_id):
        return f"no model '{model_id}'", "§2.2"
    m = state.model(model_id)
    name = REROLL_SOURCES.get(source, source)
    rule = RULES.get(source, "§2.2")
    record = RollRecord.from_dict(last.record)
    if not m.on_table:
        return f"{m.name} is no longer on the table", rule
    bad_die = _die_problem(record, die)
    if bad_die is not None:
        return bad_die
    if source == "dirty-tricks":
        if last.kind != "melee" or model_id != last.context.get("defender"):
            return f"{name}: {m.name} is not the defender of the last melee", rule
        if not has_skill(m.spec, "dirty-tricks"):
            return f"{m.name} does not have the skill {name}", rule
        if state.has_model(last.roller) and model_id not in state.model(last.roller).charged:
            return f"{name} is against an attacker that charged {m.name}", rule
        if any(r.get("by") == source for r in record.detail.get("rerolls", ())):
            return f"{name} was already used on this roll", rule
        if die not in _own_dice(record, last, "attacker"):
            return f"{name} re-rolls one of the charging attacker's dice", rule
        return None
    side = _side_of(state, last, model_id)
    if side is None:
        return f"{m.name} takes no part in the last roll ({record.title})", rule
    if source in spent:
        return f"{name} was just used", rule
    if source == "captain":
        if not m.spec.captain:
            return f"{m.name} is not the Captain", rule
        if "captain-reroll" in m.once_used:
            return "the Captain's re-roll was already used this battle", rule
    elif source == "im-fine":
        if last.kind != "save":
            return f"{card_term('im-fine')} re-rolls the model's own failed Toughness roll", rule
        if record.success:
            return f"{card_term('im-fine')} re-rolls a failed Toughness roll only", rule
        problem = card_problem(state, m.side, "im-fine", m.id)
        if problem:
            return problem, "§12"
    elif source == "point-blank":
        if last.kind != "shot":
            return f"{name} re-rolls a shot", rule
        if not has_skill(m.spec, "point-blank"):
            return f"{m.name} does not have the skill {name}", rule
        distance = last.context.get("distance")
        if distance is not None and distance >= POINT_BLANK_RANGE:
            return f'{name} needs the target less than 6" away ({distance:g}")', rule
    elif source == "duellist":
        if last.kind != "melee":
            return f"{name} re-rolls a melee roll", rule
        if not has_skill(m.spec, "duellist"):
            return f"{m.name} does not have the skill {name}", rule
        support = last.context.get("support", {})
        if any(support.get(k) for k in ("attacker", "defender")):
            return f"{name} is for a fight one on one (support is counted here)", rule
    elif source == "matrix-error":
        if matrix_caster(state, m) is None:
            return (
                f"no enemy Technomancer of {m.name} can cast {trick_term('matrix-error')} (a charge, not engaged)",
                rule,
            )
    else:
        return f"unknown re-roll source '{source}'", "§2.2"
    if source in ("captain", "im-fine", "point-blank", "duellist", "matrix-error"):
        if any(r.get("by") == source for r in record.detail.get("rerolls", ())):
            return f"{name} was already used on this roll", rule
        if die not in _own_dice(record, last, side):
            return f"{m.name} re-rolls one of its own dice of this roll", "§2.2"
    return None


def _die_problem(record: RollRecord, die: int) -> tuple[str, str] | None:
    if not 0 <= die < len(record.dice):
        return f"there is no die number {die + 1} to re-roll", "§2.2"
    if record.dice[die].replaced is not None:
        return "a re-rolled die cannot be re-rolled again", "§2.2"
    return None


def _goal(last: LastRoll, side: str) -> tuple[str, Any]:
    """What the re-rolling side wants, and a test of a record for it."""
    if last.kind == "melee":
        if last.context.get("withdraw"):
            return ("gets away", lambda r: r.success) if side == "attacker" else ("holds", lambda r: not r.success)
        return "wins", lambda r: r.detail.get("winner") == side
    word = {"save": "passes", "shot": "hits", "jump": "lands", "fall": "survives", "grenade": "on target"}.get(
        last.kind, "succeeds"
    )
    return word, lambda r: r.success


def odds_after(record: RollRecord, die: int, source: str, goal: Any, whole: bool = False) -> Fraction:
    """The exact chance that ``goal(record after the re-roll)`` holds, over every face."""
    return chances_after(record, die, source, (goal,), whole)[0]


def chances_after(
    record: RollRecord, die: int, source: str, tests: tuple[Any, ...], whole: bool = False
) -> tuple[Fraction, ...]:
    """The exact chance that each of ``tests`` holds of the record after the re-roll, over
    every face (all 0 where the re-roll is refused)."""
    n = len(_own_whole(record, die)) if whole else 1
    good, total = [0] * len(tests), 0
    for faces in product(range(1, 7), repeat=n):
        total += 1
        try:
            after = apply_reroll(record, die, ScriptedDice(faces), source, whole=whole)
        except ProcedureRefused:
            return tuple(Fraction(0) for _ in tests)
        for i, test in enumerate(tests):
            good[i] += bool(test(after))
    return tuple(Fraction(g, total) for g in good)


def _tie(last: LastRoll) -> Any:
    """A test of a record for a tie where it is an outcome of its own (a melee, not a
    Withdraw: nobody is hit), else None."""
    if last.kind == "melee" and not last.context.get("withdraw"):
        return lambda r: r.detail.get("winner") is None
    return None


def _own_whole(record: RollRecord, die: int) -> range:
    for g in _groups(record):
        if int(g["start"]) <= die < int(g["start"]) + int(g["count"]):
            return range(int(g["start"]), int(g["start"]) + int(g["count"]))
    return range(len(record.dice))


def offers_for(state: BattleState, last: LastRoll, spent: frozenset[str] = frozenset()) -> tuple[RerollOffer, ...]:
    """The re-rolls worth offering after ``last`` (it need not be in ``state`` yet): a
    Toughness roll, a shot, a melee, a jump down, a fall or a grenade's Accuracy throw
    (§17.6). The model's own re-rolls when the result went against it; the enemy's Błąd
    matrycy when it went its way."""
    if last.kind not in ("save", "shot", "melee", "jump", "fall", "grenade"):
        return ()
    state = changed(state, last_roll=last)
    record = RollRecord.from_dict(last.record)
    whole_setting = state.setting("captain_reroll") == "whole"
    models = [last.roller] + ([last.context["defender"]] if last.kind == "melee" else [])
    out: list[RerollOffer] = []
    for model_id in models:
        if not state.has_model(model_id):
            continue
        side = _side_of(state, last, model_id)
        if side is None:
            continue
        goal_word, goal = _goal(last, side)
        tie = _tie(last)
        if goal(record):
            continue  # the result went its way: nothing to re-roll for
        name = state.model(model_id).name
        for source in OFFERED:
            whole = source == "captain" and whole_setting
            dice = list(_own_dice(record, last, "attacker" if source == "dirty-tricks" else side))
            seen: set[int] = set()
            for die in dice[:1] if whole else dice:
                face = record.dice[die].face
                if face in seen or reroll_problem(state, model_id, source, die, spent) is not None:
                    continue
                seen.add(face)
                what = "the whole roll" if whole else f"the {face}"
                if source == "dirty-tricks":
                    what = f"the attacker's {face} (the attacker re-rolls it)"
                p, ties = chances_after(record, die, source, (goal, tie or (lambda r: False)), whole)
                out.append(
                    RerollOffer(
                        f"{source}:{model_id}:{die}",
                        source,
                        model_id,
                        die,
                        f"{name}: {REROLL_SOURCES.get(source, source)}, re-roll {what}",
                        COSTS.get(source, ""),
                        goal_word,
                        p,
                        RULES.get(source, "§2.2"),
                        whole,
                        ties,
                    )
                )
    out += _matrix_error_offers(state, last, record, whole_setting)
    return tuple(out)


def matrix_caster(state: BattleState, target: ModelState) -> ModelState | None:
    """An enemy of ``target`` on the table who can cast Błąd matrycy now: a charge left and
    not engaged (no trick is cast in melee, §21); the 12" range is the GM's call."""
    return next(
        (
            x
            for x in state.on_table()
            if x.side not in (target.side, NEUTRAL) and x.charges("matrix-error") > 0 and not x.engaged
        ),
        None,
    )


def _matrix_error_offers(state: BattleState, last: LastRoll, record: RollRecord, whole: bool) -> list[RerollOffer]:
    """Błąd matrycy (§21): an enemy Technomancer with a charge forces a model to re-roll any
    roll it made that went its way — a hit, a won melee (attacking or defending), a passed
    Toughness roll, a jump down that lands, a fall it survives."""
    models = [last.roller] + ([last.context["defender"]] if last.kind == "melee" else [])
    out: list[RerollOffer] = []
    for model_id in models:
        if not state.has_model(model_id):
            continue
        roller = state.model(model_id)
        side = _side_of(state, last, roller.id) or "roller"
        word, goal = _goal(last, side)
        if not goal(record):
            continue
        caster = matrix_caster(state, roller)
        if caster is None:
            continue
        seen: set[int] = set()
        dice = list(_own_dice(record, last, side))
        for die in dice[:1] if whole else dice:
            face = record.dice[die].face
            if face in seen or reroll_problem(state, roller.id, "matrix-error", die) is not None:
                continue
            seen.add(face)
            what = "its whole roll" if whole else f"its {face}"
            p = 1 - odds_after(record, die, "matrix-error", goal, whole)
            out.append(
                RerollOffer(
                    f"matrix-error:{roller.id}:{die}",
                    "matrix-error",
                    roller.id,
                    die,
                    f"{caster.name}: {REROLL_SOURCES['matrix-error']}, {roller.name} re-rolls {what}",
                    f'{possessive(caster.name)} charge; enemy within 12"',
                    f"{roller.name} no longer {word}",
                    p,
                    "§21 [SM-A9]",
                    whole,
                )
            )
    return out


def held_drop(state: BattleState) -> LastRoll | None:
    """The failed jump down or fall held while a re-roll is offered (``JumpDown.hold``,
    ``Fall.hold``): its model still on the table, the fall or removal not yet applied."""
    last = state.last_roll
    if last is None or last.kind not in ("jump", "fall") or not last.context.get("held"):
        return None
    if last.record.get("success") or not state.has_model(last.roller) or not state.model(last.roller).on_table:
        return None
    return last


def holds(
    state: BattleState, kind: str, model_id: str, record: RollRecord, spent: frozenset[str] = frozenset()
) -> bool:
    """Whether a failed jump down or fall (``kind``) of ``model_id`` is held: a re-roll of
    the model's own is offered for it (``spent``: sources used in this very command)."""
    return not record.success and bool(offers_for(state, LastRoll(kind, model_id, record.to_dict(), {}), spent))


def save_rerolls_left(state: BattleState, model_id: str) -> tuple[str, ...]:
    """The re-rolls ``model_id`` may still use on its Toughness roll if it fails, by name:
    the Captain's (unused this battle) and “Nic mi nie jest!” (still in its side's hand)."""
    from .cards import card_problem

    m = state.model(model_id)
    out: list[str] = []
    if m.spec.captain and "captain-reroll" not in m.once_used:
        out.append(REROLL_SOURCES["captain"])
    if card_problem(state, m.side, "im-fine", m.id) is None:
        out.append(REROLL_SOURCES["im-fine"])
    return tuple(out)


def reroll_offers(state: BattleState) -> tuple[RerollOffer, ...]:
    """Every re-roll worth offering after the last roll, now (none if there is no roll)."""
    last = state.last_roll
    if last is None or state.ended:
        return ()
    if last.kind == "save" and not any(p.model == last.roller and "roll" in p.context for p in state.pending):
        if not last.record.get("success"):
            return ()  # the failure was applied: the model is gone
        # a passed save: the model fights on, unless an enemy's Błąd matrycy forces a re-roll
    return offers_for(state, last)


__all__ = [
    "COSTS",
    "held_drop",
    "holds",
    "OFFERED",
    "RerollOffer",
    "matrix_caster",
    "offers_for",
    "odds_after",
    "reroll_offers",
    "reroll_problem",
    "save_rerolls_left",
]
