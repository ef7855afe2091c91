"""Rolling dice into records, and the one generic re-roll step (§2.2).

``apply_reroll(record, die_index, dice, source)`` re-rolls one die of a resolved roll:
the new face must be kept, the old face stays visible (``Die.replaced``), and a die that
was re-rolled once cannot be re-rolled again. Each procedure registers an *evaluator*
that reads its outcome again from the new faces (a hit, a save, who won a melee...).
``apply_reroll`` keeps ``probability`` (the chance before the first roll, which counts
no re-roll: re-rolls are offered after the result, ``rerolls``); the ``Reroll`` command
stores the re-roll's own chance before it in the re-roll's record (``combat.reroll``).
"""

from __future__ import annotations

from typing import Any, Callable

from engine.dice import DiceSource
from engine.records import changed
from engine.rolls import Die, RollRecord

from ..terms import card_term, skill_term, term, trick_term
from .common import ProcedureRefused
from .kernel import Mode, kept, passes

Evaluator = Callable[[RollRecord], RollRecord]
_EVALUATORS: dict[str, Evaluator] = {}

REROLL_SOURCES = {
    "captain": term("Captain"),
    "im-fine": card_term("im-fine"),
    "point-blank": skill_term("point-blank"),
    "duellist": skill_term("duellist"),
    "dirty-tricks": skill_term("dirty-tricks"),
    "matrix-error": trick_term("matrix-error"),
    "tech-hunter": skill_term("tech-hunter"),
}
"""Known re-roll sources, as shown: the English name with the Polish original beside it,
as the event cards are shown (any other string is accepted and recorded as given)."""

_SOURCE_PROCEDURES = {
    "im-fine": ("sm.toughness",),
    "point-blank": ("sm.hit",),
    "duellist": ("sm.melee",),
    "dirty-tricks": ("sm.melee",),
}


def register_evaluator(procedure: str) -> Callable[[Evaluator], Evaluator]:
    """Decorator: ``fn(record) -> record`` re-reads the outcome of ``procedure`` from its dice."""

    def wrap(fn: Evaluator) -> Evaluator:
        _EVALUATORS[procedure] = fn
        return fn

    return wrap


def group(start: int, count: int, mode: Mode) -> dict[str, Any]:
    """JSON-safe description of a run of dice and which of them are kept."""
    return {"start": start, "count": count, "keep": mode[1], "drop": mode[2]}


def roll_group(dice: DiceSource, mode: Mode, purpose: str) -> tuple[Die, ...]:
    """Roll ``mode``'s dice and mark the dropped ones."""
    faces = tuple(dice.roll(mode[0], 6, purpose))
    return mark_kept(tuple(Die(f) for f in faces), mode)


def mark_kept(dice: tuple[Die, ...], mode: Mode) -> tuple[Die, ...]:
    """Re-apply the extra-die rule to these dice (after a re-roll the kept pair may change)."""
    n, k, drop = mode
    if drop == "none":
        return tuple(changed(d, kept=True) for d in dice)
    order = sorted(range(len(dice)), key=lambda i: dice[i].face, reverse=(drop == "highest"))
    dropped = set(order[: len(dice) - k])
    return tuple(changed(d, kept=i not in dropped) for i, d in enumerate(dice))


def group_mode(g: dict[str, Any]) -> Mode:
    return (int(g["count"]), int(g["keep"]), str(g["drop"]))


def group_dice(record: RollRecord, g: dict[str, Any]) -> tuple[Die, ...]:
    return record.dice[g["start"] : g["start"] + g["count"]]


def group_rerolled(record: RollRecord, g: dict[str, Any]) -> bool:
    return any(d.replaced is not None for d in group_dice(record, g))


def group_total(record: RollRecord, g: dict[str, Any]) -> int:
    return sum(d.face for d in group_dice(record, g) if d.kept)


def group_kept_faces(record: RollRecord, g: dict[str, Any]) -> tuple[int, ...]:
    faces = tuple(d.face for d in group_dice(record, g))
    return kept(faces, group_mode(g))


