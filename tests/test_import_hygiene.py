"""Imports go one way: tui -> saves -> engine. The engine loads no UI or storage library."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(out.stdout.split())


def test_engine_imports_no_textual_tinydb_rich_saves_or_tui():
    mods = _modules_after(
        "import engine.battle, engine.rulesets; from engine.ruleset import get_ruleset; get_ruleset('sanctum-mortalis')"
    )
    for banned in ("textual", "tinydb", "rich", "saves", "tui"):
        assert not any(m == banned or m.startswith(banned + ".") for m in mods), banned


def test_saves_imports_no_textual_or_tui():
    mods = _modules_after("import saves")
    for banned in ("textual", "tui"):
        assert not any(m == banned or m.startswith(banned + ".") for m in mods), banned


def test_no_engine_source_mentions_user_file_io():
    offenders = []
    for path in (ROOT / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "open(" in text.replace("fopen(", "") or "write_text" in text or "read_text" in text:
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
