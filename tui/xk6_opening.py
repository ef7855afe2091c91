"""xK6 battles: the bundled demo battle, or a new battle from two band rosters
(the ``tui.systems`` builder of xK6; see ``tui.two_band_opening``)."""
from __future__ import annotations

from .two_band_opening import TwoBandSystem

XK6 = TwoBandSystem("xk6", "xK6", "engine.rulesets.xk6", "band", "demo_bands")
read_band = XK6.read
new_battle = XK6.new_battle
demo_battle = XK6.demo_battle
