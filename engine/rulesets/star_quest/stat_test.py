"""Stat tests (§4.1): one d6 plus modifiers against a target; a natural 6 always succeeds
and a natural 1 always fails. Also the other d6 rolls against a target (casting,
Fearless, Regeneration, Impact), which follow the natural rule when [SQ-A2] says so.

``success_chance`` is exact: ``clamp((7 − t + m)/6, 1/6, 5/6)`` with the natural rule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Mapping

from engine.dice import DiceEntryError, DiceSource, wrong_dice_count
from engine.formatting import possessive
from engine.records import Record
from engine.rolls import Die, Modifier, RollRecord, plain, total

from . import tables as t
from .state import SpellModifier

Natural = bool


def passes(face: int, target: int, net: int = 0, natural: bool = True, only_six: bool = False) -> bool:
    """One die: does it succeed? ``only_six``: fatigued melee, only a natural 6 (§11.3)."""
    if only_six:
        return face == t.NATURAL_SUCCESS
    if natural and face == t.NATURAL_SUCCESS:
        return True
    if natural and face == t.NATURAL_FAILURE:
        return False
    return face + net >= target


def success_chance(target: int, net: int = 0, natural: bool = True, only_six: bool = False) -> Fraction:
    """Exact chance one die succeeds, by enumerating the six faces."""
    return Fraction(sum(1 for f in range(1, 7) if passes(f, target, net, natural, only_six)), 6)


def natural_applies(settings: Mapping[str, str], stat_test: bool) -> bool:
    """§4.1 for stat tests; other target rolls as [SQ-A2] says."""
    return stat_test or settings.get("natural_scope", "all") == "all"


def faces_for(typed: tuple[int, ...] | None, count: int, dice: DiceSource, purpose: str) -> tuple[int, ...]:
    """The faces the GM typed for this roll (checked), else ``count`` faces from ``dice``."""
    if typed is None:
        return dice.roll(count, purpose=purpose)
    if len(typed) != count:
        raise DiceEntryError(f"{purpose}: {wrong_dice_count(typed, count)}")
    for f in typed:
        if not 1 <= f <= 6:
            raise DiceEntryError(f"{f} is not a face of a d6 (1–6)")
    return tuple(typed)


def _dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def take(typed: list[int] | None, count: int, dice: DiceSource, purpose: str, sides: int = 6) -> tuple[int, ...]:
    """The next ``count`` of the faces the GM typed, in the order the dice are rolled
    (taken off ``typed``, checked); ``count`` faces from ``dice`` when nothing was typed."""
    if typed is None:
        return dice.roll(count, sides=sides, purpose=purpose)
    if len(typed) < count:
        raise DiceEntryError(
            f"{purpose}: type {'its die' if count == 1 else f'its {count} dice'} too, after the others"
        )
    out = tuple(typed[:count])
    del typed[:count]
    for f in out:
        if not 1 <= f <= sides:
            raise DiceEntryError(f"{f} is not a face of a d{sides} (1–{sides}) for {purpose}")
    return out


def none_left(typed: list[int] | None, why: str) -> None:
    """Typed faces no die of the roll used are a typo: refuse them, saying why."""
    if typed:
        raise DiceEntryError(f"{_dice(len(typed))} typed too many ({' '.join(map(str, typed))}): {why}")


class TypedOnly:
    """The dice source for checking typed dice before they are submitted: every die of the
    command must be among the faces typed, so a die asked of this source is one the GM did
    not type (a ``DiceEntryError`` naming it)."""

    def roll(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        raise DiceEntryError(
            f"{purpose or 'this roll'}: type {'its die' if count == 1 else f'its {count} dice'} too, after the others"
        )


def roll_d3(settings: Mapping[str, str], typed: int | None, dice: DiceSource, purpose: str) -> dict[str, int]:
    """A D3 [SQ-A3]: {"d3": value, "face": the die face}. A typed value is a d6 face or a
    D3 face as the setting says; the app rolls a d6 and halves it."""
    if typed is not None and settings.get("d3_input") == "d3":
        if not 1 <= typed <= 3:
            raise DiceEntryError(f"{typed} is not a face of a D3 (1–3)")
        return {"d3": typed, "face": typed, "die": 3}
    face = typed if typed is not None else dice.roll(1, purpose=purpose)[0]
    if not 1 <= face <= 6:
        raise DiceEntryError(f"{face} is not a face of a d6 (1–6)")
    return {"d3": t.d3_of(face), "face": face, "die": 6}


class Test(Record):
    """A test about to be rolled: its base target, modifiers and how natural faces count."""

    procedure: str
    title: str
    base: Modifier
    modifiers: tuple[Modifier, ...] = ()
    natural: bool = True
    only_six: bool = False

    @property
    def target(self) -> int:
        return self.base.value

    @property
    def net(self) -> int:
        return total(self.modifiers)

    @property
    def needed(self) -> int:
        """The face the die must show once the modifiers are counted (what the log shows):
        only a 6 when fatigued; with the natural rule never above 6 nor below 2."""
        if self.only_six:
            return t.NATURAL_SUCCESS
        face = self.target - self.net
        return min(max(face, t.NATURAL_FAILURE + 1), t.NATURAL_SUCCESS) if self.natural else face

    @property
    def against(self) -> str:
        """The target as the log says it: "4+", or "4+ −2: needs 6+" with modifiers."""
        if not self.net and not self.only_six:
            return f"{self.target}+"
        return f"{self.target}+ {self.net:+d}: needs {self.needed}+".replace(" +0", "")

    @property
    def chance(self) -> Fraction:
        return success_chance(self.target, self.net, self.natural, self.only_six)

    def passes(self, face: int) -> bool:
        return passes(face, self.target, self.net, self.natural, self.only_six)

    def record(
        self,
        faces: tuple[int, ...],
        detail: dict[str, Any] | None = None,
        words: tuple[str, str] = ("pass", "fail"),
        plural: str = "succeed",
        dice: tuple[Die, ...] | None = None,
    ) -> RollRecord:
        """The roll as a record; several faces are several tries (one per attack)."""
        ok = [self.passes(f) for f in faces]
        n = sum(ok)
        if len(faces) == 1:
            outcome = words[0] if ok[0] else words[1]
            face = faces[0]
            if self.only_six:
                outcome += " (only a natural 6 succeeds)"
            elif (
                self.natural
                and face in (t.NATURAL_SUCCESS, t.NATURAL_FAILURE)
                and (face + self.net >= self.target) != ok[0]
            ):
                outcome += f" (natural {face})"
        else:
            outcome = f"{n} of {len(faces)} {plural}"
        extra = {
            "successes": n,
            "natural_rule": self.natural,
            "only_six": self.only_six,
            "probability_is": "per die" if len(faces) != 1 else "the roll",
        }
        extra.update(detail or {})
        return RollRecord(
            self.procedure,
            self.title,
            dice if dice is not None else plain(faces),
            self.modifiers,
            self.base,
            self.needed,
            ">=",
            self.chance,
            outcome,
            n > 0 if len(faces) != 1 else ok[0],
            extra,
        )


IMPAIRED_MOD = Modifier("Impaired", -1, "§18 Impaired", "impaired")


def spell_modifiers(mods: Iterable[SpellModifier], stat: str) -> tuple[Modifier, ...]:
    """The modifiers of spells cast on a unit (``UnitState.spell_mods``) to its ``stat``
    rolls, each named with its spell and caster (§17 Caster, the spell from the roster)."""
    return tuple(
        Modifier(
            f"{m.label} ({'this round' if m.until == 'round' else 'this battle'})", m.value, f"§17 Caster: {m.spell}"
        )
        for m in mods
        if m.stat == stat
    )


def stat_base(spec_name: str, stat: str, value: int, rule: str = "§4.1") -> Modifier:
    """The stat a test starts from, named without its number: the record gives the number
    beside the name ("Vex's Dex 4"), and the target it makes ("Needs: 4+")."""
    return Modifier(f"{possessive(spec_name)} {t.STAT_NAMES[stat]}", value, rule)
