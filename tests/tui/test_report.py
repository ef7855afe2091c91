"""`skirmish export --format md|html`: the battle report's content, checked as text."""

from __future__ import annotations

from fractions import Fraction

from demo_rosters import demo_roster_paths

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.luck import counted_rolls, luck_table
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.roster_toml import parse_roster
from saves.rosters import read_roster_text
from tui.report import build_report, render
from tui.report_text import md as md_text


def scripted_battle() -> Battle:
    a, b = (parse_roster(read_roster_text(p), p.name) for p in demo_roster_paths())
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=5, title="Report <test>"))
    battle.submit(c.StartRound())
    if battle.state.order.phase == "choose-first":
        battle.submit(c.ChooseFirst("A"))
    side = battle.state.order.to_act
    shooter = next(m for m in battle.state.waiting(side) if m.spec.ranged and m.spec.ranged[0] != "flamer")
    target = next(m for m in battle.state.on_table() if m.side != side)
    battle.submit(
        c.Shoot(shooter.id, target.id, shooter.spec.ranged[0], toggles=frozenset({"cover"})), ScriptedDice([6, 6])
    )
    battle.submit(c.EndActivation())
    battle.submit(c.EndBattle("the GM called it"))
    return battle


def test_the_markdown_report_has_bands_rounds_breakdowns_result_and_luck():
    battle = scripted_battle()
    report = build_report(battle.header, [e.to_dict() for e in battle.entries])
    md = render(report, "md")
    assert md.startswith("# Report \\<test>\n")  # escaped
    assert "## Bands" in md and "### Iron Wolves" in md and "- Kara Vex (Captain, Technomancer Trooper, 4 XP)" in md
    assert "### Round 1" in md
    shot = next(e for e in battle.active_events if e.kind == "shot")
    assert f"- **#{shot.seq}** {md_text(shot.text)}" in md
    assert 'Cover (within 1" of the target)' in md  # the breakdown, modifier by modifier, each rule as the book's
    assert "Modyfikatory strzelania (Shooting modifiers), p. 9" in md and "§" not in md
    assert "## Result" in md and md_text(report.result) in md
    from engine.rulesets.sanctum_mortalis.summary import summary

    s = summary(battle.state)
    rolls = counted_rolls(battle.active_events, s.side_of, s.roll_side)  # the roll-off counts for both sides
    for row, name in zip(luck_table(rolls, ["A", "B"]), report.sides):
        assert f"| {name} | {row.counted} | {float(row.expected):.2f} | {row.successes} |" in md
    assert report.luck[0][2] == luck_table(rolls, ["A", "B"])[0].expected  # exact, as a Fraction
    assert isinstance(report.luck[0][2], Fraction)


def test_a_rounds_opening_event_is_reported_in_that_round_not_before_it():
    a, b = (parse_roster(read_roster_text(p), p.name) for p in demo_roster_paths())
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=5, title="Rounds"))
    battle.submit(c.ChangeSetting("guns_as_hand_weapons", "on"))  # before round 1: stays there
    battle.submit(c.StartRound())
    if battle.state.order.phase == "choose-first":
        battle.submit(c.ChooseFirst("A"))
    battle.submit(c.EndBattle("the GM called it"))
    text = render(build_report(battle.header, [e.to_dict() for e in battle.entries]), "text")
    before, round_one = text.split("Before the first round\n")[1].split("Round 1\n")
    assert before == "  #0    Setting SM-A3 (Guns count as hand weapons in melee (−1 T)): off → on.\n"
    assert round_one.startswith("  #1    Round 1 begins. ")
    shot = scripted_battle()  # nothing before its round 1
    assert "Before the first round" not in render(build_report(shot.header, [e.to_dict() for e in shot.entries]), "md")


def test_the_html_report_escapes_text_and_draws_the_luck_table():
    battle = scripted_battle()
    page = render(build_report(battle.header, [e.to_dict() for e in battle.entries]), "html")
    assert page.startswith("<!DOCTYPE html>")
    assert "<title>Report &lt;test&gt;</title>" in page and "Report <test>" not in page
    assert "<h2>Dice luck</h2>" in page and "<h3>Luck over the rounds</h3>" in page
    assert page.rstrip().endswith("</html>")


def test_skirmish_export_writes_markdown_and_html_by_suffix_or_format(tmp_path):
    from saves import BattleStore
    from tui.cli import main

    battle = scripted_battle()
    path = tmp_path / "report.skirmish"
    with BattleStore.create(path, battle.header) as store:
        store.append_many([e.to_dict() for e in battle.entries])
    assert main(["export", str(path), "-o", str(tmp_path / "r.md")]) == 0
    assert (tmp_path / "r.md").read_text(encoding="utf-8").startswith("# Report \\<test>")
    assert main(["export", str(path), "-o", str(tmp_path / "r.html")]) == 0
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert main(["export", str(path), "--format", "html", "-o", str(tmp_path / "report.txt")]) == 0
    assert "<h2>Dice luck</h2>" in (tmp_path / "report.txt").read_text(encoding="utf-8")
    assert main(["export", str(tmp_path / "missing.skirmish")]) == 1


def test_a_campaign_report_shows_its_bands_its_lines_by_battle_and_the_battles_played(tmp_path):
    import saves
    from engine.dice import ScriptedDice
    from engine.rulesets.sanctum_mortalis.campaign import EndStep, ResolveInjury, RollInjury
    from tui.session import open_session

    from .test_post_battle_keys import SAINTS, campaign_of

    campaign = campaign_of(tmp_path)
    session = open_session(campaign)
    for command, faces in (
        (EndStep(SAINTS), None),
        (RollInjury(SAINTS, "dex-marlow"), [2, 3]),
        (ResolveInjury(SAINTS, "dex-marlow", wound="damaged-leg"), None),
    ):
        session.submit(command, ScriptedDice(faces) if faces else None)
    session.close()
    md = render(build_report(*saves.load(campaign)), "md")
    assert "### Crimson Saints" in md and "- Dex Marlow (Gunslinger, 2 XP, Damaged leg)" in md
    assert "## Campaign" in md and "### The campaign starts" in md and "### After battle 1" in md
    assert "Battle 1 (Slaughter): the post-battle sequence starts (Działania poza grą (Between battles), p. 17)." in md
    assert (
        "Dex Marlow takes a wound: Damaged leg, and misses the next battle "
        "(Straty po bitwie (Post-battle injuries: the table), p. 22)." in md
    )
    assert "misses_next" not in md and "model_updated" not in md  # the follow-ups have no line of their own
    assert "## Battles played" in md and "Battle 1, Slaughter: Crimson Saints and Iron Wolves drew 0–0" in md
    assert "Dice luck" not in md and "Side A" not in md
    page = render(build_report(*saves.load(campaign)), "html")
    assert "<h2>Battles played</h2>" in page and "<h3>After battle 1</h3>" in page


def test_every_systems_report_names_its_sides_and_lists_their_members():
    from engine.ruleset import systems

    for spec in (s for s in systems() if s.demo is not None):
        built = spec.demo(None, 1)
        battle = Battle(new_header(spec.name, built.setup, seed=1, title=built.title))
        report = build_report(battle.header, [e.to_dict() for e in battle.entries])
        summary = spec.summary(battle.state)
        assert report.sides == tuple(side.name for side in summary.sides), spec.name
        assert [name for name, _ in report.bands] == list(report.sides), spec.name
        assert all(members for _, members in report.bands), spec.name
        assert not any(name.startswith("Side ") for name in report.sides), spec.name
