"""The rule-system contract: one registry, each system declared once, found by name or
alias without loading any rules, and a battle that loads only its own system."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

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


def _system_packages() -> set[str]:
    return {p.split(".")[0] for p in BUNDLED}


def generic_files() -> tuple[str, ...]:
    """Code that serves every rule system: every module of ``engine/`` (top level),
    ``saves/`` and ``tui/`` outside a system's own ``tui/systems/<package>/``. It talks to
    ``SystemSpec``, ``Dashboard`` and ``BattleSummary`` only."""
    own = _system_packages()
    found = [*(ROOT / "engine").glob("*.py"), *(ROOT / "saves").rglob("*.py")]
    for path in (ROOT / "tui").rglob("*.py"):
        parts = path.relative_to(ROOT / "tui").parts
        if len(parts) > 2 and parts[0] == "systems" and parts[1] in own:
            continue
        found.append(path)
    return tuple(sorted(str(p.relative_to(ROOT)) for p in found))


def test_the_generic_set_covers_the_shared_code_and_no_systems_own():
    files = generic_files()
    for path in ("engine/battle.py", "saves/rosters.py", "tui/launch.py", "tui/dialogs/roll_dialog.py"):
        assert path in files, path
    assert "tui/systems/__init__.py" in files
    assert not any(f.startswith(("engine/rulesets/", "tui/systems/saga/")) for f in files)


def _literals(source: str) -> list[str]:
    """The string constants of ``source`` that are not docstrings (what a user can read)."""
    import ast

    tree = ast.parse(source)
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


@pytest.mark.parametrize("path", generic_files())
def test_generic_code_names_no_rule_system_and_guesses_no_shape(path: str):
    import re

    text = (ROOT / path).read_text(encoding="utf-8")
    kinds = {spec.kind for spec in systems()}  # "battle", "campaign": kinds of save, not names of systems
    for spec in systems():
        for key in {spec.name, *spec.aliases} - kinds:
            assert not re.search(rf"[\"']{re.escape(key)}[\"']", text, re.IGNORECASE), (path, key)
    packages = "|".join(sorted(_system_packages()))
    named = re.search(rf"\b(engine\.rulesets|tui\.systems)\.({packages})\b", text)
    assert named is None, (path, named.group(0) if named else "")
    titles = {spec.title for spec in systems()}
    for literal in _literals(text):
        for title in titles:
            assert title.lower() not in literal.lower(), (path, title, literal)
    assert "getattr(" not in text, path


@pytest.mark.parametrize("spec", [s for s in systems() if s.demo is not None], ids=lambda s: s.name)
def test_every_state_knows_its_round_through_the_typed_contract(spec: SystemSpec):
    from engine.battle import Battle, current_round, new_header
    from engine.ruleset import Rounded

    battle = Battle(new_header(spec.name, spec.demo(None, 1).setup, 1))
    assert isinstance(battle.state, Rounded) and current_round(battle.state) == 0


# ---------------------------------------------------------------------- post-battle sequences
@pytest.mark.parametrize("spec", [s for s in systems() if s.demo is not None], ids=lambda s: s.name)
def test_skirmish_campaign_runs_the_battles_own_post_battle_sequence_or_says_it_has_none(
    spec: SystemSpec, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    import saves
    import tui.launch
    from engine.battle import new_header
    from tui.cli import main
    from tui.systems import post_battle

    path = tmp_path / "battle.skirmish"
    with saves.BattleStore.create(path, new_header(spec.name, spec.demo(None, 1).setup, 1, "A battle")):
        pass
    monkeypatch.setattr(tui.launch, "_run", lambda plan: 0)
    code = main(["campaign", str(path), "--saves", str(tmp_path)])
    err = capsys.readouterr().err
    if post_battle(spec.name) is None:
        assert code == 1 and err == f"skirmish: {spec.title} battles have no post-battle sequence ({path})\n"
    else:  # the demo has not ended: its own sequence refuses it, in one line
        assert code == 1 and err.count("\n") == 1 and "post-battle sequence" in err, err


# ---------------------------------------------------------------------- a fifth system
FAKE_RULES = """
from dataclasses import dataclass

from engine.ruleset import BattleSummary, MemberSummary, NewBattle, Rejected, SideSummary


@dataclass(frozen=True)
class State:
    bands: tuple[str, ...]
    round: int = 0


class FakeWar:
    name = "fakewar"
    title = "Fake War"
    settings = ()

    def initial_state(self, setup):
        return State(tuple(setup["bands"]))

    def decide(self, state, command, dice):
        return Rejected("nothing happens in a fake war")

    def evolve(self, state, event):
        return state

    def prepare(self):
        pass


def summary(state):
    sides = (SideSummary("A", state.bands[0]), SideSummary("B", state.bands[1]))
    members = (MemberSummary("a1", "Ann", "A", "Ann"), MemberSummary("b1", "Bob", "B", "Bob"))
    return BattleSummary(round=state.round, sides=sides, members=members)


def new_battle(texts, scenario, seed, allow_problems=False):
    return NewBattle({"bands": [text.strip() for text, _ in texts]}, "A fake battle")


def demo(scenario, seed):
    return NewBattle({"bands": ["Reds", "Blues"]}, "The fake demo")


def check(files):
    return tuple(f"{source}: the fake band {text.strip()}" for source, text in files), True
