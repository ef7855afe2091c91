"""The post-battle screen driven by keys only, as a GM would: the injury roll with the
dice typed in the roll dialog (§18.1), the battle's XP as the log counts it (§19.1), a
level-up rolled and spent (§19.3), buying, selling and equipping (§22.3), undo of a
step, the step ends, the rosters written (``skirmish check`` accepts them) and the next
battle started from the updated bands.

The finished battle is scripted through the engine: Brann Holt (Iron Wolves, 2 XP)
takes Dex Marlow and Nim of the Crimson Saints out of action with failed Toughness
rolls; the Iron Wolves keep a Camouflage in their stash.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from engine.battle import Battle, new_header
from engine.records import changed
from engine.rolls import kept_faces
from engine.ruleset import find_system
from engine.rulesets.sanctum_mortalis import commands as bc
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.battle_setup import demo_bands
from engine.rulesets.sanctum_mortalis.profile import effective_profile
from saves import BattleStore
from tui.roster_check import check_rosters
from tui.systems.sanctum_mortalis.campaign.opening import post_battle
from tui.widgets.log_pane import LogPane

from .conftest import SIZE, battle_ready, press, status_text
from .test_post_battle import SAINTS, WOLVES, post_battle_ready
from .test_post_battle_recruit import highlight, summary

SM = find_system("sanctum-mortalis")


def scripted_battle(
    folder: Path, saints_stash: tuple[str, ...] = (), wolves_stash: tuple[str, ...] = ("camouflage",)
) -> Path:
    """The demo bands' battle, ended: Brann Holt takes Dex Marlow and Nim out. Each band
    keeps the items given in its stash."""
    saints, wolves = demo_bands()
    saints = changed(saints, stash=saints_stash)
    wolves = changed(wolves, stash=wolves_stash)
    battle = Battle(new_header("sanctum-mortalis", make_setup(saints, wolves), seed=1, title="Demo battle"))
    for model in ("A.dex-marlow", "A.nim"):
        battle.submit(bc.RemoveModel(model, by="B.brann-holt", cause="failed Toughness roll (shooting)"))
    battle.submit(bc.EndBattle())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "demo.skirmish"
    with BattleStore.create(path, battle.header) as store:
        store.append_many([e.to_dict() for e in battle.entries])
    return path


def campaign_of(folder: Path) -> Path:
    """What ``skirmish campaign demo.skirmish`` does before the screen opens."""
    path, _ = post_battle(scripted_battle(folder), folder, seed=7)
    return path


async def roll_typed(pilot, *dice: str) -> None:
    """``r`` opens the roll dialog of the first roll due; type the dice, ⏎."""
    from tui.dialogs.roll_dialog import RollDialog

    await press(pilot, "r")
    assert isinstance(pilot.app.screen, RollDialog)
    keys = [k for i, d in enumerate(dice) for k in ((d,) if i == 0 else ("space", d))]
    await press(pilot, *keys, "enter")
    assert not isinstance(pilot.app.screen, RollDialog)


async def choose(pilot, screen, label: str) -> None:
    """Walk the action list to the choice starting with ``label``, ⏎."""
    await highlight(pilot, screen, lambda row: row[0] == "choice" and row[1].label.startswith(label))
    await press(pilot, "enter")


def wolves_model(state, model: str):
    return state.band(WOLVES).model(model)


# §18.1 injury table: 2–3 Death, 4 Critically wounded, 5 Serious injuries, 6 Amnesia,
# 7–10 Light injuries, 11–12 Lesson learned.
INJURY_ROWS = [
    (("1", "2"), "death", "Death"),
    (("2", "2"), "critical", "Critically wounded"),
    (("1", "4"), "serious", "Serious injuries"),
    (("3", "3"), "amnesia", "Amnesia"),
    (("4", "6"), "light", "Light injuries"),
    (("5", "6"), "lesson", "Lesson learned"),
]


@pytest.mark.parametrize(
    "dice, result, name", INJURY_ROWS, ids=[f"sm-18.1-{'+'.join(d)}-{r}" for d, r, _ in INJURY_ROWS]
)
async def test_typed_injury_dice_record_the_table_result(saves_dir: Path, make_app, dice, result, name):
    app = make_app("open", file=str(campaign_of(saves_dir)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await post_battle_ready(pilot)
        await press(pilot, "e")  # Saints: no loot rolls due, on to the injuries
        assert screen.state.post.of(SAINTS).step == "injuries"
        assert "Dex Marlow: injury roll due" in summary(screen)
        await roll_typed(pilot, *dice)
        case = screen.state.post.of(SAINTS).wound("dex-marlow").case
        assert case.result == result
        assert kept_faces(case.rolls[0].dice) == tuple(int(d) for d in dice)
        said = status_text(screen)
        assert f"{' '.join(dice)} → {sum(int(d) for d in dice)}: {name} (chance" in said and SM.cite("(§18.1)") in said
        assert f"Dex Marlow: injury {name}" in summary(screen)
        assert screen.state.post.of(SAINTS).wound("nim").case is None  # the other roll is still due


async def test_the_whole_post_battle_sequence_by_keys(saves_dir: Path, make_app):
    from tui.screens.picker_screen import PickerScreen

    app = make_app("open", file=str(campaign_of(saves_dir)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await post_battle_ready(pilot)
        state = lambda: screen.state  # noqa: E731 - the campaign as saved after each key

        # ---- Crimson Saints: injuries, typed dice, wound chosen (§18.1, [SM-A18] the owner picks)
        await press(pilot, "e")
        await roll_typed(pilot, "2", "3")  # 5: Serious injuries
        assert state().post.of(SAINTS).wound("dex-marlow").case.result == "serious"
        await choose(pilot, screen, "Dex Marlow: accept, wound Damaged leg")
        assert state().band(SAINTS).model("dex-marlow").wounds == ("damaged-leg",)
        assert state().band(SAINTS).misses_next == ("dex-marlow",)
        await roll_typed(pilot, "6", "5")  # 11: Lesson learned, +1 XP at once
        assert state().post.of(SAINTS).wound("nim").case.result == "lesson"
        await choose(pilot, screen, "Nim: accept the result")
        assert state().band(SAINTS).model("nim").xp == 1
        shown = summary(screen)
        assert "Dex Marlow: injury Serious injuries, settled; misses the next battle" in shown
        assert "Nim: injury Lesson learned, settled" in shown
        await press(pilot, "e", "e", "e")  # injuries, development, purchases: done
        assert state().post.of(SAINTS).step == "done"

        # ---- Iron Wolves: the battle's XP as the log counts it (§19.1), before it is added
        await press(pilot, "b")
        assert screen.band == WOLVES and state().post.of(WOLVES).step == "loot"
        assert SM.cite("Brann Holt: +2 XP from the battle (2 enemy models defeated, §19.1)") in summary(screen)
        assert wolves_model(state(), "brann-holt").xp == 2
        await press(pilot, "e", "e")  # loot, injuries: the XP is added, 2 → 4 is level 2 (§19.2)
        assert state().post.of(WOLVES).step == "development"
        assert wolves_model(state(), "brann-holt").xp == 4
        assert SM.cite("Brann Holt: +2 XP from the battle (4 XP), level 2 (§19).") in status_text(screen)
        assert "1 level-up to spend" in summary(screen)

        # ---- undo of the step end: back in the injuries step, the XP not yet added
        await press(pilot, "ctrl+z")
        assert state().post.of(WOLVES).step == "injuries"
        assert wolves_model(state(), "brann-holt").xp == 2
        await press(pilot, "ctrl+y")
        assert state().post.of(WOLVES).step == "development" and wolves_model(state(), "brann-holt").xp == 4

        # ---- the level-up: ⏎ on it rolls first; 3 4 = 7, a characteristic or a skill (§19.3); +1 Fight
        from tui.dialogs.roll_dialog import RollDialog

        await highlight(pilot, screen, lambda row: row == ("advance", "brann-holt"))
        assert "roll it first (⏎ rolls)" in str(
            screen.query_one("#actions").get_option_at_index(screen.query_one("#actions").highlighted).prompt
        )
        await press(pilot, "enter")
        assert isinstance(app.screen, RollDialog) and "Brann Holt: level-up roll (level 2)" in app.screen.adapter.title
        await press(pilot, "3", "space", "4", "enter")
        up = state().post.of(WOLVES).level_ups[0]
        assert (up.model, up.level, kept_faces(up.roll.dice), up.roll.outcome) == (
            "brann-holt",
            2,
            (3, 4),
            "stat-or-skill",
        )
        await highlight(pilot, screen, lambda row: row == ("advance", "brann-holt"))
        await press(pilot, "enter")
        picker = app.screen
        assert isinstance(picker, PickerScreen) and picker.question == "Brann Holt: spend a level-up on"
        labels = [str(c.label) for c in picker.choices]
        target = labels.index("+1 Fight (W)")
        assert not picker.choices[target].why_not
        listing = picker.query_one("#choices")
        while listing.highlighted != target:
            await press(pilot, "down")
        await press(pilot, "enter")
        assert wolves_model(state(), "brann-holt").advances == (("W", 1),)
        assert state().post.of(WOLVES).level_ups[0].pick == "stat:W"
        await press(pilot, "e")
        assert state().post.of(WOLVES).step == "purchases"

        # ---- purchases (§22.3): buy at 3× the value, sell at the value, give it to a model
        assert state().band(WOLVES).roster.treasury == 20  # the scenario's 20tk (§23)
        await choose(pilot, screen, "Buy Frag grenade (15tk)")
        assert state().band(WOLVES).roster.treasury == 5
        assert state().band(WOLVES).roster.stash == ("camouflage", "frag-grenade")
        await choose(pilot, screen, "Sell Camouflage from the stash (10tk)")
        assert state().band(WOLVES).roster.treasury == 15
        assert state().band(WOLVES).roster.stash == ("frag-grenade",)
        await choose(pilot, screen, "Give Frag grenade to Kara Vex")
        assert wolves_model(state(), "kara-vex").items == ("frag-grenade",)
        assert state().band(WOLVES).roster.stash == ()
        assert "Kara Vex: carries Frag grenade" in summary(screen)
        shown = [str(row.prompt) for row in screen.query_one(LogPane).options]
        assert SM.cite("Iron Wolves buys a Frag grenade for 15tk (§22.3).") in shown
        assert not [
            line
            for line in shown
            if line in ("treasury changed", "item bought", "stash added", "stash removed", "model updated")
        ]  # follow-ups: no line
        await press(pilot, "e")
        assert state().post is None  # both bands done: the sequence is over

        # ---- the rosters, written and accepted by skirmish check
        await press(pilot, "w", "enter", "enter")
        await pilot.app.workers.wait_for_complete()
        paths = [str(saves_dir / f"{band}.toml") for band in (SAINTS, WOLVES)]
        out, err = io.StringIO(), io.StringIO()
        assert check_rosters(paths, out, err) == 0, out.getvalue() + err.getvalue()
        wolves_text = Path(paths[1]).read_text(encoding="utf-8")
        assert 'items = ["frag-grenade"]' in wolves_text and "W = 1" in wolves_text
        assert 'wounds = ["damaged-leg"]' in Path(paths[0]).read_text(encoding="utf-8")

        # ---- the next battle, from the updated bands: scenario 1 (Slaughter) chosen
        await press(pilot, "n")
        assert isinstance(app.screen, PickerScreen)
        await press(pilot, "down", "enter")
        battle = await battle_ready(pilot)
        models = {m.spec.id: m for m in battle.state.models}
        assert models["brann-holt"].spec.xp == 4 and models["brann-holt"].spec.advances == (("W", 1),)
        brann = models["brann-holt"].spec
        fight = effective_profile(brann)["W"]
        assert fight.value == effective_profile(changed(brann, advances=()))["W"].value + 1
        assert "+1 advance" in fight.explain()
        assert models["kara-vex"].spec.items == ("frag-grenade",)
        assert models["nim"].spec.xp == 1
        assert "dex-marlow" not in models  # Serious injuries, not treated: misses this battle (§18.1)


async def test_the_help_guide_names_the_recruit_form_the_stash_moves_and_p(saves_dir: Path, make_app):
    from tui.screens.help_screen import HelpScreen

    app = make_app("open", file=str(campaign_of(saves_dir)))
    async with app.run_test(size=SIZE) as pilot:
        await post_battle_ready(pilot)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        guide = str(app.screen.query_one("#guide").render())
        assert "P on its dashboard records it in its campaign" in guide
        assert "“Recruit a new model…” opens the recruit form" in guide
        assert SM.cite("“Put … in the stash” / “Bring … into the team” move models (§15.10)") in guide
