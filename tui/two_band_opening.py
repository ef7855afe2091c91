"""Battles of the rule systems played by two bands from two roster files (SAGA, xK6):
the bundled demo battle, or a new battle from the GM's rosters.

``TwoBandSystem`` is the ``tui.systems`` builder such a system needs: ``demo_battle`` and
``new_battle`` take a ``LaunchPlan`` and return an open ``Session``. They read files, so
they run in the opening worker. The roster text comes from ``saves.rosters``; the rule
system's package parses it (``parse_roster``, ``RosterError``, ``make_setup`` and its
demo module's ``demo_<bands>()``).
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from .opening import DEMO_TITLE, LaunchPlan, _seed
from .session import OpenError, Progress, Session, _no_progress, create_session


@dataclass(frozen=True)
class TwoBandSystem:
    """``ruleset``: the engine's name; ``title``: shown in battle titles; ``package``: the
    engine package; ``band``: what its rosters are called ("warband", "band");
    ``demo``: the function of ``<package>.demo`` that returns the two demo bands."""

    ruleset: str
    title: str
    package: str
    band: str
    demo: str

    def read(self, path: Path, progress: Progress = _no_progress) -> Any:
        """A band from a TOML roster file; ``OpenError`` (one line) if it cannot be used."""
        import saves
        from saves.rosters import read_roster_text

        engine = import_module(self.package)
        progress(f"Reading {self.band} {path.name}…", None)
        try:
            text = read_roster_text(path)
        except saves.SaveError as err:
            raise OpenError(str(err)) from None
        try:
            return engine.parse_roster(text, source=str(path))
        except engine.RosterError as err:
            raise OpenError(f"cannot use {self.band} {err}") from None

    def _create(self, directory: Path, bands: tuple[Any, Any], plan: LaunchPlan, progress: Progress,
                title: str) -> Session:
        setup = import_module(self.package).make_setup(bands[0], bands[1])
        return create_session(directory, title, setup, _seed(plan), self.ruleset, progress)

    def new_battle(self, directory: Path, plan: LaunchPlan, progress: Progress = _no_progress) -> Session:
        """Two rosters (``plan.rosters``), sides A and B in that order."""
        if len(plan.rosters) != 2:
            raise OpenError(f"a battle needs two {self.band} roster files, got {len(plan.rosters)}")
        a, b = (self.read(Path(p), progress) for p in plan.rosters)
        session = self._create(directory, (a, b), plan, progress, f"{self.title}: {a.name} v {b.name}")
        if plan.scenario:
            session.note = f"{self.title} battles have no scenario here: --scenario is ignored"
        return session

    def demo_battle(self, directory: Path, plan: LaunchPlan, progress: Progress = _no_progress) -> Session:
        """The bundled demo bands (``<package>/demo/``: example data, not rules)."""
        progress(f"Setting up the {self.title} demo battle…", None)
        a, b = getattr(import_module(f"{self.package}.demo"), self.demo)()
        return self._create(directory, (a, b), plan, progress, f"{DEMO_TITLE} ({self.title}): {a.name} v {b.name}")
