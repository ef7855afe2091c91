"""New battles of a rule system played by two bands from two roster files (SAGA, xK6):
the set-up from the GM's rosters, the bundled demo, and ``skirmish check``'s lines.

A system builds one ``TwoBandSetup`` from its own parser, set-up maker and demo, and
names its bound methods in its ``SystemSpec``. The texts come from the caller (no I/O).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from engine.records import Record

from .ruleset import NewBattle, SetupProblem
from .toml_lines import FileError

Band = TypeVar("Band")

DEMO_TITLE = "Demo battle"


class TwoBandSetup(Record, Generic[Band]):
    """``title``: the system's title in battle titles; ``band``: what its rosters are
    called ("warband", "band"); ``parse(text, source)`` reads a roster (raises a
    ``FileError`` listing its problems); ``make_setup(a, b)`` the JSON-safe set-up;
    ``demo_bands()`` the two bundled bands; ``members(band)`` the ("models", names) that
    ``skirmish check`` lists."""

    title: str
    band: str
    parse: Callable[..., Band]
    make_setup: Callable[[Band, Band], dict[str, Any]]
    demo_bands: Callable[[], tuple[Band, Band]]
    members: Callable[[Band], tuple[str, Sequence[str]]]
    name: Callable[[Band], str]

    def read(self, text: str, source: str) -> Band:
        """A band from its roster text; ``SetupProblem`` (one line) if it cannot be used."""
        try:
            return self.parse(text, source=source)
        except FileError as err:
            raise SetupProblem(f"cannot use {self.band} {err}") from None

    def new_battle(
        self, texts: Sequence[tuple[str, str]], scenario: str | None, seed: int, allow_problems: bool = False
    ) -> NewBattle:
        """Two rosters ((text, source) each), sides A and B in that order."""
        a, b = (self.read(text, source) for text, source in texts)
        note = f"{self.title} battles have no scenario here: --scenario is ignored" if scenario else ""
        return NewBattle(self.make_setup(a, b), f"{self.title}: {self.name(a)} v {self.name(b)}", note)

    def demo(self, scenario: str | None, seed: int) -> NewBattle:
        """The bundled demo bands (the system's ``demo/``: example data, not rules)."""
        a, b = self.demo_bands()
        return NewBattle(self.make_setup(a, b), f"{DEMO_TITLE} ({self.title}): {self.name(a)} v {self.name(b)}")

    def check(self, files: Sequence[tuple[str, str]]) -> tuple[tuple[str, ...], bool]:
        """``skirmish check``: every problem of each file as ``PATH:LINE: message``, or the
        band's name and members. Returns (lines, every file read)."""
        lines: list[str] = []
        ok = True
        for source, text in files:
            try:
                band = self.parse(text, source=source)
            except FileError as error:
                lines += [f"{source}:{line}: {message}" for line, message in error.problems]
                ok = False
                continue
            lines.append(self.members_line(band))
        return tuple(lines), ok

    def members_line(self, band: Band) -> str:
        """ "Kestrel Squad: 3 models: Sgt. Vance, Okafor, Doc Hale"."""
        what, names = self.members(band)
        return f"{self.name(band)}: {len(names)} {what}: " + ", ".join(names)
