"""The ``skirmish`` command line: ``check`` in full, and the argument surface of the rest."""

from __future__ import annotations

import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
from demo_rosters import demo_roster_paths

from engine.ruleset import find_system
from tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "engine" / "sanctum_mortalis" / "fixtures"
BROKEN = str(FIXTURES / "broken-band.toml")
DEMOS = [str(p) for p in demo_roster_paths()]
SM = find_system("sanctum-mortalis")


def test_check_of_the_demo_rosters_prints_models_costs_and_strength_and_exits_0(capsys):
    assert main(["check", *DEMOS]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    # campaign bands: each carries a grenade (loot) for the demo's b
    assert "Crimson Saints (Bartek): campaign band, 6 models" in out
    assert "Iron Wolves (Anna): campaign band, 6 models" in out
    assert re.search(r"Kara Vex +Captain, Technomancer Trooper, 4 XP +35tk", out)
    assert re.search(r"Pip +small Swordsman, 2 XP +17tk", out)
    assert "total 147tk (campaign: no budget), band strength 28" in out  # the grenade: +2 (§15.9)
    assert "Volunteers: none (band strength 28 against 30" in out
    assert "§" not in out


def test_check_of_the_broken_roster_prints_each_problem_as_path_line_message_rule_and_exits_1(capsys):
    assert main(["check", BROKEN]) == 1
    out, _ = capsys.readouterr()
    lines = out.splitlines()
    assert all(line.startswith(f"{BROKEN}:") for line in lines)
    # each rule as the rulebook names it (section, English name, page), never the engine's "§15.2"
    veterans = "Kapitan i Weterani (Captain and Veterans), p. 15"
    assert f"{BROKEN}:11: Boss: the Captain of a starting band has 4 XP, not 3 ({veterans})" in lines
    assert f"{BROKEN}:38: unknown field 'armor' — did you mean 'armour'?" in lines
    assert f"{BROKEN}:3: warning: no Veterans: two models besides the Captain may start with 2 XP ({veterans})" in lines
    assert "§" not in out
    assert [int(line[len(BROKEN) + 1 :].split(":")[0]) for line in lines] == [3, 3, 11, 17, 24, 31, 33, 38, 39, 40, 41]
    assert "band strength" not in out


def test_check_goes_on_after_a_bad_file_and_still_fails(capsys):
    assert main(["check", DEMOS[0], BROKEN]) == 1
    out, _ = capsys.readouterr()
    assert "Crimson Saints" in out and f"{BROKEN}:11:" in out
    assert "Volunteers" not in out


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda tmp: tmp / "missing.toml", "no such file"),
        (lambda tmp: tmp, "it is a folder, not a roster file"),
        (
            lambda tmp: (
                (tmp / "latin2.toml").write_bytes(b'band = "Wilki"\nplayer = "\xa3ukasz"\n') and tmp / "latin2.toml"
            ),
            "not UTF-8 text (byte 0xa3 on line 2); save it as UTF-8",
        ),
    ],
    ids=["missing", "folder", "not UTF-8"],
)
def test_an_unreadable_roster_is_one_line_on_stderr_and_exit_1(tmp_path, capsys, make, message):
    path = make(tmp_path)
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"skirmish: cannot read {path}: {message}\n"


