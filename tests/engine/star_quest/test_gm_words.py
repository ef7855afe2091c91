"""Wording a new GM stumbled on in a QA play-through (`skirmish demo star-quest --seed 3`),
each fixed where the engine writes it: a section cited once where its English is its own
name, a morale test saying what it counts, counts in the right number, a move's distance
said once, Ambush units waiting apart from those out."""

from engine.citations import cite
from engine.formatting import plural
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.citations import CITATIONS
from engine.rulesets.star_quest.queries import activation_counts
from engine.rulesets.star_quest.roster import MissionSpec, Wave

from .conftest import activate, enemy, event, hero, new_battle, ok


def test_a_section_whose_english_is_its_own_name_is_cited_once():
    assert cite("Morale test (§12)", CITATIONS) == "Morale test (Morale)"
    assert cite("§9", CITATIONS) == "Strzelanie (Shooting)"


def test_plural_says_one_and_many():
    assert (plural(1, "model"), plural(3, "attack"), plural(0, "wound")) == ("1 model", "3 attacks", "0 wounds")
    assert plural(2, "casualty", "casualties") == "2 casualties"


def _morale_waiting(spec, wounds: int):
    b = new_battle([hero("vex")], [spec])
    ok(b, c.StartRound())
    ok(b, c.ActivateHero("vex"))
    ok(b, c.AdjustWounds(spec.id, wounds))
    ok(b, c.EndActivation())
    assert b.state.morale
    return b


def test_a_heros_morale_test_says_wounds_taken_of_its_tough():
    b = new_battle([hero("vex", tough=4), hero("ilsa")], [enemy("e")])
    activate(b, "vex")
    ok(b, c.AdjustWounds("vex", 3))
    ok(b, c.EndActivation())
    line = view.pending(b.state).lines[0]
    assert line.startswith("3 wounds taken of Tough 4 (3 this activation); Quality 4+")
    assert "lost" not in line


def test_a_units_morale_test_says_models_lost_of_how_many():
    b = _morale_waiting(enemy("pack", models=5), 3)
    assert view.pending(b.state).lines[0].startswith("3 of 5 models lost (3 this activation); Quality 4+")


def test_one_attack_is_said_in_the_singular():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    r = ok(b, c.Shoot("vex", "Gun", "e"))
    assert "1 attack" in r.events[-1].text and "(s)" not in r.events[-1].text
    assert view.pending(b.state).lines[0] == "Vex: Gun (shoot), 1 attack"


def test_an_advance_says_its_distance_once():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    activate(b, "vex")
    text = event(ok(b, c.TakeAction("vex", "advance")), "action_taken").text
    assert text == 'Vex: Advance, moves up to 6".'
    card = next(h for h in view.hero_lines(b.state) if h.id == "vex")
    assert card.moves["advance"] == 'Advance 6"'


def test_a_unit_waiting_in_ambush_is_counted_apart_from_those_out():
    mission = MissionSpec("Test", objectives=(("beacon", "Beacon"),), waves=(Wave("late", 1, ("lurkers",)),))
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e"), enemy("lurkers", unit_rules=("Ambush",))], mission=mission)
    ok(b, c.StartRound(d3=(5,)))
    counts = activation_counts(b.state, "ai")
    assert (counts.out, counts.waiting) == (0, 1)
