"""Start-up stays light: the first screen needs only Textual; the rules engine, the
saves and the dashboard load in the opening worker."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_app_loads_no_engine_saves_or_dashboard():
    code = "import tui.app, tui.launch, sys; print('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    mods = set(out.stdout.split())
    for heavy in ("engine", "saves", "tinydb", "tui.systems.sanctum_mortalis.screen", "tui.session"):
        assert not any(m == heavy or m.startswith(heavy + ".") for m in mods), heavy
