"""Re-rolls as at the table (§2.2, issue #17 item 2): after a failed Toughness roll the
engine holds the result while a re-roll is offered (``Save(hold=True)``), lists each offer
with its cost and exact odds (``rerolls.reroll_offers``), and a ``Reroll`` with the
table's die applies it; declining (``Save``) applies the failure."""

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battle import Battle
from engine.dice import ScriptedDice
from engine.log import Event
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.rerolls import reroll_offers


def _failed_save(battle, faces=(6, 5)):
    """Kara hits Xan (Captain, light armour: Toughness 6); Xan's save fails on ``faces``."""
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([1, 1]))
    return battle.submit(c.Save("B.xan", hold=True), ScriptedDice(list(faces)))


def _offers(battle):
    return {o.id: o for o in reroll_offers(battle.state)}


def test_a_failed_save_6_5_is_held_and_nic_mi_nie_jest_is_offered_with_exact_odds(battle):
    _failed_save(battle)
    assert battle.state.model("B.xan").on_table and battle.state.pending[0].context["roll"]
    offers = _offers(battle)
    # Toughness 6: keeping the 5, the new die passes on a 1; keeping the 6, never
    assert offers["im-fine:B.xan:0"].odds_after == Fraction(1, 6)
    assert offers["im-fine:B.xan:1"].odds_after == Fraction(0)
    assert offers["captain:B.xan:0"].odds_after == Fraction(1, 6)
    assert "card" in offers["im-fine:B.xan:0"].cost and "once a battle" in offers["captain:B.xan:0"].cost


def test_the_typed_re_rolled_die_saves_the_model(battle):
    _failed_save(battle)
    battle.submit(c.Reroll("B.xan", 0, "im-fine"), ScriptedDice([1]))
    xan = battle.state.model("B.xan")
    assert xan.on_table and not battle.state.pending
    assert "im-fine" in battle.state.side("B").cards_used


def test_a_re_roll_that_fails_again_leaves_the_captains_offer_then_declining_removes(battle):
    _failed_save(battle)
    battle.submit(c.Reroll("B.xan", 0, "im-fine"), ScriptedDice([4]))  # 4 5 = 9: still fails
    offers = _offers(battle)
    assert set(offers) == {"captain:B.xan:1"}  # the re-rolled die may not be re-rolled again
    assert offers["captain:B.xan:1"].odds_after == Fraction(1, 3)  # keeping the 4: 4+f ≤ 6 → f ≤ 2
    battle.submit(c.Save("B.xan"))  # decline: the failure applies
    assert not battle.state.model("B.xan").on_table


def test_with_no_re_roll_left_a_failed_re_roll_applies_at_once(battle):
    _failed_save(battle)
    battle.submit(c.Reroll("B.xan", 0, "captain"), ScriptedDice([6]))
    battle.submit(c.Reroll("B.xan", 1, "im-fine"), ScriptedDice([6]))
    assert not battle.state.model("B.xan").on_table and not battle.state.pending


def test_a_failure_with_nothing_to_offer_applies_at_once(battle):
    _failed_save(battle)
    battle.submit(c.Reroll("B.xan", 0, "im-fine"), ScriptedDice([1]))  # the card saves Xan
    battle.submit(c.EndActivation())  # one target per Shooting action (§10.5): Cy shoots Yul
    battle.submit(c.Activate("B.xan"))
    battle.submit(c.EndActivation())
    battle.submit(c.Shoot("A.cy", "B.yul", "assault-pistol"), ScriptedDice([1, 1]))
    battle.submit(c.Save("B.yul", hold=True), ScriptedDice([6, 6]))  # no Captain, no card left
    assert not reroll_offers(battle.state)
    assert not battle.state.model("B.yul").on_table and not battle.state.pending


def test_a_re_roll_not_offered_is_refused_and_saves_nothing(battle):
    _failed_save(battle)
    before = len(battle.entries)
    for cmd, why in (
        (c.Reroll("B.yul", 0, "im-fine"), "takes no part"),
        (c.Reroll("A.kara", 0, "captain"), "takes no part"),
        (c.Reroll("B.xan", 0, "duellist"), "re-rolls a melee roll"),
        (c.Reroll("B.xan", 5, "im-fine"), "no die number 6"),
    ):
        result = battle.submit(cmd, ScriptedDice([1]))
        assert why in result.reason, (cmd, result.reason)
    assert len(battle.entries) == before


def test_the_wrong_number_of_typed_dice_is_refused_and_saves_nothing(battle):
    _failed_save(battle)
    before = len(battle.entries)
    result = battle.submit(c.Reroll("B.xan", 0, "im-fine"), ScriptedDice([]))
    assert not hasattr(result, "events") or len(battle.entries) == before
    assert len(battle.entries) == before and battle.state.model("B.xan").on_table


