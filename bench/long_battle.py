"""Build a long Sanctum Mortalis battle (thousands of events) for the benchmarks.

Rounds of moves, markers and shots that rarely take anyone out, so the log grows
without the battle ending. Imported by the bench scripts; run alone it prints a summary.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.battle import Battle, new_header  # noqa: E402
from engine.dice import ScriptedDice  # noqa: E402
from engine.rulesets.sanctum_mortalis import commands as c, make_setup  # noqa: E402
from engine.rulesets.sanctum_mortalis.battle_setup import demo_bands  # noqa: E402


def demo_header(seed: int = 1) -> dict:
    a, b = demo_bands()
    return new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=seed, title="bench")


def long_battle(events: int = 5000, seed: int = 1) -> Battle:
    """A battle with at least ``events`` log entries: every model moves and takes a stance,
    shooters fire and miss (typed 6 6), round after round."""
    battle = Battle(demo_header(seed))
    while len(battle.entries) < events:
        battle.submit(c.StartRound())
        if battle.state.order.phase == "choose-first":
            battle.submit(c.ChooseFirst("A"))
        while battle.state.order.to_act in ("A", "B"):
            side = battle.state.order.to_act
            m = next(x for x in battle.state.waiting(side))
            battle.submit(c.Move(m.id, 2))
            enemy = next((x for x in battle.state.on_table() if x.side != side), None)
            if m.spec.ranged and enemy is not None and not m.spec.ranged[0] == "flamer":
                battle.submit(c.Shoot(m.id, enemy.id, m.spec.ranged[0]), ScriptedDice([6, 6, 6]))
            else:
                battle.submit(c.PlaceMarker(m.id, "defensive-stance"))
            battle.submit(c.EndActivation())
    return battle


if __name__ == "__main__":
    b = long_battle(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
    print(f"{len(b.entries)} events, round {b.state.round}")
