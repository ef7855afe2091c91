"""Properties of the campaign log: replay rebuilds the state, a rejected command changes
nothing, the treasury is never negative — over random command sequences."""

from battle_testkit import Tally, accepted, assert_unchanged, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battle import Accepted, Battle
from engine.dice import SeededDice
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis.campaign import StartPostBattle, view

SETTINGS = settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _walk(campaign: Battle, picks: list[tuple[int, int, int]]) -> int:
    """Submit commands picked from the view's choices (open or not), undoing sometimes;
    after each one check the properties. How many were accepted."""
    taken = 0
    for band_pick, option_pick, seed in picks:
        state = campaign.state
        band = state.bands[band_pick % len(state.bands)].key
        options = view.choices(state, band)
        if seed % 11 == 0:
            before = snapshot(campaign)
            result = campaign.undo()
            taken += accepted(result)
            if isinstance(result, Rejected):
                assert_unchanged(campaign, before)
            continue
        open_ = [o for o in options if o.allowed]
        pool = open_ if open_ and option_pick % 3 else options  # mostly go forward, sometimes try anything
        option = pool[option_pick % len(pool)]
        before = snapshot(campaign)
        result = campaign.submit(option.command, SeededDice(seed))
        taken += accepted(result)
        if isinstance(result, Rejected):
            assert_unchanged(campaign, before)  # a rejection changes nothing
        else:
            assert isinstance(result, Accepted)
        for b in campaign.state.bands:
            assert b.roster.treasury >= 0, (option.label, b.roster.treasury)
    return taken


picks = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 10_000), st.integers(0, 10_000)), max_size=60)


def test_replaying_the_log_rebuilds_the_same_state(make_campaign, make_finished):
    tally = Tally()

    @SETTINGS
    @given(picks=picks, seed=st.integers(0, 1000))
    def run(picks, seed):
        campaign = make_campaign(seed)
        finished = make_finished()
        start = campaign.submit(StartPostBattle(finished.header["setup"], tuple(e.to_dict() for e in finished.entries)))
        assert isinstance(start, Accepted), start
        tally.example(_walk(campaign, picks), len(picks))
        again = Battle(campaign.header, [e.to_dict() for e in campaign.entries])
        assert again.state == campaign.state

    run()
    tally.check(at_least=0.2)  # about 40%


def test_view_and_engine_agree_on_what_is_allowed(make_campaign, make_finished):
    tally = Tally()

    @SETTINGS
    @given(picks=picks)
    def run(picks):
        campaign = make_campaign()
        finished = make_finished()
        start = campaign.submit(StartPostBattle(finished.header["setup"], tuple(e.to_dict() for e in finished.entries)))
        assert isinstance(start, Accepted), start
        taken = tried = 0
        for band_pick, option_pick, seed in picks:
            state = campaign.state
            band = state.bands[band_pick % len(state.bands)].key
            options = view.choices(state, band)
            option = options[option_pick % len(options)]
            if option.kind == "form":  # a blank filled in by a form (recruiting: test_recruit_and_stash)
                continue
            result = campaign.submit(option.command, SeededDice(seed))
            tried += 1
            taken += accepted(result)
            assert isinstance(result, Rejected) != option.allowed, (option.label, result)
        tally.example(taken, tried)

    run()
    tally.check(at_least=0.1)  # both ways are checked: allowed options accepted, closed ones refused


def test_random_walks_reach_the_end_of_the_sequence(make_campaign, make_finished):
    """The walk of the properties does get through the steps (so they test something)."""
    import random

    reached = set()
    for seed in range(5):
        rng = random.Random(seed)
        campaign = make_campaign(seed)
        finished = make_finished()
        campaign.submit(StartPostBattle(finished.header["setup"], tuple(e.to_dict() for e in finished.entries)))
        _walk(campaign, [(rng.randrange(6), rng.randrange(10_000), rng.randrange(1, 10_000)) for _ in range(150)])
        reached |= {b.step for b in campaign.state.post.bands} if campaign.state.post else {"closed"}
    assert reached & {"purchases", "done", "closed"}
