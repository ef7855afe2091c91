"""No label on a dashboard shows an internal id (#21): no model or unit id, no card or
re-roll source key, no GM action id; the GM reads names ("I'm fine! (Nic mi nie
jest!)", not "im-fine"). Each system's dashboard mid-turn, read as drawn; and the details
of a log entry (⏎ on its line): a Sanctum Mortalis melee, an xK6 attack, a Star Quest
block roll, a SAGA fatigue and retreat entry say each side's total and the rest in words,
with no rule-procedure id, raw data or digest section."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from engine.formatting import possessive
from engine.rolls import records_in
from engine.ruleset import find_system
from engine.rulesets.sanctum_mortalis import tables as sm_tables
from engine.rulesets.sanctum_mortalis.procedures.reroll import REROLL_SOURCES
from saves import BattleStore
from tui.screens.game_screen import GameScreen

from . import test_battle_report as sm_report
from . import test_battle_report_saga as saga_report
from . import test_battle_report_star_quest as sq_report
from . import test_battle_report_xk6 as xk6_report
from .pilot_waits import press, wait_for_screen
from .test_every_size import SYSTEMS, _app

TEXT = re.compile(r"<text [^>]*>([^<]*)</text>")


def screen_text(app: Any) -> str:
    """Every character drawn on the screen (the screenshot's text runs, joined)."""
    svg = app.export_screenshot()
    return html.unescape("".join(TEXT.findall(svg))).replace("\xa0", " ")


def internal_ids(screen: Any) -> set[str]:
    """Ids a GM should never read: those with a separator (one-word keys such as
    "captain" are also ordinary words)."""
    state = screen.state
    pieces = [*getattr(state, "models", ()), *getattr(state, "units", ())]
    ids = {p.id for p in pieces}
    ids |= set(sm_tables.EVENT_CARDS) | set(REROLL_SOURCES)
    for group in (screen.KEYS, *getattr(screen, "PANE_KEYS", ())):
        ids |= {a.id for a in group.actions}
    return {i for i in ids if "-" in i or "." in i}


@pytest.mark.parametrize("system", list(SYSTEMS))
async def test_no_label_on_the_dashboard_is_an_internal_id(make_app, system):
    app = _app(make_app, system)
    async with app.run_test(size=(120, 40)) as pilot:
        await SYSTEMS[system][1](pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        text = screen_text(app)
        assert len(text) > 500
        shown = sorted(i for i in internal_ids(screen) if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text))
        assert not shown, f"internal ids on screen: {shown}"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Pip", "Pip's"),
        ("Ceorls", "Ceorls'"),
        ("Iron Wolves", "Iron Wolves'"),
        ("Jarl Sigurd's Host", "Jarl Sigurd's Host's"),
    ],
)
def test_a_possessive_of_a_name_ending_in_s_takes_only_the_apostrophe(name, expected):
    assert possessive(name) == expected


def test_every_re_roll_source_is_named_in_english_with_the_original_beside_it():
    for key, label in REROLL_SOURCES.items():
        assert key not in label
        assert re.fullmatch(r"[A-Z][^()]+ \([^()]+\)", label), label


