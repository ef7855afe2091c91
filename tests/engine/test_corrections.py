"""GM corrections in every rule system (``engine.corrections``): each correction is one
``gm_correction`` event with the GM's reason, old and new value; replay gives the same
state; undo and redo restore it exactly; an impossible correction is refused with nothing
saved."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from battle_testkit import Tally, accepted, ok, refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battle import Battle, new_header, replay
from engine.corrections import (
    GM_CORRECTION,
    MARK,
    NOTE,
    Correct,
    CorrectionOption,
    note_problem,
    reason_problem,
    value_problem,
)
from engine.ruleset import find_system

SYSTEMS = ("sanctum-mortalis", "saga", "star-quest", "xk6")


def demo(name: str, seed: int = 4) -> Battle:
    spec = find_system(name)
    assert spec.demo is not None
    made = spec.demo(None, seed)
    return Battle(new_header(spec.name, made.setup, seed=seed, title="corrections"))


def options(battle: Battle, target: str | None) -> tuple[CorrectionOption, ...]:
    spec = find_system(battle.header["ruleset"])
    assert spec.corrections is not None
    return tuple(spec.corrections(battle.state, target))


def first_member(battle: Battle) -> str:
    spec = find_system(battle.header["ruleset"])
    return spec.summary(battle.state).members[0].id


def another_value(o: CorrectionOption) -> Any:
    """A valid value other than the current one."""
    if o.kind == "flag":
        return not o.current
    if o.kind == "choice":
        return next(c for c in o.choices if c != o.current)
    if o.current is None:  # a request (a Toughness roll): any value in range
        return 1
    assert isinstance(o.current, int)
    if o.maximum is None or o.current + 1 <= o.maximum:
        return o.current + 1
    return o.current - 1


def by_value(battle: Battle) -> bytes:
    return pickle.dumps(battle.state)


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_correction_offered_for_a_model_is_one_event_with_the_reason_and_undoes_exactly(name: str) -> None:
    battle = demo(name)
    target = first_member(battle)
    offered = [o for o in options(battle, target) if o.kind not in ("note", "roll")]
    assert offered, f"{name} offers no correction for {target}"
    for first in offered:
        o = next((x for x in options(battle, target) if x.what == first.what), None)
        if o is None:
            continue  # a model put out by an earlier correction has no markers
        before = by_value(battle)
        new = another_value(o)
        done = ok(battle, Correct(o.what, target, new, "knocked die at the table"))
        (e,) = done.events
        assert e.kind == GM_CORRECTION and e.text.startswith(MARK)
        assert e.payload["old"] == o.current and e.payload["new"] == new
        assert e.payload["reason"] == "knocked die at the table"
        now = next(x for x in options(battle, target) if x.what == o.what)
        assert now.current == new, f"{o.what} did not change"
        assert replay(battle.ruleset, battle.initial, battle.active_events) == battle.state
        after = by_value(battle)
        battle.undo()
        assert by_value(battle) == before, f"undo of {o.what} did not restore the state"
        battle.redo()
        assert by_value(battle) == after, f"redo of {o.what} did not bring it back"
    reopened = Battle(battle.header, [e.to_dict() for e in battle.entries])
    assert reopened.state == battle.state


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_free_note_is_logged_as_a_correction_and_changes_nothing(name: str) -> None:
    battle = demo(name)
    before = battle.state
    done = ok(battle, Correct(NOTE, None, "  the Jarl's player arrived late  "))
    (e,) = done.events
    assert e.kind == GM_CORRECTION and e.text == f"{MARK} — note: the Jarl's player arrived late"
    assert battle.state == before


@pytest.mark.parametrize("name", SYSTEMS)
def test_impossible_corrections_are_refused_with_the_reason_and_nothing_saved(name: str) -> None:
    battle = demo(name)
    target = first_member(battle)
    number = next(o for o in options(battle, target) if o.kind == "number" and o.minimum == 0)
    cases = [
        Correct(number.what, target, -1, "typo"),  # negative
        Correct(number.what, target, number.current, "typo"),  # already so
        Correct(number.what, target, "three", "typo"),  # not a number
        Correct(number.what, target, 1 if number.current != 1 else 2, ""),  # no reason
        Correct("marker:on-fire", target, True, "typo"),  # a marker the system does not have
        Correct(number.what, "Z.somebody-else", 1, "typo"),  # a model of another battle
        Correct(NOTE, None, "   ", ""),  # an empty note
    ]
    if number.maximum is not None:
        cases.append(Correct(number.what, target, number.maximum + 1, "typo"))
    for command in cases:
        r = refused(battle, command)
        assert r.reason, command
    assert battle.entries == []


@pytest.mark.parametrize("name", SYSTEMS)
def test_each_answer_is_checked_alone_as_decide_would_refuse_it(name: str) -> None:
    """The dialog checks a value before asking the reason: the same bounds as ``decide``."""
    battle = demo(name)
    target = first_member(battle)
    number = next(o for o in options(battle, target) if o.kind == "number" and o.minimum == 0)
    assert "below 0" in value_problem(number, -1)
    assert "not a whole number" in value_problem(number, "three")
    assert "already" in value_problem(number, number.current)
    assert value_problem(number, another_value(number)) == ""
    if number.maximum is not None:
        assert f"above {number.maximum}" in value_problem(number, number.maximum + 1)
    assert note_problem("  ") == "a note needs its text" and note_problem("lava") == ""
    assert reason_problem("") and reason_problem("typo") == ""
    assert refused(battle, Correct(NOTE, None, " ", "")).reason == note_problem(" ")


def test_sm_a_removed_model_is_restored_and_plays_on() -> None:
    from engine.rulesets.sanctum_mortalis import commands as c

    battle = demo("sanctum-mortalis")
    mid = first_member(battle)
    ok(battle, c.RemoveModel(mid))
    assert not battle.state.model(mid).on_table
    ok(battle, Correct("status", mid, "on-table", "Nic mi nie jest! was played at the table"))
    m = battle.state.model(mid)
    assert m.on_table and m.removal_cause == ""
    ok(battle, c.StartRound())  # the rules go on from the corrected state
    assert mid in {x.id for x in battle.state.on_table()}


def test_sm_a_marker_placed_by_correction_spends_no_action() -> None:
    battle = demo("sanctum-mortalis")
    mid = first_member(battle)
    left = battle.state.model(mid).actions_left
    ok(battle, Correct("marker:hidden", mid, True, "forgot to place it"))
    m = battle.state.model(mid)
    assert "hidden" in m.markers and m.actions_left == left and not m.activated


def test_sm_actions_left_corrected_to_zero_then_a_move_is_refused() -> None:
    from engine.rulesets.sanctum_mortalis import commands as c

    battle = demo("sanctum-mortalis")
    ok(battle, c.StartRound(), [6, 6, 1, 1])
    if battle.state.order.phase == "choose-first":
        ok(battle, c.ChooseFirst("A"))
    side = battle.state.order.to_act
    mid = battle.state.waiting(side)[0].id
    ok(battle, Correct("actions-left", mid, 0, "it already acted at the table"))
    assert battle.state.model(mid).actions_left == 0
    refused(battle, c.Move(mid, 2))
    ok(battle, Correct("actions-left", mid, 1, "given back"))
    ok(battle, c.Move(mid, 2))


def test_sm_a_technology_marker_moves_between_models_through_the_table() -> None:
    battle = demo("sanctum-mortalis")
    a, b = (m.id for m in battle.state.models[:2])
    on_table = battle.state.markers_on_table
    assert on_table >= 1
    ok(battle, Correct("tech-markers", a, 1, "picked up at the table"))
    assert battle.state.markers_on_table == on_table - 1
    ok(battle, Correct("tech-markers", a, 0, "it was the other model"))
    ok(battle, Correct("tech-markers", b, 1, "it was the other model"))
    assert battle.state.model(b).tech_markers == 1 and battle.state.markers_on_table == on_table - 1
    refused(battle, Correct("tech-markers", b, on_table + 1, "more than there are"))


def test_xk6_a_model_out_of_play_is_restored_with_its_wounds_corrected() -> None:
    battle = demo("xk6")
    mid = first_member(battle)
    ok(battle, Correct("out", mid, True, "taken out at the table"))
    ok(battle, Correct("out", mid, False, "the medic saved it"))
    ok(battle, Correct("wounds", mid, 1, "one wound stays"))
    m = battle.state.model(mid)
    assert not m.out and m.wounds == 1


def test_star_quest_a_destroyed_unit_comes_back_with_fresh_models() -> None:
    battle = demo("star-quest")
    unit = next(u for u in battle.state.units if u.spec.models > 1)
    ok(battle, Correct("models", unit.id, 0, "wiped out at the table"))
    assert not battle.state.unit(unit.id).alive
    ok(battle, Correct("models", unit.id, 2, "two were still there"))
    assert battle.state.unit(unit.id).wounds == (0, 0)


def test_saga_fatigue_is_bounded_by_the_exhaustion_limit() -> None:
    battle = demo("saga")
    uid = first_member(battle)
    limit = battle.state.unit(uid).limit
    ok(battle, Correct("fatigue", uid, limit, "exhausted at the table"))
    assert battle.state.unit(uid).exhausted
    refused(battle, Correct("fatigue", uid, limit + 1, "one too many"))


# ---------------------------------------------------------------------- properties

STEPS = st.lists(
    st.tuples(
        st.sampled_from(["start", "first", "move", "stance", "end", "remove", "correct", "note"]), st.integers(0, 50)
    ),
    min_size=1,
    max_size=25,
)
SM_TALLY = Tally()


def sm_command(battle: Battle, what: str, n: int) -> Any:
    from engine.rulesets.sanctum_mortalis import commands as c

    state = battle.state
    models = state.models
    m = models[n % len(models)]
    if what == "start":
        return c.StartRound()
    if what == "first":
        return c.ChooseFirst("A" if n % 2 else "B")
    if what == "move":
        return c.Move(m.id, 1 + n % 4)
    if what == "stance":
        return c.PlaceMarker(m.id, "defensive-stance")
    if what == "end":
        return c.EndActivation(force=True)
    if what == "remove":
        return c.RemoveModel(m.id)
    if what == "note":
        return Correct(NOTE, None, f"note {n}")
    offered = [o for o in options(battle, m.id) if o.kind not in ("note", "roll")]
    o = offered[n % len(offered)]
    value: Any = another_value(o) if n % 5 else (-1 if o.kind == "number" else "bogus")
    return Correct(o.what, m.id, value, f"table said so ({n})")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=STEPS)
def test_sm_random_commands_and_corrections_replay_to_the_same_state_and_undo_exactly(steps: list) -> None:
    battle = demo("sanctum-mortalis", seed=9)
    done = 0
    for what, n in steps:
        command = sm_command(battle, what, n)
        before = by_value(battle)
        r = battle.submit(command)
        done += accepted(r)
        if accepted(r) and isinstance(command, Correct):
            after = by_value(battle)
            battle.undo()
            assert by_value(battle) == before
            battle.redo()
            assert by_value(battle) == after
        elif not accepted(r):
            assert by_value(battle) == before
    SM_TALLY.example(done, len(steps))
    assert replay(battle.ruleset, battle.initial, battle.active_events) == battle.state
    assert Battle(battle.header, [e.to_dict() for e in battle.entries]).state == battle.state


def test_sm_the_random_sequences_were_mostly_accepted() -> None:
    test_sm_random_commands_and_corrections_replay_to_the_same_state_and_undo_exactly()
    SM_TALLY.check(0.3)


def test_sm_a_stat_modifier_is_among_the_profile_sources_and_counted_in_the_odds() -> None:
    from engine.rulesets.sanctum_mortalis import commands as c
    from engine.rulesets.sanctum_mortalis import view
    from engine.rulesets.sanctum_mortalis.profile import effective_profile

    battle = demo("sanctum-mortalis")
    shooter = next(m for m in battle.state.models if m.side == "A" and m.spec.ranged)
    target = next(m for m in battle.state.models if m.side == "B")
    shot = c.Shoot(shooter.id, target.id, shooter.spec.ranged[0])
    before = view.shot_preview(battle.state, shot)
    assert not before.refusal
    ok(battle, Correct("stat:C:battle", shooter.id, 1, "a scope found at the table"))
    ok(battle, Correct("stat:O:round", target.id, -2, "stunned by a blast"))
    after = view.shot_preview(battle.state, shot)
    assert after.base == before.base + 1 and after.p_hit != before.p_hit
    assert after.p_save != before.p_save
    terms = effective_profile(battle.state.model(shooter.id).spec).C.terms
    assert terms[-1].label == "GM: a scope found at the table (this battle)" and terms[-1].value == 1
    ok(battle, c.StartRound(), [6, 6, 1, 1])  # the round's modifier ends with the round; the battle's stays
    assert [a[0] for a in battle.state.model(target.id).spec.adjustments] == []
    assert view.shot_preview(battle.state, shot).p_save == before.p_save
    assert battle.state.model(shooter.id).spec.adjustments == (("C", 1, "a scope found at the table", "battle"),)


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_roll_the_app_does_not_model_is_logged_with_typed_dice_and_exact_odds(name: str) -> None:
    from fractions import Fraction

    from engine.corrections import ROLL, GMRoll
    from engine.rolls import records_in

    battle = demo(name)
    target = first_member(battle)
    before = battle.state
    roll = GMRoll("Toughness roll for lava", dice=2, how="sum<=", target=7, modifier=-1)
    assert roll.chance() == Fraction(26, 36)  # 2d6 - 1 <= 7: totals 2..8
    done = ok(battle, Correct(ROLL, target, roll, "lava the app does not know"), [6, 3])
    (e,) = done.events
    (record,) = records_in(e.payload)
    assert record.probability == Fraction(26, 36) and record.outcome == "failed"  # 9 - 1 = 8 > 7
    assert e.text.startswith(MARK) and "Toughness roll for lava" in e.text
    assert battle.state == before
    pool = GMRoll("Fear test", dice=3, how="pool", target=5, need=2)
    assert pool.chance() == Fraction(7, 27)  # P(at least 2 of 3 dice show 5+): 3·(1/3)²·(2/3) + (1/3)³
    (e2,) = ok(battle, Correct(ROLL, None, pool), [5, 6, 1]).events
    assert records_in(e2.payload)[0].success
    refused(battle, Correct(ROLL, target, GMRoll("", 2)), [1, 1])
    refused(battle, Correct(ROLL, target, GMRoll("x", 3, "pool", 7)), [1, 1, 1])
    refused(battle, Correct(ROLL, target, GMRoll("x", 2)), [1])  # a die too few
    refused(battle, Correct(ROLL, "Z.nobody", GMRoll("x", 2)), [1, 1])


def test_xk6_a_modifier_for_the_turn_is_in_the_profile_and_ends_with_the_turn() -> None:
    from engine.rulesets.xk6 import commands as xc

    battle = demo("xk6")
    mid = first_member(battle)
    att = battle.state.model(mid).spec.att
    ok(battle, Correct("stat:att:turn", mid, 1, "a scope found at the table"))
    ok(battle, Correct("stat:armour:battle", mid, -1, "armour cracked"))
    m = battle.state.model(mid)
    assert m.spec.att == att + 1 and m.adjustments[0] == ("att", 1, "a scope found at the table", "turn")
    refused(battle, Correct("stat:att:turn", mid, -(att + 2), "below no dice"))
    ok(battle, xc.StartTurn(), [5, 2])
    m = battle.state.model(mid)
    assert m.spec.att == att and [a[0] for a in m.adjustments] == ["armour"]
    assert replay(battle.ruleset, battle.initial, battle.active_events) == battle.state


def test_star_quest_a_quality_modifier_for_the_round_changes_the_test_and_ends_with_the_round() -> None:
    from engine.rulesets.star_quest import commands as qc

    battle = demo("star-quest")
    hero = next(u for u in battle.state.units if u.hero)
    quality = hero.spec.quality
    ok(battle, Correct("stat:quality:round", hero.id, 1, "blinded by smoke"))
    assert battle.state.unit(hero.id).spec.quality == quality + 1
    refused(battle, Correct("stat:quality:round", hero.id, 7 - quality, "past 6+"))
    refused(battle, Correct("stat:defense:battle", hero.id, 1 - hero.spec.defense, "below 2+"))
    ok(battle, qc.StartRound())
    u = battle.state.unit(hero.id)
    assert u.spec.quality == quality and u.adjustments == ()
    assert replay(battle.ruleset, battle.initial, battle.active_events) == battle.state


CORRECTION_STEPS = st.lists(
    st.tuples(st.integers(0, 30), st.integers(0, 60), st.integers(0, 9)), min_size=1, max_size=15
)
ANY_TALLY = Tally()


@pytest.mark.parametrize("name", SYSTEMS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=CORRECTION_STEPS)
def test_random_corrections_in_every_system_replay_and_undo_exactly(name: str, steps: list) -> None:
    battle = demo(name, seed=2)
    spec = find_system(name)
    members = spec.summary(battle.state).members
    done = 0
    for who, pick, bad in steps:
        target = members[who % len(members)].id
        offered = [o for o in options(battle, target) if o.kind not in ("note", "roll")]
        o = offered[pick % len(offered)]
        value: Any = another_value(o) if bad else -99
        before = by_value(battle)
        r = battle.submit(Correct(o.what, o.target, value, f"step {pick}"))
        done += accepted(r)
        if accepted(r):
            after = by_value(battle)
            battle.undo()
            assert by_value(battle) == before
            battle.redo()
            assert by_value(battle) == after
        else:
            assert by_value(battle) == before
    ANY_TALLY.example(done, len(steps))
    assert replay(battle.ruleset, battle.initial, battle.active_events) == battle.state
    assert Battle(battle.header, [e.to_dict() for e in battle.entries]).state == battle.state


def test_saga_an_armour_modifier_for_the_turn_is_in_the_profile_and_ends_with_the_turn() -> None:
    from engine.rulesets.saga import commands as sc

    battle = demo("saga")
    uid = first_member(battle)
    armour, house = battle.state.profile(uid, "armour_shooting")
    ok(battle, Correct("stat:armour_shooting:turn", uid, 1, "behind a wagon"))
    assert battle.state.profile(uid, "armour_shooting") == (armour + 1, house)
    refused(battle, Correct("stat:armour_shooting:battle", uid, -(armour + 2), "below 0"))
    ok(battle, sc.StartTurn("A"))
    assert battle.state.profile(uid, "armour_shooting") == (armour, house)


def test_star_quest_an_action_given_back_may_be_taken_again() -> None:
    from engine.rulesets.star_quest import commands as qc

    battle = demo("star-quest")
    hero = next(u for u in battle.state.units if u.hero)
    ok(battle, qc.StartRound())
    ok(battle, qc.ActivateHero(hero.id))
    assert "action-taken" not in {o.what for o in options(battle, hero.id)}  # nothing to give back yet
    ok(battle, qc.TakeAction(hero.id, "hold"))
    refused(battle, qc.TakeAction(hero.id, "hold"))
    ok(battle, Correct("action-taken", hero.id, False, "the player had not acted yet"))
    ok(battle, qc.TakeAction(hero.id, "hold"))


def test_saga_an_activation_given_back_lets_the_unit_rest_as_its_first_activation() -> None:
    from engine.rulesets.saga import commands as sc

    battle = demo("saga")
    ok(battle, sc.StartTurn("A"))
    uid = next(u.id for u in battle.state.units if u.side == "A")
    assert not any(o.what == "activations" for o in options(battle, uid))  # nothing to give back yet
    ok(battle, sc.Activate(uid, "move"))
    ok(battle, sc.CompleteMove())
    refused(battle, sc.Activate(uid, "rest"))  # Rest must be the first activation (§4.4)
    refused(battle, Correct("activations", uid, 2, "more than it had"))
    before = by_value(battle)
    ok(battle, Correct("activations", uid, 0, "it never moved at the table"))
    assert battle.state.unit(uid).activations == ()
    assert replay(battle.ruleset, battle.initial, battle.active_events) == battle.state
    after = by_value(battle)
    battle.undo()
    assert by_value(battle) == before
    battle.redo()
    assert by_value(battle) == after
    ok(battle, sc.Activate(uid, "rest"))
