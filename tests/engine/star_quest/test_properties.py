"""Hypothesis: random command sequences keep the log the truth — replaying it rebuilds the
same state, a rejected command changes nothing, power points never go negative — and
every distribution shown sums to 1."""

import json
from fractions import Fraction

from battle_testkit import Tally, accepted, assert_unchanged, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battle import Accepted, Battle
from engine.events import Event
from engine.ruleset import Rejected
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.odds import AttackProfile, attack_odds, block_chance
from engine.rulesets.star_quest.roster import SkillSpec, SpellSpec
from engine.rulesets.star_quest.stat_test import success_chance

from .conftest import enemy, hero, new_battle, weapon

HEROES = ["vex", "ilsa"]
ENEMIES = ["pack", "brute"]
UNITS = HEROES + ENEMIES
u = st.sampled_from(UNITS)
h = st.sampled_from(HEROES)
faces = st.none() | st.lists(st.integers(1, 6), min_size=1, max_size=6).map(tuple)

commands = st.one_of(
    st.just(c.StartRound()),
    st.just(c.EndRound()),
    st.builds(c.ActivateHero, h),
    st.builds(c.ActivateAI, st.sampled_from(ENEMIES)),
    st.just(c.EndActivation()),
    st.builds(
        c.TakeAction,
        h,
        st.sampled_from(["rest", "hold", "advance", "rush", "charge", "skill", "fly"]),
        extra=st.booleans(),
        target=st.none() | st.sampled_from(ENEMIES),
    ),
    st.builds(
        c.Shoot, u, st.sampled_from(["Gun", "Blaster", "Blade"]), u, cover=st.booleans(), stealth_range=st.booleans()
    ),
    st.builds(c.RollHits, faces),
    st.builds(c.RollBlocks, faces),
    st.builds(c.RollRegeneration, faces),
    st.builds(c.AnswerOffer, st.booleans()),
    st.builds(
        c.UseSkill,
        h,
        st.sampled_from(["scurry", "push", "discover", "revive", "Rally"]),
        target=st.none() | st.sampled_from(UNITS + ["crate"]),
    ),
    st.builds(c.Cast, u, st.sampled_from(["Bolt", "random"]), extra_tokens=st.integers(0, 2)),
    st.builds(c.Jump, h, st.floats(0.5, 7).map(lambda x: round(x, 1))),
    st.builds(c.Fall, u, st.floats(0, 9).map(lambda x: round(x, 1))),
    st.builds(c.DangerousTerrain, u),
    st.builds(c.RollMorale, faces),
    st.builds(c.AnswerAI, st.booleans()),
    st.builds(
        c.ChooseAIAction,
        st.none() | st.sampled_from(["skip", "rush-enemy", "hold-shoot", "charge"]),
        reason=st.sampled_from(["", "GM"]),
        target=st.none() | h,
    ),
    st.builds(c.LosePower, h, st.integers(1, 4)),
    st.builds(c.ApplyStatus, u, st.sampled_from(["afflicted", "crippled", "diseased", "impaired"]), st.booleans()),
    st.builds(
        c.ResolveStatus,
        st.sampled_from(["afflicted", "crippled", "diseased", "impaired"]),
        faces,
        target=st.none() | st.integers(2, 6),
    ),
    st.builds(c.AdjustWounds, u, st.integers(1, 3)),
    st.builds(
        c.ChangeSetting,
        st.sampled_from(["exhaustion", "morale_reading", "extra_actions"]),
        st.sampled_from(["shortfall", "R2", "unlimited", "whole-cost"]),
    ),
    st.just("undo"),
    st.just("redo"),
)


def make() -> Battle:
    return new_battle(
        [
            hero(
                "vex",
                pp=2,
                unit_rules=(("Caster", 2), "Fast"),
                spells=(SpellSpec("Bolt", 2, "zap"),),
                skills=(SkillSpec("Rally", "wil"),),
                weapons=(
                    weapon("Blaster", attacks=2, rules=("Surge",)),
                    weapon("Blade", "melee", attacks=2, rules=("Thrust",)),
                ),
            ),
            hero("ilsa", pp=0, tough=2),
        ],
        [
            enemy("pack", models=3, unit_rules=("Fearless",)),
            enemy(
                "brute",
                tough=9,
                unit_rules=(("Impact", 2), ("Fear", 1), "Regeneration"),
                weapons=(weapon("Gun", rules=(("Blast", 2),)), weapon("Claw", "melee", 2, 1, ("Counter",))),
            ),
        ],
    )


def check(battle: Battle) -> None:
    s = battle.state
    assert all(x.pp >= 0 and all(w >= 0 for w in x.wounds) for x in s.units)
    assert view.round_view(s) is not None and view.hero_lines(s) and view.enemy_lines(s)
    p = view.attack_preview(s)
    if p is not None:
        dists = [p.hits, p.wounds] if hasattr(p, "hits") else [p]
        assert all(sum(d.values()) == 1 for d in dists)


def test_replaying_the_log_rebuilds_the_state_rejections_change_nothing_and_pp_never_go_negative():
    tally = Tally()

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(commands, max_size=50), st.integers(0, 10_000))
    def run(cmds, seed):
        battle = make()
        battle.seed = seed
        taken = 0
        for i, cmd in enumerate([c.StartRound()] + cmds):
            before = snapshot(battle)
            r = battle.undo() if cmd == "undo" else battle.redo() if cmd == "redo" else battle.submit(cmd)
            taken += accepted(r)
            if isinstance(r, Rejected):
                assert i > 0, f"the first round's start was refused: {r}"
                assert_unchanged(battle, before)
            else:
                assert isinstance(r, Accepted) and len(battle.entries) > before.count
            check(battle)
        tally.example(taken, 1 + len(cmds))
        reloaded = Battle(
            json.loads(json.dumps(battle.header)),
            [Event.from_dict(json.loads(json.dumps(e.to_dict()))) for e in battle.entries],
        )
        assert reloaded.state == battle.state

    run()
    tally.check(at_least=0.15)  # about 33%


@given(
    st.integers(1, 6),
    st.sampled_from([Fraction(k, 6) for k in range(1, 6)]),
    st.integers(0, 2),
    st.booleans(),
    st.integers(1, 3),
    st.integers(2, 6),
    st.integers(-2, 2),
    st.integers(1, 3),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["none", "once", "repeat"]),
)
def test_attack_outcome_probabilities_sum_to_1(n, p, extra, rending, blast, defense, net, deadly, regen, first, bane):
    prof = AttackProfile(
        n,
        p,
        True,
        extra,
        rending,
        blast,
        block_chance(defense, net, bane),
        block_chance(defense, net - 4, bane),
        deadly,
        regen,
        Fraction(1, 3),
        first,
    )
    odds = attack_odds(prof)
    assert sum(odds.hits.values()) == 1 and sum(odds.wounds.values()) == 1


@given(st.integers(2, 6), st.integers(-4, 4), st.booleans())
def test_a_test_with_the_natural_rule_is_between_1_6_and_5_6(target, net, fatigued):
    chance = success_chance(target, net, True, fatigued)
    assert Fraction(1, 6) <= chance <= Fraction(5, 6)
