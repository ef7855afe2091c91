"""The re-roll dialog's keys line says what ⏎ does there: with no re-roll picked it
accepts the result (a held failure takes the model out), it does not roll."""

from __future__ import annotations

from tui.dialogs.roll_dialog import ROLL_HINT, RollAdapter, RollDialog, RollPreview

from .conftest import SIZE, press, settle, start_round_one, through_pickers


async def test_the_reroll_dialogs_hint_says_enter_alone_accepts_the_failure(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        shooter = next(m for m in screen.state.models_of(side) if m.spec.ranged)
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "s")
        await through_pickers(pilot)
        await press(pilot, "1", "space", "1", "enter")  # a hit: its Toughness roll follows
        await settle(pilot)
        await press(pilot, "r")  # the app's roll fails (seeded): held, re-rolls offered
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and "re-roll?" in dialog.adapter.title
        hint = str(dialog.query_one("#roll-hint").render())
        assert "none picked: ⏎ or r accepts the failure (the model is taken out)" in hint
        assert "r or empty ⏎: the app rolls it" in hint
        await press(pilot, "escape")
        await press(pilot, "t")  # the held roll again: the kept dialog, reloaded, says the same
        assert app.screen is dialog and str(dialog.query_one("#roll-hint").render()) == hint
        dialog.load(Plain())  # another roll in the kept dialog: the usual line again
        await settle(pilot)
        assert str(dialog.query_one("#roll-hint").render()) == ROLL_HINT


class Plain(RollAdapter):
    title = "plain"

    def preview(self, toggles, declined, flags):
        return RollPreview()

    def command(self, toggles, declined, flags):
        return None


def test_the_melee_re_roll_dialogs_result_says_each_sides_total():
    from tui.systems.sanctum_mortalis.reroll_adapter import RerollAdapter

    from .test_battle_report import scripted_battle

    battle = scripted_battle()
    battle.undo()  # before the GM ends it: the melee is the last roll
    assert battle.state.last_roll.kind == "melee"
    odds = RerollAdapter(battle.state).preview(frozenset(), frozenset(), {}).odds.plain
    assert odds.startswith("Result Bo 6 6 → 13 v Yul 1 1 → 2: Bo wins"), odds
    assert "14" not in odds and "=" not in odds
