"""Issue #21: SAGA's texts put a name ending in s in the possessive with only the
apostrophe ("Shields'", "Ceorls'") and any other with 's ("Host's")."""

from __future__ import annotations

from engine.battle import Battle, new_header
from engine.rulesets.saga import commands as c
from engine.rulesets.saga import make_setup

from .conftest import band, ok, unit


def test_saga_texts_write_shields_ceorls_and_host_possessives_right():
    setup = make_setup(band("Host", unit("ceorls", models=6)), band("Locals", unit("shields")))
    b = Battle(new_header("saga", setup, seed=7))
    ok(b, c.StartTurn("A"))
    ok(b, c.Activate("A.ceorls", "charge", target="B.shields"))
    ok(b, c.CompleteMove())
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(True))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    ok(b, c.RollAttacks(attacker=(1, 2, 3, 4, 5, 6), defender=(6, 1, 1, 1)))
    texts = " ".join(e.text for e in b.active_events)
    assert "Host's turn begins" in texts
    assert "Shields' Armour" in " ".join(str(e.payload["roll"]["base"]) for e in b.active_events if "roll" in e.payload)
    assert "s's" not in texts
