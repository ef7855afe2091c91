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
    runs = 3 if quick else 11
    battle = long_battle(2000 if quick else 5000)
    n = len(battle.entries)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.skirmish"
        with BattleStore.create(path, battle.header) as store:
            store.append_many([e.to_dict() for e in battle.entries])
        text = json.dumps({"header": battle.header, "entries": [e.to_dict() for e in battle.entries]})
        header, entries = load(path)
        # Interleaved sample by sample: the machine is shared, and its load drifts.
        samples: dict[str, list[float]] = {"base": [], "load": [], "replay": [], "open": []}
        for _ in range(runs):
            samples["base"].append(median_ms(lambda: json.loads(text), 1))
            samples["load"].append(median_ms(lambda: load(path), 1))
            samples["replay"].append(median_ms(lambda: Battle(header, entries), 1))
            samples["open"].append(median_ms(lambda: Battle(*load(path)), 1))
        base, t_load, t_replay, t_open = (statistics.median(samples[k]) for k in ("base", "load", "replay", "open"))
    print(f"Opening a {n}-event Sanctum Mortalis battle (median of {runs} runs)")
    print(f"  {'json.loads of the same data (baseline)':<44} {base:8.1f} ms   1.00x")
    print(f"  {'saves.load (TinyDB file + journal)':<44} {t_load:8.1f} ms   {t_load / base:.2f}x")
    print(f"  {'replay of the log into battle state':<44} {t_replay:8.1f} ms   {t_replay / base:.2f}x")
    print(f"  {'load + replay (what opening costs)':<44} {t_open:8.1f} ms   {t_open / base:.2f}x   (aim: within 5x)")


if __name__ == "__main__":
    main()
