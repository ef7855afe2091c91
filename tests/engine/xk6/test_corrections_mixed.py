"""Issue 17: random xK6 commands mixed with GM corrections replay to the same state, and
undo / redo of each correction is exact (``correction_mix``)."""

from battle_testkit import Tally
from correction_mix import mixed, mixed_run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .test_properties import commands, make, opening

COMMANDS, FIXES = Tally(), Tally()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(mixed(commands), st.integers(0, 10_000))
def test_random_commands_and_corrections_replay_to_the_same_state_and_undo_exactly(steps, seed):
    battle = make()
    battle.seed = seed
    mixed_run(battle, opening, steps, COMMANDS, FIXES)


def test_enough_of_the_random_commands_and_corrections_were_accepted():
    test_random_commands_and_corrections_replay_to_the_same_state_and_undo_exactly()
    FIXES.check(at_least=0.4)
    COMMANDS.check(at_least=0.1)  # about 20%
    assert COMMANDS.accepted >= 15
