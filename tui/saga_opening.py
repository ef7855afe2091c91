"""SAGA battles: the bundled demo battle, or a new battle from two warband rosters
(the ``tui.systems`` builder of SAGA; see ``tui.two_band_opening``)."""
from __future__ import annotations

from .two_band_opening import TwoBandSystem

SAGA = TwoBandSystem("saga", "SAGA", "engine.rulesets.saga", "warband", "demo_warbands")
read_warband = SAGA.read
new_battle = SAGA.new_battle
demo_battle = SAGA.demo_battle
