"""Issue #19 (Star Quest): every wound from any source gets its Regeneration roll — Exhaustion,
Diseased, a spell with both wounds and hits. An attack started while another is open waits
in ``BattleState.queued`` and opens when that one is resolved."""

from fractions import Fraction as F

from engine.corrections import Correct
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.roster import SpellEffect, SpellSpec

from .conftest import activate, enemy, event, hero, kinds, new_battle, ok

REGEN = ("Regeneration",)
SCOURGE = SpellSpec("Scourge", 2, "1 wound, then 2 hits with AP(1).", SpellEffect("enemy", hits=2, ap=1, wounds=1))


def _extra_action(pp: int, statuses: tuple[str, ...] = (), **settings: str):
    """Vex (Tough 5, Regeneration) buys an extra action (2 PP) with ``pp`` in the pool."""
    b = new_battle([hero("vex", pp=pp, tough=5, unit_rules=REGEN), hero("ilsa")], [enemy("e")], settings=settings)
    activate(b, "vex")
    for status in statuses:  # taken after the activation's status tests
        ok(b, Correct(f"status:{status}", "vex", True, "a test"))
    ok(b, c.TakeAction("vex", "hold"))
    return b, ok(b, c.TakeAction("vex", "advance", extra=True))


def test_exhaustion_wounds_roll_for_regeneration_first_with_exact_odds():
    b, r = _extra_action(0)  # [SQ-A7] Reading 1: the whole cost, 2 wounds
    started = event(r, "attack_started").payload
    assert (started["kind"], started["stage"], started["wounds"], started["weapon"]) == (
        "wounds",
        "regeneration",
        2,
        "Exhaustion",
    )
    assert b.state.unit("vex").wounds == (0,) and view.pending(b.state).commands == ("RollRegeneration",)
    assert view.attack_preview(b.state) == {0: F(1, 9), 1: F(4, 9), 2: F(4, 9)}
    r = ok(b, c.RollRegeneration(faces=(6, 2)))
    assert F(*event(r, "regeneration_rolled").payload["roll"]["probability"]) == F(1, 3)
    assert b.state.unit("vex").wounds == (1,) and b.state.attack is None
    assert event(r, "wounds_taken").payload["cause"] == "Exhaustion"


def test_diseased_wounds_roll_for_regeneration():
    b, r = _extra_action(2, statuses=("diseased",))  # pays 2 PP: 2 wounds from Diseased [SQ-A8]
    assert b.state.unit("vex").pp == 0 and b.state.attack.wounds == 2
    assert "Diseased" in b.state.attack.weapon
    ok(b, c.RollRegeneration(faces=(5, 5)))
    assert b.state.unit("vex").wounds == (0,) and b.state.attack is None


def test_exhaustion_and_diseased_together_each_get_their_regeneration_roll_in_turn():
    # shortfall [SQ-A7 Reading 2]: 1 PP taken, 1 wound of Exhaustion; Diseased: 1 wound per PP taken
    b, r = _extra_action(1, statuses=("diseased",), exhaustion="shortfall", diseased_exhaustion="pool")
    assert sum(1 for k in kinds(r) if k == "attack_started") == 2
    assert b.state.attack.weapon == "Exhaustion" and len(b.state.queued) == 1
    r = ok(b, c.RollRegeneration(faces=(1,)))
    assert b.state.unit("vex").wounds == (1,)
    assert "Diseased" in b.state.attack.weapon and b.state.queued == ()  # the second opens
    assert view.pending(b.state).commands == ("RollRegeneration",)
    ok(b, c.RollRegeneration(faces=(5,)))
    assert b.state.unit("vex").wounds == (1,) and b.state.attack is None


def _scourge(target):
    b = new_battle(
        [hero("ilsa", pp=2, unit_rules=(("Caster", 2),), spells=(SCOURGE,)), hero("vex")],
        [target],
    )
    b.initial = b.state.with_unit("ilsa", tokens=6)
    b._reset_states()
    activate(b, "ilsa")
    return b


def test_a_spell_with_wounds_and_hits_rolls_regeneration_for_its_wounds_then_the_defense_dice():
    b = _scourge(enemy("troll", tough=6, defense=4, unit_rules=REGEN))
    ok(b, c.Cast("ilsa", "Scourge", faces=(5,), target="troll"))
    a = b.state.attack
    assert (a.kind, a.stage, a.wounds) == ("wounds", "regeneration", 1)
    assert [q.kind for q in b.state.queued] == ["spell"]
    assert view.pending(b.state).lines[-1] == "then: Troll — Scourge (spell)"
    assert view.attack_preview(b.state) == {0: F(1, 3), 1: F(2, 3)}
    ok(b, c.RollRegeneration(faces=(2,)))  # the wound stands
    assert b.state.unit("troll").wounds == (1,)
    a = b.state.attack
    assert (a.kind, a.stage, a.fall_ap) == ("spell", "blocks", 1) and view.pending(b.state).commands[0] == "RollBlocks"
    ok(b, c.RollBlocks(faces=(6, 1)))  # Defense 4+ with AP(1): 5+ blocks; the 1 wounds
    assert b.state.attack.stage == "regeneration" and b.state.attack.wounds == 1  # the hit's wound too
    ok(b, c.RollRegeneration(faces=(5,)))
    assert b.state.unit("troll").wounds == (1,) and b.state.attack is None


def test_a_queued_attack_at_a_unit_the_wounds_destroyed_is_dropped():
    b = _scourge(enemy("imp", tough=1, unit_rules=REGEN))
    ok(b, c.Cast("ilsa", "Scourge", faces=(5,), target="imp"))
    assert len(b.state.queued) == 1
    ok(b, c.RollRegeneration(faces=(1,)))
    assert not b.state.unit("imp").alive and b.state.attack is None and b.state.queued == ()


def test_the_activation_closes_after_a_failed_morale_tests_wounds_have_rolled_regeneration():
    """A Tough 9+ unit with Regeneration fails its morale test at the end of an activation:
    its D3 wounds roll Regeneration first, and only then does the activation end (§5, §12.2)."""
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("big", tough=9, quality=4, unit_rules=REGEN)])
    ok(b, c.StartRound())
    ok(b, c.ActivateHero("vex"))
    ok(b, c.AdjustWounds("big", 5))
    ok(b, c.EndActivation())
    r = ok(b, c.RollMorale((3, 3)), [])  # failed; a d6 of 3 is a D3 of 2 [SQ-A3]
    assert "activation_ended" not in kinds(r) and b.state.activation is not None
    assert (b.state.attack.kind, b.state.attack.wounds) == ("wounds", 2)
    r = ok(b, c.RollRegeneration(faces=(6, 1)))
    assert b.state.unit("big").wounds == (6,) and "activation_ended" in kinds(r) and b.state.activation is None