def test_a_captain_defending_in_a_melee_may_re_roll_its_own_die(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.bo"))
    battle.submit(c.Engage("A.bo", "B.xan"))
    battle.submit(c.Attack("A.bo", "B.xan"), ScriptedDice([6, 6, 1, 1]))
    offers = _offers(battle)
    assert any(o.source == "captain" and o.model == "B.xan" and o.die in (2, 3) for o in offers.values())
    refused = battle.submit(c.Reroll("B.xan", 0, "captain"), ScriptedDice([1]))
    assert "its own dice" in refused.reason  # the attacker's die is not the Captain's


def test_duellist_is_refused_for_a_model_without_the_skill_or_not_in_the_fight(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.bo"))
    battle.submit(c.Engage("A.bo", "B.xan"))
    battle.submit(c.Attack("A.bo", "B.xan"), ScriptedDice([1, 1, 6, 6]))
    assert "does not have the skill" in battle.submit(c.Reroll("A.bo", 0, "duellist"), ScriptedDice([6])).reason
    assert "takes no part" in battle.submit(c.Reroll("A.cy", 0, "duellist"), ScriptedDice([6])).reason


def test_a_battle_with_held_results_and_re_rolls_replays_to_the_same_state(battle):
    _failed_save(battle)
    battle.submit(c.Reroll("B.xan", 0, "im-fine"), ScriptedDice([4]))
    battle.submit(c.Reroll("B.xan", 1, "captain"), ScriptedDice([2]))
    reloaded = Battle(battle.header, [Event.from_dict(e.to_dict()) for e in battle.entries])
    assert reloaded.state == battle.state
    assert battle.state.model("B.xan").on_table  # 4 2 = 6 ≤ 6


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(1, 6), st.integers(1, 6))
def test_every_offer_has_the_closed_form_odds_and_is_accepted(make_battle, first, second):
    battle = make_battle(scenario="none")
    _failed_save(battle, (first, second))
    held = bool(battle.state.pending)
    assert held == (first + second > 6)  # Toughness 6: a failure is held (card and Captain unused)
    for offer in reroll_offers(battle.state):
        kept = (first, second)[1 - offer.die]
        assert offer.odds_after == Fraction(max(0, 6 - kept), 6)  # new die ≤ 6 − the kept one
        again = make_battle(scenario="none")
        _failed_save(again, (first, second))
        before = len(again.entries)
        result = again.submit(c.Reroll(offer.model, offer.die, offer.source), ScriptedDice([1]))
        assert not hasattr(result, "reason"), result
        assert len(again.entries) > before


def _dirty_tricks_battle():
    from engine.battle import new_header
    from engine.records import changed
    from engine.rulesets.sanctum_mortalis import make_setup

    from .conftest import small_bands

    a, b = small_bands()
    xan = changed(b.models[0], skills=("dirty-tricks",))
    b = changed(b, models=(xan, *b.models[1:]))
    return Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=3))


def test_brudne_zagrywki_makes_the_charging_attacker_re_roll_one_of_its_dice():
    battle = _dirty_tricks_battle()
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.bo"))
    battle.submit(c.Move("A.bo", 3, engage=("B.xan",)))  # a charge
    battle.submit(c.Attack("A.bo", "B.xan"), ScriptedDice([6, 5, 1, 1]))
    offers = {o.id: o for o in reroll_offers(battle.state)}
    assert {"dirty-tricks:B.xan:0", "dirty-tricks:B.xan:1"} <= set(offers)  # the attacker's dice only
    assert not any(k.startswith("dirty-tricks") and k.endswith((":2", ":3")) for k in offers)
    assert "attacker re-rolls" in offers["dirty-tricks:B.xan:0"].label
    refused = battle.submit(c.Reroll("B.xan", 2, "dirty-tricks"), ScriptedDice([6]))
    assert "charging attacker's dice" in refused.reason
    battle.submit(c.Reroll("B.xan", 0, "dirty-tricks"), ScriptedDice([1]))
    last = battle.state.last_roll.record
    assert [d["face"] for d in last["dice"]] == [1, 5, 1, 1]


def test_brudne_zagrywki_is_refused_against_an_attacker_that_did_not_charge():
    battle = _dirty_tricks_battle()
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.bo"))
    battle.submit(c.Engage("A.bo", "B.xan"))  # in contact, no charge
    battle.submit(c.Attack("A.bo", "B.xan"), ScriptedDice([6, 5, 1, 1]))
    assert not any(o.source == "dirty-tricks" for o in reroll_offers(battle.state))
    before = len(battle.entries)
    assert "charged" in battle.submit(c.Reroll("B.xan", 0, "dirty-tricks"), ScriptedDice([1])).reason
    assert len(battle.entries) == before


