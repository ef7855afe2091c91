"""Issue #19 (Star Quest): settings that change what the engine does, morale after the
GM's wounds between activations, the end of an activation logged once."""

from fractions import Fraction as F

import pytest

from engine.corrections import Correct
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest.roster import SpellSpec

from .conftest import activate, enemy, event, hero, kinds, new_battle, ok, refused

WARD = SpellSpec("Ward", 1, "+1 Defense until the end of the round.")


@pytest.mark.parametrize("setting, again", [("activation", True), ("round", False)])
def test_sq_a29_cast_attempts_one_try_per_spell_per_activation_or_per_round(setting, again):
    b = new_battle(
        [hero("ilsa", unit_rules=(("Caster", 2),), spells=(WARD,)), hero("vex")],
        [enemy("e")],
        settings={"cast_attempts": setting},
    )
    activate(b, "ilsa")
    ok(b, c.Cast("ilsa", "Ward", faces=(5,)))
    assert "in this activation" in refused(b, c.Cast("ilsa", "Ward", faces=(5,))).reason
    ok(b, c.EndActivation())
    ok(b, Correct("activated", "ilsa", False, "a second activation the table allowed"))
    ok(b, c.ActivateHero("ilsa"))
    if again:
        ok(b, c.Cast("ilsa", "Ward", faces=(5,)))
    else:
        assert "already tried this round" in refused(b, c.Cast("ilsa", "Ward", faces=(5,))).reason


def test_wounds_the_gm_adds_between_activations_call_the_morale_test():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("cult", models=2), enemy("solo", tough=4)])
    ok(b, c.StartRound())
    r = ok(b, c.AdjustWounds("cult", 1, "mission: the roof falls"))
    assert event(r, "morale_queued").payload["units"] == ["cult"] and b.state.morale == ("cult",)
    ok(b, c.RollMorale(faces=(6,)))
    assert not b.state.morale and not b.state.unit("cult").shaken
    r = ok(b, c.AdjustWounds("solo", 1, "mission"))  # 1 of Tough 4: not half
    assert "morale_queued" not in kinds(r)


def test_the_end_of_an_activation_says_ends_once():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    activate(b, "vex")
    r = ok(b, c.EndActivation())
    assert sum("activation ends" in e.text for e in r.events) == 1


def _ai_rush_proposed(unit_rules=()):
    from .conftest import to_ai_phase

    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e", unit_rules=unit_rules)])
    to_ai_phase(b)
    ok(b, c.ActivateAI("e"))
    ok(b, c.AnswerAI(True))  # a hero in sight
    ok(b, c.AnswerAI(False))  # none in range after a move: Rush toward it
    assert b.state.ai.proposal == "rush-enemy"
    return b


@pytest.mark.parametrize(
    "unit_rules, difficult, allowance",
    [
        ((), False, 12.0),
        ((), True, 6.0),  # §14: a move crossing difficult terrain, at most 6" in all
        (("Fast",), True, 6.0),
        (("Strider",), True, 12.0),  # Strider ignores it
    ],
)
def test_the_ai_rush_is_capped_at_6_inches_through_difficult_terrain(unit_rules, difficult, allowance):
    b = _ai_rush_proposed(unit_rules)
    r = ok(b, c.ChooseAIAction(difficult=difficult))
    taken = event(r, "action_taken").payload
    assert taken["allowance"] == allowance and taken["difficult"] == difficult


def test_sq_a22_dangerous_terrain_at_the_start_of_an_ai_activation_once_per_model():
    from .conftest import to_ai_phase

    b = new_battle([hero("vex"), hero("ilsa")], [enemy("cult", models=3)])
    to_ai_phase(b)
    ok(b, c.ActivateAI("cult"))
    r = ok(b, c.DangerousTerrain("cult", 2, faces=(1, 4)))
    assert b.state.unit("cult").models == 2 and b.state.activation.dangerous == 2
    assert "(1 left to roll)" in refused(b, c.DangerousTerrain("cult", 2, faces=(3, 3))).reason
    ok(b, c.DangerousTerrain("cult", 1, faces=(3,)))  # the third model, which had not rolled
    assert "at most one roll per model" in refused(b, c.DangerousTerrain("cult", 1, faces=(3,))).reason
    assert event(r, "test_rolled").payload["models"] == 2


@pytest.mark.parametrize(
    "weapon_rules, cover_from, block",
    [
        ((), "inside", F(1, 2)),  # Defense 5+, cover +1: a hit is blocked on 4+
        ((), "behind", F(1, 2)),
        (("Indirect",), "inside", F(1, 2)),  # cover from being inside terrain counts against Indirect
        (("Indirect",), "behind", F(1, 3)),  # Indirect ignores cover from line-of-sight blockers (§14)
    ],
)
def test_indirect_fire_ignores_only_the_cover_of_line_of_sight_blockers(weapon_rules, cover_from, block):
    from engine.rulesets.star_quest import view

    from .conftest import weapon

    mortar = weapon("Mortar", rules=weapon_rules)
    b = new_battle([hero("vex", weapons=(mortar,)), hero("ilsa")], [enemy("e", defense=5)])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    assert view.shot_preview(b.state, "vex", "Mortar", "e", cover=True, cover_from=cover_from).block == block
    lines = view.shot_detail(b.state, "vex", "Mortar", "e", cover=True, cover_from=cover_from)
    assert ("+1 (cover" in lines[-1]) == (block == F(1, 2))
    r = ok(b, c.Shoot("vex", "Mortar", "e", cover=True, cover_from=cover_from))
    assert event(r, "attack_started").payload["cover_from"] == cover_from
    assert b.state.attack.cover_from == cover_from


