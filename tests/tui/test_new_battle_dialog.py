"""ctrl+n asks for the files the chosen rule system needs: two band rosters, or for Star
Quest the party, the enemies and the mission. A missing or malformed file is one line and
creates no save; a half-filled form is refused in the dialog."""

from __future__ import annotations

from pathlib import Path

from .conftest import SIZE, battle_ready, press, settle, wait_for
from .sq_pilot import sq_ready, type_text


def demo_files(folder: Path) -> list[str]:
    from engine.rulesets.star_quest.demo import DEMO_FILES, demo_text

    paths = []
    for name in DEMO_FILES:
        (folder / name).write_text(demo_text(name), encoding="utf-8")
        paths.append(str(folder / name))
    return paths


async def fill_star_quest(pilot, files: list[str]):
    """ctrl+n, then the system and each file typed, tab between the fields."""
    from tui.screens.new_battle_screen import NewBattleScreen

    await press(pilot, "ctrl+n")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, NewBattleScreen)
    await type_text(pilot, "star-quest")
    await settle(pilot)
    for path in files:
        await press(pilot, "tab")
        await type_text(pilot, path)
    return dialog


async def test_star_quest_in_the_new_battle_dialog_asks_for_three_files_and_opens_the_battle(
    make_app, saves_dir: Path, tmp_path: Path
):
    paths = demo_files(tmp_path)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await battle_ready(pilot)
        dialog = await fill_star_quest(pilot, paths)
        mission = dialog.query_one("#mission")
        assert mission.display and mission.value == paths[2]
        assert "Mission file" in str(dialog.query_one("#mission-label").render())
        assert "Party roster file" in str(dialog.query_one("#roster-a-label").render())
        assert not dialog.query_one("#scenario").display  # Sanctum Mortalis only
        await press(pilot, "enter")
        screen = await sq_ready(pilot)
        assert screen.session.title == "Star Quest: The Silent Relay"
        assert len(screen.state.heroes()) == 3 and screen.session.battle.ruleset.name == "star-quest"
    assert len(list(saves_dir.glob("*.skirmish"))) == 2


async def test_a_wrong_mission_path_is_one_line_and_creates_no_save(make_app, saves_dir: Path, tmp_path: Path):
    paths = demo_files(tmp_path)
    bad = tmp_path / "broken.toml"
    bad.write_text('name = "Broken"\n[[wave]]\nid = "w"\nround = 1\nunits = ["nobody"]\n', encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        first = await battle_ready(pilot)
        before = sorted(saves_dir.glob("*.skirmish"))
        for mission, says in ((str(tmp_path / "no-such-mission.toml"), "no such file"), (str(bad), "nobody")):
            app._notifications.clear()
            await fill_star_quest(pilot, paths[:2] + [mission])
            await press(pilot, "enter")
            await settle(pilot)
            await wait_for(pilot, lambda: list(app._notifications), "the refusal's notification")
            assert app.screen is first  # the open battle stays
            (note,) = list(app._notifications)
            assert says in str(note.message) and "\n" not in str(note.message)
            assert sorted(saves_dir.glob("*.skirmish")) == before


async def test_two_of_three_star_quest_files_are_refused_in_the_dialog(make_app, tmp_path: Path):
    from tui.screens.new_battle_screen import NewBattleScreen

    paths = demo_files(tmp_path)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await battle_ready(pilot)
        await fill_star_quest(pilot, paths[:2])
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, NewBattleScreen)
        assert "Give all three files (party, enemies, mission)" in str(app.screen.query_one("#new-error").render())
