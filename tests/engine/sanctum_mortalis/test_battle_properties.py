"""Hypothesis: random command sequences keep the log the truth."""

from battle_testkit import Tally, accepted, assert_unchanged, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battle import Accepted, Battle
from engine.events import Event
from engine.log import effective
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.rerolls import reroll_offers

MODELS = ["A.kara", "A.bo", "A.cy", "B.xan", "B.yul"]
model = st.sampled_from(MODELS)
CARDS = ["stall", "distraction", "primal-fear", "doubt", "stumble", "im-fine", "woohoo", "your-mother-too"]

commands = st.one_of(
    st.just(c.StartRound()),
    st.just(c.EndActivation()),
    st.builds(c.EndRound, force=st.booleans()),
    st.builds(c.Activate, model),
    st.builds(c.PlaceMarker, model, st.sampled_from(["defensive-stance", "overwatch", "hidden", "bogus"])),
    st.builds(c.RemoveMarker, model, st.sampled_from(["defensive-stance", "overwatch"])),
    st.builds(c.PlayCard, st.sampled_from(["A", "B"]), st.sampled_from(CARDS), model),
    st.builds(c.Engage, model, model),
    st.builds(c.Disengage, model, model),
    st.builds(c.PickUpTech, model),
    st.builds(c.LeaveTable, model),
    st.builds(c.RemoveModel, model, by=st.none() | model),
    st.builds(c.OtherAction, model, st.just("throws a grenade")),
    st.builds(
        c.ChangeSetting,
        st.sampled_from(["withdraw_tie", "aimed_shot_drop", "nope"]),
        st.sampled_from(["fail", "win", "highest", "lowest", "x"]),
    ),
    st.builds(
        c.Move,
        model,
        st.none() | st.integers(0, 6),
        difficult=st.booleans(),
        engage=st.lists(model, max_size=1).map(tuple),
    ),
    st.builds(
        c.Shoot,
        model,
        model,
        st.sampled_from(["assault-rifle", "assault-pistol", "primitive", "thrown-knife"]),
        toggles=st.frozensets(st.sampled_from(["obstacle", "cover", "long_range", "captain_reroll"])),
        overwatch=st.booleans(),
    ),
    st.builds(c.EndSalvo, model),
    st.builds(
        c.Save,
        model,
        hold=st.booleans(),
        toggles=st.frozensets(st.sampled_from(["what-are-you-gonna-do", "im-fine", "adrenaline"])),
    ),
    st.builds(c.Attack, model, model, withdraw=st.booleans()),
    st.builds(c.Reroll, model, st.integers(-1, 4), st.sampled_from(["captain", "im-fine", "point-blank", "bogus"])),
    st.builds(c.JumpDown, model, st.floats(-1, 12, allow_nan=False)),
    st.builds(c.Fall, model, st.integers(0, 10)),
    st.builds(c.AwardVP, st.sampled_from(["A", "B", "C"]), st.integers(-2, 2), st.just("test")),
    st.builds(c.EndBattle),
    st.just("undo"),
    st.just("redo"),
)


def test_replaying_the_log_rebuilds_the_state_and_rejections_change_nothing(make_battle):
    tally = Tally()

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(commands, max_size=40), st.integers(0, 10_000))
    def run(cmds, seed):
        battle = make_battle(seed=seed)
        taken = 0
        for cmd in cmds:
            before = snapshot(battle)
            if cmd == "undo":
                r = battle.undo()
            elif cmd == "redo":
                r = battle.redo()
            else:
                r = battle.submit(cmd)
            taken += accepted(r)
            if isinstance(r, Rejected):
                assert_unchanged(battle, before)
            else:
                assert isinstance(r, Accepted) and len(battle.entries) > before.count
        tally.example(taken, len(cmds))
        reloaded = Battle(battle.header, [Event.from_dict(e.to_dict()) for e in battle.entries])
        assert reloaded.state == battle.state
        if battle.can_undo:
            after = battle.state
            battle.undo()
            battle.redo()
            assert battle.state == after

    run()
    tally.check(at_least=0.15)  # about 34%


def plausible(battle) -> list:
    """Commands that make sense now (most are legal), so random play reaches combat."""
    s = battle.state
    if s.ended:
        return ["undo"]
    if s.order.phase in ("setup", "round-over"):
        return [c.StartRound(), "undo"]
    if s.order.phase == "choose-first":
        return [c.ChooseFirst("A"), c.ChooseFirst("B")]
    if s.pending:
        m = s.pending[0].model
        offered = [c.Reroll(o.model, o.die, o.source) for o in reroll_offers(s)]  # a held failure's re-rolls
        return [c.Save(m), c.Save(m, hold=True), c.Reroll(m, 0, "im-fine"), c.Reroll(m, 1, "captain"), *offered]
    out: list = [c.EndActivation(), "undo", "redo"]
    out += [c.Reroll(o.model, o.die, o.source) for o in reroll_offers(s)]  # a missed shot, a lost melee
    side = s.order.to_act
    movers = [m for m in s.on_table(side) if not m.activated] if side else []
    enemies = [m for m in s.models if m.on_table and m.side != side]
    for m in movers:
        out.append(c.Activate(m.id))
        out.append(c.Move(m.id, 3, engage=(enemies[0].id,) if enemies else ()))
        out.append(c.PlaceMarker(m.id, "defensive-stance"))
        for e in enemies[:2]:
            if m.spec.ranged:
                out.append(c.Shoot(m.id, e.id, m.spec.ranged[0], toggles=frozenset({"obstacle"})))
            if e.id in m.engaged_with:
                out.append(c.Attack(m.id, e.id))
                out.append(c.Attack(m.id, e.id, withdraw=True))
        out.append(c.PlayCard("B" if side == "A" else "A", "stall", m.id))
    return out


def test_random_play_keeps_the_log_the_truth(make_battle):
    tally = Tally()

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.data(), st.integers(0, 10_000))
    def run(data, seed):
        battle = make_battle(seed=seed)
        taken = 0
        for _ in range(60):
            cmd = data.draw(st.sampled_from(plausible(battle)))
            before = snapshot(battle)
            r = battle.undo() if cmd == "undo" else battle.redo() if cmd == "redo" else battle.submit(cmd)
            taken += accepted(r)
            if isinstance(r, Rejected):
                assert_unchanged(battle, before)
        tally.example(taken, 60)
        assert Battle(battle.header, [e.to_dict() for e in battle.entries]).state == battle.state
        history = effective(battle.entries)
        assert battle.active_events == history.active
        assert battle.undone_events == tuple(e for group in history.redoable for e in group)
        if battle.can_undo:
            after = battle.state
            battle.undo()
            battle.redo()
            assert battle.state == after

    run()
    tally.check(at_least=0.25)  # about 40%
