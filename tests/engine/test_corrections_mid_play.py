"""Issue 17: every kind of GM correction offered in the middle of play (an activation under
way, something still open: a SAGA move, an xK6 attack, a Star Quest offer, SM's pending
Toughness roll), for the acting model or unit and the battle, is one event that replays to
the same state and undoes / redoes exactly; an impossible value of each kind is refused with
nothing saved."""

from __future__ import annotations

import pickle
from typing import Any, Callable

import pytest
from battle_testkit import ok, refused
from correction_mix import another_value

from engine.battle import Battle, new_header, replay
from engine.corrections import BATTLE, CANCEL, GM_CORRECTION, Correct, CorrectionOption
from engine.ruleset import find_system


def demo(name: str) -> Battle:
    spec = find_system(name)
    assert spec.demo is not None
    return Battle(new_header(spec.name, spec.demo(None, 4).setup, seed=4, title="mid-play"))


def sm() -> tuple[Battle, str]:
    from engine.rulesets.sanctum_mortalis import commands as c

    battle = demo("sanctum-mortalis")
    ok(battle, c.StartRound(), [6, 6, 1, 1])
    if battle.state.order.phase == "choose-first":
        ok(battle, c.ChooseFirst("A"))
    side = battle.state.order.to_act
    mid = battle.state.waiting(side)[0].id
    ok(battle, c.Activate(mid))
    ok(battle, Correct("toughness-roll", mid, -1, "lava splash"))
    assert battle.state.pending
    return battle, mid


def saga() -> tuple[Battle, str]:
    from engine.rulesets.saga import commands as c

    battle = demo("saga")
    ok(battle, c.StartTurn("A"))
    ok(battle, c.Activate("A.hirdmen", "move"))
    return battle, "A.hirdmen"


def xk6() -> tuple[Battle, str]:
    from engine.rulesets.xk6 import commands as c
    from engine.rulesets.xk6 import tables as t

    battle = demo("xk6")
    ok(battle, c.StartTurn(faces=(6, 1)))
    ok(battle, c.ChooseFirst("A"))
    ok(battle, c.Activate("A.sgt-vance", t.MOVE_ATTACK, speed="still"))
    ok(battle, c.Attack("A.sgt-vance", "carbine", (c.Target("B.warden-kell", faces=(1, 1)),), faces=(6, 6, 6)))
    return battle, "A.sgt-vance"


def star_quest() -> tuple[Battle, str]:
    from engine.rulesets.star_quest import commands as c

    battle = demo("star-quest")
    ok(battle, c.StartRound())
    ok(battle, c.ActivateHero("captain-vex"))
    ok(battle, c.TakeAction("captain-vex", "hold"))
    ok(battle, c.UseSkill("captain-vex", "scurry", faces=(1,)))
    assert battle.state.busy == "offer"
    return battle, "captain-vex"


MID_PLAY: dict[str, Callable[[], tuple[Battle, str]]] = {
    "sanctum-mortalis": sm,
    "saga": saga,
    "star-quest": star_quest,
    "xk6": xk6,
}


def offered(battle: Battle, target: str) -> dict[str, CorrectionOption]:
    spec = find_system(battle.header["ruleset"])
    assert spec.corrections is not None
    return {o.what: o for o in spec.corrections(battle.state, target) if o.kind not in ("note", "roll")}


def impossible(o: CorrectionOption) -> Any:
    if o.kind == "flag":
        return "maybe"
    if o.kind == "choice":
        return "bogus"
    return o.maximum + 1 if o.maximum is not None else o.minimum - 1


@pytest.mark.parametrize("system", MID_PLAY)
def test_every_correction_offered_mid_play_replays_and_undoes_exactly(system: str) -> None:
    make = MID_PLAY[system]
    battle, actor = make()
    kinds = offered(battle, actor)
    assert CANCEL in kinds and kinds[CANCEL].target == BATTLE  # something is open
    for what in kinds:
        battle, actor = make()  # each kind from the same mid-play state
        o = offered(battle, actor)[what]
        count = len(battle.entries)
        refused(battle, Correct(o.what, o.target, impossible(o), "typo"))
        assert len(battle.entries) == count
        before = pickle.dumps(battle.state)
        new = another_value(o)
        (e,) = ok(battle, Correct(o.what, o.target, new, "the table says so")).events
        assert e.kind == GM_CORRECTION and e.payload["old"] == o.current and e.payload["new"] == new
        assert replay(battle.ruleset, battle.initial, battle.active_events) == battle.state, what
        after = pickle.dumps(battle.state)
        battle.undo()
        assert pickle.dumps(battle.state) == before, f"undo of {what}"
        battle.redo()
        assert pickle.dumps(battle.state) == after, f"redo of {what}"
