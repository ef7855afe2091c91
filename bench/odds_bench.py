"""Odds figures: how long each Sanctum Mortalis odds computation takes after warm-up.

    python bench/odds_bench.py [--quick]

The TUI recomputes the odds on every key press (each toggle of a modifier), so each
computation must be well under 1 ms. Each figure is the median (and p95) of many
calls, measured after one warm-up call (the first call for a new key fills the
caches), printed beside two baselines measured in the same run, interleaved batch by
batch because the machine is shared and noisy: ``json.loads`` of a small string and
a plain dict lookup. The ratio column is the figure over the ``json.loads`` baseline.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.rulesets.sanctum_mortalis.procedures import (  # noqa: E402
    MeleeSituation,
    ShotSituation,
    dispel_chance,
    fall_survival_chance,
    grenade_chance,
    hit_chance,
    initiative_odds,
    jump_down_chance,
    kill_chance,
    melee_kill_chance,
    melee_odds,
    melee_options,
    shooting_options,
    toughness_chance,
    toughness_for_shot,
    toughness_options,
)
from engine.rulesets.sanctum_mortalis.roster import ModelSpec  # noqa: E402

TROOPER = ModelSpec(
    "sz",
    "Szturmowiec",
    "trooper",
    ranged=("assault-rifle",),
    captain=True,
    skills=("point-blank", "aimed-shot", "master-shot"),
    items=("frag-grenade",),
)
TARGET = ModelSpec(
    "tg",
    "Target",
    "swordsman",
    melee=("hand-weapon", "additional-weapon"),
    shield=True,
    skills=("effective-parry", "critical-hit"),
)
KILLER = ModelSpec(
    "kl",
    "Killer",
    "swordsman",
    melee=("two-handed",),
    mods=("nano-blade",),
    skills=("deadly-blow", "duellist", "critical-hit"),
)

SHOT = ShotSituation(
    TROOPER, TARGET, "assault-rifle", shot_index=2, distance=15, shooter_moved=True, toggles=frozenset({"obstacle"})
)
SAVE = toughness_for_shot(SHOT, defensive_stance=True)
MELEE = MeleeSituation(KILLER, TARGET, attacker_support_models=(TROOPER,), defender_stance=True)

AIMED = replace(SHOT, shooter_moved=False, toggles=frozenset({"aimed_shot"}))
CLOSE = replace(SHOT, distance=4, toggles=frozenset({"captain_reroll"}))
WOOHOO = replace(SAVE, overwatch=True, toggles=frozenset({"woohoo", "im-fine"}))
DUEL = replace(MELEE, toggles=frozenset({"attacker_deadly_blow", "defender_effective_parry"}))
ONE_ON_ONE = replace(MELEE, attacker_support_models=())

CASES: list[tuple[str, Callable[[], object]]] = [
    ("hit_chance: 2nd shot, moved, long range, obstacle", lambda: hit_chance(SHOT)),
    ("hit_chance: Wymierzony strzał (3 dice)", lambda: hit_chance(AIMED)),
    ("hit_chance: Strzał z bliska + Captain re-rolls", lambda: hit_chance(CLOSE)),
    ("shooting_options (the list the TUI shows)", lambda: shooting_options(SHOT)),
    ("toughness_chance: shield, stance, armour", lambda: toughness_chance(SAVE)),
    ("toughness_chance: Woohoo! + Nic mi nie jest!", lambda: toughness_chance(WOOHOO)),
    ("toughness_options", lambda: toughness_options(SAVE)),
    ("kill_chance: hit × failed save (+ Master shot)", lambda: kill_chance(SHOT, SAVE)),
    ("melee_odds: support, stance, weapon mod", lambda: melee_odds(MELEE)),
    ("melee_odds: Zabójczy cios vs Skuteczna zasłona", lambda: melee_odds(DUEL)),
    ("melee_odds: Zwadźca re-roll (one on one)", lambda: melee_odds(ONE_ON_ONE)),
    ("melee_options", lambda: melee_options(MELEE)),
    ("melee_kill_chance: odds × both saves", lambda: melee_kill_chance(MELEE)),
    ("jump_down_chance", lambda: jump_down_chance(5.5, True)),
    ("fall_survival_chance", lambda: fall_survival_chance(5.5)),
    ("initiative_odds (roll-off)", lambda: initiative_odds(3, 3)),
    ("grenade_chance", lambda: grenade_chance(TROOPER)),
    ("dispel_chance", lambda: dispel_chance()),
]

SMALL_JSON = '{"model": "sz", "toggles": ["obstacle"], "shot": 2}'
LOOKUP = {f"key{i}": i for i in range(64)}
BASELINES: list[tuple[str, Callable[[], object]]] = [
    ("baseline: json.loads of a small string", lambda: json.loads(SMALL_JSON)),
    ("baseline: dict lookup", lambda: LOOKUP["key42"]),
]


def per_call(fn: Callable[[], object], calls: int) -> float:
    """Seconds per call, timed over a batch (timer overhead spread thin)."""
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls


def quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args()
    samples_n, batch = (30, 20) if args.quick else (200, 50)

    cases = BASELINES + CASES
    warm = {}
    for name, fn in cases:
        start = time.perf_counter()
        fn()  # warm-up: fills the caches for this key
        warm[name] = time.perf_counter() - start
    samples: dict[str, list[float]] = {name: [] for name, _ in cases}
    for _ in range(samples_n):  # interleaved: each round times every case once
        for name, fn in cases:
            samples[name].append(per_call(fn, batch))

    base = quantile(samples[BASELINES[0][0]], 0.5)
    width = max(len(n) for n, _ in cases)
    print(f"Sanctum Mortalis odds, {samples_n} samples × {batch} calls each (µs per call)")
    print(f"{'computation':<{width}}  {'median':>9}  {'p95':>9}  {'×json':>6}  {'first call':>11}")
    worst = 0.0
    for name, _ in cases:
        med = quantile(samples[name], 0.5) * 1e6
        p95 = quantile(samples[name], 0.95) * 1e6
        ratio = med / (base * 1e6)
        if not name.startswith("baseline"):
            worst = max(worst, med)
        print(f"{name:<{width}}  {med:9.2f}  {p95:9.2f}  {ratio:6.1f}  {warm[name] * 1e3:9.2f}ms")
    print(f"slowest odds computation: {worst:.1f} µs median (aim: well under 1000 µs)")


if __name__ == "__main__":
    main()
