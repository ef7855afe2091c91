"""Event cards at their triggers (§12.2, §12.3, issue #18): the hand offers a card only
when its moment holds and says why not otherwise, and each card's effect is applied by
the engine (state changes, rolls with exact odds), not only written in the log. Also the
skills used instead of hitting (Kradzież, Ucieczka, §20.5) and Rozkaz obrony (§20.2)."""

from fractions import Fraction

import pytest

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.cards import hand
from engine.rulesets.sanctum_mortalis.movement_actions import allowance
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec
from engine.rulesets.sanctum_mortalis.state import DEFENSIVE_STANCE


def _bands():
    a = BandRoster(
        "Wolves",
        "Ann",
        (
            ModelSpec("kara", "Kara", "trooper", ranged=("assault-rifle",)),
            ModelSpec(
                "bo",
                "Bo",
                "swordsman",
                melee=("hand-weapon",),
                armour="powered",
                captain=True,
                skills=("theft", "escape"),
            ),
            ModelSpec("cy", "Cy", "officer", ranged=("assault-pistol",), skills=("defence-order",)),
            ModelSpec("di", "Di", "trooper", ranged=("assault-rifle",)),
        ),
    )
    b = BandRoster(
        "Saints",
        "Bob",
        (
            ModelSpec("xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True, xp=4),
            ModelSpec("yul", "Yul", "trooper", ranged=("assault-rifle",), melee=("hand-weapon",)),
        ),
    )
    return a, b


@pytest.fixture
def bt():
    battle = Battle(new_header("sanctum-mortalis", make_setup(*_bands(), scenario="none"), seed=11))
    battle.submit(c.StartRound())
    return battle


def _row(battle, side, model, key):
    return next(r for r in hand(battle.state, side, model) if r[0].key == key)


def _ok(result):
    assert not isinstance(result, Rejected), result
    return result


def _won_melee(battle):
    """Bo (the Captain, powered armour) attacks Yul (light) and wins 12 v 2: Yul's save waits."""
    _ok(battle.submit(c.Engage("A.bo", "B.yul")))
    _ok(battle.submit(c.Attack("A.bo", "B.yul"), ScriptedDice([6, 6, 1, 1])))
    assert battle.state.pending[0].model == "B.yul"


def _shot_at_xan(battle):
    _ok(battle.submit(c.Activate("A.kara")))
    _ok(battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([1, 1])))
    assert battle.state.pending[0].model == "B.xan"


# ------------------------------------------------------------------ the hand says when
@pytest.mark.parametrize(
    "side, model, key, why",
    [
        ("B", "B.xan", "what-are-you-gonna-do", "not hit by a shooter"),
        ("B", "B.xan", "you-only-die-once", "not hit by a shooter"),
        ("B", "B.xan", "woohoo", "not taken an Overwatch (Strzał z ukrycia) shot"),
        ("B", "B.xan", "im-fine", "not just failed a Toughness roll"),
        ("A", "A.bo", "bite-this", "not just won a melee"),
        ("A", "A.bo", "out-of-the-way", "failed to wound"),
        ("A", "A.bo", "show-me-kitty", "Battle sarcophagus"),
        ("A", "A.kara", "heads-down", "no friend"),
    ],
)
def test_a_heroic_play_before_its_trigger_is_not_offered_and_says_why(bt, side, model, key, why):
    card, playable, reason, now = _row(bt, side, model, key)
    assert not playable and not now and why in reason
    refused = bt.submit(c.PlayCard(side, key, model))
    assert isinstance(refused, Rejected) and why in refused.reason


def test_a_hit_by_a_shooter_offers_its_plays_and_points_to_the_roll_dialog(bt):
    _shot_at_xan(bt)
    assert _row(bt, "B", "B.xan", "you-only-die-once")[1]
    card, playable, reason, now = _row(bt, "B", "B.xan", "what-are-you-gonna-do")
    assert now and not playable and "Toughness roll dialog" in reason


