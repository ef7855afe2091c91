"""The dashboards of the rule systems: each engine package ``engine.rulesets.<x>`` has
its dashboard declared in ``tui.systems.<x>`` as ``DASHBOARD = Dashboard(...)``.

Nothing here names a system: the systems come from the engine's one registry
(``engine.ruleset.systems``), and a system's dashboard is found by that convention.
Screens are named by import path and loaded only when a battle is shown, so importing
this package loads no screen (and ``tui.app`` imports it only when opening a battle).
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from engine.records import Record
from engine.ruleset import SystemSpec, UnknownSystem, find_system, systems

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = [
    "Dashboard",
    "PostBattle",
    "UnknownSystem",
    "dashboard",
    "find",
    "has_dashboard",
    "names",
    "post_battle",
    "post_battle_systems",
    "screen_class",
    "title_of",
]


class PostBattle(Protocol):
    """``skirmish campaign BATTLE [--new] [--seed N]``: a finished battle's post-battle
    sequence, recorded in a save of the system's own (a campaign). Returns (the save to
    open, one line for the GM); raises ``tui.session.OpenError`` or ``saves.SaveError``
    (one line)."""

    def __call__(self, battle: Path, folder: Path, *, seed: int | None, new: bool) -> tuple[Path, str]: ...


class Dashboard(Record):
    """A rule system's dashboard: ``screen`` is "module:Class" of the screen that plays
    (or, for a campaign, runs) its saves; it takes the open ``Session``. ``post_battle``:
    "module:function", the system's ``PostBattle`` ("": its battles have none)."""

    screen: str
    post_battle: str = ""


def names() -> tuple[str, ...]:
    """The names of the systems with a dashboard."""
    return tuple(s.name for s in systems() if _dashboard(s) is not None)


def find(text: str | None) -> SystemSpec:
    """The system named ``text`` (a name or alias, any case); the default for None/empty;
    ``UnknownSystem`` (its text names the known systems) otherwise."""
    return find_system(text)


def _dashboard(spec: SystemSpec) -> Dashboard | None:
    where = f"{__name__}.{spec.relative}"
    try:
        module = import_module(where)
    except ModuleNotFoundError as err:
        if err.name is not None and where.startswith(err.name):
            return None  # the system has no dashboard package
        raise
    found = vars(module).get("DASHBOARD")
    return found if isinstance(found, Dashboard) else None


def dashboard(ruleset: str) -> Dashboard:
    """The dashboard of the rule system named ``ruleset``; ``UnknownSystem`` if it has none."""
    spec = _spec(ruleset)
    found = _dashboard(spec) if spec is not None else None
    if found is None:
        raise UnknownSystem(f"no dashboard for rule system '{ruleset}' yet (dashboards: {', '.join(names())})")
    return found


def _spec(ruleset: str | None) -> SystemSpec | None:
    return next((s for s in systems() if s.name == ruleset), None)


def has_dashboard(ruleset: str | None) -> bool:
    spec = _spec(ruleset)
    return spec is not None and _dashboard(spec) is not None


def title_of(ruleset: str | None) -> str | None:
    """The title of the system a save names in its ``ruleset``; None for a system not bundled."""
    spec = _spec(ruleset)
    return spec.title if spec is not None else None


def _named(target: str) -> Any:
    module, _, attr = target.partition(":")
    return vars(import_module(module))[attr]


def screen_class(ruleset: str) -> type[Screen[Any]]:
    """The screen class for a save of rule system ``ruleset`` (imports it)."""
    cls: type[Screen[Any]] = _named(dashboard(ruleset).screen)
    return cls


def post_battle(ruleset: str | None) -> PostBattle | None:
    """The post-battle sequence of a finished battle of ``ruleset`` (imports it); None
    when the system has none (or no dashboard)."""
    spec = _spec(ruleset)
    found = _dashboard(spec) if spec is not None else None
    if found is None or not found.post_battle:
        return None
    run: PostBattle = _named(found.post_battle)
    return run


def post_battle_systems() -> tuple[SystemSpec, ...]:
    """The systems whose finished battles have a post-battle sequence (``skirmish campaign``)."""
    return tuple(s for s in systems() if (d := _dashboard(s)) is not None and d.post_battle)
