"""Star Quest says a rule as the GM reads it: §17 Caster's tokens at the start of round
("gains 2 spell tokens from Caster(2) (Mag): 0 → 2, 6 at most"; when the cap bites, what
it would have been), never a formula ("min(6, 0 + 2)"); a weapon on the card counts its
attacks in words ("3 attacks", not "A3"); a roll's target says what is added to the die
and why ("6+, the roll -2 (AP(2))", not "6+ -2 AP(2)")."""

from engine.corrections import Correct
from engine.rulesets.star_quest import commands as c

from .conftest import enemy, hero, new_battle, ok


def caster_battle(tokens: int = 0):
    b = new_battle([hero("ilsa", name="Ilsa", unit_rules=(("Caster", 2),)), hero("vex")], [enemy("grunt")])
    if tokens:
        ok(b, Correct("tokens", "ilsa", tokens, "tokens carried over"))
    return b


def gained(b) -> str:
    r = ok(b, c.StartRound())
    return next(e.text for e in r.events if e.kind == "tokens_gained")


def test_a_caster_gains_its_tokens_in_words_with_the_cap_named():
    text = gained(caster_battle())
    assert text == "Ilsa gains 2 spell tokens from Caster(2) (Mag): 0 → 2, 6 at most (§17 Caster)."
    assert "min(" not in text


def test_at_the_cap_the_line_says_the_tokens_it_would_have_had():
    text = gained(caster_battle(tokens=5))
    assert text == "Ilsa gains 1 spell token from Caster(2) (Mag): 5 → 6, 6 at most, not 7 (§17 Caster)."


def test_a_weapon_on_the_card_counts_its_attacks_in_words_not_a1():
    from engine.rulesets.star_quest import view
    from engine.rulesets.star_quest.roster import WeaponSpec

    sword = WeaponSpec("Sword", "melee", 3, ap=1)
    b = new_battle(
        [hero("ilsa", name="Ilsa", weapons=(WeaponSpec("Gun", "ranged", 1, 12), sword)), hero("vex")], [enemy("grunt")]
    )
    ilsa = next(x for x in view.hero_lines(b.state) if x.id == "ilsa")
    assert ilsa.weapons == ('Gun (12", 1 attack)', "Sword (melee, 3 attacks, AP(1))")


def test_a_roll_target_says_what_is_added_to_the_die_and_why():
    from engine.rolls import Modifier
    from engine.rulesets.star_quest.view import roll_needs

    ap = Modifier("AP(2)", -2, "§9 step 5")
    cover = Modifier("cover against shooting (inside terrain)", 1, "§14 Cover")
    assert roll_needs(6, ()) == "6+"
    assert roll_needs(6, (ap,)) == "6+, the roll -2 (AP(2))"
    assert roll_needs(5, (ap, cover), rules=True) == (
        "5+, the roll -2 (AP(2), §9 step 5), +1 (cover against shooting (inside terrain), §14 Cover)"
    )
