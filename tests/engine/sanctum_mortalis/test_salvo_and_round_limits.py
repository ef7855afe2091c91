"""#18 "Wrong today" (§10.5, §11.3, §20.1): one target per Shooting action (the heavy
rifle's other targets within 3" of the first, confirmed by the GM; a second pistol may
pick its own); a primitive weapon fires once per round [SM-A45]; Zbieracz picks up for
free once per round; every shot of an Overwatch salvo is an Overwatch shot [SM-A15]
(Łowca's +1, the target's "Woohoo!")."""

from fractions import Fraction

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.log import Event
from engine.records import changed
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup, view
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

from .conftest import small_bands

MISS = [6, 6]


def _battle(extra_a=(), skills_a=None, scenario="none", settings=None) -> Battle:
    a, b = small_bands()
    models = list(a.models) + list(extra_a)
    if skills_a:
        models = [changed(m, skills=skills_a[m.id]) if m.id in skills_a else m for m in models]
    a = changed(a, models=tuple(models))
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario=scenario), seed=3))
    for key, value in (settings or {}).items():
        battle.submit(c.ChangeSetting(key, value))
    return battle


def _start(battle, first="A"):
    """Start the round; where a roll-off winner chooses, side ``first`` starts."""
    battle.submit(c.StartRound())
    if battle.state.order.phase == "choose-first":
        battle.submit(c.ChooseFirst(first))


def _refused_and_nothing_saved(battle, cmd, dice, words):
    before = len(battle.entries)
    result = battle.submit(cmd, ScriptedDice(list(dice)))
    assert hasattr(result, "reason") and words in result.reason, result
    assert len(battle.entries) == before


def test_shots_two_and_three_of_a_salvo_go_at_the_first_target():
    battle = _battle()
    _start(battle)
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice(MISS))
    _refused_and_nothing_saved(battle, c.Shoot("A.kara", "B.yul", "assault-rifle"), MISS, "one target")
    assert "one target" in view.shot_preview(battle.state, c.Shoot("A.kara", "B.yul", "assault-rifle")).refusal
    assert view.salvo_targets_allowed(battle.state, "A.kara", "assault-rifle")["B.xan"] == ""
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice(MISS))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice(MISS))
    assert battle.state.model("A.kara").salvo_targets == ("B.xan",) * 3


HEAVY = ModelSpec("hal", "Hal", "support", ranged=("heavy-rifle",))


def test_the_heavy_rifles_other_targets_need_the_gm_to_confirm_3_inches():
    battle = _battle(extra_a=(HEAVY,))
    _start(battle)
    battle.submit(c.Shoot("A.hal", "B.xan", "heavy-rifle"), ScriptedDice(MISS))
    assert view.salvo_targets_allowed(battle.state, "A.hal", "heavy-rifle") == {"B.xan": "", "B.yul": "spread"}
    assert view.salvo_first_target(battle.state, "A.hal", "heavy-rifle") == "B.xan"
    before = len(battle.entries)
    refused = battle.submit(c.Shoot("A.hal", "B.yul", "heavy-rifle"), ScriptedDice(MISS))
    assert refused.kind == "ambiguous" and 'within 3"' in refused.reason and len(battle.entries) == before
    shot2 = battle.submit(c.Shoot("A.hal", "B.yul", "heavy-rifle", spread=True), ScriptedDice([4, 4]))
    assert not hasattr(shot2, "reason")
    # 7 − 1 (2nd shot) = 6: a roll of 8 misses, and the penalty is the salvo's
    assert battle.state.last_roll.record["target"] == 6
    # shot 3: Yul was confirmed already, Xan is the first target: both without asking
    assert view.salvo_targets_allowed(battle.state, "A.hal", "heavy-rifle") == {"B.xan": "", "B.yul": ""}


def test_a_second_pistol_may_pick_its_own_target_but_keeps_it_sm_a34():
    gun = ModelSpec("gus", "Gus", "gunslinger", ranged=("assault-pistol", "assault-pistol"))
    battle = _battle(extra_a=(gun,))
    _start(battle)
    battle.submit(c.Shoot("A.gus", "B.xan", "assault-pistol"), ScriptedDice(MISS))
    _refused_and_nothing_saved(battle, c.Shoot("A.gus", "B.yul", "assault-pistol"), MISS, "one target")
    battle.submit(c.Shoot("A.gus", "B.xan", "assault-pistol"), ScriptedDice(MISS))
    battle.submit(c.Shoot("A.gus", "B.yul", "assault-pistol"), ScriptedDice(MISS))  # the second pistol
    _refused_and_nothing_saved(battle, c.Shoot("A.gus", "B.xan", "assault-pistol"), MISS, "goes at Yul")