def test_stumble_and_doubt_wait_for_the_model_to_act(bt):
    _ok(bt.submit(c.Activate("A.kara")))
    _ok(bt.submit(c.EndActivation()))
    # Kara has had its activation: B's Potknięcie and Zwątpienie on it wait for another moment
    assert "cannot Move now" in _row(bt, "B", "A.kara", "stumble")[2]
    assert "cannot act now" in _row(bt, "B", "A.kara", "doubt")[2]


# ------------------------------------------------------------------ offensive events
def test_stumble_uses_the_move_and_moves_3_inches_straight(bt):
    _ok(bt.submit(c.PlayCard("B", "stumble", "A.kara")))
    kara = bt.state.model("A.kara")
    assert kara.moves == 1 and bt.state.order.active_model == "A.kara"
    assert any(e.kind == "action" and e.payload.get("inches") == 3 for e in bt.entries)


def test_doubt_on_a_move_loses_that_action(bt):
    _ok(bt.submit(c.PlayCard("B", "doubt", "A.kara", action="move")))
    kara = bt.state.model("A.kara")
    assert kara.action_cap == 1 and kara.moves == 0


def test_doubt_on_a_shot_bars_shooting_but_not_another_action(bt):
    _ok(bt.submit(c.PlayCard("B", "doubt", "A.kara", action="shoot")))
    refused = bt.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([1, 1]))
    assert isinstance(refused, Rejected) and "Zwątpienie" in refused.reason
    _ok(bt.submit(c.PlaceMarker("A.kara", DEFENSIVE_STANCE)))


def test_doubt_needs_the_declared_action(bt):
    refused = bt.submit(c.PlayCard("B", "doubt", "A.kara"))
    assert isinstance(refused, Rejected) and refused.kind == "malformed"


def test_primal_fear_moves_3_inches_without_an_activation_or_an_action(bt):
    _ok(bt.submit(c.Engage("A.bo", "B.yul")))
    _ok(bt.submit(c.PlayCard("A", "primal-fear", "B.yul")))
    yul = bt.state.model("B.yul")
    assert (yul.moves, yul.others, yul.activated, yul.engaged) == (0, 0, False, False)
    assert bt.state.order.active_model is None
    assert bt.state.side("A").cards_used == ("primal-fear",)


def test_stall_leaves_one_action(bt):
    _ok(bt.submit(c.PlayCard("B", "stall", "A.kara")))
    assert bt.state.model("A.kara").action_cap == 1


def test_distraction_removes_a_defensive_stance(bt):
    _ok(bt.submit(c.PlaceMarker("A.kara", DEFENSIVE_STANCE)))
    _ok(bt.submit(c.PlayCard("B", "distraction", "A.kara")))
    assert DEFENSIVE_STANCE not in bt.state.model("A.kara").markers


# ------------------------------------------------------------------ heroic plays
def test_looking_for_me_makes_the_next_move_8_inches_with_no_climbing_cost(bt):
    _ok(bt.submit(c.PlayCard("A", "looking-for-me", "A.kara")))
    kara = bt.state.model("A.kara")
    assert allowance(bt.state, kara)[0] == 8
    _ok(bt.submit(c.Move("A.kara", inches=8.0, climb=4.0)))
    kara = bt.state.model("A.kara")
    assert kara.next_move == 0 and kara.moves == 1


def test_you_only_die_once_jumps_instead_of_the_toughness_test_with_exact_odds(bt):
    _shot_at_xan(bt)
    _ok(bt.submit(c.PlayCard("B", "you-only-die-once", "B.xan", height=4.0), ScriptedDice([1, 2, 3, 4])))
    assert not bt.state.pending
    jump = next(e for e in bt.entries if e.kind == "move_rolled" and e.payload["kind"] == "jump")
    assert Fraction(*jump.payload["roll"]["probability"]) == Fraction(7, 12)  # 2k6 > 4 + 2
    fall = next(e for e in bt.entries if e.kind == "move_rolled" and e.payload["kind"] == "fall")
    assert Fraction(*fall.payload["roll"]["probability"]) == Fraction(13, 18)  # 2k6 ≥ 4 + 2
    assert bt.state.model("B.xan").on_table  # 3 fails the jump (not > 6); the fall's 7 survives (≥ 6)


