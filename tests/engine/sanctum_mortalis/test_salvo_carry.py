"""§10.5: the shots of one Shooting action. The next shot at the same target starts from
the GM's modifiers of the shot before (``view.salvo_carried``); the open salvo is
``combat.open_salvo``."""

from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import view
from engine.rulesets.sanctum_mortalis.combat import open_salvo


def miss() -> ScriptedDice:
    return ScriptedDice([6, 6])


def _first_shot(battle, **kw):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle", **kw), miss())


def test_the_open_salvo_counts_the_shots_fired(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    assert open_salvo(battle.state.model("A.kara")) is None
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), miss())
    assert open_salvo(battle.state.model("A.kara")) == ("assault-rifle", 1, 3)
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), miss())
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), miss())
    assert open_salvo(battle.state.model("A.kara")) is None  # all three fired


def test_the_next_shot_at_the_same_target_keeps_range_obstacle_and_cover(battle):
    _first_shot(battle, toggles=frozenset({"long_range", "cover"}))
    toggles, declined = view.salvo_carried(battle.state, c.Shoot("A.kara", "B.xan", "assault-rifle"))
    assert toggles == {"long_range", "cover"} and declined == frozenset()
    # and they are what the GM ticked: the odds of the carried shot are those of a shot 2
    # toggled by hand
    carried = view.shot_preview(battle.state, c.Shoot("A.kara", "B.xan", "assault-rifle", toggles=toggles))
    by_hand = view.shot_preview(
        battle.state, c.Shoot("A.kara", "B.xan", "assault-rifle", toggles=frozenset({"long_range", "cover"}))
    )
    assert carried.p_hit == by_hand.p_hit and carried.shot_index == 2


def test_a_declined_automatic_modifier_stays_declined(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.Move("A.kara"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle", declined=frozenset({"shot_after_move"})), miss())
    toggles, declined = view.salvo_carried(battle.state, c.Shoot("A.kara", "B.xan", "assault-rifle"))
    assert declined == {"shot_after_move"} and toggles == frozenset()


def test_re_rolls_are_chosen_shot_by_shot(battle):
    _first_shot(battle, toggles=frozenset({"captain_reroll", "obstacle"}))
    toggles, _ = view.salvo_carried(battle.state, c.Shoot("A.kara", "B.xan", "assault-rifle"))
    assert toggles == {"obstacle"}


def test_another_target_or_a_new_action_starts_afresh(battle):
    _first_shot(battle, toggles=frozenset({"cover"}))
    assert view.salvo_carried(battle.state, c.Shoot("A.kara", "B.yul", "assault-rifle")) == (frozenset(), frozenset())
    battle.submit(c.EndSalvo("A.kara"))
    assert view.salvo_carried(battle.state, c.Shoot("A.kara", "B.xan", "assault-rifle")) == (frozenset(), frozenset())


def test_the_carried_modifiers_replay_from_the_log(battle):
    from engine.battle import Battle
    from engine.log import Event

    _first_shot(battle, toggles=frozenset({"cover"}))
    reloaded = Battle(battle.header, [Event.from_dict(e.to_dict()) for e in battle.entries])
    assert reloaded.state.model("A.kara").salvo_aim == ("B.xan", ("cover",), ())
