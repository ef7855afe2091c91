"""Choosing from a list by keys, as a GM types: the picker's key hint stays in view on a
long list at 80×24, ``j``/``k`` move like ↓/↑, a shot's target is only ever the one the
GM highlighted (a ⏎ typed ahead, or meant for a weapon picker a one-weapon model skips,
chooses nothing), and on the post-battle screen a done roll or choice leaves nothing
under the highlight for the next ⏎."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events

from tui.dialogs.roll_dialog import RollDialog
from tui.screens.picker_screen import PickerScreen

from .conftest import SIZE, press, settle, start_round_one, status_text
from .test_post_battle import SAINTS, WOLVES, post_battle_ready
from .test_post_battle_keys import campaign_of
from .test_post_battle_recruit import highlight


def screen_text(app: Any) -> str:
    """What the terminal shows, as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


async def typed_ahead(pilot: Any, *keys: str) -> None:
    """Keys typed in one burst, faster than the screens they open: none waits for the
    previous one to be handled (``pilot.press`` would)."""
    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)
    await settle(pilot)


async def level_up_picker(pilot: Any) -> PickerScreen:
    """The Iron Wolves' development step: Brann Holt's level-up rolled (3 4: a
    characteristic or a skill, §19.3), then ⏎ on it: the long list of what to spend it on."""
    screen = await post_battle_ready(pilot)
    await press(pilot, "b", "e", "e")
    assert screen.state.post.of(WOLVES).step == "development"
    await highlight(pilot, screen, lambda row: row == ("advance", "brann-holt"))
    await press(pilot, "enter", "3", "space", "4", "enter")
    await highlight(pilot, screen, lambda row: row == ("advance", "brann-holt"))
    await press(pilot, "enter")
    picker = pilot.app.screen
    assert isinstance(picker, PickerScreen) and picker.question == "Brann Holt: spend a level-up on"
    return picker


# ---------------------------------------------------------------------- the picker itself
async def test_a_long_picker_keeps_its_key_hint_in_view_at_80x24(saves_dir: Path, make_app):
    app = make_app("open", file=str(campaign_of(saves_dir)))
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await level_up_picker(pilot)
        assert len(picker.choices) > 20  # longer than the screen is high
        shown = screen_text(app)
        assert "⏎ choose" in shown and "esc cancel" in shown
        await press(pilot, "end")  # the list scrolls to its last open answer; the hint stays
        last = max(i for i, choice in enumerate(picker.choices) if not choice.why_not)
        assert last > 20 and picker.query_one("#choices").highlighted == last
        shown = screen_text(app)
        assert str(picker.choices[last].label) in shown and "esc cancel" in shown


async def test_j_and_k_move_the_picker_highlight_like_the_arrows(saves_dir: Path, make_app):
    app = make_app("open", file=str(campaign_of(saves_dir)))
    async with app.run_test(size=SIZE) as pilot:
        picker = await level_up_picker(pilot)
        listing = picker.query_one("#choices")
        assert listing.highlighted == 0
        await press(pilot, "j", "j")
        assert listing.highlighted == 2
        await press(pilot, "k")
        assert listing.highlighted == 1
        await press(pilot, "down", "up", "up")
        assert listing.highlighted == 0
        await press(pilot, "j", "enter")  # +1 Fight (W), the second answer
        assert isinstance(app.screen, PickerScreen) is False
        brann = app.screen.state.band(WOLVES).model("brann-holt")
        assert brann.advances == (("W", 1),)


# ---------------------------------------------------------------------- the shot's target
def one_weapon_shooter(screen: Any) -> Any:
    """A model of the side to act with a single ranged weapon (its weapon picker is
    skipped): the ⏎ a GM types for the weapon reaches the target picker."""
    side = screen.state.order.to_act
    return next(
        m for m in screen.state.models_of(side) if len(set(m.spec.ranged)) == 1 and m.spec.ranged[0] != "flamer"
    )


def shots(screen: Any) -> list[Any]:
    return [e for e in screen.session.view.events if e.kind == "shot"]