def test_you_only_die_once_needs_a_4_inch_edge(bt):
    _shot_at_xan(bt)
    refused = bt.submit(c.PlayCard("B", "you-only-die-once", "B.xan", height=3.0))
    assert isinstance(refused, Rejected) and "4" in refused.reason
    assert bt.state.pending


def test_out_of_the_way_after_a_won_melee_that_did_not_wound_pushes_apart(bt):
    _won_melee(bt)
    assert not _row(bt, "A", "A.bo", "out-of-the-way")[1]  # Yul has not rolled yet
    _ok(bt.submit(c.Save("B.yul"), ScriptedDice([1, 1])))
    assert bt.state.model("B.yul").on_table
    assert _row(bt, "A", "A.bo", "out-of-the-way")[1]
    _ok(bt.submit(c.PlayCard("A", "out-of-the-way", "A.bo")))
    assert not bt.state.model("A.bo").engaged and not bt.state.model("B.yul").engaged


def test_out_of_the_way_needs_heavier_armour(bt):
    _ok(bt.submit(c.Engage("A.kara", "B.yul")))
    _ok(bt.submit(c.Attack("A.kara", "B.yul"), ScriptedDice([6, 6, 1, 1])))
    _ok(bt.submit(c.Save("B.yul"), ScriptedDice([1, 1])))
    assert "armour is not heavier" in _row(bt, "A", "A.kara", "out-of-the-way")[2]


def test_bite_this_instead_of_hitting_takes_the_enemys_gun(bt):
    _won_melee(bt)
    assert _row(bt, "A", "A.bo", "bite-this")[1]
    _ok(bt.submit(c.PlayCard("A", "bite-this", "A.bo")))
    assert not bt.state.pending and bt.state.model("B.yul").on_table
    assert bt.state.model("A.bo").borrowed == "assault-rifle"


# ------------------------------------------------------------------ rogue skills, Rozkaz obrony
def test_theft_takes_the_losers_marker_instead_of_hitting():
    bt = Battle(new_header("sanctum-mortalis", make_setup(*_bands(), scenario="slaughter"), seed=11))
    _ok(bt.submit(c.StartRound()))
    if bt.state.order.phase == "choose-first":
        _ok(bt.submit(c.ChooseFirst("B")))
    _ok(bt.submit(c.Activate("B.yul")))
    _ok(bt.submit(c.PickUpTech("B.yul")))
    _ok(bt.submit(c.EndActivation()))
    _won_melee(bt)
    _ok(bt.submit(c.InsteadOfHitting("A.bo", "theft")))
    assert (bt.state.model("A.bo").tech_markers, bt.state.model("B.yul").tech_markers) == (1, 0)
    assert not bt.state.pending and bt.state.model("B.yul").on_table


def test_theft_needs_a_marker_to_take(bt):
    _won_melee(bt)
    refused = bt.submit(c.InsteadOfHitting("A.bo", "theft"))
    assert isinstance(refused, Rejected) and "no technology marker" in refused.reason


def test_escape_after_a_won_melee_breaks_off_and_keeps_the_actions(bt):
    _won_melee(bt)
    before = bt.state.model("A.bo").actions_left
    _ok(bt.submit(c.InsteadOfHitting("A.bo", "escape")))
    bo = bt.state.model("A.bo")
    assert not bo.engaged and bo.actions_left == before and not bt.state.pending


