"""One way of writing a total in every rule system: dice lead to their total by an arrow
("Wolves 3 4 → 7 v Saints 3 4 → 7", "3 5 → 8 vs 7+"), never "3 4 = 7"; a target reads as
the rule digests write it ("6+"), never ">= 6". Scanned over each system's scripted
battle (the battle-report tests'): every log text, log line, entry detail and report."""

from __future__ import annotations

import copy
import re
from typing import Callable

import pytest

from engine.battle import Battle
from engine.formatting import roll_line, roll_line_forms
from engine.rolls import RollRecord
from tui.report import build_report, render
from tui.rolltext import rolls_in
from tui.screens.log_entry_screen import entry_detail
from tui.widgets.log_pane import entry_text

from . import test_battle_report, test_battle_report_saga, test_battle_report_star_quest, test_battle_report_xk6

BATTLES: dict[str, Callable[[], Battle]] = {
    "sanctum-mortalis": test_battle_report.scripted_battle,
    "saga": test_battle_report_saga.scripted_battle,
    "star-quest": test_battle_report_star_quest.scripted_battle,
    "xk6": test_battle_report_xk6.scripted_battle,
}

DICE_EQUALS_TOTAL = re.compile(r"(?:\b[1-6](?:→[1-6])?\]? )+= \d+(?![\d%./])")
"""Faces, then " = " and a number that is not a chance ("3 4 = 7"; not "1/6 = 16.7%")."""
COMPARISON_SIGN = re.compile(r"[<>]= ?\d|\bvs [<>]\d")
"""A target written as a sign (">= 6", ">=4", "vs <7")."""


def texts_of(battle: Battle) -> list[str]:
    """What a GM reads of the battle: each entry's text, its log line (with the roll lines
    the text does not give), its details, and the report in text and Markdown."""
    out: list[str] = []
    for event in battle.entries:
        out += [event.text or "", entry_text(event).plain, entry_detail(event).plain]
    entries = [e.to_dict() for e in battle.entries]
    out += [render(build_report(battle.header, entries), fmt) for fmt in ("text", "markdown")]
    return out


@pytest.fixture(scope="module", params=sorted(BATTLES))
def texts(request) -> list[str]:
    return texts_of(BATTLES[request.param]())


def test_no_total_is_written_with_an_equals_sign(texts):
    bad = [line for t in texts for line in t.splitlines() if DICE_EQUALS_TOTAL.search(line)]
    assert not bad, "\n".join(bad)


def test_no_target_is_written_as_a_sign(texts):
    bad = [line for t in texts for line in t.splitlines() if COMPARISON_SIGN.search(line)]
    assert not bad, "\n".join(bad)


def test_a_roll_off_reads_each_sides_dice_to_its_total_with_an_arrow():
    text = render(build_report(BATTLES["sanctum-mortalis"]().header, _entries("sanctum-mortalis")), "text")
    assert "3 4 → 7 v Saints 3 4 → 7 (a tie: rolled again)" in text
    assert "compared: Bo 6 6 → 13 v Yul 1 1 → 2" in text  # the melee, as before


def _entries(system: str) -> list[dict]:
    return [e.to_dict() for e in BATTLES[system]().entries]


def test_an_entry_saved_with_the_old_wording_keeps_its_text_and_is_not_given_its_roll_twice():
    battle = BATTLES["sanctum-mortalis"]()
    event = next(e for e in battle.entries if e.kind == "shot")
    (record,) = [r for r in rolls_in(event.payload) if roll_line(r) in event.text]
    new, old = roll_line_forms(record)
    assert " = " in old and " → " in new and "vs >=" not in new
    saved = copy.deepcopy(event.to_dict())
    saved["text"] = saved["text"].replace(new, old)  # as a save made before totals read with arrows
    loaded = type(event).from_dict(saved)
    assert loaded.text.endswith(old)  # the saved text is not rewritten
    assert "🎲" not in entry_text(loaded).plain  # its roll is in its text: no second roll line


def test_a_target_reads_as_the_books_write_it():
    from fractions import Fraction

    from engine.rolls import Die

    record = RollRecord(
        "x.fear", "Fear test", (Die(3), Die(5)), target=7, comparison=">=",
        probability=Fraction(21, 36), outcome="passed", success=True,
    )  # fmt: skip
    assert roll_line(record) == "3 5 → 8 vs 7+: passed (chance 58.3%)"
