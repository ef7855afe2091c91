"""§17 Caster: the start of round says the spell tokens gained as the GM reads the rule
("gains 2 spell tokens from Caster(2) (Mag): 0 → 2, 6 at most"), never a formula
("min(6, 0 + 2)"); when the cap bites, the line says what it would have been."""

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