def evaluate_simple(record: RollRecord) -> RollRecord:
    """Read a one-group roll compared with ``record.target`` by ``record.comparison``;
    ``detail["words"]`` gives the outcome words for success and failure."""
    total = group_total(record, record.detail["groups"][0])
    ok = record.target is not None and passes(record.comparison, record.target, total)
    yes, no = record.detail.get("words", ["success", "failure"])
    return changed(record, outcome=yes if ok else no, success=ok, detail={**record.detail, "total": total})


for _procedure in ("sm.jump", "sm.fall", "sm.grenade", "sm.dispel"):
    register_evaluator(_procedure)(evaluate_simple)


def apply_reroll(
    record: RollRecord, die_index: int | None, dice: DiceSource, source: str = "reroll", *, whole: bool = False
) -> RollRecord:
    """Re-roll one die (``die_index``, 0-based over ``record.dice``) and read the roll again.

    ``whole=True`` re-rolls every die of the roll instead (the Captain / Błąd matrycy
    under the "whole roll" reading of [SM-A9]); in a melee record it re-rolls the dice of
    the side ``die_index`` belongs to. Every die re-rolled that way counts as re-rolled.
    Raises ``ProcedureRefused``: no such die, the die was already re-rolled (§2.2), the
    source does not fit the roll (e.g. "Nic mi nie jest!" needs a failed Toughness roll).
    """
    evaluate = _EVALUATORS.get(record.procedure)
    if evaluate is None:
        raise ProcedureRefused(f"a {record.title or record.procedure} cannot be re-rolled", "§2.2", "malformed")
    allowed = _SOURCE_PROCEDURES.get(source)
    if allowed and record.procedure not in allowed:
        raise ProcedureRefused(f"{REROLL_SOURCES[source]} cannot re-roll a {record.title}", "§2.2")
    if source == "im-fine" and record.success:
        raise ProcedureRefused(f"{card_term('im-fine')} re-rolls a failed Toughness roll only", "§12.2")
    groups = record.detail.get("groups") or [
        {"start": 0, "count": len(record.dice), "keep": len(record.dice), "drop": "none"}
    ]
    if whole:
        if die_index is None:
            target = groups[0] if len(groups) == 1 else None
        else:
            target = next((g for g in groups if g["start"] <= die_index < g["start"] + g["count"]), None)
        if target is None:
            raise ProcedureRefused("say whose dice the whole re-roll is for", "§2.2 [SM-A9]", "malformed")
        indices = list(range(target["start"], target["start"] + target["count"]))
    else:
        if die_index is None or not 0 <= die_index < len(record.dice):
            raise ProcedureRefused(
                f"there is no die number {0 if die_index is None else die_index + 1} to re-roll", "§2.2", "malformed"
            )
        indices = [die_index]
    if source == "dirty-tricks" and not all(i < groups[0]["count"] for i in indices):
        raise ProcedureRefused(f"{skill_term('dirty-tricks')} re-rolls one of the charging attacker's dice", "§20.2")
    for i in indices:
        if record.dice[i].replaced is not None:
            raise ProcedureRefused("a re-rolled die cannot be re-rolled again", "§2.2")
    faces = dice.roll(len(indices), 6, f"{REROLL_SOURCES.get(source, source)} re-roll")
    new = list(record.dice)
    for i, f in zip(indices, faces):
        new[i] = Die(f, kept=True, replaced=record.dice[i].face)
    for g in groups:
        sl = slice(g["start"], g["start"] + g["count"])
        new[sl] = mark_kept(tuple(new[sl]), group_mode(g))
    log = list(record.detail.get("rerolls", ()))
    for i, f in zip(indices, faces):
        log.append(
            {"die": i, "old": record.dice[i].face, "new": f, "by": source, "label": REROLL_SOURCES.get(source, source)}
        )
    detail = dict(record.detail)
    detail["rerolls"] = log
    return evaluate(changed(record, dice=tuple(new), detail=detail))
