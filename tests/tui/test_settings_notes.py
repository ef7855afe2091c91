"""Issue #18, "Settings that must mean something": the settings screen lists the choices
first and the notes (a reading the app cannot apply, ``SettingSpec.is_note``) last, shown
with why and not selectable; the campaign's settings screen (``g``) holds the post-battle
sequence's own readings too, and changing one there is a logged campaign command."""

from __future__ import annotations

from pathlib import Path

from engine.rulesets.sanctum_mortalis.settings import CAMPAIGN_SETTINGS
from tui.screens.settings_screen import SettingsScreen, setting_text
from tui.systems.sanctum_mortalis.campaign.opening import start_from_battle

from .conftest import SIZE, battle_ready, press, wait_for_screen
from .test_post_battle import post_battle_ready, saved_demo_battle


def _options(screen: SettingsScreen) -> list:
    listing = screen.query_one("OptionList")
    return [listing.get_option_at_index(i) for i in range(listing.option_count)]


async def test_notes_are_shown_after_the_choices_and_cannot_be_picked(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        await press(pilot, "g")
        settings = await wait_for_screen(pilot, SettingsScreen)
        specs = {s.key: s for s in screen.session.settings}
        options = _options(settings)
        notes = [o for o in options if specs[o.id].is_note]
        assert notes and all(o.disabled for o in notes)
        assert not any(o.disabled for o in options if not specs[o.id].is_note)
        first_note = options.index(notes[0])
        assert all(specs[o.id].is_note for o in options[first_note:])  # the notes come last
        assert len(options) == len(specs)  # every setting is shown
        note = specs[notes[0].id]
        shown = setting_text(note, note.default).plain
        assert "note, not a choice" in shown and note.note in shown


async def test_the_campaign_settings_hold_the_post_battle_readings(saves_dir: Path, make_app):
    campaign = start_from_battle(saved_demo_battle(saves_dir), saves_dir, seed=7)
    app = make_app("open", file=str(campaign))
    async with app.run_test(size=SIZE) as pilot:
        screen = await post_battle_ready(pilot)
        await press(pilot, "g")
        settings = await wait_for_screen(pilot, SettingsScreen)
        ids = [o.id for o in _options(settings)]
        assert {s.key for s in CAMPAIGN_SETTINGS} <= set(ids)
        settings.query_one("OptionList").highlighted = ids.index("fence_scope")
        await press(pilot, "enter")  # the setting
        await press(pilot, "down", "enter")  # its other reading
        assert screen.state.settings["fence_scope"] == "slot-items"
