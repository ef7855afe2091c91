"""Dice: where faces come from.

Faces come either from a seeded, reproducible generator (the app rolls) or from the
GM typing what was rolled on the table. Either way a rule procedure asks a
``DiceSource`` for faces and the faces end up stored in the event, so replaying a
battle never rolls again.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Protocol, Sequence


class DiceEntryError(ValueError):
    """Typed dice that cannot be used: wrong count, a face off the die, not a number."""


class DiceSource(Protocol):
    """Anything that can hand out die faces."""

    def roll(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        """Return ``count`` faces of a ``sides``-sided die for ``purpose`` (used in messages)."""
        ...


class SeededDice:
    """Reproducible app rolls: the same seed and stream give the same faces.

    ``stream`` separates independent draws (the battle uses the log position), so
    replaying or undoing never shifts later rolls.
    """

    def __init__(self, seed: int, stream: int | str = 0) -> None:
        self.seed = seed
        self.stream = stream
        self._rng = random.Random(f"{seed}/{stream}")

    def roll(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        return tuple(self._rng.randint(1, sides) for _ in range(count))


@dataclass
class TypedDice:
    """Faces the GM typed, handed out in order. Running short is a clear error."""

    faces: list[int] = field(default_factory=list)
    used: int = 0

    def roll(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        left = len(self.faces) - self.used
        if count > left:
            what = f" for {purpose}" if purpose else ""
            raise DiceEntryError(
                f"{count} more {'die' if count == 1 else 'dice'} needed{what}, "
                f"but only {left} {'was' if left == 1 else 'were'} typed"
            )
        for face in self.faces[self.used : self.used + count]:
            if not 1 <= face <= sides:
                raise DiceEntryError(f"{face} is not a face of a d{sides} (1–{sides})")
        out = tuple(self.faces[self.used : self.used + count])
        self.used += count
        return out

    @property
    def unused(self) -> int:
        """How many typed faces were not consumed (a hint that the GM typed too many)."""
        return len(self.faces) - self.used


def wrong_dice_count(faces: Sequence[int], needed: int | str, roll: str = "this roll") -> str:
    """ "3 dice typed (3 3 3); this roll needs 2": the one message, in every system and dialog,
    for typed dice that are not as many as the roll takes (``needed`` 0: "rolls no dice";
    a str says it in the roll's own words, e.g. "4 (Wolves' two, then Saints' two)")."""
    n = len(faces)
    typed = f"{n} {'die' if n == 1 else 'dice'} typed" + (f" ({' '.join(map(str, faces))})" if faces else "")
    return f"{typed}; {roll} rolls no dice" if needed == 0 else f"{typed}; {roll} needs {needed}"


def too_many_dice(typed: TypedDice) -> str:
    """ "3 dice typed (3 4 5); this roll needs 2": more dice typed than the command rolled."""
    return wrong_dice_count(typed.faces, typed.used, "this roll" if typed.used else "this command")


class ScriptedDice(TypedDice):
    """Dice for tests: same as typed dice, built from a plain sequence."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(list(faces))


_SEPARATORS = re.compile(r"[\s,;+/]+")


def parse_dice(text: str, count: int | None = None, sides: int = 6) -> tuple[int, ...]:
    """Read dice the GM typed: ``"3 5"``, ``"3,5"`` or ``"35"``.

    ``count`` is how many dice the roll needs (None: any number, at least one).
    Raises ``DiceEntryError`` with a message a GM can act on.
    """
    raw = text.strip()
    if not raw:
        need = f"{count} " if count else ""
        raise DiceEntryError(f'type the {need}dice you rolled, e.g. "3 5"')
    tokens = [t for t in _SEPARATORS.split(raw) if t]
    if len(tokens) == 1 and tokens[0].isdigit() and len(tokens[0]) > 1 and sides <= 9:
        tokens = list(tokens[0])  # "35" means two dice, 3 and 5
    faces: list[int] = []
    for token in tokens:
        if not token.lstrip("-").isdigit():
            raise DiceEntryError(f"'{token}' is not a number; type die faces like \"3 5\"")
        value = int(token)
        if not 1 <= value <= sides:
            raise DiceEntryError(f"{value} is not a face of a d{sides} (1–{sides})")
        faces.append(value)
    if count is not None and len(faces) != count:
        raise DiceEntryError(wrong_dice_count(faces, count))
    return tuple(faces)