# ----------------------------------------------------------------------------- the log entry's details
def _saved(battle: Any, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{battle.ruleset.name}.skirmish"
    with BattleStore.create(path, battle.header) as store:
        store.append_many([e.to_dict() for e in battle.entries])
    return path


def _detail_ids(battle: Any) -> set[str]:
    """What the details must not show: member ids with a separator, every roll's procedure
    id, event kinds with an underscore, re-roll source keys."""
    summary = find_system(battle.ruleset.name).summary(battle.state)
    ids = {m.id for m in summary.members} | set(REROLL_SOURCES) | {"command-point"}
    for event in battle.entries:
        ids.add(event.kind)
        ids |= {record.procedure for record in records_in(event.payload)}
    return {i for i in ids if "-" in i or "." in i or "_" in i}


RAW_QUOTE = re.compile(r"(?<=[\[{(:,\s])'|'(?=[:,}\]])")
"""A quote mark of a dict or string written out ("{'start': 0"); not an apostrophe
("Boss' command point", "Cult's Defense")."""

DETAILS: dict[str, tuple[Any, str, tuple[str, ...], tuple[str, ...]]] = {
    # system: (the battle, a text of the entry, what its details say, what they must not say)
    "sanctum-mortalis": (
        sm_report.scripted_battle,
        "Melee Bo v Yul",
        ("Compared: Bo 6 6 → 13 v Yul 1 1 → 2", "Additional weapon +1  Rodzaje broni (Melee weapons), p. 7",
         "  Yul:\n    Fight 0  Charakterystyki (Characteristics), p. 5\n",
         "Chance before the roll (of success): 55.6% (721/1296)", "Outcome: Bo wins"),
        ("14", "Recorded", "Detail", "attacker", "defender"),
    ),
    "xk6": (
        xk6_report.scripted_battle,
        "Grunt fires with Rifle at Boss",
        ("Compared: Grunt 2 3 → 4 v Boss 6 6 → 7: SL -3", "target in the open +1", "Def (dice) 2",
         "Chance before the roll (of success): 60.3% (781/1296)"),
        ("total", "Recorded", "Detail", "distribution"),
    ),
    "star-quest": (
        sq_report.scripted_battle,
        "Defense 2 1 against 4+",
        ("Needs: 4+ on each die", "Dice: [2 1] → 0 of 2 dice 4+", "Outcome: 0 of 2 blocked",
         "Chance before the roll (of success, each die): 50.0% (1/2)"),
        ("total", "Recorded", "Detail", "natural", "only_six"),
    ),
    "saga": (
        saga_report.scripted_battle,
        "Axes gains 1 fatigue",
        ("Axes gains 1 fatigue (took part in a melee",),
        ("Recorded", "unit", "trigger", "Dice"),
    ),
    "saga-retreat": (
        saga_report.scripted_battle,
        "Step 8: who retreats?",
        ("Step 8: who retreats?",),
        ("Recorded", "stage", "retreat\n", "Dice"),
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(DETAILS))
async def test_the_details_of_a_log_entry_say_each_sides_total_in_words_with_no_internal_id(
    make_app, saves_dir: Path, case: str
):
    from textual.widgets import Static

    from tui.screens.log_entry_screen import LogEntryScreen
    from tui.widgets.log_pane import LogPane

    build, entry_text, said, unsaid = DETAILS[case]
    battle = build()
    seq = next(e.seq for e in battle.active_events if entry_text in (e.text or ""))
    app = make_app("open", file=str(_saved(battle, saves_dir)))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, GameScreen)
        log = app.screen.query_one(LogPane)
        log.reveal(seq)
        log.focus()
        await press(pilot, "enter")
        entry = await wait_for_screen(pilot, LogEntryScreen)
        text = str(entry.query_one(Static).render())
        assert text.startswith(f"#{seq} · round 1\n"), text
        for words in said:
            assert words in text, (words, text)
        for words in unsaid:
            assert words not in text, (words, text)
        assert not {"=", "{", "}", "§"} & set(text), text
        assert not RAW_QUOTE.search(text), text
        shown = sorted(i for i in _detail_ids(battle) if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text))
        assert not shown, f"internal ids in the details: {shown}"


def test_a_campaigns_entry_is_headed_by_the_battles_recorded_not_by_a_round():
    from engine.events import Event
    from tui.screens.log_entry_screen import entry_detail

    event = Event(seq=4, kind="battle_recorded", round=2, actor=None, payload={}, text="Battle 2 recorded.")
    assert entry_detail(event, campaign=True).plain.startswith("#4 · after battle 2\nBattle 2 recorded.")
    assert entry_detail(event).plain.startswith("#4 · round 2\n")
