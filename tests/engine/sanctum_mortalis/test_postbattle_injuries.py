"""Injuries, medical care and medicines (§18, §17.8, [SM-A17]–[SM-A19], [SM-A46])."""

from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis.postbattle import (
    InjuryCase,
    amnesia_candidates,
    care_choices,
    care_cost,
    care_odds,
    choice_refusal,
    gear_after_loss,
    injury_outcome,
    needs_care,
    open_injury,
    pay_for_care,
    roll_injury,
    skill_holder,
    take_wound,
    use_medicine,
    wound_choices,
)
from engine.rulesets.sanctum_mortalis.procedures import ProcedureRefused
from engine.rulesets.sanctum_mortalis.roster import ModelSpec
from engine.rulesets.sanctum_mortalis.settings import defaults

ALL_MEDICINES = ("combat-medkit", "surgical-automaton", "medical-nanobots", "ghost-catcher")


def case_of(total: int) -> InjuryCase:
    low = max(1, total - 6)
    return open_injury(roll_injury(ScriptedDice([low, total - low]), "m"))


def keys(case, **kw):
    return {c.key for c in care_choices(case, medicines=ALL_MEDICINES, **kw)}


def test_injury_record_has_the_exact_chance_and_reads_success_as_no_care():
    record = roll_injury(ScriptedDice([4, 4]), "m")
    assert record.procedure == "sm.injury" and record.outcome == "light" and record.success
    assert record.probability == Fraction(1, 2) and record.detail["row"] == [7, 10]
    assert not roll_injury(ScriptedDice([1, 3])).success


def test_death_cannot_be_paid_for_and_only_the_ghost_catcher_helps():
    case = case_of(3)
    assert keys(case) == {"accept", "ghost-catcher"}
    assert "Ghost-catcher" in choice_refusal(case, "pay")
    saved = use_medicine(case, "ghost-catcher")
    assert saved.result == "light" and saved.medicines == ("ghost-catcher",)  # [SM-A17]
    assert injury_outcome(saved).effect == "none"
    assert injury_outcome(case).crossed_off


def test_critical_untreated_is_crossed_off_like_death():
    outcome = injury_outcome(case_of(4))
    assert outcome.effect == "dies" and outcome.crossed_off


def test_a_critical_can_be_paid_saved_or_healed():
    assert keys(case_of(4)) == {"accept", "pay", *ALL_MEDICINES}


def test_paid_care_may_be_worse_and_must_be_kept():
    cared = pay_for_care(case_of(5), ScriptedDice([1, 1]))
    assert cared.result == "death" and injury_outcome(cared).crossed_off
    assert len(cared.rolls) == 2 and cared.rolls[1].detail["from_care"]


def test_light_and_lesson_need_no_care():
    for total in (7, 10, 11, 12):
        case = case_of(total)
        assert keys(case) == {"accept"}
        with pytest.raises(ProcedureRefused, match="needs no medical care"):
            pay_for_care(case, ScriptedDice([3, 3]))


def test_combat_medkit_is_free_care_with_a_roll():
    cared = use_medicine(case_of(5), "combat-medkit", ScriptedDice([5, 6]))
    assert cared.paid == 0 and cared.result == "lesson" and cared.from_care
    assert injury_outcome(cared).xp == 1


def test_combat_medkit_on_amnesia_gives_light_injuries_with_no_roll():
    cared = use_medicine(case_of(6), "combat-medkit", None)
    assert cared.result == "light" and cared.medicines == ("combat-medkit",)


def test_automaton_heals_and_nanobots_give_one_xp():
    assert injury_outcome(use_medicine(case_of(5), "surgical-automaton")).effect == "none"
    healed = injury_outcome(use_medicine(case_of(4), "medical-nanobots"))
    assert healed.result == "lesson" and healed.xp == 1 and healed.rule == "§17.8"


def test_sm_a19_recommended_care_result_allows_automaton_and_nanobots_but_not_the_medkit():
    cared = pay_for_care(case_of(5), ScriptedDice([2, 3]))  # care gives 5 again
    assert keys(cared) == {"accept", "surgical-automaton", "medical-nanobots"}
    assert "[SM-A19]" in choice_refusal(cared, "combat-medkit")
    assert use_medicine(cared, "surgical-automaton").result == "light"


def test_sm_a19_none_forbids_the_healing_medicines_on_care_results_but_not_the_ghost_catcher():
    settings = {**defaults(), "medicine_on_care": "none"}
    serious = pay_for_care(case_of(5), ScriptedDice([2, 3]))
    assert keys(serious, settings=settings) == {"accept"}
    with pytest.raises(ProcedureRefused):
        use_medicine(serious, "surgical-automaton", settings=settings)
    dying = pay_for_care(case_of(5), ScriptedDice([1, 1]))
    assert keys(dying, settings=settings) == {"accept", "ghost-catcher"}


def test_the_ghost_catcher_saves_a_model_that_care_left_critical():
    dying = pay_for_care(case_of(5), ScriptedDice([1, 3]))
    assert dying.result == "critical"
    assert use_medicine(dying, "ghost-catcher").result == "light"


def test_only_medicines_in_the_stash_are_offered_and_unknown_choices_are_malformed():
    case = case_of(5)
    assert {c.key for c in care_choices(case)} == {"accept", "pay"}
    with pytest.raises(ProcedureRefused) as err:
        use_medicine(case, "aspirin")
    assert err.value.kind == "malformed"


