"""Properties of the roll procedures: odds add up to 1, are monotone, and agree with the dice."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import ScriptedDice
from engine.odds import reroll_one_probability
from engine.records import changed
from engine.rulesets.sanctum_mortalis.procedures import (
    DROP_HIGHEST,
    DROP_LOWEST,
    PLAIN,
    MeleeSituation,
    ProcedureRefused,
    ShotSituation,
    apply_reroll,
    crowd_pick,
    fall_roll,
    fall_survival_chance,
    hit_chance,
    hit_roll,
    jump_down_chance,
    jump_down_roll,
    melee_chance,
    melee_odds,
    melee_roll,
    modified_accuracy,
    modified_toughness,
    success_chance,
    toughness_chance,
    toughness_for_shot,
    toughness_roll,
)
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

QUICK = settings(database=None, deadline=None, max_examples=60)
MODES = st.sampled_from([PLAIN, DROP_HIGHEST, DROP_LOWEST])
FACE = st.integers(1, 6)
SHOOTER = ModelSpec("sz", "Szturmowiec", "trooper", ranged=("assault-rifle",))
TARGET = ModelSpec("tg", "Target", "trooper", ranged=("assault-rifle",))
TOGGLES = st.frozensets(st.sampled_from(["obstacle", "cover", "long_range"]))


def shots():
    return st.builds(
        lambda c, shot, moved, toggles, distance: ShotSituation(
            changed(SHOOTER, advances=(("C", c),)),
            TARGET,
            "assault-rifle",
            shot_index=shot,
            distance=distance,
            shooter_moved=moved,
            toggles=toggles,
        ),
        st.integers(0, 3),
        st.integers(1, 3),
        st.booleans(),
        TOGGLES,
        st.one_of(st.none(), st.integers(1, 24)),
    )


@QUICK
@given(
    edge=st.integers(-12, 12),
    a=MODES,
    d=MODES,
    ac=st.booleans(),
    dc=st.booleans(),
    plain=st.booleans(),
    reroll=st.sampled_from(["", "attacker", "defender", "dirty-tricks"]),
)
def test_melee_win_tie_and_loss_add_up_to_one(edge, a, d, ac, dc, plain, reroll):
    w, t, l = melee_chance(edge, a, d, ac, dc, plain, reroll)
    assert w + t + l == 1 and min(w, t, l) >= 0


@QUICK
@given(edge=st.integers(-12, 11), a=MODES, d=MODES, ac=st.booleans(), dc=st.booleans())
def test_melee_odds_rise_with_the_attackers_edge(edge, a, d, ac, dc):
    lower = melee_chance(edge, a, d, ac, dc)
    higher = melee_chance(edge + 1, a, d, ac, dc)
    assert higher[0] >= lower[0] and higher[2] <= lower[2]


@QUICK
@given(
    test=st.sampled_from(["<", "<=", ">", ">="]),
    threshold=st.integers(-2, 15),
    mode=MODES,
    die=st.integers(0, 2),
    whole=st.integers(0, 1),
)
def test_success_and_failure_add_up_to_one_and_rerolls_only_help(test, threshold, mode, die, whole):
    p = success_chance(test, threshold, mode, die, whole)
    assert 0 <= p <= 1
    assert p >= success_chance(test, threshold, mode)
    if test in ("<", "<="):
        assert success_chance(test, threshold + 1, mode, die, whole) >= p
    else:
        assert success_chance(test, threshold + 1, mode, die, whole) <= p


@QUICK
@given(test=st.sampled_from(["<", "<=", ">", ">="]), threshold=st.integers(1, 13), three=st.booleans())
def test_one_die_reroll_odds_agree_with_the_engines_enumeration(test, threshold, three):
    mode = DROP_HIGHEST if three else PLAIN
    ops = {
        "<": lambda v: v < threshold,
        "<=": lambda v: v <= threshold,
        ">": lambda v: v > threshold,
        ">=": lambda v: v >= threshold,
    }

    def ok(faces):
        kept = sorted(faces)[:2]
        return ops[test](sum(kept))

    assert success_chance(test, threshold, mode, 1) == reroll_one_probability(mode[0], ok)


@QUICK
@given(h=st.integers(0, 12), skill=st.booleans())
def test_jump_and_fall_odds_shrink_with_height(h, skill):
    assert jump_down_chance(h + 1, skill) <= jump_down_chance(h, skill)
    assert fall_survival_chance(h + 1, skill) <= fall_survival_chance(h, skill)
    assert jump_down_chance(h, True) >= jump_down_chance(h, False)


@QUICK
@given(sit=shots())
def test_hit_odds_rise_with_accuracy(sit):
    better = changed(sit, shooter=changed(sit.shooter, advances=(("C", dict(sit.shooter.advances)["C"] + 1),)))
    assert hit_chance(better) >= hit_chance(sit)


@QUICK
@given(sit=shots(), a=FACE, b=FACE)
def test_resolved_hit_agrees_with_the_rule_the_odds_count(sit, a, b):
    record = hit_roll(sit, ScriptedDice([a, b]))
    assert record.success == (a + b < modified_accuracy(sit))
    assert record.target == modified_accuracy(sit) and record.probability == hit_chance(sit)


@QUICK
@given(
    o=st.integers(0, 1),
    armour=st.sampled_from(["none", "light", "powered", "sarcophagus"]),
    shield=st.booleans(),
    weapon=st.sampled_from(["assault-rifle", "energy-rifle", "rocket-launcher", "primitive"]),
    a=FACE,
    b=FACE,
)
def test_resolved_save_agrees_with_the_rule_the_odds_count(o, armour, shield, weapon, a, b):
    target = changed(TARGET, armour=armour, shield=shield, advances=(("O", o),))
    save = toughness_for_shot(ShotSituation(changed(SHOOTER, ranged=(weapon,)), target, weapon, distance=5))
    record = toughness_roll(save, ScriptedDice([a, b]))
    tmod = modified_toughness(save)
    assert record.success == (a + b <= tmod and a + b <= 10)


@QUICK
@given(o=st.integers(0, 1), stance=st.booleans())
def test_save_odds_rise_with_toughness(o, stance):
    weaker = toughness_for_shot(
        ShotSituation(SHOOTER, changed(TARGET, advances=(("O", o),)), "assault-rifle"), defensive_stance=stance
    )
    stronger = changed(weaker, model=changed(weaker.model, advances=(("O", o + 1),)))
    assert toughness_chance(stronger) >= toughness_chance(weaker)


@QUICK
@given(faces=st.lists(FACE, min_size=4, max_size=4), w=st.integers(-2, 3))
def test_resolved_melee_agrees_with_the_totals(faces, w):
    sit = MeleeSituation(
        changed(TARGET, advances=(("W", w),)) if w >= 0 else changed(TARGET, wounds=("damaged-arm",)), TARGET
    )
    record = melee_roll(sit, ScriptedDice(faces))
    a = sum(faces[:2]) + record.detail["attacker"]["fight"]
    d = sum(faces[2:]) + record.detail["defender"]["fight"]
    assert record.detail["winner"] == ("attacker" if a > d else "defender" if d > a else None)


@QUICK
@given(h=st.integers(0, 11), a=FACE, b=FACE, skill=st.booleans())
def test_resolved_jump_and_fall_agree_with_their_rules(h, a, b, skill):
    assert jump_down_roll(h, ScriptedDice([a, b]), acrobat=skill).success == (a + b > h + (1 if skill else 2))
    assert fall_roll(h, ScriptedDice([a, b]), art_of_falling=skill).success == (a + b >= h + (0 if skill else 2))


@QUICK
@given(faces=st.lists(FACE, min_size=2, max_size=2), index=st.integers(0, 1), new=FACE, again=FACE)
def test_a_rerolled_die_can_never_be_rerolled(faces, index, new, again):
    record = hit_roll(ShotSituation(SHOOTER, TARGET, "assault-rifle"), ScriptedDice(faces))
    once = apply_reroll(record, index, ScriptedDice([new]), "captain")
    assert once.dice[index].face == new and once.dice[index].replaced == faces[index]
    with pytest.raises(ProcedureRefused):
        apply_reroll(once, index, ScriptedDice([again]), "matrix-error")


@QUICK
@given(n=st.integers(1, 40), stream=st.lists(FACE, min_size=40, max_size=40))
def test_crowd_pick_always_picks_a_member(n, stream):
    pick = crowd_pick([f"m{i}" for i in range(n)], ScriptedDice(stream * 5))
    assert 0 <= pick.index < n and pick.chosen == f"m{pick.index}"


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 13])
def test_crowd_pick_gives_every_model_the_same_chance_10_4(n):
    count = 1 if n <= 6 else 2
    ways = [0] * n
    for faces in itertools.product(range(1, 7), repeat=count):
        try:
            ways[crowd_pick([str(i) for i in range(n)], ScriptedDice(list(faces))).index] += 1
        except Exception:
            pass  # a rejected reading asks for more dice
    assert len(set(ways)) == 1


@pytest.mark.parametrize(
    "toggles, drop",
    [(frozenset(), "highest"), (frozenset({"aimed_shot"}), "highest"), (frozenset({"aimed_shot"}), "lowest")],
    ids=["2 dice", "SM-A6 aimed drop highest", "SM-A6 aimed drop lowest"],
)
def test_hit_odds_equal_the_share_of_all_dice_outcomes_that_hit(toggles, drop):
    aimer = changed(SHOOTER, skills=("aimed-shot",))
    sit = ShotSituation(
        aimer, TARGET, "assault-rifle", distance=14, toggles=toggles | {"obstacle"}, settings={"aimed_shot_drop": drop}
    )
    count = 3 if toggles else 2
    outcomes = list(itertools.product(range(1, 7), repeat=count))
    hits = sum(hit_roll(sit, ScriptedDice(list(f))).success for f in outcomes)
    assert Fraction(hits, len(outcomes)) == hit_chance(sit)


def test_woohoo_odds_equal_the_share_of_all_dice_outcomes_that_save():
    sit = toughness_for_shot(
        ShotSituation(SHOOTER, TARGET, "energy-rifle", overwatch=True), toggles=frozenset({"woohoo"})
    )
    outcomes = list(itertools.product(range(1, 7), repeat=3))
    saves = sum(toughness_roll(sit, ScriptedDice(list(f))).success for f in outcomes)
    assert Fraction(saves, 216) == toughness_chance(sit)


@pytest.mark.parametrize(
    "attacker_skills, defender_skills, toggles",
    [
        ((), (), frozenset()),
        (("critical-hit",), ("critical-hit",), frozenset()),
        (("critical-hit", "deadly-blow"), (), frozenset({"attacker_deadly_blow"})),
        ((), ("effective-parry", "critical-hit"), frozenset({"defender_effective_parry"})),
    ],
    ids=["plain", "27.5 both critical", "27.5 Zabojczy cios + critical", "Skuteczna zasłona + critical"],
)
def test_melee_odds_equal_the_share_of_all_dice_outcomes(attacker_skills, defender_skills, toggles):
    sit = MeleeSituation(
        changed(TARGET, skills=attacker_skills, advances=(("W", 1),)),
        changed(TARGET, skills=defender_skills, shield=True),
        toggles=toggles,
    )
    a_n = 3 if "attacker_deadly_blow" in toggles else 2
    d_n = 3 if "defender_effective_parry" in toggles else 2
    counts = {"attacker": 0, None: 0, "defender": 0}
    outcomes = list(itertools.product(range(1, 7), repeat=a_n + d_n))
    for faces in outcomes:
        counts[melee_roll(sit, ScriptedDice(list(faces))).detail["winner"]] += 1
    total = len(outcomes)
    assert melee_odds(sit) == (
        Fraction(counts["attacker"], total),
        Fraction(counts[None], total),
        Fraction(counts["defender"], total),
    )


@pytest.mark.parametrize("reroll_toggle", ["attacker_duellist", "defender_dirty_tricks"])
def test_melee_reroll_odds_equal_the_policy_played_out_over_all_dice(reroll_toggle):
    skills = {"attacker_duellist": ("duellist",), "defender_dirty_tricks": ("dirty-tricks",)}[reroll_toggle]
    attacker = changed(TARGET, skills=skills if reroll_toggle.startswith("attacker") else ())
    defender = changed(TARGET, skills=skills if reroll_toggle.startswith("defender") else ())
    sit = MeleeSituation(attacker, defender, attacker_charged=True)
    score = {"attacker": 1, None: 0, "defender": -1}
    tally = {"attacker": Fraction(0), None: Fraction(0), "defender": Fraction(0)}
    for faces in itertools.product(range(1, 7), repeat=4):
        record = melee_roll(sit, ScriptedDice(list(faces)))
        now = score[record.detail["winner"]]
        best, best_rows = None, None
        for i in (0, 1):  # the attacker's dice are re-rolled in both cases
            rows = [apply_reroll(record, i, ScriptedDice([f])).detail["winner"] for f in range(1, 7)]
            key = (sum(score[r] for r in rows), sum(r == "attacker" for r in rows))
            chooser_is_attacker = reroll_toggle == "attacker_duellist"
            if best is None or (key > best if chooser_is_attacker else key < best):
                best, best_rows = key, rows
        helps = best[0] > 6 * now if reroll_toggle == "attacker_duellist" else best[0] < 6 * now
        for r in best_rows if helps else [record.detail["winner"]] * 6:
            tally[r] += Fraction(1, 6 * 1296)
    policy = "attacker" if reroll_toggle == "attacker_duellist" else "dirty-tricks"
    assert melee_chance(0, reroll=policy) == (tally["attacker"], tally[None], tally["defender"])