def test_defence_order_gives_friends_the_stance_without_their_actions(bt):
    _ok(bt.submit(c.Activate("A.kara")))
    _ok(bt.submit(c.EndActivation()))
    _ok(bt.submit(c.Activate("B.xan")))
    _ok(bt.submit(c.EndActivation()))
    _ok(bt.submit(c.DefenceOrder("A.cy", ("A.kara", "A.di"))))
    kara, di, cy = (bt.state.model(x) for x in ("A.kara", "A.di", "A.cy"))
    assert DEFENSIVE_STANCE in kara.markers and DEFENSIVE_STANCE in di.markers
    assert (kara.actions_used, di.actions_used, di.activated, cy.others) == (0, 0, False, 1)


def test_defence_order_skips_no_engaged_friend(bt):
    _ok(bt.submit(c.Engage("A.bo", "B.yul")))
    refused = bt.submit(c.DefenceOrder("A.cy", ("A.bo",)))
    assert isinstance(refused, Rejected) and "engaged" in refused.reason


def test_bite_this_fires_the_whole_salvo_while_engaged_with_no_action_and_only_once(bt):
    _won_melee(bt)
    _ok(bt.submit(c.PlayCard("A", "bite-this", "A.bo")))
    before = bt.state.model("A.bo").actions_used
    for _ in range(3):  # the assault rifle: 3 shots a Shooting action
        _ok(bt.submit(c.Shoot("A.bo", "B.xan", "assault-rifle"), ScriptedDice([6, 6])))
    bo = bt.state.model("A.bo")
    assert bo.engaged and bo.actions_used == before and bo.borrowed == ""
    again = bt.submit(c.Shoot("A.bo", "B.xan", "assault-rifle"), ScriptedDice([6, 6]))
    assert isinstance(again, Rejected)


def test_your_mother_too_makes_a_shot_at_another_model_ask_the_gm_this_round(bt):
    _ok(bt.submit(c.PlayCard("B", "your-mother-too", "B.yul")))
    _ok(bt.submit(c.Activate("A.kara")))
    asked = bt.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([6, 6]))
    assert isinstance(asked, Rejected) and asked.kind == "ambiguous" and "Yul" in asked.reason
    _ok(bt.submit(asked.anyway, ScriptedDice([6, 6])))  # the GM: Yul is out of Kara's sight
    _ok(bt.submit(c.EndSalvo("A.kara")))
    _ok(bt.submit(c.EndActivation()))
    assert bt.state.model("B.yul").taunting


def test_your_mother_too_lets_the_taunter_be_shot(bt):
    _ok(bt.submit(c.PlayCard("B", "your-mother-too", "B.yul")))
    _ok(bt.submit(c.Activate("A.kara")))
    _ok(bt.submit(c.Shoot("A.kara", "B.yul", "assault-rifle"), ScriptedDice([6, 6])))


def test_looking_for_me_picks_up_a_marker_at_the_end_of_its_move_with_no_action():
    bt = Battle(new_header("sanctum-mortalis", make_setup(*_bands(), scenario="slaughter"), seed=11))
    _ok(bt.submit(c.StartRound()))
    if bt.state.order.phase == "choose-first":
        _ok(bt.submit(c.ChooseFirst("A")))
    _ok(bt.submit(c.PlayCard("A", "looking-for-me", "A.kara")))
    _ok(bt.submit(c.Move("A.kara", inches=8.0)))
    _ok(bt.submit(c.PickUpTech("A.kara")))
    kara = bt.state.model("A.kara")
    assert (kara.tech_markers, kara.actions_used) == (1, 1)  # the Move only [SM-A14]
    _ok(bt.submit(c.PickUpTech("A.kara")))  # a second one is an action again
    assert bt.state.model("A.kara").actions_used == 2


