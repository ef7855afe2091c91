import pytest

from engine.battle import Battle, new_header
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec


def small_bands():
    a = BandRoster(
        "Wolves",
        "Ann",
        (
            ModelSpec("kara", "Kara", "trooper", ranged=("assault-rifle",), captain=True, xp=4),
            ModelSpec("bo", "Bo", "swordsman", melee=("hand-weapon", "additional-weapon")),
            ModelSpec("cy", "Cy", "officer", ranged=("assault-pistol",)),
        ),
    )
    b = BandRoster(
        "Saints",
        "Bob",
        (
            ModelSpec("xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True, xp=4),
            ModelSpec("yul", "Yul", "savage", ranged=("primitive",), melee=("hand-weapon",)),
        ),
    )
    return a, b


@pytest.fixture
def battle():
    a, b = small_bands()
    return Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=11))


@pytest.fixture
def make_battle():
    """A factory of fresh small battles (safe to call inside Hypothesis examples)."""

    def make(scenario: str = "slaughter", seed: int = 5) -> Battle:
        a, b = small_bands()
        return Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario=scenario), seed=seed))

    return make
