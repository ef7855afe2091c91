"""Hypothesis: random command sequences keep magazines and rounds never below empty, the log
rebuilds the same state, rejected commands change nothing, and every distribution shown sums
to 1."""
import json
from fractions import Fraction

from hypothesis import HealthCheck, given, settings, strategies as st

from engine.battle import Accepted, Battle
from engine.events import Event
from engine.ruleset import Rejected
from engine.rulesets.xk6 import commands as c, view

from .conftest import ARMS, model, new_battle

MODELS = ["A.boss", "A.doc", "B.sniper", "B.brute"]
WEAPONS = [w.id for w in ARMS]
m = st.sampled_from(MODELS)
faces = st.none() | st.lists(st.integers(1, 6), min_size=1, max_size=3).map(tuple)
target = st.builds(c.Target, m, st.sampled_from(["open", "soft", "hard", "hidden"]), st.booleans(), st.booleans(),
                   st.booleans(), faces, st.none() | st.integers(1, 6))
commands = st.one_of(
    st.builds(c.StartTurn), st.builds(c.RollInitiative), st.builds(c.ChooseFirst, st.sampled_from(["A", "B"])),
    st.builds(c.Activate, m, st.sampled_from(["move-attack", "move-designate", "hold", "reload", "skill", "x"]),
              speed=st.none() | st.sampled_from(["still", "walk", "run"]), weapon=st.none() | st.sampled_from(WEAPONS)),
    st.just(c.EndActivation()),
    st.builds(c.Attack, m, st.sampled_from(WEAPONS), st.lists(target, max_size=3).map(tuple),
              kind=st.sampled_from(["direct", "melee", "indirect"]),
              range=st.sampled_from(["optimal", "maximum", "beyond"]), rof_dam=st.integers(0, 3),
              rof_area=st.integers(0, 2), override_range=st.booleans(), faces=faces),
    st.builds(c.Land, st.lists(target, max_size=2).map(tuple)), st.just(c.ResolveAttack()),
    st.builds(c.SpendCommandPoint, m, st.sampled_from(["reroll", "activation"]), m),
    st.builds(c.React, m, st.sampled_from(["move", "shoot"]), m, speed=st.none() | st.just("walk")),
    st.just(c.EndReaction()), st.builds(c.Designate, st.none() | m), st.builds(c.Heal, m),
    st.builds(c.AdjustWounds, m, st.integers(-2, 2)), st.builds(c.RemoveModel, m),
    st.builds(c.ChangeSetting, st.sampled_from(["attacks_per_activation", "ammo_result", "la_depletion"]),
              st.sampled_from(["one-per-weapon", "any-die", "on", "off"])),
    st.just("undo"), st.just("redo"),
)
opening = [c.StartTurn(faces=(6, 1)), c.ChooseFirst("A"), c.Activate("A.boss", "move-attack", speed="still")]


def make() -> Battle:
    return new_battle([model("boss", att=3, command=3, command_points=2, wounds=3), model("doc", medic=4)],
                      [model("sniper", stealth=5, armour=3, wounds=2), model("brute", att=3, armour=4)])


def check_invariants(battle: Battle) -> None:
    s = battle.state
    for x in s.models:
        assert x.wounds >= 0 and x.command_points >= 0
        for w in x.weapons:
            assert (w.mags is None or w.mags >= 0) and (w.rounds is None or w.rounds >= 0)
    for line in view.model_lines(s):
        assert line.wounds >= 0
    pending = view.pending_view(s)
    if pending is not None:
        for r in pending.records:
            total = sum(Fraction(v) for v in r.detail["sl_distribution"].values())
            assert total == 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.lists(commands, max_size=40), st.integers(0, 10_000))
def test_replaying_the_log_rebuilds_the_state_and_rejections_change_nothing(open_first, cmds, seed):
    battle = make()
    battle.seed = seed
    for cmd in (opening if open_first else []) + cmds:
        before_state, before_len = battle.state, len(battle.entries)
        r = battle.undo() if cmd == "undo" else battle.redo() if cmd == "redo" else battle.submit(cmd)
        if isinstance(r, Rejected):
            assert battle.state is before_state and len(battle.entries) == before_len
        else:
            assert isinstance(r, Accepted) and len(battle.entries) > before_len
        check_invariants(battle)
    header = json.loads(json.dumps(battle.header))
    reloaded = Battle(header, [Event.from_dict(json.loads(json.dumps(e.to_dict()))) for e in battle.entries])
    assert reloaded.state == battle.state


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(WEAPONS), st.integers(0, 4), st.integers(0, 2), faces, faces),
                min_size=1, max_size=12), st.integers(0, 1000))
def test_firing_again_and_again_never_takes_a_magazine_or_round_count_below_empty(shots, seed):
    battle = make()
    battle.seed = seed
    battle.submit(c.StartTurn(faces=(6, 1)))
    battle.submit(c.ChooseFirst("A"))
    for weapon, rof_dam, rof_area, att, dfn in shots:
        if battle.state.turn.phase == "between":
            battle.submit(c.StartTurn(faces=(6, 1)))
            battle.submit(c.ChooseFirst("A"))
        battle.submit(c.Activate("A.boss", "reload", weapon=weapon))
        battle.submit(c.Activate("A.boss", "move-attack", speed="still"))
        battle.submit(c.Attack("A.boss", weapon, (c.Target("B.brute", faces=dfn),), rof_dam=rof_dam,
                               rof_area=rof_area, faces=att))
        battle.submit(c.ResolveAttack())
        battle.submit(c.EndActivation())
        for other in ("B.brute", "B.sniper", "A.doc"):
            battle.submit(c.Activate(other, "hold"))
            battle.submit(c.EndActivation())
        check_invariants(battle)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(WEAPONS), st.sampled_from(["direct", "melee", "indirect"]), st.integers(0, 4),
       st.integers(0, 2), st.lists(st.sampled_from(["B.sniper", "B.brute", "A.doc"]), min_size=1, max_size=3,
                                   unique=True), st.sampled_from(["open", "soft", "hard", "hidden"]))
def test_every_preview_distribution_sums_to_one(weapon, kind, rof_dam, rof_area, targets, cover):
    battle = make()
    for cmd in opening:
        battle.submit(cmd)
    pv = view.attack_preview(battle.state, c.Attack("A.boss", weapon, tuple(c.Target(t, cover) for t in targets),
                                                    kind=kind, rof_dam=rof_dam, rof_area=rof_area))
    for pair in pv.pairs:
        for dist in (pair.att_distribution, pair.def_distribution, pair.sl_distribution, pair.damage_distribution,
                     pair.wound_distribution):
            assert sum(dist.values()) == 1
    if pv.hit_sl_distribution is not None:
        assert sum(pv.hit_sl_distribution.values()) == 1
    assert 0 <= pv.p_empty <= 1
