"""Starting a battle from rosters that break the band-building rules."""
from pathlib import Path

import pytest

from tui.opening import OpenError, read_band

BROKEN = Path(__file__).resolve().parents[1] / "engine" / "sanctum_mortalis" / "fixtures" / "broken-band.toml"


def test_a_roster_with_problems_is_refused_with_the_first_problem_and_a_way_on():
    with pytest.raises(OpenError, match=r"has \d+ problem\(s\), first at line \d+: .*skirmish check.*--allow-problems"):
        read_band(BROKEN)


def test_a_house_band_can_be_allowed_and_the_problems_stay_visible():
    roster, note = read_band(BROKEN, allow_problems=True)
    assert roster.name and "band-building problem" in note