def test_blad_matrycy_is_offered_to_the_enemy_after_a_hit_and_forces_the_re_roll():
    from engine.battle import new_header
    from engine.records import changed
    from engine.rulesets.sanctum_mortalis import make_setup
    from engine.rulesets.sanctum_mortalis.roster import ModelSpec

    from .conftest import small_bands

    a, b = small_bands()
    tech = ModelSpec("zed", "Zed", "technomancer", ranged=("assault-pistol",), tricks=("matrix-error",))
    b = changed(b, models=(*b.models, tech))
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=3))
    assert battle.state.model("B.zed").charges("matrix-error") > 0
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([3, 2]))  # 5 < 7: a hit
    offers = {o.id: o for o in reroll_offers(battle.state)}
    offer = offers["matrix-error:A.kara:0"]
    assert "Zed" in offer.label and offer.odds_after == Fraction(2, 6)  # keeping the 2: 2 + f ≥ 7 misses
    battle.submit(c.Reroll("A.kara", 0, "matrix-error"), ScriptedDice([6]))  # 6 2 = 8: a miss
    assert not battle.state.pending and battle.state.model("B.zed").charges("matrix-error") == 0


def _rerolled_record(battle):
    from engine.rolls import RollRecord

    event = [e for e in battle.active_events if e.kind == "rerolled"][-1]
    return RollRecord.from_dict(event.payload["roll"])


def test_a_re_roll_is_stored_with_its_own_chance_before_it_not_the_first_rolls(battle):
    """QA: the dialog said "Captain … 66.7%", the log "(chance 27.8%)": the re-roll's
    record carries the chance the dialog offered (luck and turning points use it)."""
    _failed_save(battle)
    first = battle.state.last_roll.record
    offered = _offers(battle)["captain:B.xan:0"].odds_after
    assert offered == Fraction(1, 6) and Fraction(*first["probability"]) != offered
    battle.submit(c.Reroll("B.xan", 0, "captain"), ScriptedDice([1]))  # 1 5 = 6: passes
    record = _rerolled_record(battle)
    assert record.success and record.probability == offered


def test_the_save_preview_names_only_the_re_rolls_the_model_still_has(battle):
    """QA: the roll dialog promised the Captain and “Nic mi nie jest!” after both were used."""
    from engine.rulesets.sanctum_mortalis.view import save_preview

    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([1, 1]))
    assert save_preview(battle.state, c.Save("B.xan")).rerolls_left == (
        "Captain (Kapitan)",
        "I'm fine! (Nic mi nie jest!)",
    )
    battle.submit(c.Save("B.xan", hold=True), ScriptedDice([6, 5]))
    battle.submit(c.Reroll("B.xan", 0, "captain"), ScriptedDice([4]))  # 4 5 = 9: still fails
    battle.submit(c.Reroll("B.xan", 1, "im-fine"), ScriptedDice([1]))  # 4 1 = 5: passes
    assert battle.state.model("B.xan").on_table and not battle.state.pending
    battle.submit(c.EndActivation())
    battle.submit(c.Activate("B.xan"))
    battle.submit(c.EndActivation())
    battle.submit(c.Shoot("A.cy", "B.xan", "assault-pistol"), ScriptedDice([1, 1]))
    assert save_preview(battle.state, c.Save("B.xan")).rerolls_left == ()


def _melee_lost(battle, faces):
    """Bo (+1 Fight) charges Xan (Captain); the dice: Bo's two, then Xan's two."""
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.bo"))
    battle.submit(c.Engage("A.bo", "B.xan"))
    battle.submit(c.Attack("A.bo", "B.xan"), ScriptedDice(list(faces)))
    return _offers(battle)


def test_a_melee_re_roll_offer_gives_the_exact_chance_of_a_tie_where_winning_is_out_of_reach(battle):
    offers = _melee_lost(battle, (5, 4, 3, 4))  # 10 v 7
    three, four = offers["captain:B.xan:2"], offers["captain:B.xan:3"]
    # keeping the 4, the new die ties on a 6 (10 v 10) and never wins; keeping the 3, neither
    assert (three.odds_after, three.ties_after) == (Fraction(0), Fraction(1, 6))
    assert three.outcomes == (("ties", Fraction(1, 6)),)
    assert (four.odds_after, four.ties_after) == (Fraction(0), Fraction(0))
    assert four.outcomes == (("wins", Fraction(0)),)


def test_a_melee_re_roll_offer_gives_the_chance_of_winning_and_of_tying(battle):
    offers = _melee_lost(battle, (4, 4, 3, 4))  # 9 v 7
    three = offers["captain:B.xan:2"]
    # keeping the 4: a 5 ties (9 v 9), a 6 wins (10 v 9)
    assert three.outcomes == (("wins", Fraction(1, 6)), ("ties", Fraction(1, 6)))
    assert offers["captain:B.xan:3"].outcomes == (("ties", Fraction(1, 6)),)  # keeping the 3: only a 6 ties


def test_a_toughness_roll_has_no_tie_of_its_own(battle):
    _failed_save(battle)
    assert all(o.ties_after == 0 for o in _offers(battle).values())
