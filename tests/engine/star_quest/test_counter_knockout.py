"""A hero knocked out by the Counter strike of the unit it charged (§10, §11.1, §11.3,
[SQ-A17]). The reference: Counter weapons strike "before all of the charger's attacks …
Casualties from the Counter strike are removed before the charger attacks" [SQ-A17]; an
unconscious hero "must stay idle until revived" and is no enemy to the AI (§10), so no
Impact, no attacks of its own and no counter-attack follow; fatigue falls on a unit "at the
end of the activation in which it charged, and a defending unit after it counter-attacks"
(§11.3) — and a counter-attack is step 6, "not the same as the Counter special rule"
(glossary; §12.3 lists "counter-attack or Counter strike" apart). So the hero's activation
is over the moment it drops, the melee stops there, and the defender, whose counter-attack
never came, is not fatigued ([SQ-A17] setting ``counter_fatigue``, default "counter-attack";
"counter-strike" fatigues it as before)."""

from engine.battle import replay
from engine.rulesets.star_quest import commands as c

from .conftest import activate, enemy, hero, kinds, new_battle, ok, to_ai_phase, weapon

PIKES = weapon("Pikes", "melee", attacks=3, rules=("Counter",))


def _charge(settings=None, tough=2):
    b = new_battle(
        [hero("vex", tough=tough, weapons=(weapon("Fist", "melee", attacks=2),)), hero("ilsa")],
        [enemy("pikes", models=2, weapons=(PIKES, weapon("Claw", "melee")))],
        settings=settings,
    )
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "charge", target="pikes"))
    assert b.state.attack.kind == "counter"
    ok(b, c.RollHits((5,) * 6))
    return b


def test_the_counter_strike_that_knocks_the_charging_hero_out_ends_its_activation_then_the_melee_stops():
    b = _charge()
    before = b.state
    r = ok(b, c.RollBlocks((1,) * 6))  # 6 wounds on Tough 2: unconscious (§10)
    assert b.state.unit("vex").unconscious
    order = kinds(r)
    assert order[order.index("attack_resolved") :] == [
        "attack_resolved",
        "activation_over",
        "melee_ended",
        "activation_ending",
        "fatigued",
        "activation_ended",
    ]
    over = next(e for e in r.events if e.kind == "activation_over")
    assert over.payload == {"unit": "vex", "reason": "unconscious"}
    ended = next(e for e in r.events if e.kind == "melee_ended")
    assert ended.payload == {"charger": "vex", "defender": "pikes", "separate": False, "stopped": "unconscious"}
    assert ended.text == (
        "Vex is unconscious: the melee stops — no Impact, no attacks of its own, no counter-attack, "
        "no moving apart (§10, [SQ-A17])."
    )
    assert "melee_advanced" not in order and "attack_started" not in order
    assert b.state.activation is None and b.state.melee is None
    assert replay(b.ruleset, b.initial, b.active_events) == b.state
    b.undo()
    assert b.state == before


def test_the_defender_whose_counter_attack_never_came_is_not_fatigued_the_hero_who_charged_is():
    b = _charge()
    r = ok(b, c.RollBlocks((1,) * 6))
    assert "counter_attacked" not in kinds(r)
    assert next(e for e in r.events if e.kind == "fatigued").payload == {"units": ["vex"]}
    assert b.state.unit("vex").fatigued and not b.state.unit("pikes").fatigued


def test_setting_counter_strike_fatigues_the_defender_for_its_counter_strike_alone():
    b = _charge({"counter_fatigue": "counter-strike"})
    ok(b, c.RollBlocks((1,) * 6))
    assert b.state.unit("vex").unconscious
    assert b.state.unit("vex").fatigued and b.state.unit("pikes").fatigued


def test_a_defender_that_reaches_its_counter_attack_is_fatigued_even_with_only_counter_weapons_left():
    """Step 6 comes (the hero still stands): the unit strikes back; under [SQ-A17]
    "first-only" its Counter weapons struck already, so it has nothing more to roll."""
    b = new_battle(
        [hero("vex", tough=9, weapons=(weapon("Fist", "melee"),)), hero("ilsa")],
        [enemy("pikes", models=2, weapons=(PIKES,))],
    )
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "charge", target="pikes"))
    ok(b, c.RollHits((1,) * 6))  # the Counter strike misses
    ok(b, c.RollHits((1,)))  # Vex's Fist misses
    assert b.state.melee is None and b.state.activation.counter_attackers == ("pikes",)
    ok(b, c.EndActivation())
    assert b.state.unit("pikes").fatigued and b.state.unit("vex").fatigued


def test_a_hero_whose_counter_strike_destroys_the_ai_charger_never_counter_attacked():
    spear = weapon("Spear", "melee", attacks=2, rules=("Counter",))
    ogre = enemy("ogre", tough=1, weapons=(weapon("Club", "melee", attacks=2),))
    for setting, tired in (("counter-attack", False), ("counter-strike", True)):
        b = new_battle([hero("vex", weapons=(spear,)), hero("ilsa")], [ogre], settings={"counter_fatigue": setting})
        to_ai_phase(b)
        ok(b, c.ActivateAI("ogre"))
        ok(b, c.AnswerAI(True))  # Q1: Vex in sight
        ok(b, c.AnswerAI(True))  # Q2: in charge range (no ranged weapon: charge)
        ok(b, c.ChooseAIAction(target="vex"))
        assert b.state.attack.kind == "counter" and b.state.attack.attacker == "vex"
        ok(b, c.RollHits((5, 5)))
        ok(b, c.RollBlocks((1, 1)))
        assert not b.state.unit("ogre").alive and b.state.melee is None
        ok(b, c.EndActivation())
        assert b.state.unit("vex").fatigued is tired, setting