def _to_round_two(battle):
    battle.submit(c.EndRound(force=True))
    _start(battle)


def test_a_primitive_weapon_fires_once_per_round_even_from_overwatch_and_again_sm_a45():
    battle = _battle()
    _start(battle)
    battle.submit(c.Activate("A.bo"))
    battle.submit(c.EndActivation())
    battle.submit(c.Activate("B.yul"))
    battle.submit(c.PlaceMarker("B.yul", "overwatch"))
    _to_round_two(battle)
    yul = battle.state.model("B.yul")
    assert "overwatch" in yul.markers and not yul.round_flags
    battle.submit(c.Shoot("B.yul", "A.kara", "primitive", overwatch=True), ScriptedDice(MISS))
    battle.submit(c.EndSalvo("B.yul"))
    assert "fired:primitive" in battle.state.model("B.yul").round_flags
    _refused_and_nothing_saved(battle, c.Shoot("B.yul", "A.bo", "primitive"), MISS, "once per round")
    assert "once per round" in view.shot_preview(battle.state, c.Shoot("B.yul", "A.bo", "primitive")).refusal
    battle.submit(c.ChangeSetting("primitive_per_round", "off"))  # the other reading: once per action
    assert view.shot_preview(battle.state, c.Shoot("B.yul", "A.bo", "primitive")).refusal == ""


def test_zbieracz_picks_up_for_free_once_per_round_and_the_next_takes_an_action():
    battle = _battle(skills_a={"bo": ("collector",)}, scenario="slaughter")
    _start(battle)
    before_markers = battle.state.markers_on_table
    battle.submit(c.PickUpTech("A.bo", free=True))
    bo = battle.state.model("A.bo")
    assert bo.tech_markers == 1 and bo.actions_used == 0 and "collector" in bo.round_flags
    assert "used Collector (Zbieracz) this round" in view.free_pickup_problem(battle.state, "A.bo")
    _refused_and_nothing_saved(battle, c.PickUpTech("A.bo", free=True), (), "takes an action")
    battle.submit(c.PickUpTech("A.bo"))  # the second marker: an action
    bo = battle.state.model("A.bo")
    assert bo.tech_markers == 2 and bo.others == 1
    assert battle.state.markers_on_table == before_markers - 2
    _to_round_two(battle)
    assert view.free_pickup_problem(battle.state, "A.bo") == ""


def test_a_free_pick_up_keeps_the_defensive_stance_and_needs_the_skill():
    battle = _battle(skills_a={"bo": ("collector",)}, scenario="slaughter")
    _start(battle)
    battle.submit(c.Move("A.bo"))
    battle.submit(c.PlaceMarker("A.bo", "defensive-stance"))
    battle.submit(c.PickUpTech("A.bo", free=True))  # no action: the stance stays
    assert "defensive-stance" in battle.state.model("A.bo").markers
    _refused_and_nothing_saved(battle, c.PickUpTech("A.kara", free=True), (), "cannot use Collector (Zbieracz)")


def test_only_the_first_shot_of_an_overwatch_salvo_has_lowca_and_woohoo_sm_a15():
    battle = _battle(skills_a={"kara": ("hunter",)})
    _start(battle)
    battle.submit(c.PlaceMarker("A.kara", "overwatch"))
    first = view.shot_preview(battle.state, c.Shoot("A.kara", "B.xan", "assault-rifle", overwatch=True))
    assert {o.key: o.value for o in first.options}["hunter"] == 1 and first.cmod == 8
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle", overwatch=True), ScriptedDice(MISS))
    assert battle.state.last_roll.record["detail"]["overwatch"]
    preview = view.shot_preview(battle.state, c.Shoot("A.kara", "B.xan", "assault-rifle", overwatch=True))
    keys = {o.key: o.value for o in preview.options}
    assert "hunter" not in keys and keys["per_shot"] == -1 and preview.cmod == 6  # shot 2: no Łowca
    assert preview.p_hit == Fraction(10, 36)
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle", overwatch=True), ScriptedDice([1, 1]))  # shot 2 hits
    record = battle.state.last_roll.record
    assert record["target"] == 6 and not record["detail"]["overwatch"]
    assert not battle.state.pending[0].context.get("overwatch")
    save = view.save_preview(battle.state, c.Save("B.xan"))
    assert "woohoo" not in {o.key for o in save.options}  # "Woohoo!" takes the Overwatch shot, not shot 2


