"""Kill -9 a writer at random moments: every save still loads, no acknowledged entry is lost."""

from __future__ import annotations

import importlib.util
import os
import random
import sys
from pathlib import Path

WRITER = Path(__file__).resolve().parents[2] / "bench" / "crash_writer.py"


def _crash_writer():  # the same writer bench/save_bench.py kills 200 times
    spec = importlib.util.spec_from_file_location("crash_writer", WRITER)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("crash_writer", module)
    spec.loader.exec_module(module)
    return module


def test_a_killed_writer_never_leaves_a_save_that_fails_to_load(tmp_path: Path) -> None:
    writer = _crash_writer()
    seed = int.from_bytes(os.urandom(4), "big")
    rng = random.Random(seed)
    results = []
    for number in range(24):
        save = tmp_path / f"crash-{number // 8}.skirmish"  # a fresh save every 8 kills
        result = writer.kill_round(
            save,
            rng,
            max_delay=0.15,
            fold_min=rng.choice((2, 8, 64)),
            sync=number % 2 == 1,
            checkpoint_prob=0.05 if number % 4 < 2 else 0.0,
        )
        results.append(result)
        assert result.error is None, f"seed {seed}, kill {number}: {result.error}"
        assert result.lost == 0, f"seed {seed}, kill {number}: {result}"
        assert result.loaded >= result.acked
    assert sum(r.new for r in results) > 0
    assert any(r.mid_checkpoint for r in results), f"seed {seed}: no kill landed inside a checkpoint"
