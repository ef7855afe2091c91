"""The xK6 model pane drops columns that do not fit, least needed first: Armour stays when
a model's state column widens."""

from __future__ import annotations

from types import SimpleNamespace

from tui.systems.xk6.model_pane import COLUMNS
from tui.widgets.line_pane import fit


def line(**kw):
    base = dict(
        id="A.m",
        name="Sgt. Vance",
        att=3,
        defence=2,
        armour=4,
        wounds=0,
        wound_limit=3,
        wound_modifier=0,
        stunned=False,
        burning=False,
        held=False,
        activated=False,
        out=False,
        speed="still",
        speed_att=0,
        speed_def=0,
        command_points=2,
        weapons=(SimpleNamespace(name="Carbine", loaded=True, mags=3, rounds=None),),
    )
    return SimpleNamespace(**{**base, **kw})


def shown(lines, width):
    cells = {c.key: [c.cell(ln, False) for ln in lines] for c in COLUMNS}
    labels = {c.key: ("Kestrel Squad" if c.key == "name" else c.label) for c in COLUMNS}
    return [c.key for c in fit(COLUMNS, width, labels, cells)]


def test_the_armour_column_stays_when_the_state_column_widens():
    calm = shown([line(), line(id="A.n", name="Okafor")], 80)
    assert "armour" in calm
    busy = shown([line(), line(id="A.n", name="Okafor", stunned=True, burning=True, held=True)], 80)
    assert "armour" in busy and "state" in busy
    assert len(busy) < len(calm)  # something less needed made room


def test_every_column_fits_a_wide_pane():
    assert shown([line(stunned=True, burning=True, held=True)], 120) == [c.key for c in COLUMNS]
