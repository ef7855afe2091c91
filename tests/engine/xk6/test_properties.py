"""Hypothesis: random command sequences keep magazines and rounds never below empty, the log
rebuilds the same state, rejected commands change nothing, and every distribution shown sums
to 1."""

import json
from fractions import Fraction

from battle_testkit import Tally, accepted, assert_unchanged, snapshot
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.battle import Accepted, Battle
from engine.events import Event
from engine.ruleset import Rejected
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view

from .conftest import ARMS, model, new_battle, ok, refused

MODELS = ["A.boss", "A.doc", "B.sniper", "B.brute"]
WEAPONS = [w.id for w in ARMS]
m = st.sampled_from(MODELS)
faces = st.none() | st.lists(st.integers(1, 6), min_size=1, max_size=3).map(tuple)
target = st.builds(
    c.Target,
    m,
    st.sampled_from(["open", "soft", "hard", "hidden"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    faces,
    st.none() | st.integers(1, 6),
)
commands = st.one_of(
    st.builds(c.StartTurn),
    st.builds(c.RollInitiative),
    st.builds(c.ChooseFirst, st.sampled_from(["A", "B"])),
    st.builds(
        c.Activate,
        m,
        st.sampled_from(["move-attack", "move-designate", "hold", "reload", "skill", "x"]),
        speed=st.none() | st.sampled_from(["still", "walk", "run"]),
        weapon=st.none() | st.sampled_from(WEAPONS),
    ),
    st.just(c.EndActivation()),
    st.builds(
        c.Attack,
        m,
        st.sampled_from(WEAPONS),
        st.lists(target, max_size=3).map(tuple),
        kind=st.sampled_from(["direct", "melee", "indirect"]),
        range=st.sampled_from(["optimal", "maximum", "beyond"]),
        rof_dam=st.integers(0, 3),
        rof_area=st.integers(0, 2),
        override_range=st.booleans(),
        faces=faces,
    ),
    st.builds(c.Land, st.lists(target, max_size=2).map(tuple)),
    st.just(c.ResolveAttack()),
    st.builds(
        c.SpendCommandPoint,
        m,
        st.sampled_from(["reroll", "activation"]),
        m,
        test=st.sampled_from(["", "stealth", "medic"]),
    ),
    st.builds(c.React, m, st.sampled_from(["move", "shoot"]), m, speed=st.none() | st.just("walk")),
    st.just(c.EndReaction()),
    st.builds(c.Designate, st.none() | m),
    st.builds(c.Heal, m),
    st.builds(c.AdjustWounds, m, st.integers(-2, 2)),
    st.builds(c.RemoveModel, m),
    st.builds(
        c.ChangeSetting,
        st.sampled_from(["attacks_per_activation", "ammo_result", "la_depletion"]),
        st.sampled_from(["one-per-weapon", "any-die", "on", "off"]),
    ),
    st.just("undo"),
    st.just("redo"),
)
opening = [c.StartTurn(faces=(6, 1)), c.ChooseFirst("A"), c.Activate("A.boss", "move-attack", speed="still")]


def make() -> Battle:
    return new_battle(
        [model("boss", att=3, command=3, command_points=2, wounds=3), model("doc", medic=4)],
        [model("sniper", stealth=5, armour=3, wounds=2), model("brute", att=3, armour=4)],
    )


TARGETS = ["B.sniper", "B.brute"]


def make_sturdy(settings: dict[str, str]) -> Battle:
    """As ``make``, with targets that never go out of play (the property is about ammunition)."""
    return new_battle(
        [model("boss", att=3, command=3, command_points=2, wounds=3), model("doc", medic=4)],
        [model("sniper", armour=3, wounds=1000), model("brute", att=3, armour=4, wounds=1000)],
        settings,
    )


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


def test_replaying_the_log_rebuilds_the_state_and_rejections_change_nothing():
    tally = Tally()

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.booleans(), st.lists(commands, max_size=40), st.integers(0, 10_000))
    def run(open_first, cmds, seed):
        battle = make()
        battle.seed = seed
        script = (opening if open_first else []) + cmds
        taken = 0
        for i, cmd in enumerate(script):
            before = snapshot(battle)
            r = battle.undo() if cmd == "undo" else battle.redo() if cmd == "redo" else battle.submit(cmd)
            taken += accepted(r)
            if isinstance(r, Rejected):
                assert i >= len(script) - len(cmds), f"the opening {cmd} was refused: {r}"
                assert_unchanged(battle, before)
            else:
                assert isinstance(r, Accepted) and len(battle.entries) > before.count
            check_invariants(battle)
        tally.example(taken, len(script))
        header = json.loads(json.dumps(battle.header))
        reloaded = Battle(header, [Event.from_dict(json.loads(json.dumps(e.to_dict()))) for e in battle.entries])
        assert reloaded.state == battle.state

    run()
    tally.check(at_least=0.15)  # about 33%


def until_boss_may_activate(battle: Battle) -> None:
    """Play on as a GM would (start turns, A first; everyone but A.boss holds) until A.boss
    may activate."""
    for _ in range(40):
        s = battle.state
        if s.turn.phase != "activations":
            ok(battle, c.StartTurn(faces=(6, 1)))
            ok(battle, c.ChooseFirst("A"))
        elif s.turn.active is not None:
            ok(battle, c.EndActivation())
        elif view.legal_options(s, "A.boss"):
            return
        else:
            other = next(x.id for x in s.models if x.id != "A.boss" and view.legal_options(s, x.id))
            ok(battle, c.Activate(other, "hold"))
    raise AssertionError("A.boss never got to activate")


def loaded(battle: Battle, weapon: str) -> bool:
    """The weapon may fire now: a loaded magazine, or LA rounds left, or neither kind of ammunition."""
    spec = battle.state.weapon_spec("A.boss", weapon)
    w = battle.state.model("A.boss").weapon(weapon)
    return (not spec.magazine or w.loaded) and (not spec.limited or (w.rounds or 0) > 0)


def ready(battle: Battle, preferred: list[str]) -> str | None:
    """The first weapon of ``preferred`` A.boss can fire, reloading it (one activation) if its
    magazine is empty and a spare is left; None when no weapon has ammunition left."""
    for weapon in preferred:
        if loaded(battle, weapon):
            return weapon
        w = battle.state.model("A.boss").weapon(weapon)
        if battle.state.weapon_spec("A.boss", weapon).magazine and (w.mags or 0) > 0:
            until_boss_may_activate(battle)
            ok(battle, c.Activate("A.boss", "reload", weapon=weapon))
            assert battle.state.model("A.boss").weapon(weapon).mags == w.mags - 1  # one spare used, never below 0
            ok(battle, c.EndActivation())
            return weapon
        if battle.state.weapon_spec("A.boss", weapon).magazine and not w.loaded:
            until_boss_may_activate(battle)
            refused(battle, c.Activate("A.boss", "reload", weapon=weapon))  # empty, no spare: nothing to reload
    return None


KIND = {
    "rifle": "direct",
    "smg": "direct",
    "pistol": "direct",
    "knife": "melee",
    "mortar": "indirect",
    "grenade": "direct",
    "flamer": "direct",
}


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.sampled_from(WEAPONS), st.integers(0, 4), st.integers(0, 2), st.sampled_from(TARGETS)),
        min_size=1,
        max_size=20,
    ),
    st.integers(0, 1000),
    st.sampled_from(["test-result", "any-die"]),
    st.sampled_from(["off", "on"]),
)
def test_firing_again_and_again_never_takes_a_magazine_or_round_count_below_empty(shots, seed, ammo, la):
    battle = make_sturdy({"ammo_result": ammo, "la_depletion": la})
    battle.seed = seed
    fired = 0
    for choice, rof_dam, rof_area, target in shots:
        weapon = ready(battle, [choice] + [w for w in WEAPONS if w != choice])  # the knife never runs out
        if weapon is None:  # out of ammunition: the knife is always there, so this never happens
            break
        until_boss_may_activate(battle)
        ok(battle, c.Activate("A.boss", "move-attack", speed="still"))
        rof = battle.state.weapon_spec("A.boss", weapon).rof
        area = min(rof_area, rof)
        ok(
            battle,
            c.Attack(
                "A.boss",
                weapon,
                (c.Target(target),),
                kind=KIND[weapon],
                rof_dam=min(rof_dam, rof - area),
                rof_area=area,
            ),
        )
        if battle.state.attack is not None and battle.state.attack.stage == "landed":
            ok(battle, c.Land((c.Target(target),)))
        ok(battle, c.ResolveAttack())
        fired += 1
        ok(battle, c.EndActivation())
        check_invariants(battle)
    kinds = [e.kind for e in battle.active_events]
    event(f"attacks accepted: {fired} of {len(shots)}")
    event(
        f"magazines emptied: {sum(1 for e in battle.active_events if e.kind == 'ammo_checked' and e.payload['empty'])}"
    )
    event(f"reloads: {kinds.count('reloaded')}, LA rounds used: {kinds.count('round_used')}")
    assert fired == len(shots)  # every generated attack was legal and accepted (before: 20–46 of 343)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(WEAPONS),
    st.sampled_from(["direct", "melee", "indirect"]),
    st.integers(0, 4),
    st.integers(0, 2),
    st.lists(st.sampled_from(["B.sniper", "B.brute", "A.doc"]), min_size=1, max_size=3, unique=True),
    st.sampled_from(["open", "soft", "hard", "hidden"]),
)
def test_every_preview_distribution_sums_to_one(weapon, kind, rof_dam, rof_area, targets, cover):
    battle = make()
    for cmd in opening:
        battle.submit(cmd)
    pv = view.attack_preview(
        battle.state,
        c.Attack(
            "A.boss", weapon, tuple(c.Target(t, cover) for t in targets), kind=kind, rof_dam=rof_dam, rof_area=rof_area
        ),
    )
    for pair in pv.pairs:
        for dist in (
            pair.att_distribution,
            pair.def_distribution,
            pair.sl_distribution,
            pair.damage_distribution,
            pair.wound_distribution,
        ):
            assert sum(dist.values()) == 1
    if pv.hit_sl_distribution is not None:
        assert sum(pv.hit_sl_distribution.values()) == 1
    assert 0 <= pv.p_empty <= 1
