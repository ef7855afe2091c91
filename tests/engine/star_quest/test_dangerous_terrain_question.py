"""The AI chart's †2 dangerous-terrain question (§14, §16.2 step 2, [SQ-A22]) is a step of
the engine's chart, its answer in the log: asked only while the table may have dangerous
terrain — a mission file that says it has none, or the GM's word (``DeclareTerrain``),
answers it "no" by itself; the unit's dice rolled answer "yes"."""

import pytest

from engine.battle import replay
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.mission_toml import MissionError, parse_mission
from engine.rulesets.star_quest.roster import MissionSpec

from .conftest import enemy, event, hero, new_battle, ok, refused, to_ai_phase

UNSAID = MissionSpec("Unsaid", objectives=(("beacon", "Beacon"),))
NONE = MissionSpec("Bare", objectives=(("beacon", "Beacon"),), dangerous_terrain=False)


def _ai(mission: MissionSpec = UNSAID):
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("cultists", models=3), enemy("brute")], mission=mission)
    to_ai_phase(b)
    return b


def test_with_the_mission_silent_the_chart_asks_2_first_and_logs_the_gms_no():
    b = _ai()
    ok(b, c.ActivateAI("cultists"))
    q = view.ai_question(b.state)
    assert (q.node, q.step, q.question) == ("dangerous", "†2", "Does the unit activate in dangerous terrain?")
    r = ok(b, c.AnswerAI(False))
    answered = [e for e in r.events if e.kind == "ai_answered"][0]
    assert answered.payload == {"node": "dangerous", "answer": "no", "by": "gm", "next": "shaken"}
    assert "AI †2: Does the unit activate in dangerous terrain? — no" in answered.text
    assert b.state.ai.node == "q1"


def test_a_yes_is_the_roll_of_its_dice_which_answers_2_and_goes_on_to_the_chart():
    b = _ai()
    ok(b, c.ActivateAI("cultists"))
    assert "roll the unit's dangerous-terrain dice" in refused(b, c.AnswerAI(True)).reason
    r = ok(b, c.DangerousTerrain("cultists", models=2, faces=(1, 4)))
    assert b.state.unit("cultists").models == 2
    answered = [e for e in r.events if e.kind == "ai_answered"][0]
    assert answered.payload["answer"] == "yes" and answered.payload["by"] == "gm"
    assert "(its dice are rolled)" in answered.text
    assert b.state.ai.node == "q1" and view.ai_path(b.state)[0].answer == "yes"


def test_a_mission_with_no_dangerous_terrain_answers_2_by_itself():
    b = _ai(NONE)
    r = ok(b, c.ActivateAI("cultists"))
    answered = [e for e in r.events if e.kind == "ai_answered"][0]
    assert answered.payload["node"] == "dangerous" and answered.payload["by"] == "auto"
    assert "no dangerous terrain on the table, as the mission file says" in answered.text
    assert b.state.ai.node == "q1"


def test_the_gm_saying_the_table_has_none_answers_2_now_and_at_every_later_activation_until_said_otherwise():
    b = _ai()
    ok(b, c.ActivateAI("cultists"))
    asked = b.state
    r = ok(b, c.DeclareTerrain(False))
    assert event(r, "terrain_declared").payload == {"dangerous": False}
    assert "as the GM says" in [e for e in r.events if e.kind == "ai_answered"][0].text
    assert b.state.ai.node == "q1"
    assert "already has no dangerous terrain" in refused(b, c.DeclareTerrain(False)).reason
    assert replay(b.ruleset, b.initial, b.active_events) == b.state
    b.undo()
    assert b.state == asked
    b.redo()
    ok(b, c.AnswerAI(False))  # no hero in sight
    ok(b, c.AnswerAI(True))  # at the objective: skip
    ok(b, c.ChooseAIAction())
    ok(b, c.EndActivation())
    ok(b, c.ActivateAI("brute"))
    assert b.state.ai.path[0] == ("dangerous", "no", "auto")
    ok(b, c.DeclareTerrain(True))  # there is some after all: asked again from the next activation
    assert b.state.dangerous_on_table is True


def test_a_mission_file_says_whether_the_table_has_dangerous_terrain():
    text = 'name = "M"\ndangerous_terrain = false\n[[objective]]\nid = "a"\nname = "A"\n'
    mission = parse_mission(text)
    assert mission.dangerous_terrain is False
    assert MissionSpec.from_dict(mission.to_dict()) == mission
    assert parse_mission('name = "M"\n').dangerous_terrain is None
    with pytest.raises(MissionError, match="dangerous_terrain must be true or false"):
        parse_mission('name = "M"\ndangerous_terrain = "some"\n')


