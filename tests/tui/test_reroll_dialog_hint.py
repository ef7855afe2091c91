"""The re-roll dialog's keys line says what ⏎ does there: with no re-roll picked it
accepts the result (a held failure takes the model out), it does not roll."""

from __future__ import annotations

from tui.dialogs.roll_dialog import ROLL_HINT, RollAdapter, RollDialog, RollPreview

from .conftest import SIZE, open_first_shot, press, settle, start_round_one


async def test_the_reroll_dialogs_hint_says_enter_alone_accepts_the_failure(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await open_first_shot(pilot, screen)
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


def test_a_melee_re_roll_line_gives_the_chance_of_each_outcome_that_can_happen():
    """10 v 7: re-rolling the defending Captain's 3 can tie (on a 6), never win: the line
    says "ties 16.7%", not "wins 0.0%"; the list's title says the chances are of winning or
    tying."""
    from fractions import Fraction

    from engine.battle import Battle, new_header
    from engine.dice import ScriptedDice
    from engine.rulesets.sanctum_mortalis import commands as c
    from engine.rulesets.sanctum_mortalis import make_setup
    from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec
    from tui.systems.sanctum_mortalis.reroll_adapter import RerollAdapter

    bo = ModelSpec("bo", "Bo", "swordsman", melee=("hand-weapon", "additional-weapon"))
    cy = ModelSpec("cy", "Cy", "officer", ranged=("assault-pistol",))
    xan = ModelSpec("xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True)
    a, b = BandRoster("Wolves", "Ann", (bo, cy)), BandRoster("Saints", "Bob", (xan,))  # the fewer start
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=11))
    for command, dice in [
        (c.StartRound(), None),
        (c.Activate("A.bo"), None),
        (c.Engage("A.bo", "B.xan"), None),
        (c.Attack("A.bo", "B.xan"), ScriptedDice([5, 4, 3, 4])),  # Bo 5 4 +1 → 10 v Xan 3 4 → 7
    ]:
        assert not hasattr(battle.submit(command, dice), "reason")
    adapter = RerollAdapter(battle.state)
    lines = {key: adapter.offer_label(offer) for key, offer in adapter.keyed.items()}
    assert lines["captain:B.xan:3"] == "Captain (Kapitan): the 3 → ties 16.7%"
    assert lines["captain:B.xan:4"] == "Captain (Kapitan): the 4 → wins 0.0%"  # keeping the 3 nothing can
    assert adapter.keyed["captain:B.xan:3"].outcomes == (("ties", Fraction(1, 6)),)
    assert "the chance Xan wins or ties after each" in adapter.options_title
