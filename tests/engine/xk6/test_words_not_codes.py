"""xK6 says a rule as the GM reads it. A weapon: the sheet's column abbreviations (Acc,
DAM, ROF) with their English names, each trait by its name with the sheet's letters
("Melee (M)", not "ROF 0 M"), a declared ROF split in words, on the card, the attack picker
and the log (one table: ``engine.rulesets.xk6.tables`` TRAIT_TERMS, WEAPON_COLUMNS). The
initiative: each die and Command in words, not "5+4=9"."""

import re

import pytest

from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import tables as t
from engine.rulesets.xk6 import view

from .conftest import model, new_battle, ok, started

BARE_TRAIT = re.compile(r"(?<![(\w])(IF|AE|FT|LA|M|SB)(?![)\w])")
"""A trait's letters standing alone, not inside "Melee (M)" or "(AE 2)"."""


def profiles() -> dict[str, str]:
    b = new_battle([model("a")], [model("b")])
    return {w.id: w.profile for w in view.model_lines(b.state)[0].weapons}


def test_a_melee_weapon_says_melee_and_rate_of_fire_not_rof_0_m():
    assert (
        profiles()["knife"] == "in base contact · Accuracy (Acc) +0 · Damage (DAM) 2 · Rate of fire (ROF) 0 · Melee (M)"
    )


def test_area_template_and_limited_ammunition_traits_are_named():
    p = profiles()
    assert p["grenade"].endswith('Limited ammunition (LA) · Area 2" (AE 2)')
    assert p["flamer"].endswith("Template (FT) · Limited ammunition (LA) · Incendiary (SB)")
    assert p["mortar"].endswith("Indirect fire (IF)")
    for profile in p.values():
        assert not BARE_TRAIT.search(profile), profile


@pytest.mark.parametrize("code", sorted(t.TRAITS), ids=lambda code: f"§16 {code}")
def test_every_trait_of_the_sheet_has_a_name(code):
    shown = t.trait_shown(code)
    assert shown.endswith(f" ({code})") and shown[0].isupper()


@pytest.mark.parametrize(
    ("rof_dam", "rof_area", "words"),
    [
        (0, 0, "rate of fire not used"),
        (2, 0, "rate of fire +2 to damage"),
        (1, 1, "rate of fire +1 to damage, +1 to radius"),
        (0, 3, "rate of fire +3 to radius"),
    ],
)
def test_a_declared_rof_split_is_said_in_words(rof_dam, rof_area, words):
    assert t.rof_use(rof_dam, rof_area) == words


def test_the_attack_log_line_says_the_rate_of_fire_split_in_words():
    b = started(new_battle([model("a")], [model("b")]))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    r = ok(b, c.Attack("A.a", "smg", (c.Target("B.b", faces=(1, 1)),), rof_dam=2, faces=(6, 6)))
    text = next(e for e in r.events if e.kind == "attack_rolled").text
    assert text == "A fires with SMG, rate of fire +2 to damage, at B."


def test_the_close_range_modifier_names_the_melee_trait():
    assert t.CLOSE_RANGE.label == 'ranged weapon within 3" (not Melee (M))'


def test_the_initiative_line_says_each_die_and_command_not_a_sum():
    b = new_battle([model("a", command=3)], [model("b", command=1)])
    r = ok(b, c.StartTurn(faces=(6, 1)))
    text = next(e.text for e in r.events if e.kind == "initiative_rolled")
    assert (
        text
        == "Initiative: Reds 9 (die 6 + Command 3), Blues 2 (die 1 + Command 1): Reds chooses which side activates first."
    )
