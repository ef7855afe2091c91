"""A clone is the whole project: no tracked file points at rules or data outside it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = ("shared" + "/rules", ".." + "/shared", "shared" + "/seeds")
"""Paths of the references the project was built from, which a clone does not have
(spelled in pieces so this file does not name them itself)."""


def _tracked() -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in listed.split("\0") if name]


def test_no_tracked_file_mentions_the_rules_digests_outside_the_repository():
    found = []
    for path in _tracked():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if any(outside in line for outside in OUTSIDE):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_the_readme_names_each_rulebook():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in ("Sanctum Mortalis* ver 1.0", "Baltazar Games 2016", "*SAGA*", "*Grimdark Future Star Quest*", "xK6"):
        assert name in readme
