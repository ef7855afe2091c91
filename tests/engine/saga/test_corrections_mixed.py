"""Issue 17: random SAGA commands mixed with GM corrections replay to the same state, and
undo / redo of each correction is exact (``correction_mix``)."""

from battle_testkit import Tally
from correction_mix import mixed, mixed_run, often
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rulesets.saga import commands as c

from .test_properties import commands, into_melee, make

COMMANDS, FIXES = Tally(), Tally()
FLOW = [
    c.StartTurn(),
    c.EndTurn(force=True),
    c.CompleteMove(),
    c.RollShot(),
    c.RollShotDefence(),
    *(c.Activate(u, kind) for u in ("A.axes", "A.slings", "B.shields", "B.horse") for kind in ("move", "rest")),
    c.Activate("A.slings", "shoot", target="B.shields"),
    c.Activate("B.horse", "shoot", target="A.axes"),
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(st.booleans(), mixed(often(FLOW, commands)), st.integers(0, 10_000))
def test_random_commands_and_corrections_replay_to_the_same_state_and_undo_exactly(melee_first, steps, seed):
    battle = make()
    battle.seed = seed
    mixed_run(battle, into_melee if melee_first else [c.StartTurn("A")], steps, COMMANDS, FIXES)


def test_enough_of_the_random_commands_and_corrections_were_accepted():
    test_random_commands_and_corrections_replay_to_the_same_state_and_undo_exactly()
    FIXES.check(at_least=0.4)
    COMMANDS.check(at_least=0.08)  # about 15%: the flow commands, few of the random ones
    assert COMMANDS.accepted >= 15
