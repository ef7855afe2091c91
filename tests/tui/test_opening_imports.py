"""A system's modules are imported by one thread at a time while a battle opens.

A report: the opening worker imported a system's screen module while the main thread
imported the same rule package, and the worker failed with "cannot import name
'UnitSpec' from partially initialized module engine.rulesets.saga.roster" (the app
stayed on the loading screen). The worker now imports the screen class and hands it
over in ``BattleOpened``; the main thread imports the system's modules only once the
worker is done (composing the screen). Checked in a fresh interpreter, where nothing of
the system is imported yet: an import hook records which thread starts each import.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import asyncio, json, sys, tempfile, threading

PREFIXES = (sys.argv[2], sys.argv[3])
seen = []


class Recorder:
    def find_spec(self, name, path=None, target=None):
        if name.startswith(PREFIXES):
            seen.append((threading.current_thread() is threading.main_thread(), name))
        return None


sys.meta_path.insert(0, Recorder())

from tui.app import SkirmishApp
from tui.opening import LaunchPlan


async def main():
    app = SkirmishApp(LaunchPlan(mode="demo", saves=tempfile.mkdtemp(), seed=1, system=sys.argv[1]))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(500):
            await pilot.pause(0.02)
            if app.session is not None and app.screen.is_mounted and app.screen.is_attached:
                break
        print(json.dumps({"screen": type(app.screen).__module__, "seen": seen}))


asyncio.run(main())
"""


@pytest.mark.parametrize("system, package", [("saga", "saga"), ("xk6", "xk6")])
def test_the_worker_imports_the_systems_modules_and_the_main_thread_only_after_it(system: str, package: str):
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, system, f"engine.rulesets.{package}.", f"tui.systems.{package}."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    found = json.loads(out.stdout.strip().splitlines()[-1])
    seen = [(main, name) for main, name in found["seen"]]
    assert found["screen"] == f"tui.systems.{package}.screen", found["screen"]
    by_worker = [name for main, name in seen if not main]
    assert f"tui.systems.{package}.screen" in by_worker and f"engine.rulesets.{package}.ruleset" in by_worker
    first_main = next((i for i, (main, _) in enumerate(seen) if main), len(seen))
    late = [name for main, name in seen[first_main:] if not main]
    assert late == [], f"the worker imported {late} after the main thread began importing the system's modules"
