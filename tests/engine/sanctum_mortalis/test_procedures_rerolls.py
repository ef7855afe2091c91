"""Re-rolls as a separate step (§2.2) and roll records that round-trip."""

import json

import pytest

from engine.dice import ScriptedDice
from engine.records import changed
from engine.rolls import RollRecord
from engine.rulesets.sanctum_mortalis.procedures import (
    MeleeSituation,
    ProcedureRefused,
    ShotSituation,
    apply_reroll,
    dispel_roll,
    fall_roll,
    grenade_roll,
    hit_roll,
    initiative_roll,
    jump_down_roll,
    melee_roll,
    toughness_for_shot,
    toughness_roll,
)
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

TROOPER = ModelSpec(
    "sz",
    "Szturmowiec",
    "trooper",
    ranged=("assault-rifle",),
    captain=True,
    skills=("point-blank", "aimed-shot"),
    items=("frag-grenade",),
)
SWORDSMAN = ModelSpec("sw", "Szermierz", "swordsman", melee=("hand-weapon",), skills=("duellist",))


def _shot(**kw):
    return ShotSituation(TROOPER, SWORDSMAN, "assault-rifle", distance=4, **kw)


def test_point_blank_reroll_keeps_the_new_face_and_shows_the_old_one_2_2():
    missed = hit_roll(_shot(), ScriptedDice([6, 3]))
    assert not missed.success
    hit = apply_reroll(missed, 0, ScriptedDice([1]), "point-blank")
    assert hit.success and hit.dice[0].face == 1 and hit.dice[0].replaced == 6
    assert hit.probability == missed.probability
    worse = apply_reroll(missed, 1, ScriptedDice([6]), "point-blank")
    assert not worse.success and worse.dice[1].face == 6


def test_a_rerolled_die_cannot_be_rerolled_again_2_2():
    record = apply_reroll(hit_roll(_shot(), ScriptedDice([6, 3])), 0, ScriptedDice([5]), "point-blank")
    with pytest.raises(ProcedureRefused) as err:
        apply_reroll(record, 0, ScriptedDice([1]), "captain")
    assert err.value.rule == "§2.2"
    assert apply_reroll(record, 1, ScriptedDice([1]), "captain").detail["rerolls"][-1]["by"] == "captain"


def test_reroll_of_an_extra_die_roll_keeps_the_right_pair_again():
    aimed = hit_roll(_shot(toggles=frozenset({"aimed_shot"})), ScriptedDice([6, 5, 4]))
    assert [d.kept for d in aimed.dice] == [False, True, True] and not aimed.success
    after = apply_reroll(aimed, 1, ScriptedDice([1]))
    assert [d.kept for d in after.dice] == [False, True, True]
    assert after.success  # 1 + 4 = 5 < 7


def test_a_reroll_after_a_master_shot_double_one_is_no_longer_natural_sm_a28():
    master = changed(TROOPER, skills=("master-shot",))
    sit = ShotSituation(master, SWORDSMAN, "assault-rifle", distance=8)
    record = apply_reroll(hit_roll(sit, ScriptedDice([1, 3])), 1, ScriptedDice([1]))
    assert not record.detail["natural_double_one"] and record.success and not record.detail["removed"]


def test_whole_roll_reroll_setting_rerolls_every_die_sm_a9():
    record = apply_reroll(hit_roll(_shot(), ScriptedDice([6, 6])), None, ScriptedDice([1, 2]), "captain", whole=True)
    assert [d.face for d in record.dice] == [1, 2] and all(d.replaced == 6 for d in record.dice)


def test_melee_reroll_rereads_the_winner():
    sit = MeleeSituation(SWORDSMAN, SWORDSMAN)
    record = melee_roll(sit, ScriptedDice([1, 2, 3, 3]))
    assert record.detail["winner"] == "defender"
    after = apply_reroll(record, 0, ScriptedDice([6]), "duellist")
    assert after.detail["winner"] == "attacker" and after.success


def test_whole_roll_reroll_in_melee_rerolls_one_sides_dice():
    record = melee_roll(MeleeSituation(SWORDSMAN, SWORDSMAN), ScriptedDice([1, 2, 3, 3]))
    after = apply_reroll(record, 3, ScriptedDice([1, 1]), "captain", whole=True)
    assert [d.face for d in after.dice] == [1, 2, 1, 1] and after.detail["winner"] == "attacker"


def test_a_reroll_source_that_does_not_fit_the_roll_is_refused():
    record = hit_roll(_shot(), ScriptedDice([6, 3]))
    with pytest.raises(ProcedureRefused):
        apply_reroll(record, 0, ScriptedDice([1]), "duellist")
    with pytest.raises(ProcedureRefused):
        apply_reroll(record, 5, ScriptedDice([1]), "captain")


def test_roll_offs_are_not_rerolled():
    with pytest.raises(ProcedureRefused):
        apply_reroll(initiative_roll(ScriptedDice([1, 2, 3, 4])), 0, ScriptedDice([6]), "captain")


def _every_kind_of_record() -> list[RollRecord]:
    shot = _shot(toggles=frozenset({"aimed_shot"}))
    return [
        hit_roll(shot, ScriptedDice([1, 2, 6])),
        apply_reroll(hit_roll(_shot(), ScriptedDice([6, 3])), 0, ScriptedDice([2]), "point-blank"),
        toughness_roll(toughness_for_shot(_shot()), ScriptedDice([4, 5])),
        melee_roll(
            MeleeSituation(SWORDSMAN, TROOPER, attacker_support_models=(SWORDSMAN,)), ScriptedDice([1, 2, 3, 4])
        ),
        jump_down_roll(4.5, ScriptedDice([3, 3])),
        fall_roll(6, ScriptedDice([2, 2])),
        initiative_roll(ScriptedDice([2, 2, 1, 3, 6, 5, 1, 1]), 2, 2),
        grenade_roll(TROOPER, ScriptedDice([5, 1]), distance=6),
        dispel_roll(ScriptedDice([6, 2])),
    ]


@pytest.mark.parametrize("record", _every_kind_of_record(), ids=lambda r: r.procedure)
def test_roll_record_round_trips_through_json(record):
    data = json.loads(json.dumps(record.to_dict()))
    assert RollRecord.from_dict(data) == record


@pytest.mark.parametrize("record", _every_kind_of_record(), ids=lambda r: r.procedure)
def test_roll_record_explains_itself(record):
    assert record.procedure.startswith("sm.") and record.title and record.outcome
    assert record.comparison in {"<", "<=", ">", ">=", "opposed"}
    assert 0 <= record.probability <= 1
