"""The log explains itself, and the SAGA engine keeps to the engine's import rules."""

import subprocess
import sys
from pathlib import Path

from engine.rolls import RollRecord
from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view

from .conftest import new_battle, ok, set_fatigue, unit

ROOT = Path(__file__).resolve().parents[3]


def test_importing_saga_loads_no_ui_or_storage_library():
    code = (
        "import engine.rulesets.saga, engine.rulesets.saga.view, engine.rulesets.saga.demo as d; d.demo_setup()"
        "\nimport sys; print('\\n'.join(sys.modules))"
    )
    mods = set(
        subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
    )
    for banned in ("textual", "tinydb", "rich", "saves", "tui"):
        assert not any(m == banned or m.startswith(banned + ".") for m in mods), banned


def test_every_event_of_a_melee_has_a_log_line_and_every_roll_its_record():
    b = new_battle([unit("axes", models=6)], [unit("shields")])
    ok(b, c.StartTurn("A"))
    ok(b, c.Activate("A.axes", "charge", target="B.shields"))
    ok(b, c.CompleteMove())
    for cmd in (
        c.ConfirmAttackDice(),
        c.TradeDice(True),
        c.EndDeclarations(),
        c.EndDeclarations(),
        c.RollAttacks(attacker=(1, 2, 3, 4, 5, 6), defender=(6, 1, 1, 1)),
    ):
        ok(b, cmd)
    ok(b, c.RollDefence(attacker=(2,), defender=(5, 1, 1, 1, 1)))
    ok(b, c.RemoveCasualties())
    ok(b, c.ResolveRetreat())
    assert all(e.text for e in b.active_events)
    rolls = [RollRecord.from_dict(e.payload["roll"]) for e in b.active_events if "roll" in e.payload]
    assert [r.procedure for r in rolls] == ["saga.melee.attack"] * 2 + ["saga.melee.defence"] * 2
    attack = rolls[0]
    assert attack.target == 4 and attack.outcome == "3 hits" and [d.face for d in attack.dice] == [1, 2, 3, 4, 5, 6]
    assert attack.base.label == "Shields' Armour" and attack.detail["hits_distribution"]["3"] == "5/16"


def test_the_move_view_says_which_fatigue_rule_will_apply():
    b = new_battle([unit("axes")], [unit("shields")])
    ok(b, c.StartTurn("A"))
    ok(b, c.Activate("A.axes", "move"))
    ok(b, c.CompleteMove())
    set_fatigue(b, "A.axes", 0)
    ok(b, c.Activate("A.axes", "move"))
    assert "+1 fatigue — Movement after a Movement or Shooting this turn (§4.2" in view.pending_step(b.state).lines[-1]