def _regenerating(**kw):
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("troll", tough=3, unit_rules=("Regeneration",), **kw)])
    from .conftest import to_ai_phase

    to_ai_phase(b)
    ok(b, c.ActivateAI("troll"))
    return b


def test_regeneration_rolls_for_dangerous_terrain_wounds_too():
    from engine.rulesets.star_quest import view

    b = _regenerating()
    r = ok(b, c.DangerousTerrain("troll", 1, faces=(1, 1, 4)))  # Tough 3: three dice, two 1s
    started = event(r, "attack_started").payload
    assert (started["kind"], started["stage"], started["wounds"]) == ("wounds", "regeneration", 2)
    assert b.state.unit("troll").wounds == (0,)  # nothing stands before the Regeneration dice
    assert view.pending(b.state).commands == ("RollRegeneration",)
    assert view.attack_preview(b.state) == {0: F(1, 9), 1: F(4, 9), 2: F(4, 9)}  # wounds that stand
    r = ok(b, c.RollRegeneration(faces=(5, 2)))
    roll = event(r, "regeneration_rolled").payload["roll"]
    assert F(*roll["probability"]) == F(1, 3)  # each die ignores a wound on 5+
    assert b.state.unit("troll").wounds == (1,) and b.state.attack is None
    assert event(r, "wounds_taken").payload["cause"] == "dangerous terrain"


def test_regeneration_rolls_for_afflicted_wounds():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("troll", tough=3, unit_rules=("Regeneration",))])
    from .conftest import to_ai_phase

    b.initial = b.state.with_unit("troll", statuses=("afflicted",))
    b._reset_states()
    to_ai_phase(b)
    ok(b, c.ActivateAI("troll"))
    ok(b, c.ResolveStatus("afflicted", faces=(1,), target=4))
    assert b.state.attack.kind == "wounds" and b.state.attack.wounds == 1
    ok(b, c.RollRegeneration(faces=(6,)))
    assert b.state.unit("troll").wounds == (0,)


def test_without_regeneration_terrain_wounds_stand_at_once():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("brute", tough=3)])
    from .conftest import to_ai_phase

    to_ai_phase(b)
    ok(b, c.ActivateAI("brute"))
    ok(b, c.DangerousTerrain("brute", 1, faces=(1, 1, 4)))
    assert b.state.unit("brute").wounds == (2,) and b.state.attack is None


def _end_round(b):
    """Every AI unit skips its activation, then the round ends."""
    for u in b.state.enemies():
        ok(b, c.ActivateAI(u.id))
        while b.state.ai.proposal is None:
            ok(b, c.AnswerAI(False))
        if b.state.ai.proposal != "skip":
            ok(b, c.ChooseAIAction("skip", reason="a test"))
        else:
            ok(b, c.ChooseAIAction())
        ok(b, c.EndActivation())
    ok(b, c.EndRound())


def test_a_hero_with_ambush_is_set_aside_then_placed_from_round_2():
    from .conftest import to_ai_phase

    b = new_battle([hero("vex"), hero("scout", unit_rules=("Ambush",))], [enemy("e")])
    assert "no Ambush" in refused(b, c.Ambush("vex")).reason
    ok(b, c.Ambush("scout"))
    assert not b.state.unit("scout").on_table
    ok(b, c.StartRound())
    assert "already" not in refused(b, c.ActivateHero("scout")).reason  # not on the table: cannot act
    assert "after the first" in refused(b, c.Ambush("scout", place=True)).reason
    to_ai_phase(b)  # round 1 goes on without it
    assert b.state.unit("scout").activated is False
    _end_round(b)
    r = ok(b, c.StartRound())
    assert any(e.payload.get("ambush") == ["Scout"] for e in r.events)  # the §5.1b reminder fires
    ok(b, c.Ambush("scout", place=True))
    assert b.state.unit("scout").on_table
    ok(b, c.ActivateHero("scout"))


def test_a_hero_in_ambush_is_placed_only_at_the_start_of_the_round():
    b = new_battle([hero("vex"), hero("scout", unit_rules=("Ambush",))], [enemy("e")])
    ok(b, c.Ambush("scout"))
    from .conftest import to_ai_phase

    to_ai_phase(b)
    _end_round(b)
    ok(b, c.StartRound())
    ok(b, c.ActivateHero("vex"))
    ok(b, c.EndActivation())
    assert "start of a round" in refused(b, c.Ambush("scout", place=True)).reason
