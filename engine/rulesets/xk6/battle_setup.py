"""New xK6 battles: two band rosters (sides A and B), or the bundled demo; the rosters
read for ``skirmish check`` (``engine.two_band_setup``). The texts come from the caller."""

from __future__ import annotations

from engine.two_band_setup import TwoBandSetup

from .roster import Band
from .roster_toml import parse_roster
from .ruleset import make_setup


def _demo_bands() -> tuple[Band, Band]:
    from .demo import demo_bands

    return demo_bands()


SETUP: TwoBandSetup[Band] = TwoBandSetup(
    title="xK6",
    band="band",
    parse=parse_roster,
    make_setup=make_setup,
    demo_bands=_demo_bands,
    members=lambda band: ("models", [m.name for m in band.models]),
    name=lambda band: band.name,
)
new_battle = SETUP.new_battle
demo = SETUP.demo
check = SETUP.check
