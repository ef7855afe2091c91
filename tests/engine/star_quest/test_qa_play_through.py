"""Fixes from a QA play-through of the demo: a power-point offer says what paying more
than the hero has costs (§7.3 Exhaustion: wounds, maybe unconscious, §10); an
unconscious hero stays idle (§10); casts are refused before any target or die (§17
Caster); the log shows the numbers actually used."""

from engine.corrections import Correct
from engine.formatting import roll_breakdown
from engine.rolls import RollRecord
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.queries import can
from engine.rulesets.star_quest.roster import SpellEffect, SpellSpec

from .conftest import activate, enemy, event, hero, new_battle, ok, refused

BOLT = SpellSpec("Bolt", 2, "One enemy takes 2 hits with AP(1).", SpellEffect("enemy", hits=2, ap=1))


def _ilsa(pp: int = 3, tokens: int = 2):
    b = new_battle(
        [hero("ilsa", pp=pp, tough=3, unit_rules=(("Caster", 2),), spells=(BOLT,)), hero("vex", pp=1)],
        [enemy("cultists", models=5, defense=5)],
    )
    b.initial = b.state.with_unit("ilsa", tokens=tokens)
    b._reset_states()
    activate(b, "ilsa")
    return b


def test_an_offer_costing_more_pp_than_the_hero_has_says_it_costs_wounds_and_knocks_her_out():
    b = _ilsa(pp=3)
    ok(b, c.Cast("ilsa", "Bolt", faces=(1,), target="cultists"))
    p = view.pending(b.state)
    assert p is not None and p.kind == "offer" and b.state.offer.cost == 4
    text = " ".join((p.title, *p.lines))
    assert "Exhaustion" in text and "4 wounds" in text and "unconscious" in text


def test_an_offer_the_hero_can_afford_says_nothing_about_wounds():
    b = _ilsa(pp=6)
    ok(b, c.Cast("ilsa", "Bolt", faces=(1,), target="cultists"))
    text = " ".join(view.pending(b.state).lines)
    assert "wound" not in text


def _knocked_out():
    b = _ilsa(pp=3)
    ok(b, c.Cast("ilsa", "Bolt", faces=(1,), target="cultists"))
    ok(b, c.AnswerOffer(True))  # 4 PP with 3: 4 wounds of Exhaustion, Tough 3
    ok(b, c.RollBlocks(faces=(6, 6)))  # the bolt's two hits, both blocked
    assert b.state.unit("ilsa").unconscious
    return b


def test_a_hero_knocked_out_in_her_own_activation_takes_no_more_action_and_it_ends_once_her_bolt_is_resolved():
    b = _ilsa(pp=3)
    ok(b, c.Cast("ilsa", "Bolt", faces=(1,), target="cultists"))
    r = ok(b, c.AnswerOffer(True))  # 4 PP with 3: 4 wounds of Exhaustion, Tough 3
    assert event(r, "activation_over").payload == {"unit": "ilsa", "reason": "unconscious"}
    assert b.state.activation.unit == "ilsa" and b.state.attack is not None  # the bolt's hits first
    for action in ("act", "skill", "cast", "shoot"):
        assert can(b.state, action, "ilsa") is not None, action
    r = ok(b, c.RollBlocks(faces=(6, 6)))
    assert "activation_ended" in [e.kind for e in r.events]
    assert b.state.activation is None and b.state.unit("ilsa").activated
    assert "already activated" in refused(b, c.ActivateHero("ilsa")).reason


def test_correcting_an_unconscious_heros_wounds_below_tough_wakes_her_and_to_tough_knocks_her_out():
    b = _knocked_out()
    ok(b, Correct("wounds", "ilsa", 0, "QA: the wounds were wrong"))
    assert not b.state.unit("ilsa").unconscious
    ok(b, Correct("wounds", "ilsa", 3, "back to Tough"))
    assert b.state.unit("ilsa").unconscious


def test_a_defense_roll_records_the_face_it_needed_after_ap():
    """Defense 5+ with AP(1) blocks on 6: the record's target is the modified one (the log
    shows "[2 6] vs 6+"), the base and the AP stay in the breakdown."""
    b = _ilsa()
    ok(b, c.Cast("ilsa", "Bolt", faces=(4,), target="cultists"))
    roll = RollRecord.from_dict(event(ok(b, c.RollBlocks(faces=(2, 6))), "blocks_rolled").payload["roll"])
    assert roll.target == 6 and roll.base.value == 5 and [m.value for m in roll.modifiers] == [-1]
    assert "1 of 2 dice 6+" in "\n".join(roll_breakdown(roll))


def test_a_tough_unit_says_how_many_wounds_it_has_left():
    b = new_battle(
        [hero("ilsa", unit_rules=(("Caster", 2),), spells=(BOLT,)), hero("vex")],
        [enemy("brute", name="Cult Brute", tough=9, defense=6)],
    )
    b.initial = b.state.with_unit("ilsa", tokens=2)
    b._reset_states()
    activate(b, "ilsa")
    ok(b, c.Cast("ilsa", "Bolt", faces=(4,), target="brute"))
    text = event(ok(b, c.RollBlocks(faces=(1, 6))), "wounds_taken").text
    assert "1/9 wounds, 8 left" in text, text


def test_a_text_only_spell_cast_reads_cleanly_and_says_how_the_gm_records_it():
    ward = SpellSpec("Ward", 1, "One hero in line of sight gets +1 Defense until the end of the round.")
    b = new_battle([hero("ilsa", unit_rules=(("Caster", 2),), spells=(ward,)), hero("vex")], [enemy("cultists")])
    ok(b, c.StartRound())
    ok(b, c.ActivateHero("ilsa"))
    r = ok(b, c.Cast("ilsa", "Ward", faces=(6,)))
    tried, note = event(r, "spell_tried").text, event(r, "note").text
    assert ".." not in tried and tried.endswith("end of the round."), tried
    assert "GM correction" in note and ".." not in note, note


def test_the_defense_line_in_the_log_says_the_face_needed_after_ap():
    b = _ilsa()
    ok(b, c.Cast("ilsa", "Bolt", faces=(4,), target="cultists"))
    text = event(ok(b, c.RollBlocks(faces=(2, 6))), "blocks_rolled").text
    assert "against 5+ -1: needs 6+" in text, text
