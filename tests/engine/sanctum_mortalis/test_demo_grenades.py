"""The demo bands carry a grenade each (QA: the demo had none, so ``b`` could not be
tried): the Iron Wolves' Jax Morrow a frag grenade, the Crimson Saints' Lio Skarn a smoke
grenade; both rosters still pass band building."""

from __future__ import annotations

from engine.rulesets.sanctum_mortalis.battle_setup import DEMO_FILES, demo_bands, demo_text
from engine.rulesets.sanctum_mortalis.roster_toml import check_roster


def test_each_demo_band_has_a_grenade_to_throw():
    wolves, saints = sorted(demo_bands(), key=lambda band: band.name != "Iron Wolves")
    assert next(m for m in wolves.models if m.name == "Jax Morrow").items == ("frag-grenade",)
    assert next(m for m in saints.models if m.name == "Lio Skarn").items == ("smoke-grenade",)


def test_the_demo_rosters_pass_band_building():
    for name in DEMO_FILES:
        parsed = check_roster(demo_text(name), source=name)
        assert parsed.ok and not parsed.problems, [str(p) for p in parsed.problems]


def test_the_demo_battle_starts_with_each_grenade_ready_to_throw():
    from engine.rulesets.sanctum_mortalis.battle_setup import demo
    from engine.rulesets.sanctum_mortalis.grenades import grenades_of
    from engine.rulesets.sanctum_mortalis.ruleset import SanctumMortalis

    state = SanctumMortalis().initial_state(demo(None, 1).setup)
    models = [m for side in ("A", "B") for m in state.models_of(side)]
    carried = {m.name: grenades_of(m) for m in models if grenades_of(m)}
    assert carried == {"Jax Morrow": ("frag-grenade",), "Lio Skarn": ("smoke-grenade",)}
