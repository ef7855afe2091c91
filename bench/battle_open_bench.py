"""Opening a 5,000-event battle: load from disk and replay, beside json.loads of the same data.

Prints medians over several runs and the ratios to the baseline measured in the same run
(the machine is shared; single figures mean little).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from long_battle import long_battle  # noqa: E402

from engine.battle import Battle  # noqa: E402
from saves import BattleStore, load  # noqa: E402


def median_ms(fn, runs: int) -> float:
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def main() -> None:
    quick = "--quick" in sys.argv
    runs = 3 if quick else 7
    battle = long_battle(2000 if quick else 5000)
    n = len(battle.entries)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.skirmish"
        with BattleStore.create(path, battle.header) as store:
            store.append_many([e.to_dict() for e in battle.entries])
        text = json.dumps({"header": battle.header, "entries": [e.to_dict() for e in battle.entries]})
        base = median_ms(lambda: json.loads(text), runs)
        t_load = median_ms(lambda: load(path), runs)
        header, entries = load(path)
        t_replay = median_ms(lambda: Battle(header, entries), runs)
        t_open = median_ms(lambda: Battle(*load(path)), runs)
    print(f"Opening a {n}-event Sanctum Mortalis battle (median of {runs} runs)")
    print(f"  {'json.loads of the same data (baseline)':<44} {base:8.1f} ms   1.00x")
    print(f"  {'saves.load (TinyDB file + journal)':<44} {t_load:8.1f} ms   {t_load / base:.2f}x")
    print(f"  {'replay of the log into battle state':<44} {t_replay:8.1f} ms   {t_replay / base:.2f}x")
    print(f"  {'load + replay (what opening costs)':<44} {t_open:8.1f} ms   {t_open / base:.2f}x   (aim: within 5x)")


if __name__ == "__main__":
    main()
