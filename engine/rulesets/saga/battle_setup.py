"""New SAGA battles: two warband rosters (sides A and B), or the bundled demo; the
rosters read for ``skirmish check`` (``engine.two_band_setup``). The texts come from the caller."""

from __future__ import annotations

from engine.two_band_setup import TwoBandSetup

from .roster import Warband
from .roster_toml import parse_roster
from .ruleset import make_setup


def _demo_warbands() -> tuple[Warband, Warband]:
    from .demo import demo_warbands

    return demo_warbands()


SETUP: TwoBandSetup[Warband] = TwoBandSetup(
    title="SAGA",
    band="warband",
    parse=parse_roster,
    make_setup=make_setup,
    demo_bands=_demo_warbands,
    members=lambda warband: ("units", [u.name for u in warband.units]),
    name=lambda warband: warband.name,
)
new_battle = SETUP.new_battle
demo = SETUP.demo
check = SETUP.check
