"""Hypothesis: random command sequences keep the log the truth."""
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.battle import Accepted, Battle
from engine.events import Event
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c


MODELS = ["A.kara", "A.bo", "A.cy", "B.xan", "B.yul"]
model = st.sampled_from(MODELS)
CARDS = ["stall", "distraction", "primal-fear", "doubt", "stumble", "im-fine", "woohoo", "your-mother-too"]

commands = st.one_of(
    st.just(c.StartRound()), st.just(c.EndActivation()), st.builds(c.EndRound, force=st.booleans()),
    st.builds(c.Activate, model),
    st.builds(c.PlaceMarker, model, st.sampled_from(["defensive-stance", "overwatch", "hidden", "bogus"])),
    st.builds(c.RemoveMarker, model, st.sampled_from(["defensive-stance", "overwatch"])),
    st.builds(c.PlayCard, st.sampled_from(["A", "B"]), st.sampled_from(CARDS), model),
    st.builds(c.Engage, model, model), st.builds(c.Disengage, model, model),
    st.builds(c.PickUpTech, model), st.builds(c.LeaveTable, model),
    st.builds(c.RemoveModel, model, by=st.none() | model),
    st.builds(c.OtherAction, model, st.just("throws a grenade")),
    st.builds(c.ChangeSetting, st.sampled_from(["withdraw_tie", "aimed_shot_drop", "nope"]),
              st.sampled_from(["fail", "win", "highest", "lowest", "x"])),
    st.just("undo"), st.just("redo"),
)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(commands, max_size=40), st.integers(0, 10_000))
def test_replaying_the_log_rebuilds_the_state_and_rejections_change_nothing(make_battle, cmds, seed):
    battle = make_battle(seed=seed)
    for cmd in cmds:
        before_state, before_len = battle.state, len(battle.entries)
        if cmd == "undo":
            r = battle.undo()
        elif cmd == "redo":
            r = battle.redo()
        else:
            r = battle.submit(cmd)
        if isinstance(r, Rejected):
            assert battle.state is before_state and len(battle.entries) == before_len
        else:
            assert isinstance(r, Accepted) and len(battle.entries) > before_len
    reloaded = Battle(battle.header, [Event.from_dict(e.to_dict()) for e in battle.entries])
    assert reloaded.state == battle.state
    if battle.can_undo:
        after = battle.state
        battle.undo()
        battle.redo()
        assert battle.state == after
