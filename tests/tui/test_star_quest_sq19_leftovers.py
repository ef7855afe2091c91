"""Issue #19 (Star Quest) leftovers: when one hero is left to act, the selection moves to
it — also when another hero was taken out by a morale test or is unconscious; a mission
spell with wounds and hits rolls the wound's Regeneration before the Defense dice."""

from __future__ import annotations

from engine.corrections import Correct
from engine.rulesets.star_quest import commands as c

from .conftest import SIZE, press, settle
from .saga_pilot import pick, type_dice
from .sq_pilot import round_one, select, uid


async def test_the_selection_moves_to_the_only_hero_left_when_another_is_unconscious(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        vex, ilsa = uid(screen, "Captain Vex"), uid(screen, "Sister Ilsa")
        await select(pilot, screen, "Grunt Okoro")
        await press(pilot, "a")
        screen.submit(c.AdjustWounds(vex, 4, "a falling girder"))  # Tough 4: unconscious (§10)
        await settle(pilot)
        assert screen.state.unit(vex).unconscious
        await press(pilot, "e")
        assert screen.state.activation is None and screen.selected == ilsa
        await press(pilot, "a")
        assert screen.state.activation.unit == ilsa


async def test_the_selection_moves_to_the_only_hero_left_when_a_morale_test_took_another_out(make_app):
    """Vex (Tough 4, 0 PP) has 2 wounds from Okoro's activation: his morale test fails,
    paying 2 PP not to be Shaken is Exhaustion (2 wounds, [SQ-A7]) and he falls unconscious."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        vex, ilsa = uid(screen, "Captain Vex"), uid(screen, "Sister Ilsa")
        await select(pilot, screen, "Grunt Okoro")
        await press(pilot, "a")
        screen.submit(Correct("pp", vex, 0, "spent in the last mission"))
        await settle(pilot)
        screen.submit(c.AdjustWounds(vex, 2, "a collapsing floor"))
        await settle(pilot)
        await press(pilot, "e")
        assert screen.state.morale == (vex,) and isinstance(app.screen, RollDialog)
        await type_dice(pilot, "1")
        await press(pilot, "enter")
        await pick(pilot, "Pay 2 PP")
        await settle(pilot)
        assert screen.state.unit(vex).unconscious and screen.state.activation is None
        assert screen.selected == ilsa
        await press(pilot, "a")
        assert screen.state.activation.unit == ilsa


async def test_a_mission_spell_with_wounds_and_hits_rolls_regeneration_first_then_the_defense_dice(make_app, tmp_path):
    """The demo's files with a mission spell for Sister Ilsa (1 wound, then 2 hits with
    AP(1)) and a Cult Brute that regenerates: the cast, its wound's Regeneration die, the
    Defense dice, then the hit's Regeneration die — each in its dialog (#19)."""
    from engine.rulesets.star_quest.demo import DEMO_FILES, demo_text
    from tui.dialogs.roll_dialog import RollDialog

    from .sq_pilot import sq_ready

    extra = {
        "enemies.toml": ('rules = ["Impact(2)", "Fear(1)"]', 'rules = ["Impact(2)", "Fear(1)", "Regeneration"]'),
        "mission.toml": (
            "",
            '\n[[spell]]\nname = "Scourge"\nvalue = 2\neffect = "1 wound, then 2 hits with AP(1)."\n'
            'target = "enemy"\nwounds = 1\nhits = 2\nap = 1\nunits = ["sister-ilsa"]\n',
        ),
    }
    paths = []
    for name in DEMO_FILES:
        text = demo_text(name)
        old, new = extra.get(name, ("", ""))
        text = text.replace(old, new) if old else text + new
        (tmp_path / name).write_text(text, encoding="utf-8")
        paths.append(str(tmp_path / name))
    app = make_app("new", rosters=tuple(paths), system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await sq_ready(pilot)
        await press(pilot, "n")
        brute = uid(screen, "Cult Brute")
        await select(pilot, screen, "Sister Ilsa")
        await press(pilot, "c")
        await pick(pilot, "Scourge")
        await pick(pilot, "Cult Brute")
        assert isinstance(app.screen, RollDialog)
        await type_dice(pilot, "5")
        await press(pilot, "enter")
        regen = app.screen
        assert isinstance(regen, RollDialog) and "§17 Regeneration" in regen.adapter.title
        assert screen.state.queued and screen.state.unit(brute).wounds == (0,)
        await type_dice(pilot, "2")  # the wound stands
        await press(pilot, "enter")
        blocks = app.screen
        assert isinstance(blocks, RollDialog) and "Cult Brute's Defense dice" in blocks.adapter.title
        assert screen.state.unit(brute).wounds == (1,)
        await type_dice(pilot, "6 1")  # 5+ blocks (AP(1)): one wound
        await press(pilot, "enter")
        assert isinstance(app.screen, RollDialog) and screen.state.attack.stage == "regeneration"
        await type_dice(pilot, "5")  # ignored
        await press(pilot, "enter")
        assert screen.state.attack is None and screen.state.unit(brute).wounds == (1,)