# -- the answer belongs to where the unit stands (§14 "activates in it"): kept until it moves --
def _sit_out(b, unit: str, dangerous: bool | None = False) -> None:
    """``unit`` activates, answers †2 if asked (``dangerous`` None: it must not be asked),
    sees no hero, stands at the objective: it skips, and the activation ends."""
    ok(b, c.ActivateAI(unit))
    if dangerous is None:
        assert b.state.ai.node == "q1", "†2 was asked"
    else:
        assert b.state.ai.node == "dangerous", "†2 was not asked"
        if dangerous:
            ok(b, c.DangerousTerrain(unit, models=b.state.unit(unit).models, faces=(6,) * b.state.unit(unit).models))
        else:
            ok(b, c.AnswerAI(False))
    ok(b, c.AnswerAI(False))  # Q1: no hero in sight
    ok(b, c.AnswerAI(True))  # Q3: within 3" of the objective: skip
    ok(b, c.ChooseAIAction())
    ok(b, c.EndActivation())


def _next_ai_phase(b) -> None:
    ok(b, c.EndRound())
    to_ai_phase(b)


def test_the_gms_no_is_kept_for_the_unit_and_answers_2_at_its_next_activation_while_it_has_not_moved():
    b = _ai()
    _sit_out(b, "cultists", dangerous=False)
    assert b.state.unit("cultists").in_dangerous is False
    _sit_out(b, "brute", dangerous=False)
    _next_ai_phase(b)
    r = ok(b, c.ActivateAI("cultists"))
    answered = event(r, "ai_answered")
    assert answered.payload == {"node": "dangerous", "answer": "no", "by": "auto", "next": "shaken"}
    assert "Cultists has not moved since the GM said it is not in dangerous terrain" in answered.text
    assert b.state.ai.node == "q1"
    assert replay(b.ruleset, b.initial, b.active_events) == b.state


def test_the_remembered_answer_is_an_event_undo_takes_it_back():
    b = _ai()
    ok(b, c.ActivateAI("cultists"))
    asked = b.state
    ok(b, c.AnswerAI(False))
    assert b.state.unit("cultists").in_dangerous is False
    b.undo()
    assert b.state == asked and b.state.unit("cultists").in_dangerous is None


def test_a_unit_that_moved_in_its_activation_is_asked_again():
    b = _ai()
    ok(b, c.ActivateAI("cultists"))
    ok(b, c.AnswerAI(False))
    ok(b, c.AnswerAI(False))  # Q1: no hero in sight
    ok(b, c.AnswerAI(False))  # Q3: not at the objective: Rush toward it
    ok(b, c.ChooseAIAction())
    assert b.state.unit("cultists").in_dangerous is None
    ok(b, c.EndActivation())
    _sit_out(b, "brute", dangerous=False)
    _next_ai_phase(b)
    _sit_out(b, "cultists", dangerous=False)  # asked again
    _sit_out(b, "brute", dangerous=None)  # the Brute stood still: not asked


def _vex_acts_in_the_next_round():
    """Both AI units answered "not in dangerous terrain"; the next round, Vex is active."""
    b = _ai()
    _sit_out(b, "cultists", dangerous=False)
    _sit_out(b, "brute", dangerous=False)
    ok(b, c.EndRound())
    ok(b, c.StartRound())
    ok(b, c.ActivateHero("vex"))
    return b


def test_a_unit_charged_moves_into_contact_so_it_is_asked_again():
    """§11.1 step 3: the defenders move up to 3" into contact."""
    b = _vex_acts_in_the_next_round()
    ok(b, c.TakeAction("vex", "charge", target="brute"))
    assert b.state.unit("brute").in_dangerous is None and b.state.unit("cultists").in_dangerous is False


def test_a_unit_whose_dice_were_rolled_at_2_is_known_to_stand_in_dangerous_terrain():
    b = _ai()
    _sit_out(b, "cultists", dangerous=True)
    assert b.state.unit("cultists").in_dangerous is True
    _sit_out(b, "brute", dangerous=False)
    _next_ai_phase(b)
    ok(b, c.ActivateAI("cultists"))
    q = view.ai_question(b.state)
    assert q.node == "dangerous" and "has not moved since it stood in dangerous terrain" in q.note


def test_a_unit_pushed_or_fallen_is_somewhere_else_so_it_is_asked_again():
    b = _vex_acts_in_the_next_round()
    r = ok(b, c.UseSkill("vex", "push", target="cultists", faces=(6,)))  # §13.1: pushed 2" away
    assert event(r, "unit_pushed").payload == {"unit": "vex", "pushed": "cultists"}
    assert b.state.unit("cultists").in_dangerous is None
    ok(b, c.Fall("brute", 3))  # §15.2: placed 2" from the bottom
    assert b.state.unit("brute").in_dangerous is None
    assert replay(b.ruleset, b.initial, b.active_events) == b.state
