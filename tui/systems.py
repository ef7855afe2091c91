"""The rule systems the dashboard can play: rule-system name → its battle screen, demo
battle and roster reader.

A new rule system's dashboard adds one ``System`` here. Everything is named by import
path and loaded only when used, so importing this module loads neither the engine nor
any screen (start-up stays light).
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class System:
    """One rule system with a dashboard.

    ``name``: the engine's rule-system name (the save header's ``ruleset``); ``aliases``:
    what the GM may type for it; ``screen``: "module:Class" of its battle screen;
    ``builder``: "module" with ``demo(directory, plan, progress)`` and
    ``new(directory, plan, progress)`` returning a ``Session``.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    screen: str
    builder: str


SYSTEMS: tuple[System, ...] = (
    System("sanctum-mortalis", "Sanctum Mortalis", ("sm", "sanctum", "sanctum-mortalis", "sanctum mortalis"),
           "tui.screens.battle_screen:BattleScreen", "tui.opening"),
    System("saga", "SAGA", ("saga",), "tui.screens.saga_screen:SagaScreen", "tui.saga_opening"),
    System("xk6", "xK6", ("xk6", "xk-6", "x-k6"), "tui.screens.xk6_screen:XK6Screen", "tui.xk6_opening"),
    System("star-quest", "Star Quest", ("sq", "star-quest", "star quest", "starquest", "grimdark future star quest"),
           "tui.screens.star_quest_screen:StarQuestScreen", "tui.star_quest_opening"),
    System("sanctum-mortalis-campaign", "Sanctum Mortalis campaign", ("sm-campaign", "campaign"),
           "tui.screens.post_battle_screen:PostBattleScreen", "tui.campaign_opening"),
)
BY_NAME: dict[str, System] = {s.name: s for s in SYSTEMS}
DEFAULT = "sanctum-mortalis"


class UnknownSystem(ValueError):
    """A rule system the dashboard cannot play; ``str()`` names the known ones."""


def names() -> tuple[str, ...]:
    return tuple(s.name for s in SYSTEMS)


def find(text: str | None) -> System:
    """The system named ``text`` (a name or alias, any case); the default for None/empty."""
    if text is None or not str(text).strip():
        return BY_NAME[DEFAULT]
    wanted = str(text).strip().lower().replace("_", "-")
    for s in SYSTEMS:
        if wanted == s.name or wanted in s.aliases:
            return s
    raise UnknownSystem(f"unknown rule system '{text}' (one of: {', '.join(names())})")


def has_dashboard(ruleset: str | None) -> bool:
    return ruleset in BY_NAME


def _load(path: str) -> Any:
    module, _, attr = path.partition(":")
    loaded = import_module(module)
    return getattr(loaded, attr) if attr else loaded


def screen_class(ruleset: str) -> Any:
    """The battle screen class for a battle of rule system ``ruleset`` (imports it)."""
    system = BY_NAME.get(ruleset)
    if system is None:
        raise UnknownSystem(f"no dashboard for rule system '{ruleset}' yet (dashboards: {', '.join(names())})")
    return _load(system.screen)


def builder(system: System) -> Any:
    """The module that creates the system's demo and new battles."""
    return _load(system.builder)
