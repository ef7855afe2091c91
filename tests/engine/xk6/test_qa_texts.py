"""Log texts a QA play-through found unreadable: the ammunition check names the Att dice it
reads and says "on 1" rather than "on 1–1" (§12.1)."""

from engine.rulesets.xk6 import commands as c

from .conftest import model, new_battle, ok, started


def _ammo_text(faces, rof_dam=0, weapon="rifle", settings=None):
    b = started(new_battle([model("shooter", att=len(faces))], [model("target")], settings=settings))
    ok(b, c.Activate("A.shooter", "move-attack", speed="still"))
    ok(b, c.Attack("A.shooter", weapon, (c.Target("B.target", faces=(1, 1)),), faces=faces, rof_dam=rof_dam))
    res = ok(b, c.ResolveAttack())
    return next(e for e in res.events if e.kind == "ammo_checked").text


def test_the_ammunition_check_shows_the_dice_it_reads_and_a_single_value_without_a_range():
    text = _ammo_text((6, 6, 6))
    assert "1–1" not in text
    assert "Att dice 6 6 6: unmodified result 8 (5 + 3 sixes)" in text, text
    assert "empties on an unmodified result of 1 " in text and "not empty" in text


def test_the_ammunition_check_with_the_full_rof_names_its_range():
    text = _ammo_text((2, 1, 3, 4), rof_dam=4, weapon="smg")
    assert "empties on an unmodified result of 1–4" in text and "Att dice 2 1 3 4: unmodified result 4" in text
    assert "magazine is empty" in text


def test_under_the_any_die_reading_the_ammunition_check_names_the_die_that_empties_it():
    text = _ammo_text((6, 1), settings={"ammo_result": "any-die"})
    assert "empties when any Att die shows 1 " in text and "magazine is empty" in text, text


def _attack_then_resolve(target_faces=(1, 1), faces=(6, 6)):
    b = started(new_battle([model("shooter")], [model("target", armour=4)]))
    ok(b, c.Activate("A.shooter", "move-attack", speed="still"))
    rolled = ok(b, c.Attack("A.shooter", "rifle", (c.Target("B.target", faces=target_faces),), faces=faces))
    resolved = ok(b, c.ResolveAttack())
    return rolled.events + resolved.events


def test_an_attacks_outcome_is_said_once_by_its_roll_and_not_again_by_the_attack_or_damage_lines():
    """QA, 80×24: "Warden Kell SL 4: 16 damage, 3 wounds, stunned." was in the attack line, the
    roll line and the damage line. The roll's record says it; the texts say what else happens."""
    events = _attack_then_resolve()
    (record,) = events[0].payload["rolls"]
    assert record["outcome"] == "success level (SL) 7: 28 damage, 7 wounds, stunned"
    assert [e.text for e in events if "SL 7" in e.text or "28 damage" in e.text] == []
    assert events[0].text == "Shooter fires with Rifle at Target."
    damage = next(e for e in events if e.kind == "damage_dealt")
    assert damage.text == "Target takes 7 wounds, stunned."


def test_a_failed_attack_is_said_to_fail_by_its_roll_alone():
    events = _attack_then_resolve(target_faces=(6, 6), faces=(1, 1))
    (record,) = events[0].payload["rolls"]
    assert record["outcome"].startswith("success level (SL) -") and "fails" in record["outcome"]
    assert [e.text for e in events if "fails" in e.text or "SL -" in e.text] == []
    assert "No effect on Target." in [e.text for e in events]