def test_heads_down_is_offered_when_a_friend_fights_and_thrown_by_its_shot_outside_any_activation(bt):
    _ok(bt.submit(c.Engage("A.bo", "B.yul")))
    card, playable, why, now = _row(bt, "A", "A.kara", "heads-down")
    assert playable and now
    refused = bt.submit(c.PlayCard("A", "heads-down", "A.kara"))
    assert isinstance(refused, Rejected) and "thrown-knife" in refused.reason
    _ok(bt.submit(c.Activate("A.cy")))  # another model's activation: the knife needs none
    _ok(bt.submit(c.Shoot("A.kara", "B.yul", "thrown-knife"), ScriptedDice([1, 1])))
    assert "heads-down" in bt.state.side("A").cards_used and bt.state.pending[0].model == "B.yul"
    assert bt.state.model("A.kara").actions_used == 0


def test_distraction_may_stop_an_intercept_instead(bt):
    _ok(bt.submit(c.PlaceMarker("A.kara", DEFENSIVE_STANCE)))
    _ok(bt.submit(c.PlayCard("B", "distraction", "A.kara", action="intercept")))
    assert DEFENSIVE_STANCE in bt.state.model("A.kara").markers
    refused = bt.submit(c.Engage("A.kara", "B.yul", intercept=True))
    assert isinstance(refused, Rejected) and "Rozproszenie" in refused.reason


def test_distraction_cannot_remove_a_marker_the_model_lacks(bt):
    refused = bt.submit(c.PlayCard("B", "distraction", "A.kara", action="overwatch"))
    assert isinstance(refused, Rejected) and not bt.state.side("B").cards_used


# ------------------------------------------------------------------ leftovers: Gryź to!'s weapon, Raz kozie śmierć!
def _two_guns_yul():
    a, b = _bands()
    yul = ModelSpec("yul", "Yul", "trooper", ranged=("assault-rifle", "assault-pistol"), melee=("hand-weapon",))
    b = BandRoster(b.name, b.player, (b.models[0], yul))
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=11))
    battle.submit(c.StartRound())
    return battle


def test_bite_this_borrows_the_weapon_the_gm_names_12_2():
    bt = _two_guns_yul()
    _won_melee(bt)
    _ok(bt.submit(c.PlayCard("A", "bite-this", "A.bo", weapon="assault-pistol")))
    assert bt.state.model("A.bo").borrowed == "assault-pistol" and not bt.state.pending
    assert "assault-pistol" in bt.entries[-1].text


def test_bite_this_asks_which_of_several_weapons_before_spending_the_card_12_2():
    bt = _two_guns_yul()
    _won_melee(bt)
    before = len(bt.entries)
    asked = bt.submit(c.PlayCard("A", "bite-this", "A.bo"))
    assert isinstance(asked, Rejected) and asked.kind == "ambiguous" and "assault-pistol" in asked.reason
    wrong = bt.submit(c.PlayCard("A", "bite-this", "A.bo", weapon="flamer"))
    assert isinstance(wrong, Rejected) and wrong.kind == "malformed"
    assert len(bt.entries) == before and "bite-this" not in bt.state.side("A").cards_used


def test_you_only_die_once_is_offered_with_the_toughness_roll_after_a_shooting_hit_12_2(bt):
    from engine.rulesets.sanctum_mortalis.card_triggers import instead_of_the_save, jump_instead

    _shot_at_xan(bt)
    assert jump_instead(bt.state) == "B.xan" and instead_of_the_save(bt.state) == []
    assert _row(bt, "B", "B.xan", "you-only-die-once")[1]  # the hand: playable now
    _ok(bt.submit(c.PlayCard("B", "you-only-die-once", "B.xan", height=4.0), ScriptedDice([5, 4])))  # 9: lands
    assert not bt.state.pending and bt.state.model("B.xan").on_table
    assert jump_instead(bt.state) is None


def test_you_only_die_once_is_not_offered_after_a_melee_hit_nor_a_rolled_save_12_2(bt):
    from engine.rulesets.sanctum_mortalis.card_triggers import jump_instead

    _won_melee(bt)
    assert jump_instead(bt.state) is None
    _ok(bt.submit(c.Save("B.yul", hold=True), ScriptedDice([6, 6])))
    assert jump_instead(bt.state) is None
