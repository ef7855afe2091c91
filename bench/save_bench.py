"""Save figures: durable append cost, open cost, and a kill-and-reload count.

    python bench/save_bench.py [--quick] [--dir DIR]

Every figure is printed beside a baseline measured in the same run, on the
same disk, interleaved sample by sample, because the machine is shared and
noisy: a plain ``write`` + ``fsync`` of one JSON line for appends, and
``json.loads`` of the same battle.json text for opening. Medians and p95 over
many samples. Aims (from the issue): append within 3x the baseline and flat
with battle length; open within 5x ``json.loads``; 200/200 kills reload with
no acknowledged event lost.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from crash_writer import kill_round, make_entry  # noqa: E402

from saves import BattleStore, load  # noqa: E402
from saves.storage import sync_file  # noqa: E402


def quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Baseline:
    """Plain durable append of one JSON line, the yardstick."""

    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def append(self, line: bytes) -> float:
        start = time.perf_counter()
        os.write(self.fd, line)
        sync_file(self.fd)  # os.fsync on Linux; the same call the store uses
        return time.perf_counter() - start

    def close(self) -> None:
        os.close(self.fd)


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def append_figures(work: Path, quick: bool) -> tuple[dict[int, tuple[list[float], list[float]]], dict[str, float]]:
    """Latency samples {event: (store, baseline)} around events 10, 1,000 and 5,000."""
    entries = [make_entry(seq) for seq in range(5100)]
    lines = [(json.dumps(e) + "\n").encode() for e in entries]
    samples: dict[int, tuple[list[float], list[float]]] = {10: ([], []), 1000: ([], []), 5000: ([], [])}
    windows = {10: range(0, 20), 1000: range(900, 1100), 5000: range(4900, 5100)}
    base = Baseline(work / "baseline.jsonl")
    extra = {"worst": 0.0, "base_worst": 0.0, "close": 0.0}
    # Event 10: many short battles (a window around event 10 needs fresh saves).
    for run in range(10 if quick else 40):
        with BattleStore.create(work / f"short-{run}.skirmish", {"title": "bench"}) as store:
            for seq in windows[10]:
                b = base.append(lines[seq])
                s = timed(lambda: store.append(entries[seq]))
                samples[10][0].append(s)
                samples[10][1].append(b)
    # Events 1,000 and 5,000: long battles, every append timed.
    for run in range(1 if quick else 3):
        store = BattleStore.create(work / f"long-{run}.skirmish", {"title": "bench"})
        for seq in range(len(entries)):
            b = base.append(lines[seq])
            s = timed(lambda: store.append(entries[seq]))
            extra["worst"] = max(extra["worst"], s)
            extra["base_worst"] = max(extra["base_worst"], b)
            for event in (1000, 5000):
                if seq in windows[event]:
                    samples[event][0].append(s)
                    samples[event][1].append(b)
        extra["close"] = max(extra["close"], timed(store.close))
    base.close()
    return samples, extra


def open_figures(work: Path, quick: bool) -> list[tuple[str, float, float]]:
    """(label, median seconds, median json.loads seconds) for a 5,000-event battle."""
    closed = work / "open-closed.skirmish"
    with BattleStore.create(closed, {"title": "bench", "rosters": {"red": [], "blue": []}}) as store:
        store.append_many([make_entry(seq) for seq in range(5000)])
    crashed = work / "open-journal.skirmish"  # as a killed writer leaves it: 2,000 entries only in the journal
    script = (
        "import os, sys; from crash_writer import make_entry; from saves import BattleStore\n"
        "store = BattleStore.create(sys.argv[1], {'title': 'bench'}, fold_min=3000, background=False)\n"
        "store.append_many([make_entry(seq) for seq in range(3000)])\n"
        "for seq in range(3000, 5000): store.append(make_entry(seq))\n"
        "os._exit(0)  # no close(): the journal is not folded\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(Path(__file__).resolve().parent)])}
    subprocess.run([sys.executable, "-c", script, str(crashed)], check=True, env=env)
    text = (closed / "battle.json").read_text(encoding="utf-8")
    rows = []
    for label, path, action in (
        ("load(), all in battle.json", closed, lambda: load(closed)),
        ("load(), 2,000 in journal", crashed, lambda: load(crashed)),
        ("BattleStore.open()", closed, lambda: BattleStore.open(closed)),
    ):
        ours, baseline = [], []
        for _ in range(5 if quick else 15):
            baseline.append(timed(lambda: json.loads(text)))
            start = time.perf_counter()
            result = action()
            ours.append(time.perf_counter() - start)
            if isinstance(result, BattleStore):
                assert len(result.entries) == 5000
                result.close()
            else:
                assert len(result[1]) == 5000, path
        rows.append((label, quantile(ours, 0.5), quantile(baseline, 0.5)))
    return rows


def crash_figures(work: Path, rounds: int) -> dict[str, int]:
    rng = random.Random(20261123)
    totals = {"rounds": rounds, "loaded": 0, "lost": 0, "acked": 0, "mid_checkpoint": 0}
    save = work / "crash-0.skirmish"
    for number in range(rounds):
        if number % 20 == 0:
            save = work / f"crash-{number}.skirmish"
        result = kill_round(save, rng, sync=number % 2 == 1, checkpoint_prob=0.05 if number % 4 < 2 else 0.0)
        totals["loaded"] += result.error is None
        totals["lost"] += result.lost
        totals["acked"] += result.new
        totals["mid_checkpoint"] += result.mid_checkpoint
        if result.error:
            print(f"  round {number}: {result.error}")
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples and 20 kills (about 20 s)")
    parser.add_argument("--dir", type=Path, default=None, help="where to write (default: a temp folder)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="save-bench-", dir=args.dir))
    began = time.perf_counter()
    try:
        print(f"Skirmish Desk save bench ({'quick' if args.quick else 'full'}), writing in {work}")
        samples, extra = append_figures(work, args.quick)
        print(
            "\nDurable save per event (ms)        store: median   p95 | fsync'd line: median   p95 | ratio: median  p95"
        )
        for event, (ours, base) in samples.items():
            print(
                f"  around event {event:>5,} ({len(ours):>4} samples)     {quantile(ours, 0.5) * 1e3:6.3f} "
                f"{quantile(ours, 0.95) * 1e3:6.3f} |               {quantile(base, 0.5) * 1e3:6.3f} "
                f"{quantile(base, 0.95) * 1e3:6.3f} |       {quantile(ours, 0.5) / quantile(base, 0.5):5.2f}x "
                f"{quantile(ours, 0.95) / quantile(base, 0.95):5.2f}x"
            )
        print(
            f"  slowest single append in the 5,100-event battles: {extra['worst'] * 1e3:.1f} ms "
            f"(fsync'd line: {extra['base_worst'] * 1e3:.1f} ms; checkpoints run in a background thread)"
        )
        print(f"  close() of a 5,100-event battle (final fold into battle.json): {extra['close'] * 1e3:.0f} ms")
        print("\nOpen a 5,000-event battle (ms)     ours (median) | json.loads same data | ratio")
        for label, ours, base in open_figures(work, args.quick):
            print(f"  {label:<32} {ours * 1e3:8.1f}     | {base * 1e3:12.1f}         | {ours / base:5.2f}x")
        rounds = 20 if args.quick else 200
        print(f"\nKill -9 at random moments, then load() ({rounds} rounds, fresh save every 20) ...")
        totals = crash_figures(work, rounds)
        print(
            f"  loaded {totals['loaded']}/{totals['rounds']}; events lost {totals['lost']} "
            f"(of {totals['acked']:,} acknowledged by the killed writers); "
            f"kills that interrupted a checkpoint: {totals['mid_checkpoint']}"
        )
        print(f"\nTotal {time.perf_counter() - began:.0f} s")
        return 0 if totals["loaded"] == totals["rounds"] and totals["lost"] == 0 else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
