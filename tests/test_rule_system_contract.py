"""The rule-system contract: one registry, each system declared once, found by name or
alias without loading any rules, and a battle that loads only its own system."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.ruleset import (
    BattleSummary,
    Lazy,
    Registry,
    SystemSpec,
    UnknownSystem,
    find_system,
    get_ruleset,
    systems,
)
from engine.rulesets import BUNDLED

ROOT = Path(__file__).resolve().parents[1]


def _spec(name: str, *aliases: str) -> SystemSpec:
    return SystemSpec(
        name=name,
        title=name.title(),
        package=f"engine.rulesets.{name}",
        aliases=aliases,
        ruleset=Lazy("x:y"),
        summary=Lazy("x:z"),
    )


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(out.stdout.split())


def _rules_modules(mods: set[str], package: str) -> set[str]:
    """The modules of ``package`` other than its light ``__init__`` packages."""
    return {
        m
        for m in mods
        if m.startswith(f"engine.rulesets.{package}.") and m not in {f"engine.rulesets.{p}" for p in BUNDLED}
    }


def test_every_bundled_package_declares_one_system_and_the_first_is_the_default():
    names = [s.name for s in systems()]
    assert len(names) == len(BUNDLED) == len(set(names))
    assert find_system(None) is systems()[0] and find_system("") is systems()[0]


@pytest.mark.parametrize("spec", systems(), ids=lambda s: s.name)
def test_a_system_is_found_by_its_name_and_each_alias_in_any_case(spec: SystemSpec):
    for text in (spec.name, *spec.aliases, spec.name.upper(), spec.name.replace("-", "_")):
        assert find_system(text) is spec


def test_a_second_system_with_a_taken_name_or_alias_is_an_error():
    registry = Registry([_spec("alpha", "a")])
    with pytest.raises(ValueError, match="'alpha' of alpha is taken by alpha"):
        registry.add(_spec("alpha"))
    with pytest.raises(ValueError, match="'a' of beta is taken by alpha"):
        registry.add(_spec("beta", "a"))
    with pytest.raises(ValueError, match="taken"):
        registry.add(_spec("gamma", "ALPHA"))


def test_the_bundled_names_and_aliases_are_all_different():
    seen: dict[str, str] = {}
    for spec in systems():
        for key in (spec.name, *spec.aliases):
            assert seen.setdefault(key.lower().replace("_", "-"), spec.name) == spec.name, key


def test_an_unknown_system_names_the_known_ones():
    with pytest.raises(UnknownSystem, match=r"unknown rule system 'chess' \(known: sanctum-mortalis, "):
        find_system("chess")


def test_finding_every_system_loads_no_rules_code():
    mods = _modules_after("from engine.ruleset import systems, find_system\nsystems(); find_system('saga')")
    for package in BUNDLED:
        assert _rules_modules(mods, package) == set(), package


@pytest.mark.parametrize("spec", [s for s in systems() if s.demo is not None], ids=lambda s: s.name)
def test_a_battle_of_one_system_loads_only_that_systems_rules(spec: SystemSpec):
    code = (
        f"from engine.battle import Battle, new_header\nfrom engine.ruleset import find_system\n"
        f"spec = find_system({spec.name!r})\nbuilt = spec.demo(None, 1)\n"
        f"battle = Battle(new_header(spec.name, built.setup, 1))\nspec.summary(battle.state)"
    )
    mods = _modules_after(code)
    own = spec.relative.split(".")[0]
    assert _rules_modules(mods, own), "its own rules are loaded"
    for package in {p.split(".")[0] for p in BUNDLED} - {own}:
        assert _rules_modules(mods, package) == set(), package


@pytest.mark.parametrize("spec", [s for s in systems() if s.demo is not None], ids=lambda s: s.name)
def test_the_summary_of_a_demo_battle_has_two_named_sides_and_their_members(spec: SystemSpec):
    from engine.battle import Battle, new_header

    built = spec.demo(None, 1)
    battle = Battle(new_header(spec.name, built.setup, 1))
    summary = spec.summary(battle.state)
    assert isinstance(summary, BattleSummary) and len(summary.sides) == 2
    for side in summary.sides:
        assert side.name and summary.members_of(side.key), side
    assert summary.round == 0 and summary.result is None
    assert get_ruleset(spec.name).name == spec.name


@pytest.mark.parametrize("spec", systems(), ids=lambda s: s.name)
def test_every_system_has_a_dashboard(spec: SystemSpec):
    from tui.systems import has_dashboard, screen_class

    assert has_dashboard(spec.name)
    assert screen_class(spec.name).__name__.endswith("Screen")


GENERIC = (
    "engine/ruleset.py",
    "engine/luck.py",
    "saves/listing.py",
    "tui/cli.py",
    "tui/launch.py",
    "tui/opening.py",
    "tui/session.py",
    "tui/report.py",
    "tui/roster_check.py",
    "tui/save_summary.py",
    "tui/systems/__init__.py",
    "tui/screens/new_battle_screen.py",
    "tui/screens/open_save_screen.py",
    "tui/screens/luck_screen.py",
    "tui/screens/review_mode.py",
)
"""Code that serves every rule system: it talks to ``SystemSpec`` and ``BattleSummary`` only."""


@pytest.mark.parametrize("path", GENERIC)
def test_generic_code_names_no_rule_system_and_guesses_no_shape(path: str):
    import re

    text = (ROOT / path).read_text(encoding="utf-8")
    kinds = {spec.kind for spec in systems()}  # "battle", "campaign": kinds of save, not names of systems
    for spec in systems():
        for key in {spec.name, *spec.aliases} - kinds:
            assert not re.search(rf"[\"']{re.escape(key)}[\"']", text, re.IGNORECASE), (path, key)
    assert "getattr(" not in text, path
