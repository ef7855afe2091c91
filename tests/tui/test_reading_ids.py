"""Every reading id a GM reads is one followable form (#21): the system's id exactly as
the settings screen (`g`) lists it ("SAGA-M9", "XK-M1", "SQ-A25"), never a bare short
form ("[M9]"), and every one is listed there, with what it means (a MISSING item the
house default fills is a "house reading" note). Scanned over the engine's and the
dashboard's texts of every system, and over their demo dashboards as drawn."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.ruleset import HOUSE_READING, find_system
from tui.screens.settings_screen import SettingsScreen

from .pilot_waits import wait_for_screen
from .test_every_size import SYSTEMS, _app
from .test_no_internal_ids import screen_text

ROOT = Path(__file__).resolve().parents[2]
PREFIX = {"saga": "SAGA", "xk6": "XK", "star-quest": "SQ", "sanctum-mortalis": "SM"}
PACKAGE = {"saga": "saga", "xk6": "xk6", "star-quest": "star_quest", "sanctum-mortalis": "sanctum_mortalis"}
BRACKETED = re.compile(r"\[([^\[\]]{0,60})\]")
AN_ID = re.compile(r"(?<![\w-])(?:([A-Z]+)-)?([AMB]\d+)(?!\w)")


def listed(system: str) -> set[str]:
    return {s.ref for s in find_system(system).setting_specs()}


def _texts(path: Path):
    """Each string a module may show (its literals and f-string parts), not its docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        for statement in getattr(node, "body", []) if isinstance(getattr(node, "body", None), list) else []:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                docs.add(id(statement.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def problems(text: str, system: str) -> list[str]:
    """Each id in brackets in ``text`` that is a bare short form, another system's, or not listed."""
    out = []
    for bracket in BRACKETED.finditer(text):
        for found in AN_ID.finditer(bracket.group(1)):
            prefix, short = found.groups()
            if prefix is None:
                out.append(f"bare [{short}] in {bracket.group(0)}")
            elif prefix != PREFIX[system] or found.group(0) not in listed(system):
                out.append(f"{found.group(0)} not listed in the settings")
    return out


@pytest.mark.parametrize("system", list(PREFIX))
def test_every_reading_id_in_the_engines_and_dashboards_texts_is_the_settings_listed_form(system):
    found = []
    for top in (ROOT / "engine" / "rulesets" / PACKAGE[system], ROOT / "tui" / "systems" / PACKAGE[system]):
        for path in sorted(top.rglob("*.py")):
            for line, text in _texts(path):
                found += [f"{path.relative_to(ROOT)}:{line}: {p}" for p in problems(text, system)]
    assert not found, "\n".join(found)


def test_the_scan_catches_a_bare_id_and_one_not_listed():
    assert problems("house default, not in the source [M9]", "saga") == ["bare [M9] in [M9]"]
    assert problems("(keep formation [SAGA-M6])", "saga") == []
    assert problems("out of play ([XK-M99])", "xk6") == ["XK-M99 not listed in the settings"]
    assert problems("[SQ-A25](b)", "star-quest") == []


@pytest.mark.parametrize(
    ("system", "ref"),
    [
        ("saga", "SAGA-M5"),
        ("saga", "SAGA-M6"),
        ("xk6", "XK-M1"),
        ("xk6", "XK-M4"),
        ("star-quest", "SQ-M1"),
        ("sanctum-mortalis", "SM-M4"),
    ],
)
def test_a_missing_item_is_listed_as_a_house_reading_note_with_its_meaning(system, ref):
    spec = next(s for s in find_system(system).setting_specs() if s.ref == ref)
    assert spec.is_note and spec.title.lower().startswith(HOUSE_READING) and len(spec.title) > len(HOUSE_READING) + 10


def test_the_star_quest_ai_question_cites_the_books_section_beside_its_id():
    from engine.rulesets.star_quest.ai_chart import NODES

    sq = find_system("star-quest")
    for node in NODES.values():
        rule = node.rule
        if "SQ-A" in rule:
            assert "§" in rule and "§" not in sq.cite(rule), rule


@pytest.mark.parametrize("system", list(PREFIX))
async def test_every_reading_id_on_the_demo_dashboard_and_its_settings_is_listed(make_app, system):
    app = _app(make_app, system)
    async with app.run_test(size=(160, 50)) as pilot:
        await SYSTEMS[system][1](pilot)
        shown = screen_text(app)
        assert not problems(shown, system), problems(shown, system)
        app.screen.action_settings()
        await wait_for_screen(pilot, SettingsScreen)
        settings = app.screen
        listing = "\n".join(str(s.ref) for s in settings.specs)
        assert all(ref in listing for ref in listed(system))
