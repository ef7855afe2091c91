"""A scripted battle to run the post-battle sequence on, and a campaign of its two bands.

The battle (Jatka, 5 markers): Kara picks up a marker and carries it off (1 VP, 1 XP);
Yul takes Bo out with a failed Toughness roll (1 XP to Yul); Cy takes Xan out (a GM
removal: an injury roll too under [SM-A10]); the GM ends the battle: Wolves win 1–0.
"""

import pytest

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis import commands as bc
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.campaign import campaign_header, campaign_setup
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec


def bands():
    a = BandRoster(
        "Wolves",
        "Ann",
        (
            ModelSpec(
                "kara",
                "Kara",
                "trooper",
                ranged=("assault-rifle",),
                captain=True,
                xp=4,
                skills=("point-blank",),
                advances=(("C", 1),),
            ),
            ModelSpec("bo", "Bo", "swordsman", melee=("hand-weapon", "additional-weapon"), xp=2, skills=("agile",)),
            ModelSpec("cy", "Cy", "officer", ranged=("assault-pistol",), xp=1),
        ),
        treasury=0,
    )
    b = BandRoster(
        "Saints",
        "Bob",
        (
            ModelSpec(
                "xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True, xp=4, skills=("hunter", "good-eye")
            ),
            ModelSpec("yul", "Yul", "savage", ranged=("primitive",), melee=("hand-weapon",)),
        ),
        treasury=5,
    )
    return a, b


SCRIPT = [
    (bc.StartRound(), [5, 4, 5, 1]),
    (bc.ChooseFirst("A"), None),
    (bc.Activate("A.kara"), None),
    (bc.PickUpTech("A.kara"), None),
    (bc.LeaveTable("A.kara"), None),
    (bc.RemoveModel("A.bo", by="B.yul", cause="failed Toughness roll (melee)"), None),
    (bc.RemoveModel("B.xan", by="A.cy"), None),
    (bc.EndBattle(), None),
]


def play_battle(script=SCRIPT) -> Battle:
    a, b = bands()
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="slaughter"), seed=3))
    for command, faces in script:
        result = battle.submit(command, ScriptedDice(faces) if faces else None)
        assert not hasattr(result, "reason"), result
    return battle


def new_campaign(seed: int = 7) -> Battle:
    a, b = bands()
    return Battle(campaign_header(campaign_setup([a, b], "Test campaign"), seed=seed))


@pytest.fixture
def finished():
    """The scripted battle, ended."""
    return play_battle()


@pytest.fixture
def campaign():
    return new_campaign()


@pytest.fixture
def make_campaign():
    """Factory: a fresh campaign (safe inside Hypothesis examples)."""
    return new_campaign


@pytest.fixture
def make_finished():
    return play_battle