async def test_an_enter_typed_ahead_after_s_shoots_no_one(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_round_one(pilot)
        shooter = one_weapon_shooter(screen)
        screen.select_model(shooter.id, focus=True)
        saved = screen.session.view.saved
        await typed_ahead(pilot, "s", "enter")  # as fast as a GM types "shoot, that weapon"
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.question.startswith(f"{shooter.name} shoots the ")
        assert picker.query_one("#choices").highlighted is None  # no target until the GM moves to one
        assert "Nothing is highlighted, so nothing was chosen" in str(picker.query_one("#hint").render())
        assert screen_text(app).count("esc cancel") == 1
        await press(pilot, "enter", "enter")  # more ⏎: still nothing
        assert app.screen is picker and not shots(screen) and screen.session.view.saved == saved


async def test_the_target_is_the_one_highlighted_and_the_roll_dialog_names_it(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_round_one(pilot)
        shooter = one_weapon_shooter(screen)
        screen.select_model(shooter.id, focus=True)
        await typed_ahead(pilot, "s", "enter", "j", "j", "enter")  # ⏎ too early, then the second target
        picker_targets = [m for m in screen.enemies(shooter)]
        meant = picker_targets[1]
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        assert dialog.adapter.base.target == meant.id
        assert dialog.adapter.title.startswith(f"{shooter.name} shoots {meant.name} — ")
        assert f"{shooter.name} shoots {meant.name}" in screen_text(app)  # the border title, at 80×24
        await press(pilot, "r")
        assert shots(screen)[-1].payload["context"]["target"] == meant.id


async def test_the_fight_picker_also_starts_with_no_opponent_highlighted(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        fighter = one_weapon_shooter(screen).id
        screen.select_model(fighter, focus=True)
        # in contact with two enemies (out of contact, f is refused before any picker, §8.1)
        await press(pilot, "i", "enter")  # engaged with the first enemy
        await press(pilot, "i", "down", "enter")  # and the next (the first answer now ends that contact)
        assert len(screen.state.model(fighter).engaged_with) == 2
        await typed_ahead(pilot, "f", "enter")
        assert isinstance(app.screen, PickerScreen) and app.screen.query_one("#choices").highlighted is None
        await press(pilot, "k", "enter")  # ↑ from nothing: the last opponent listed
        assert isinstance(app.screen, RollDialog)
        await press(pilot, "escape")
        assert not [e for e in screen.session.view.events if e.kind == "melee_rolled"]


# ---------------------------------------------------------------------- the post-battle list
async def test_a_done_roll_leaves_nothing_under_the_highlight(saves_dir: Path, make_app):
    app = make_app("open", file=str(campaign_of(saves_dir)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await post_battle_ready(pilot)
        await press(pilot, "e")  # the Saints' injuries: Dex Marlow's roll, then Nim's
        listing = screen.query_one("#actions")
        await highlight(pilot, screen, lambda row: row[0] == "roll" and row[1].model == "dex-marlow")
        await press(pilot, "enter", "2", "space", "3", "enter")  # 5: Serious injuries
        post = lambda: screen.state.post.of(SAINTS)  # noqa: E731 - the campaign as saved
        assert post().wound("dex-marlow").case.result == "serious"
        assert listing.highlighted is None  # Nim's roll moved up into the row, but is not highlighted
        saved = screen.session.view.saved
        await press(pilot, "enter")  # a second ⏎ opens nothing
        assert app.screen is screen and screen.session.view.saved == saved
        said = status_text(screen)
        assert said.startswith("No row highlighted — ↓/j: “Nim: post-battle injury”")
        await press(pilot, "down")  # ↓ lands on the row now in its place: Nim's roll
        assert screen.rows[listing.highlighted][0] == "roll" and screen.rows[listing.highlighted][1].model == "nim"
        await press(pilot, "enter")  # opening a roll dialog records nothing; esc leaves it
        assert isinstance(app.screen, RollDialog) and "Nim" in app.screen.adapter.title
        await press(pilot, "escape")
        assert app.screen is screen and screen.session.view.saved == saved
        assert post().wound("nim").case is None


async def test_a_done_choice_leaves_nothing_under_the_highlight(saves_dir: Path, make_app):
    app = make_app("open", file=str(campaign_of(saves_dir)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await post_battle_ready(pilot)
        await press(pilot, "e", "r", "2", "space", "3", "enter")  # Dex Marlow: Serious injuries
        await highlight(
            pilot, screen, lambda row: row[0] == "choice" and row[1].label == "Dex Marlow: accept, wound Damaged leg"
        )
        await press(pilot, "enter")
        state = screen.state
        assert state.band(SAINTS).model("dex-marlow").wounds == ("damaged-leg",)
        listing = screen.query_one("#actions")
        assert listing.highlighted is None  # the other wounds are gone; nothing moved under it
        saved = screen.session.view.saved
        await press(pilot, "enter")
        assert screen.session.view.saved == saved and screen.state is state
        await press(pilot, "j")
        assert listing.highlighted is not None
