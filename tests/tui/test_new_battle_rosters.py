"""Starting a battle from rosters that break the band-building rules."""

from pathlib import Path

import pytest

from engine.ruleset import SetupProblem
from engine.rulesets.sanctum_mortalis.battle_setup import read_band
from tui.opening import LaunchPlan, OpenError, new_battle, system_of

BROKEN = Path(__file__).resolve().parents[1] / "engine" / "sanctum_mortalis" / "fixtures" / "broken-band.toml"


def test_a_roster_with_problems_is_refused_with_the_first_problem_and_a_way_on():
    refusal = r"has \d+ problems, first at line \d+: .*skirmish check.*--allow-problems"
    with pytest.raises(SetupProblem, match=refusal):
        read_band(BROKEN.read_text(encoding="utf-8"), str(BROKEN))


def test_a_house_band_can_be_allowed_and_the_problems_stay_visible():
    roster, note = read_band(BROKEN.read_text(encoding="utf-8"), str(BROKEN), allow_problems=True)
    assert roster.name and "band-building problem" in note


def test_a_new_battle_of_a_broken_roster_is_one_line_and_creates_no_save(tmp_path: Path):
    plan = LaunchPlan(mode="new", rosters=(str(BROKEN), str(BROKEN)), seed=1)
    with pytest.raises(OpenError, match=r"roster .*broken-band.toml has \d+ problems") as refused:
        new_battle(system_of(plan), tmp_path, plan)
    assert list(tmp_path.iterdir()) == []
    said = str(refused.value)  # the problem's rule as the rulebook names it, not the engine's "§15.1"
    assert "(Formowanie drużyny (Forming a band), p. 15)" in said and "§" not in said