def test_a_toml_syntax_error_is_reported_with_its_line(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text('band = "X"\nplayer = \n', encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out, _ = capsys.readouterr()
    assert out.startswith(f"{path}:2: not valid TOML: ") and "(at line 2, column" in out


def test_a_byte_order_mark_is_not_a_problem(tmp_path, capsys):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + Path(DEMOS[1]).read_bytes())
    assert main(["check", str(path)]) == 0


def test_check_runs_as_a_module_in_a_fresh_process():
    ok = subprocess.run([sys.executable, "-m", "tui.cli", "check", *DEMOS], cwd=ROOT, capture_output=True, text=True)
    assert ok.returncode == 0 and "Iron Wolves" in ok.stdout and ok.stderr == ""
    bad = subprocess.run(
        [sys.executable, "-m", "tui.cli", "check", BROKEN, str(ROOT / "nope.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert bad.stderr.strip() == f"skirmish: cannot read {ROOT / 'nope.toml'}: no such file"


def test_check_needs_at_least_one_roster(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["check"])
    assert exit_.value.code == 2


# ----------------------------------------------------------------------------- launch surface
@pytest.fixture
def launch(monkeypatch):
    """A stand-in ``tui.launch`` recording which function got which arguments."""
    calls: list[tuple[str, object]] = []
    module = types.ModuleType("tui.launch")
    for name in ("run_dashboard", "new_battle", "open_battle", "list_battles", "export_battle"):
        setattr(module, name, lambda args, name=name: calls.append((name, args)) or 0)
    monkeypatch.setitem(sys.modules, "tui.launch", module)
    return calls


def test_no_command_opens_the_dashboard_with_the_saves_folder(launch):
    assert main(["--saves", "/tmp/s"]) == 0
    [(name, args)] = launch
    assert name == "run_dashboard" and args.command is None and args.saves == "/tmp/s"


def test_new_takes_two_rosters_a_scenario_by_number_or_name_and_a_seed(launch):
    main(["new", "a.toml", "b.toml", "--scenario", "2", "--seed", "7", "--saves", "/tmp/s"])
    main(["--saves", "/tmp/t", "new", "a.toml", "b.toml", "--scenario", "Duma"])
    main(["new", "a.toml", "b.toml"])
    (n1, a1), (n2, a2), (n3, a3) = launch
    assert n1 == n2 == n3 == "new_battle"
    assert (a1.rosters, a1.scenario, a1.seed, a1.saves) == (["a.toml", "b.toml"], "barricades", 7, "/tmp/s")
    assert (a2.scenario, a2.seed, a2.saves) == ("pride", None, "/tmp/t")
    assert (a3.scenario, a3.seed, a3.saves) == (None, None, None)


def test_an_unknown_scenario_is_a_usage_error(launch, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["new", "a.toml", "b.toml", "--scenario", "9"])
    assert exit_.value.code == 2 and launch == []
    assert "unknown scenario '9' (one of: 1 slaughter, 2 barricades" in capsys.readouterr().err


def test_open_list_and_export_dispatch_to_tui_launch(launch):
    main(["open", "x.skirmish"])
    main(["list", "--saves", "/tmp/s"])
    main(["export", "x.skirmish", "-o", "log.txt"])
    assert [(n, getattr(a, "file", None)) for n, a in launch] == [
        ("open_battle", "x.skirmish"),
        ("list_battles", None),
        ("export_battle", "x.skirmish"),
    ]
    assert launch[1][1].saves == "/tmp/s" and launch[2][1].output == "log.txt"


@pytest.mark.parametrize(
    "system, folder, expect",
    [
        ("saga", "saga", "Jarl Sigurd's Host: 4 units: Sigurd the Jarl, Hirdmen, Bondi, Thralls with slings"),
        ("xk6", "xk6", "Kestrel Squad: 3 models: Sgt. Vance, Okafor, Doc Hale"),
        ("star-quest", "star_quest", "mission.toml: mission The Silent Relay"),
    ],
)
def test_check_reads_other_systems_rosters_and_exits_0(capsys, system, folder, expect):
    files = sorted(str(p) for p in (ROOT / "engine" / "rulesets" / folder / "demo").glob("*.toml"))
    assert main(["check", "--system", system, *files]) == 0
    out = capsys.readouterr().out
    assert expect in out and "§" not in out  # a note's rule as the book names it


def test_check_of_a_broken_xk6_roster_names_each_line_and_exits_1(capsys, tmp_path):
    roster = tmp_path / "bad.toml"
    roster.write_text('name = "x"\n[[model]]\nid = "a"\nname = "A"\narmour = 0\n', encoding="utf-8")
    assert main(["check", "--system", "xk6", str(roster)]) == 1
    out = capsys.readouterr().out
    assert f"{roster}:5: armour must be at least 1" in out
    assert "(wounds are damage ÷ Armour, Obrażenia (Damage)), not 0" in out and "§" not in out  # the sheet's section


def test_check_with_an_unknown_system_says_so(capsys):
    assert main(["check", "--system", "chess", *DEMOS]) == 2
    assert "unknown rule system 'chess'" in capsys.readouterr().err


def test_check_of_a_campaign_band_with_models_in_the_stash(capsys, tmp_path):
    dogs = "".join(f"\n[[model]]\nname = 'Dog {i}'\narchetype = 'war-pet'\n" for i in range(1, 8))
    roster = tmp_path / "kennel.toml"
    roster.write_text(
        "band = 'Kennel'\ncampaign = true\n" + dogs + "\n[[model]]\nname = 'Spare'\n"
        "archetype = 'war-pet'\nstash = true\n",
        encoding="utf-8",
    )
    assert main(["check", str(roster)]) == 0
    out = capsys.readouterr().out
    assert "Kennel: campaign band, 8 models (7 in the team, 1 in the stash)" in out
    assert re.search(r"Spare +War pet, in the stash +5tk", out)
    assert "band strength 21" in out  # §15.9: 3 × 7; the stash does not count (§15.10)
    roster.write_text(roster.read_text(encoding="utf-8").replace("stash = true\n", ""), encoding="utf-8")
    assert main(["check", str(roster)]) == 1
    assert (
        SM.cite(
            f"{roster}:32: the team has 8 models; at most 7, war pets included (Spare is number 8); keep the "
            "others in the stash with stash = true (§15.1, §15.10)"
        )
        in capsys.readouterr().out.splitlines()
    )
