"""The dashboard's queries: the AI chart's path with each question's text, the actions the
GM may choose (with why the engine would refuse one), the skill actions with their odds."""

from fractions import Fraction

from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view

from .conftest import enemy, hero, new_battle, ok, refused, to_ai_phase, weapon


def test_the_ai_path_names_each_question_and_who_answered_it():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    to_ai_phase(b)
    ok(b, c.ActivateAI("e"))
    ok(b, c.AnswerAI(True))
    steps = view.ai_path(b.state)
    assert [(s.node, s.answer, s.by) for s in steps] == [
        ("dangerous", "no", "auto"),
        ("shaken", "no", "auto"),
        ("caster", "no", "auto"),
        ("immobile", "no", "auto"),
        ("q1", "yes", "gm"),
    ]
    assert steps[-1].question.startswith("Is any enemy") and steps[-1].step == "Q1"


def test_no_ai_options_until_the_chart_proposes():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    to_ai_phase(b)
    ok(b, c.ActivateAI("e"))
    assert view.ai_options(b.state) == ()


def test_an_immobile_unit_may_only_hold_and_the_refusal_matches_the_engine():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("gun", unit_rules=("Immobile",))])
    to_ai_phase(b)
    ok(b, c.ActivateAI("gun"))
    options = {o.key: o for o in view.ai_options(b.state)}
    assert options["hold-shoot"].proposed and not options["hold-shoot"].why_not
    assert "Immobile" in options["rush-enemy"].why_not
    refused(b, c.ChooseAIAction("rush-enemy", reason="test"))
    assert options["charge"].needs_target


def test_skill_options_give_the_exact_chance_of_each_test():
    b = new_battle([hero("vex", stats=4), hero("ilsa")], [enemy("e", weapons=(weapon("Claw", "melee"),))])
    ok(b, c.StartRound())
    options = {o.key: o for o in view.skill_options(b.state, "vex")}
    assert options["push"].chance == Fraction(1, 2) and options["push"].needs == "enemy"
    assert options["discover-adjacent"].chance is None
    assert options["revive"].needs == "unconscious"


def test_shot_detail_gives_the_hit_and_block_targets_before_the_shot():
    b = new_battle([hero("vex", quality=3), hero("ilsa")], [enemy("e", models=3, defense=5)])
    ok(b, c.StartRound())
    ok(b, c.ActivateHero("vex"))
    ok(b, c.TakeAction("vex", "hold"))
    lines = view.shot_detail(b.state, "vex", "Gun", "e")
    assert "hit on 3+" in lines[1] and "blocks each hit on 5+" in lines[-1]
    assert view.shot_preview(b.state, "vex", "Gun", "e").hit_chance == Fraction(2, 3)


def test_cast_preview_counts_extra_and_hindering_tokens():
    from engine.rulesets.star_quest.roster import SpellSpec

    b = new_battle(
        [hero("ilsa", unit_rules=(("Caster", 2),), spells=(SpellSpec("Bolt", 1),)), hero("vex")], [enemy("e")]
    )
    ok(b, c.StartRound())
    assert view.cast_preview(b.state, "ilsa") == Fraction(1, 2)  # 4+
    assert view.cast_preview(b.state, "ilsa", extra_tokens=1) == Fraction(2, 3)
    assert view.cast_preview(b.state, "ilsa", hinder=2) == Fraction(1, 6)  # a natural 6 still casts


def test_status_preview_is_the_stat_test_and_none_for_impaired_or_a_missing_stat():
    b = new_battle([hero("vex", stats=4), hero("ilsa")], [enemy("e")])
    ok(b, c.StartRound())
    ok(b, c.ApplyStatus("vex", "crippled"))
    assert view.status_preview(b.state, "vex", "crippled") == Fraction(1, 2)
    assert view.status_preview(b.state, "vex", "impaired") is None
    assert view.status_preview(b.state, "e", "afflicted") is None
    assert view.status_preview(b.state, "e", "afflicted", target=5) == Fraction(1, 3)


def test_jump_and_dangerous_terrain_previews_match_the_rolls_they_announce():
    from engine.rulesets.star_quest.terrain import dangerous_preview, jump_preview

    b = new_battle([hero("vex", tough=3), hero("ilsa")], [enemy("e", models=3)])
    tests, each, every = jump_preview(b.state, "vex", 4.0)
    assert tests == 2 and every == each**2 and 0 < each < 1  # one per full 3", plus one (§15.1)
    assert dangerous_preview(b.state, "vex", 1) == (3, Fraction(5, 6) ** 3)  # Tough dice per model (§14)
    assert dangerous_preview(b.state, "e", 2) == (2, Fraction(25, 36))  # enemy Tough 1: a die per model
