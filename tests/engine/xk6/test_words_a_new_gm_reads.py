"""Words a new GM stumbled on in a QA play-through of xK6: the success level named in words
where it is shown (§4), a model that stands still said so rather than "at still (up to 0")"
(§6.1), a melee weapon's reach said once ([XK-M7]), and the ammunition row read as the
table's left column, the ROF used (§12.1)."""

from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import tables as t
from engine.rulesets.xk6 import view

from .conftest import model, new_battle, ok, started


def _activation_text(speed: str) -> str:
    b = started(new_battle([model("shooter")], [model("target")]))
    (event,) = [e for e in ok(b, c.Activate("A.shooter", "move-attack", speed=speed)).events]
    return event.text


def test_activating_at_the_0_inch_column_says_the_model_stands_still():
    text = _activation_text("still")
    assert "standing still (still; Att +0, Def +0 until its next activation)" in text, text
    assert 'up to 0"' not in text and "at still" not in text


def test_activating_at_a_moving_column_still_says_how_far_it_may_go():
    assert 'at walk (up to 4"; Att -1, Def +0 until its next activation)' in _activation_text("walk")


def test_an_attacks_roll_names_the_success_level_in_words():
    b = started(new_battle([model("shooter")], [model("target", armour=4)]))
    ok(b, c.Activate("A.shooter", "move-attack", speed="still"))
    rolled = ok(b, c.Attack("A.shooter", "rifle", (c.Target("B.target", faces=(1, 1)),), faces=(6, 2)))
    (record,) = rolled.events[-1].payload["rolls"]
    assert record["outcome"].startswith("success level (SL) 6: ")  # 6 +1 (open) v 1, record["outcome"]
    assert t.sl_shown(3) == "success level (SL) 3"


def test_a_melee_weapons_profile_says_where_it_reaches_not_melee_again():
    b = new_battle([model("a")], [model("b")])
    knife = next(w for w in view.model_lines(b.state)[0].weapons if w.id == "knife")
    assert knife.profile.startswith("in base contact · "), knife.profile
    assert "melee" not in knife.profile.replace("Melee (M)", "")


def test_each_ammunition_row_says_how_much_of_the_rof_is_used():
    assert t.AMMO_ROW_LABELS[t.ammo_row(4, 2)] == "half the ROF or more used, but not all"
    assert t.AMMO_ROW_LABELS[t.ammo_row(4, 1)] == "less than half the ROF used"
    assert t.AMMO_ROW_LABELS[t.ammo_row(4, 4)] == "the full ROF used"
