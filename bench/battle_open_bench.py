"""Opening a 5,000-event battle: load from disk and replay, beside json.loads of the same data.

Each run measures every step once, back to back (the machine is shared and its load
drifts): the baseline, ``saves.load`` and its parts (the parse of ``battle.json``, its
checksum), ``Event.from_dict`` of every entry, the rule system's reducers (replay of
events already made), and the whole opening (``Battle(*load(path))``), with Python's
collector as it is and paused (as the app pauses it while a battle opens, on the Python
versions ``tui.idle_gc`` tunes). The garbage of one step is collected before the next.

A ratio is the median over the runs of the step's time over the baseline's in the same
run (a load that comes and goes between runs mostly cancels out of it), for wall time
and for CPU time (``time.process_time``: a busy machine inflates it less). The aim:
opening within 5x json.loads, by the paired wall-time ratio. The load average before
and after is printed.
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from long_battle import long_battle  # noqa: E402

from engine.battle import Battle  # noqa: E402
from engine.events import Event  # noqa: E402
from saves import BattleStore, load  # noqa: E402
from saves.storage import DB_NAME, parse_json  # noqa: E402

AIM = 5.0
"""Opening (load + replay) within this many times json.loads of the same data."""


def measure(fn: Callable[[], Any], paused: bool = False) -> tuple[float, float]:
    """(wall ms, CPU ms) of one call, after collecting what earlier steps left."""
    gc.collect()
    if paused:
        gc.disable()
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
    finally:
        gc.enable()


def load_now() -> str:
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "?"


def main() -> None:
    quick = "--quick" in sys.argv
    runs = 5 if quick else 15
    battle = long_battle(2000 if quick else 5000)
    n = len(battle.entries)
    before = load_now()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.skirmish"
        with BattleStore.create(path, battle.header) as store:
            store.append_many([e.to_dict() for e in battle.entries])
        text = json.dumps({"header": battle.header, "entries": [e.to_dict() for e in battle.entries]})
        raw = (path / DB_NAME).read_bytes()
        header, entries = load(path)
        events = [Event.from_dict(e) for e in entries]
        steps: list[tuple[str, Callable[[], Any], bool]] = [
            ("json.loads of the same data (baseline)", lambda: json.loads(text), False),
            ("saves.load (TinyDB file + journal)", lambda: load(path), False),
            ("  its parse of battle.json", lambda: parse_json(raw, DB_NAME), False),
            ("  its checksum of battle.json (CRC32)", lambda: zlib.crc32(raw), False),
            ("Event.from_dict of every entry", lambda: [Event.from_dict(e) for e in entries], False),
            ("reducers: replay of the events", lambda: Battle(header, events), False),
            ("replay of the log into battle state", lambda: Battle(header, entries), False),
            ("load + replay, collector paused (app)", lambda: Battle(*load(path)), True),
            ("load + replay (what opening costs)", lambda: Battle(*load(path)), False),
        ]
        for _, fn, paused in steps:  # warm-up
            measure(fn, paused)
        samples: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in steps}
        for i in range(runs):
            for name, fn, paused in steps if i % 2 == 0 else steps[::-1]:
                samples[name].append(measure(fn, paused))
    base = samples[steps[0][0]]
    print(f"Opening a {n}-event Sanctum Mortalis battle ({runs} runs; load average {before} -> {load_now()})")
    print(f"  {'':<44} {'wall ms':>8} {'ratio':>7}   {'CPU ms':>7} {'ratio':>7}")
    verdict = 0.0
    for name, _, _ in steps:
        got = samples[name]
        wall = statistics.median(w for w, _ in got)
        cpu = statistics.median(c for _, c in got)
        wall_ratio = statistics.median(w / b for (w, _), (b, _) in zip(got, base))
        cpu_ratio = statistics.median(c / b for (_, c), (_, b) in zip(got, base) if b > 0)
        print(f"  {name:<44} {wall:8.1f} {wall_ratio:6.2f}x   {cpu:7.1f} {cpu_ratio:6.2f}x")
        verdict = wall_ratio
    print(f"  aim: opening within {AIM}x json.loads (paired wall ratio): " + ("met" if verdict <= AIM else "MISSED"))


if __name__ == "__main__":
    main()
