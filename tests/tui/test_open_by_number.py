"""``skirmish list`` numbers its rows; ``open``/``export`` take a row number, a name from
the saves folder or a path (issue #21, "Finding battles")."""

from __future__ import annotations

import io
import os
import time
from argparse import Namespace
from pathlib import Path

import pytest

from tui.launch import _plan, export_battle, list_battles, open_battle
from tui.opening import LaunchPlan, open_plan


def three_saves(saves_dir: Path) -> list[Path]:
    """Three demo battles, oldest first, with distinct modification times."""
    made = []
    for seed, age in ((1, 300), (2, 200), (3, 100)):
        session = open_plan(LaunchPlan(mode="demo", saves=str(saves_dir), seed=seed))
        path = session.path
        session.close()
        when = time.time() - age
        for item in (path, *path.iterdir()):
            os.utime(item, (when, when))
        made.append(path)
    return made


def test_list_numbers_its_rows_newest_first_and_open_takes_each_number_and_name(saves_dir: Path) -> None:
    oldest, middle, newest = three_saves(saves_dir)
    out = io.StringIO()
    assert list_battles(Namespace(saves=str(saves_dir)), out) == 0
    rows = [line for line in out.getvalue().splitlines()[1:] if line.strip()]
    assert [row.split(".")[0].strip() for row in rows] == ["1", "2", "3"]
    assert [row.rsplit("  ", 1)[1] for row in rows] == [newest.name, middle.name, oldest.name]
    for number, path in ((1, newest), (2, middle), (3, oldest)):
        assert _plan(Namespace(saves=str(saves_dir), file=str(number)), "open").file == str(path)
    for given in (middle.name, middle.stem):
        assert _plan(Namespace(saves=str(saves_dir), file=given), "open").file == str(middle)
    assert _plan(Namespace(saves=str(saves_dir), file=str(oldest)), "open").file == str(oldest)


def test_export_takes_a_row_number(saves_dir: Path) -> None:
    _, _, newest = three_saves(saves_dir)
    by_number, by_path = io.StringIO(), io.StringIO()
    assert export_battle(Namespace(saves=str(saves_dir), file="1", output=None), by_number) == 0
    assert export_battle(Namespace(saves=str(saves_dir), file=str(newest), output=None), by_path) == 0
    assert by_number.getvalue() == by_path.getvalue() != ""


def test_a_number_the_list_does_not_have_is_one_line_and_opens_nothing(
    saves_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    three_saves(saves_dir)
    before = sorted(p.name for p in saves_dir.iterdir())
    assert open_battle(Namespace(saves=str(saves_dir), file="4")) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "no save number 4" in err and "1-3" in err
    assert sorted(p.name for p in saves_dir.iterdir()) == before


def test_a_name_found_nowhere_is_still_the_missing_save_message(saves_dir: Path) -> None:
    three_saves(saves_dir)
    assert _plan(Namespace(saves=str(saves_dir), file="no-such-battle"), "open").file == "no-such-battle"


def test_a_list_piped_into_a_reader_that_stops_ends_quietly(saves_dir: Path) -> None:
    """``skirmish list | head -1``: the reader closes the pipe after one line; the command
    ends with exit 1 and nothing on stderr (it printed a BrokenPipeError traceback)."""
    import subprocess
    import sys

    three_saves(saves_dir)
    code = "import sys; from tui.cli import main; sys.exit(main(['list', '--saves', sys.argv[1]]))"
    root = Path(__file__).resolve().parents[2]
    reader, writer = os.pipe()
    os.close(reader)  # nobody reads: the first write breaks the pipe
    done = subprocess.run(
        [sys.executable, "-c", code, str(saves_dir)], cwd=root, stdout=writer, stderr=subprocess.PIPE, text=True
    )
    os.close(writer)
    assert done.stderr == "" and done.returncode == 1