def test_care_needs_dice_except_for_amnesia():
    with pytest.raises(ProcedureRefused, match="dice"):
        pay_for_care(case_of(5), None)


def test_care_odds_after_paying():
    assert care_odds("amnesia") == {"light": 1}
    assert care_odds("serious")["death"] == Fraction(3, 36)
    with pytest.raises(ValueError):
        care_odds("death")


def test_medic_choice_label_and_cost():
    pay = next(c for c in care_choices(case_of(4), medic=True) if c.key == "pay")
    assert pay.cost == 12 and "Medyk" in pay.label


def test_an_injury_case_round_trips():
    case = pay_for_care(case_of(5), ScriptedDice([2, 2]))
    assert InjuryCase.from_dict(case.to_dict()) == case


# --------------------------------------------------------------------------- wounds
def test_the_owner_picks_a_wound_it_does_not_have_sm_a18():
    result = take_wound(("damaged-leg",), pick="damaged-eye")
    assert result.wounds == ("damaged-leg", "damaged-eye") and not result.retires
    with pytest.raises(ProcedureRefused) as err:
        take_wound(("damaged-leg",))
    assert err.value.kind == "ambiguous"
    with pytest.raises(ProcedureRefused):
        take_wound(("damaged-leg",), pick="damaged-leg")


def test_the_third_wound_retires_and_gear_goes_to_the_stash_sm_a46():
    result = take_wound(("damaged-leg", "damaged-arm"), pick="deep-scars")
    assert result.retires and result.gear_to_stash
    off = take_wound(("damaged-leg", "damaged-arm"), pick="deep-scars", settings={"retired_gear": "off"})
    assert off.retires and not off.gear_to_stash
    with pytest.raises(ProcedureRefused):
        take_wound(("damaged-leg", "damaged-arm", "deep-scars"), pick="damaged-eye")


def test_a_random_wound_pick_rerolls_faces_past_the_last_share():
    settings = {"serious_wound_pick": "random"}
    # four wounds left: faces 1–4, a 5 or 6 is rolled again
    result = take_wound((), dice=ScriptedDice([6, 5, 3]), settings=settings)
    assert result.wound == "damaged-eye" and result.record.detail["rerolled"] == 2
    assert result.record.probability == Fraction(1, 4)
    # three wounds left: two faces each
    assert take_wound(("damaged-leg",), dice=ScriptedDice([6]), settings=settings).wound == "deep-scars"


def test_cancelled_wounds_still_count_as_held():
    assert wound_choices(("damaged-eye",)) == ("damaged-leg", "damaged-arm", "deep-scars")


def test_gear_after_death_retirement_and_dismissal():
    model = ModelSpec("m", "M", "trooper", items=("frag-grenade", "jet-pack"), mods=("nano-blade",))
    assert gear_after_loss(model, "dies") == ((), ("frag-grenade", "jet-pack", "nano-blade"))
    assert gear_after_loss(model, "dismissed") == (("frag-grenade", "nano-blade"), ("jet-pack",))
    assert gear_after_loss(model, "retires", {"retired_gear": "off"})[0] == ()


def test_amnesia_forgets_learned_skills_not_a_specialists_free_one():
    techno = ModelSpec("t", "T", "trooper", specialist="technomancer", skills=("technomancer-tricks", "runner"))
    assert amnesia_candidates(techno) == ("runner",)


# --------------------------------------------------------------------------- the care condition
def test_a_medyk_who_needs_care_gives_no_discount():
    band = (ModelSpec("doc", "Doc", "trooper", specialist="medic", skills=("medic",)), ModelSpec("b", "B", "trooper"))
    assert skill_holder(band, "medic") == "doc"
    assert skill_holder(band, "medic", needing_care={"doc"}) is None
    assert care_cost("serious", medic_available=skill_holder(band, "medic", {"doc"}) is not None) == 10


def test_needing_care_reading():
    assert needs_care(True) and not needs_care(False)
    settings = {"care_skill_condition": "care-result"}
    assert not needs_care(True, "light", settings) and needs_care(True, "amnesia", settings)
    with pytest.raises(ProcedureRefused):
        needs_care(True, None, settings)
    with pytest.raises(ProcedureRefused):
        needs_care(True, None, {"care_skill_condition": "whatever"})


def test_a_table_rolls_line_and_breakdown_give_the_chance_of_the_result_that_came_up():
    """A table roll keeps the chance of its row, success or not: the log line and the
    breakdown say that chance (a failure's line used to give its complement)."""
    from engine.formatting import roll_breakdown, roll_line
    from engine.rulesets.sanctum_mortalis.postbattle import roll_level_up

    serious = roll_injury(ScriptedDice([3, 2]), "Brann Holt")  # 5: serious injuries, care needed
    assert not serious.success and serious.probability == Fraction(1, 9)
    assert roll_line(serious) == "3 2 → 5: Serious injuries (chance 11.1%)"
    assert "  chance before the roll (of this result): 1/9 = 11.1%" in roll_breakdown(serious)
    assert "  outcome: Serious injuries" in roll_breakdown(serious)  # the row's name, not its key
    light = roll_injury(ScriptedDice([4, 4]))
    assert roll_line(light) == "4 4 → 8: Light injuries (chance 50.0%)"
    skill = roll_level_up(ScriptedDice([5, 5]), 2, "Old Tomas")  # 10: one skill, not the wider choice
    assert not skill.success and roll_line(skill) == f"5 5 → 10: {skill.detail['label']} (chance 41.7%)"
