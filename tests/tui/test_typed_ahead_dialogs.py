"""Keys typed in one burst, faster than the dialogs they open and close: a dialog
handles only the keys it gets while it is on top, so a key meant for the next one never
closes a second screen (the battle screen under it stayed blank: QA, SM demo)."""

from __future__ import annotations

from tui.dialogs.roll_dialog import RollDialog
from tui.screens.picker_screen import PickerScreen
from tui.systems.sanctum_mortalis.screen import BattleScreen

from .conftest import press, settle, start_round_one
from .test_choosing_by_keys import one_weapon_shooter, typed_ahead


async def test_a_burst_through_the_target_picker_and_the_dice_leaves_the_battle_screen(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_round_one(pilot)
        shooter = one_weapon_shooter(screen)
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "s")
        assert isinstance(app.screen, PickerScreen)
        await typed_ahead(pilot, "j", "j", "enter", "5", "space", "5", "enter")
        assert screen in app.screen_stack, "the battle screen stays under the dialogs"
        assert not any(isinstance(s, PickerScreen) for s in app.screen_stack)
        while isinstance(app.screen, RollDialog):
            await press(pilot, "escape")
        await settle(pilot)
        assert app.screen is screen and isinstance(app.screen, BattleScreen)
        assert app.screen_stack[-2:] == [app.screen_stack[-2], screen] and len(app.screen_stack) == 2