def test_an_overwatch_shot_is_one_shot_with_the_single_reading_sm_a15():
    battle = _battle(skills_a={"kara": ("hunter",)}, settings={"overwatch_salvo": "single"})
    _start(battle)
    battle.submit(c.PlaceMarker("A.kara", "overwatch"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle", overwatch=True), ScriptedDice(MISS))
    assert battle.state.model("A.kara").salvo is None  # the salvo ends with its one shot
    _refused_and_nothing_saved(battle, c.Shoot("A.kara", "B.xan", "assault-rifle"), MISS, "non-Move action")


def test_a_battle_with_salvos_and_free_pick_ups_replays_to_the_same_state():
    battle = _battle(extra_a=(HEAVY,), skills_a={"bo": ("collector",)}, scenario="slaughter")
    _start(battle)
    battle.submit(c.Shoot("A.hal", "B.xan", "heavy-rifle"), ScriptedDice(MISS))
    battle.submit(c.Shoot("A.hal", "B.yul", "heavy-rifle", spread=True), ScriptedDice(MISS))
    battle.submit(c.EndActivation())
    battle.submit(c.Activate("B.xan"))
    battle.submit(c.EndActivation())
    battle.submit(c.PickUpTech("A.bo", free=True))
    assert battle.state.model("A.bo").tech_markers == 1
    reloaded = Battle(battle.header, [Event.from_dict(e.to_dict()) for e in battle.entries])
    assert reloaded.state == battle.state


HIT, FAILED_SAVE = [1, 2], [6, 6]


def test_a_salvo_whose_target_is_taken_out_loses_its_shots_left_and_says_so():
    """QA, 80×24: after the first shot of a salvo took its target out, "Next shot (2/2)" was
    refused ("shot 2 … goes at Sister Vey", who was out) and the Next line stayed. One target
    per Shooting action (§10.5): the rest of the salvo is lost, logged, and the salvo ends."""
    battle = _battle()
    _start(battle)
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice(HIT))
    result = battle.submit(c.Save("B.xan"), ScriptedDice(FAILED_SAVE))
    kinds = [e.kind for e in result.events]
    assert kinds[-2:] == ["model_removed", "salvo_ended"], kinds
    ended = result.events[-1]
    assert ended.payload == {"model": "A.kara", "target": "B.xan", "lost": 2}
    assert ended.text == (
        "Kara's Assault rifle loses its 2 shots left: Xan, its target, is out of action "
        "(one target per Shooting action, §10.5)."
    )
    kara = battle.state.model("A.kara")
    assert kara.salvo is None and kara.actions_used == 1
    assert view.shot_preview(battle.state, c.Shoot("A.kara", "B.yul", "assault-rifle")).refusal == ""  # a new action


def test_a_second_pistol_still_fires_its_own_shots_after_the_first_pistols_target_is_out_sm_a34():
    gun = ModelSpec("gus", "Gus", "gunslinger", ranged=("assault-pistol", "assault-pistol"))
    battle = _battle(extra_a=(gun,))
    _start(battle)
    battle.submit(c.Shoot("A.gus", "B.xan", "assault-pistol"), ScriptedDice(HIT))
    result = battle.submit(c.Save("B.xan"), ScriptedDice(FAILED_SAVE))
    assert result.events[-1].payload == {"model": "A.gus", "target": "B.xan", "lost": 1, "fired": 2}
    assert battle.state.model("A.gus").salvo == ("assault-pistol", 2)
    shot3 = battle.submit(c.Shoot("A.gus", "B.yul", "assault-pistol"), ScriptedDice(MISS))  # the second pistol
    assert not hasattr(shot3, "reason"), shot3
    assert battle.state.model("A.gus").salvo_targets == ("B.xan", "B.xan", "B.yul")
    battle.submit(c.Shoot("A.gus", "B.yul", "assault-pistol"), ScriptedDice(MISS))  # its 2nd shot, the last
    assert battle.state.model("A.gus").salvo == ("assault-pistol", 4)


def test_a_heavy_rifles_salvo_stays_open_for_other_targets_within_3_inches_of_its_first():
    battle = _battle(extra_a=(HEAVY,))
    _start(battle)
    battle.submit(c.Shoot("A.hal", "B.xan", "heavy-rifle"), ScriptedDice(HIT))
    result = battle.submit(c.Save("B.xan"), ScriptedDice(FAILED_SAVE))
    assert "salvo_ended" not in [e.kind for e in result.events]
    assert battle.state.model("A.hal").salvo == ("heavy-rifle", 1)


def test_replaying_a_lost_salvo_rebuilds_the_same_state():
    from engine.battle import replay

    battle = _battle()
    _start(battle)
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice(HIT))
    battle.submit(c.Save("B.xan"), ScriptedDice(FAILED_SAVE))
    assert replay(battle.ruleset, battle.initial, battle.active_events) == battle.state
