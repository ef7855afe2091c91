"""A save writer to be killed: the crash test's and the crash bench's victim.

    python bench/crash_writer.py SAVE [--seed N] [--fold-min N] [--sync]
                                      [--checkpoint-prob P] [--max-events N]

Opens SAVE (creating it if missing), prints ``ready <entries>``, then appends
realistic entries, printing each seq (flushed) right after ``append`` or
``append_many`` returns, i.e. once it counts as saved. ``kill_round`` runs it,
SIGKILLs it at a random moment and checks what ``saves.load`` finds.
Run with no arguments it only prints this help (``make bench`` runs every
script in bench/).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from saves import BattleStore, SaveError, load  # noqa: E402

WEAPONS = ("bolt rifle", "plasma pistol", "chainsword", "grenade launcher", "heavy stubber")
MODIFIERS = (
    ("cover", -1, "core 4.2"),
    ("long range", -1, "core 3.1"),
    ("aimed", 1, "core 3.4"),
    ("pinned", -1, "core 6.2"),
    ("elevated", 1, "core 4.5"),
    ("veteran", 1, "army 2.3"),
)


def make_entry(seq: int) -> dict[str, Any]:
    """A deterministic, realistic log entry of about 600 bytes of JSON."""
    rng = random.Random(seq)
    faces = [rng.randint(1, 6) for _ in range(rng.randint(2, 5))]
    kept = sorted(faces, reverse=True)[:2]
    mods = rng.sample(MODIFIERS, rng.randint(1, 3))
    target = rng.randint(3, 9)
    total = sum(kept) + sum(m[1] for m in mods)
    return {
        "seq": seq,
        "round": 1 + seq // 40,
        "actor": {
            "side": rng.choice(("red", "blue")),
            "unit": f"squad-{rng.randint(1, 9)}",
            "model": f"trooper-{rng.randint(1, 12)}",
        },
        "kind": "shoot",
        "payload": {
            "weapon": {
                "name": rng.choice(WEAPONS),
                "range": rng.randint(6, 36),
                "shots": len(faces),
                "strength": rng.randint(3, 8),
                "ap": -rng.randint(0, 3),
            },
            "target": {
                "unit": f"squad-{rng.randint(1, 9)}",
                "model": f"trooper-{rng.randint(1, 12)}",
                "distance": round(rng.uniform(1, 30), 1),
            },
            "roll": {
                "dice": "2d6kh2",
                "faces": faces,
                "kept": kept,
                "dropped": sorted(faces, reverse=True)[2:],
                "rerolled": [],
                "target": target,
                "modifiers": [{"label": m[0], "value": m[1], "rule": m[2]} for m in mods],
                "probability": round(rng.random(), 6),
                "total": total,
                "outcome": "hit" if total >= target else "miss",
            },
            "effects": [{"marker": "pinned", "on": f"squad-{rng.randint(1, 9)}"}] if total >= target else [],
        },
        "note": "",
    }


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[0])
        return 0
    parser = argparse.ArgumentParser(description="append entries until killed")
    parser.add_argument("save", type=Path)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--fold-min", type=int, default=8)
    parser.add_argument("--sync", action="store_true", help="checkpoint in the writing thread")
    parser.add_argument("--checkpoint-prob", type=float, default=0.03)
    parser.add_argument("--batch-prob", type=float, default=0.2)
    parser.add_argument("--max-events", type=int, default=100_000)
    args = parser.parse_args(argv)
    options = {"fold_min": args.fold_min, "background": not args.sync}
    if args.save.exists():
        store = BattleStore.open(args.save, **options)
    else:
        store = BattleStore.create(args.save, {"title": "crash test", "ruleset": "generic"}, **options)
    rng = random.Random(args.seed)
    out = sys.stdout
    out.write(f"ready {store.count}\n")
    out.flush()
    while store.count < args.max_events:
        first = store.count
        if rng.random() < args.batch_prob:
            count = rng.randint(2, 6)
            store.append_many([make_entry(first + i) for i in range(count)])
        else:
            count = 1
            store.append(make_entry(first))
        out.write("".join(f"{seq}\n" for seq in range(first, first + count)))
        out.flush()
        if rng.random() < args.checkpoint_prob:
            out.write("checkpoint\n")
            out.flush()
            store.checkpoint()
            out.write("checkpoint done\n")
            out.flush()
    store.close()
    out.write("closed\n")
    out.flush()
    return 0


@dataclass
class RoundResult:
    """What one kill left behind."""

    acked: int  # entries the save holds by the writer's word (highest printed seq + 1)
    new: int  # of which this writer reported saving before it was killed
    loaded: int  # entries load() found (-1 if it failed)
    lost: int  # acked entries missing or different after the kill
    error: str | None  # load()'s message, if it failed
    mid_checkpoint: bool  # killed inside checkpoint() or while battle.json's temp file was being written


_EXPECTED: list[dict[str, Any]] = []


def _expected(count: int) -> list[dict[str, Any]]:
    while len(_EXPECTED) < count:
        _EXPECTED.append(make_entry(len(_EXPECTED)))
    return _EXPECTED[:count]


def kill_round(
    save: Path,
    rng: random.Random,
    *,
    max_delay: float = 0.2,
    fold_min: int = 8,
    sync: bool = False,
    checkpoint_prob: float = 0.03,
) -> RoundResult:
    """Start a writer on ``save``, SIGKILL it at a random moment, reload, compare."""
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        str(save),
        "--seed",
        str(rng.randrange(1 << 30)),
        "--fold-min",
        str(fold_min),
        "--checkpoint-prob",
        str(checkpoint_prob),
    ]
    if sync:
        command.append("--sync")
    writer = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert writer.stdout is not None
    ready = writer.stdout.readline()  # wait until it is writing
    if ready.startswith(b"ready"):
        time.sleep(rng.uniform(0, max_delay))
    writer.kill()
    rest = writer.stdout.read()
    writer.wait()
    lines = (ready + rest).split(b"\n")[:-1]  # a line without newline was cut off by the kill
    start = int(ready.split()[1]) if ready.startswith(b"ready") else 0
    seqs = [int(line) for line in lines if line.isdigit()]
    acked = max(seqs) + 1 if seqs else start
    mid = _tmp_file_left(save) or (b"checkpoint" in lines and lines[-1] == b"checkpoint")
    try:
        _, entries = load(save)
    except SaveError as err:
        if err.kind == "missing" and acked == 0:  # killed while creating: it never existed
            return RoundResult(0, 0, 0, 0, None, mid)
        return RoundResult(acked, acked - start, -1, acked, str(err), mid)
    expected = _expected(len(entries))
    lost = max(0, acked - len(entries)) + sum(1 for a, b in zip(entries[:acked], expected) if a != b)
    if entries != expected:
        lost = max(lost, 1)
    return RoundResult(acked, acked - start, len(entries), lost, None, mid)


def _tmp_file_left(save: Path) -> bool:
    try:
        return any(name.startswith(".battle.json.tmp") for name in os.listdir(save))
    except OSError:
        return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