"""

FAKE_SPEC = """
from engine.ruleset import Lazy, RosterFile, SystemSpec

SYSTEM = SystemSpec(
    name="fakewar",
    title="Fake War",
    package=__name__,
    aliases=("fw",),
    ruleset=Lazy(f"{__name__}.rules:FakeWar"),
    summary=Lazy(f"{__name__}.rules:summary"),
    files=(RosterFile("band", "First fake band:", "reds.txt"), RosterFile("band", "Second fake band:", "blues.txt")),
    new_battle=Lazy(f"{__name__}.rules:new_battle"),
    demo=Lazy(f"{__name__}.rules:demo"),
    check=Lazy(f"{__name__}.rules:check"),
)
"""

FAKE_SCREEN = """
from textual.screen import Screen
from textual.widgets import Static


class FakeWarScreen(Screen):
    def __init__(self, session):
        super().__init__()
        self.session = session

    def compose(self):
        summary = self.session.summary()
        yield Static(" v ".join(side.name for side in summary.sides), id="sides")
"""


@pytest.fixture
def fifth_system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A rule system added as a fifth one would be: its engine package, its dashboard
    package, and one line in ``BUNDLED``, nothing else (the packages live in a temporary
    folder added to the two namespaces' search paths)."""
    import engine.ruleset
    import engine.rulesets
    import tui.systems

    engine_side, tui_side = tmp_path / "engine_side" / "fakewar", tmp_path / "tui_side" / "fakewar"
    engine_side.mkdir(parents=True)
    tui_side.mkdir(parents=True)
    (engine_side / "__init__.py").write_text(FAKE_SPEC, encoding="utf-8")
    (engine_side / "rules.py").write_text(FAKE_RULES, encoding="utf-8")
    (tui_side / "__init__.py").write_text(
        'from tui.systems import Dashboard\n\nDASHBOARD = Dashboard(screen=f"{__name__}.screen:FakeWarScreen")\n',
        encoding="utf-8",
    )
    (tui_side / "screen.py").write_text(FAKE_SCREEN, encoding="utf-8")
    monkeypatch.setattr(engine.rulesets, "__path__", [*engine.rulesets.__path__, str(engine_side.parent)])
    monkeypatch.setattr(tui.systems, "__path__", [*tui.systems.__path__, str(tui_side.parent)])
    monkeypatch.setattr(engine.rulesets, "BUNDLED", (*BUNDLED, "fakewar"))  # the one registry line
    monkeypatch.setattr(engine.ruleset, "_REGISTRY", None)
    monkeypatch.setattr(engine.ruleset, "_INSTANCES", {})
    yield find_system("fakewar")
    for name in [m for m in sys.modules if m.startswith(("engine.rulesets.fakewar", "tui.systems.fakewar"))]:
        del sys.modules[name]


def test_a_fifth_system_is_found_by_the_registry_and_its_dashboard(fifth_system: SystemSpec):
    from tui.systems import has_dashboard, names, post_battle, screen_class, title_of

    assert find_system("FW") is fifth_system and systems()[-1] is fifth_system
    assert "fakewar" in names() and has_dashboard("fakewar") and title_of("fakewar") == "Fake War"
    assert screen_class("fakewar").__name__ == "FakeWarScreen" and post_battle("fakewar") is None


def test_a_fifth_system_is_a_choice_of_the_command_line(fifth_system: SystemSpec, tmp_path: Path, capsys):
    from tui.cli import build_parser, main

    parser = build_parser()
    assert parser.parse_args(["demo", "fw"]).system == "fakewar"
    assert parser.parse_args(["new", "a.txt", "b.txt", "--system", "fakewar"]).system == "fakewar"
    with pytest.raises(SystemExit):
        parser.parse_args(["demo", "--help"])
    assert "fakewar" in capsys.readouterr().out
    band = tmp_path / "reds.txt"
    band.write_text("Reds\n", encoding="utf-8")
    assert main(["check", "--system", "fw", str(band)]) == 0
    assert capsys.readouterr().out == f"{band}: the fake band Reds\n"


async def test_a_fifth_system_is_listed_by_the_new_battle_dialog_and_its_demo_opens(
    fifth_system: SystemSpec, tmp_path: Path
):
    from textual.widgets import Input, Static

    from tui.app import SkirmishApp
    from tui.opening import LaunchPlan
    from tui.screens.new_battle_screen import NewBattleScreen

    async def until(condition: Any) -> None:
        for _ in range(1000):
            if condition():
                return
            await pilot.pause(0.01)
        raise AssertionError("timed out")

    def label(screen: Any, name: str) -> str:
        found = screen.query(f"#{name}")
        return str(found.first(Static).render()) if found else ""

    app = SkirmishApp(LaunchPlan(mode="demo", system="fakewar", saves=str(tmp_path / "saves"), seed=1))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: label(app.screen, "sides") == "Reds v Blues")
        app.action_new_battle()
        await until(lambda: isinstance(app.screen, NewBattleScreen) and label(app.screen, "roster-a-label"))
        dialog = app.screen
        hints = " ".join(str(s.render()) for s in dialog.query(".hint"))
        assert "fakewar" in hints
        dialog.query_one("#system", Input).value = "fw"
        await until(lambda: label(dialog, "roster-a-label") == "First fake band:")
        assert not dialog.query_one("#scenario").display
        app.session.close()
