"""A SAGA roll's dice come before what they lead to, as Sanctum Mortalis' do: the shooting's
defence dice are their own entry ahead of the models they cost, in the log pane and the
entry's details; a save recorded before (the dice under "The shooting is resolved", after
the loss) still opens with every roll shown and counted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static

from engine.battle import Battle
from saves import BattleStore
from tui.report import build_report
from tui.screens.game_screen import GameScreen
from tui.screens.log_entry_screen import LogEntryScreen
from tui.widgets.log_pane import LogPane, entry_text

from .pilot_waits import press, wait_for_screen
from .saga_pilot import first_turn, move_and_shoot
from .test_battle_report_saga import scripted_battle

SIZE = (120, 40)


def _row(rows: list[str], words: str) -> int:
    return next(i for i, row in enumerate(rows) if words in row)


async def test_the_shots_defence_dice_are_logged_before_the_model_they_cost(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await move_and_shoot(pilot, screen, "6 5 2 1", "3 6")  # 2 hits, one cancelled: Ceorls lose 1
        log = screen.query_one(LogPane)
        rows = [row.prompt.plain for row in log.options]
        dice, lost = _row(rows, "Ceorls: defence dice, cancel on"), _row(rows, "Ceorls loses 1 model")
        assert dice < lost, rows
        assert "[3 6]" in rows[dice] and "1 uncancelled" in rows[dice]
        log.highlighted = dice
        log.focus()
        await press(pilot, "enter")
        entry = await wait_for_screen(pilot, LogEntryScreen)
        detail = str(entry.query_one(Static).render())
        loss = next(e.seq for e in screen.session.view.events if e.kind == "casualties_removed")
        assert entry.event.seq < loss
        assert "Ceorls: defence dice, cancel on" in detail and "Dice: [3 6]" in detail, detail


def as_recorded_before(battle: Battle) -> list[dict[str, Any]]:
    """``battle``'s entries as the app recorded them before the shooting's defence dice had
    their own entry: the roll in "The shooting is resolved", after the casualties (each
    entry numbered again, a command's group with it)."""
    kept: list[dict[str, Any]] = []
    renumbered: dict[int, int] = {}
    roll: dict[str, Any] | None = None
    for event in battle.entries:
        if event.kind == "shot_defence_rolled":
            roll = event.payload["roll"]
            renumbered[event.seq] = len(kept)  # its command's group now starts at the next entry
            continue
        data = event.to_dict()
        if event.kind == "shot_resolved" and roll is not None:
            data["payload"] = {**data["payload"], "roll": roll}
            roll = None
        renumbered[event.seq] = len(kept)
        kept.append(data)
    for data in kept:
        data["seq"], data["group"] = renumbered[data["seq"]], renumbered[data["group"]]
    return kept


def test_a_save_recorded_before_opens_with_the_same_battle_and_the_same_dice():
    now = scripted_battle()
    before = as_recorded_before(now)
    assert [d["kind"] for d in before if d["kind"] in ("casualties_removed", "shot_resolved")][:2] == [
        "casualties_removed",
        "shot_resolved",
    ]
    old = Battle(now.header, before)
    assert old.state == now.state
    resolved = next(e for e in old.active_events if e.kind == "shot_resolved")
    assert "🎲 Shields: defence dice, cancel on 5+: [2 6]" in entry_text(resolved).plain
    old_report, new_report = (
        build_report(now.header, before),
        build_report(now.header, [e.to_dict() for e in now.entries]),
    )
    assert old_report.luck == new_report.luck  # the same rolls counted, each for the side that rolled it
    assert [s.luck for s in old_report.headline.sides] == [s.luck for s in new_report.headline.sides]


async def test_a_save_recorded_before_opens_and_its_log_shows_the_defence_dice(make_app, saves_dir: Path):
    now = scripted_battle()
    saves_dir.mkdir(parents=True, exist_ok=True)
    path = saves_dir / "before.skirmish"
    with BattleStore.create(path, now.header) as store:
        store.append_many(as_recorded_before(now))
    app = make_app("open", file=str(path))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, GameScreen)
        rows = [row.prompt.plain for row in screen.query_one(LogPane).options]
        resolved = rows[_row(rows, "The shooting is resolved: 1 casualty.")]
        assert "🎲 Shields: defence dice, cancel on 5+: [2 6]" in resolved
