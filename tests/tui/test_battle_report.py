"""The battle report a GM sends to the players (#21): the headline first (result, VP, who
took whom out, XP, turning points, dice luck against the exact odds), the dashboard's
numbering with undone entries marked, each side's total in a melee and a roll-off, a
re-roll in its roll's breakdown; Markdown escaped; HTML one well-formed, self-contained
page with an SVG chart per side."""

from __future__ import annotations

import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.luck import RollLuck, success_distribution, tail_chances, turning_points
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec
from tui.report import build_report, render

WOLVES = "Wolves | *pack*"


def scripted_battle() -> Battle:
    """A roll-off with a tie, a shot undone, a hit, a failed Toughness roll re-rolled with
    Nic mi nie jest! (Xan is taken out: +1 XP to Kara), a melee 13 v 2, then the end."""
    a = BandRoster(
        WOLVES,
        "Ann",
        (
            ModelSpec("kara", "Kara", "trooper", ranged=("assault-rifle",), captain=True, xp=4),
            ModelSpec("bo", "Bo", "swordsman", melee=("hand-weapon", "additional-weapon")),
        ),
    )
    b = BandRoster(
        "Saints",
        "Bob",
        (
            ModelSpec("xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True, xp=4),
            ModelSpec("yul", "Yul", "savage", ranged=("primitive",), melee=("hand-weapon",)),
        ),
    )
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=11, title="Ash & <Ruin>"))

    def ok(command, faces=None):
        result = battle.submit(command, ScriptedDice(faces) if faces is not None else None)
        assert not hasattr(result, "reason"), result

    ok(c.StartRound(), [3, 4, 3, 4, 5, 5, 1, 2])  # 7 v 7, then 10 v 3
    ok(c.Activate("A.kara"))
    ok(c.Shoot("A.kara", "B.yul", "assault-rifle"), [6, 6])
    battle.undo()
    ok(c.Shoot("A.kara", "B.xan", "assault-rifle"), [1, 1])
    ok(c.Save("B.xan", hold=True), [6, 5])
    ok(c.Reroll("B.xan", 0, "im-fine"), [4])
    ok(c.Save("B.xan"))
    ok(c.EndActivation())
    ok(c.Activate("B.yul"))
    ok(c.EndActivation())
    ok(c.Activate("A.bo"))
    ok(c.Engage("A.bo", "B.yul"))
    ok(c.Attack("A.bo", "B.yul"), [6, 6, 1, 1])
    ok(c.EndBattle("the GM called it"))
    return battle


@pytest.fixture(scope="module")
def battle() -> Battle:
    return scripted_battle()


def report_of(battle: Battle, fmt: str) -> str:
    return render(build_report(battle.header, [e.to_dict() for e in battle.entries]), fmt)


def seq_of(battle: Battle, text: str) -> int:
    return next(e.seq for e in battle.active_events if text in (e.text or ""))


def test_the_report_opens_with_the_result_vp_casualties_xp_turning_points_and_luck(battle):
    text = report_of(battle, "text")
    head, rest = text.split("\nRound 1\n")
    out_at = seq_of(battle, "Xan is out of action")
    shot = seq_of(battle, "Kara → Xan")
    assert head.index("Result\n  The battle ends (the GM called it). A draw") < head.index("Victory points")
    assert f"Victory points\n  {WOLVES} 0 · Saints 0\n" in head
    assert f"Taken out\n  {WOLVES}: none\n  Saints: Xan, by Kara (#{out_at})\n" in head
    assert f"Experience gained\n  {WOLVES}: Kara +1 XP\n" in head
    assert f"against the odds: #{shot} Kara shoots Xan — Assault rifle ({WOLVES}): succeeded at 41.7%" in head
    # Wolves: the roll-off (1/2: a tie is rolled again), the shot (5/12) and the melee (721/1296)
    # all came off: exactly 1/2 · 5/12 · 721/1296 to do as well; the roll-off counts for each side
    assert f"{WOLVES}: 3 of 3 rolls came off, 1.47 expected (+1.53); as many or more: 11.6%" in head
    # Saints: the roll-off (1/2), the save (5/12) and its re-roll at the re-roll's own chance (keeping the 5: 1/6)
    assert "Saints: 0 of 3 rolls came off, 1.08 expected (-1.08); as few or fewer: 24.3%" in head
    report = build_report(battle.header, [e.to_dict() for e in battle.entries])
    wolves = report.headline.sides[0]
    assert wolves.at_least == Fraction(1, 2) * Fraction(5, 12) * Fraction(721, 1296)
    assert report.headline.sides[1].at_most == Fraction(1, 2) * Fraction(7, 12) * Fraction(5, 6)


def test_entries_keep_the_dashboards_numbers_and_undone_ones_are_left_out_and_marked(battle):
    text = report_of(battle, "text")
    numbers = [int(n) for n in re.findall(r"^  #(\d+) ", text, re.M)]
    assert numbers == [e.seq for e in battle.active_events]  # every number as the dashboard shows it, in order
    undone = [e.seq for e in battle.entries if e.seq not in {a.seq for a in battle.active_events}]
    assert undone == [2, 3, 4]
    assert (
        "  #2–#4 2 entries taken back with undo and left out: #2 “Kara shoots with the Assault rifle "
        "(Zasady Strzelania (Shooting), p. 9)” and #3; 1 undo entry.\n" in text
    )  # QA: "#24–#29 … (and 1 more entry)" read as 6 entries where 2 were taken back
    assert "§" not in text  # a line taken back cites its rule as the book's too
    assert "6 6 → 12 vs less than 7" not in text  # the undone shot's roll is not reported


def test_a_roll_off_and_a_melee_show_each_sides_total_and_a_re_roll_is_in_the_breakdown(battle):
    text = report_of(battle, "text")
    assert f"compared: {WOLVES} 3 4 → 7 v Saints 3 4 → 7 (a tie: rolled again)" in text
    assert f"compared: {WOLVES} 5 5 → 10 v Saints 1 2 → 3" in text
    assert "compared: Bo 6 6 → 13 v Yul 1 1 → 2" in text
    assert "total 27" not in text and "total 14" not in text  # no sum of both sides' dice
    reroll = seq_of(battle, "Re-roll (I'm fine!")
    assert "re-roll by I'm fine! (Nic mi nie jest!): die 1 6→4" in text  # the card, by name, in the re-rolled roll
    first = text.split(f"  #{seq_of(battle, 'Xan Toughness')} ")[1].split("\n  #")[0]
    assert f"re-rolled at #{reroll} by I'm fine! (Nic mi nie jest!): die 1 6→4: removed" in first


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_a_melees_breakdown_names_both_models_not_attacker_and_defender(battle, fmt):
    report = report_of(battle, fmt)
    melee = report.split("Melee Bo v Yul")[1].split("#21")[0]
    assert "13 v 2: Bo wins" in melee
    assert "compared: Bo 6 6 → 13 v Yul 1 1 → 2" in melee and "outcome: Bo wins" in melee
    assert "\n          Yul\n            Fight " in melee or fmt == "html"  # the other side's terms: by name
    assert "attacker" not in report and "defender" not in report


def test_a_melee_saved_before_its_record_kept_the_names_still_reads_by_name(battle):
    import copy

    from tui.screens.log_entry_screen import entry_detail

    entries = copy.deepcopy([e.to_dict() for e in battle.entries])
    melee = next(e for e in entries if e["kind"] == "melee_rolled")
    for side in ("attacker", "defender"):
        del melee["payload"]["roll"]["detail"][side]["name"]  # as a save made before it: the short id alone
    text = render(build_report(battle.header, entries), "text")
    assert "compared: Bo 6 6 → 13 v Yul 1 1 → 2" in text and "\n          Yul\n            Fight " in text
    event = next(e for e in battle.entries if e.kind == "melee_rolled")
    old = type(event).from_dict(melee)
    detail = entry_detail(old, {"A.bo": "Bo", "B.yul": "Yul", "A": "Wolves", "B": "Saints"}).plain
    assert "Compared: Bo 6 6 → 13 v Yul 1 1 → 2" in detail and "\n  Yul:\n" in detail, detail


class Page(HTMLParser):
    """Checks a page is well formed (every tag closed in order) and lists what it loads."""

    VOID = {"meta", "br", "hr", "img", "input", "link", "source", "wbr"}
    SVG_EMPTY = {"rect", "line", "path", "circle"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()


def test_the_html_report_is_one_well_formed_page_for_a_phone_with_an_svg_per_side(battle):
    page = report_of(battle, "html")
    parser = Page()
    parser.feed(page)
    parser.close()
    assert not parser.errors and not parser.stack, (parser.errors, parser.stack)
    assert ("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}) in parser.tags
    assert "@media" in page  # the layout narrows on a phone
    for tag, attrs in parser.tags:
        assert tag not in ("link", "iframe", "img", "object", "embed"), tag
        assert not (tag == "script" and "src" in attrs)
        for name in ("src", "href"):
            assert not re.match(r"\s*(https?:)?//", attrs.get(name) or ""), (tag, attrs)
    assert "url(" not in page and "@import" not in page
    assert sum(1 for tag, _ in parser.tags if tag == "svg") == 2  # each side's dice
    assert "<title>Ash &amp; &lt;Ruin&gt;</title>" in page
    assert f"<span>{WOLVES.replace('&', '&amp;')}</span>" in page


def test_markdown_escapes_names_and_texts_and_keeps_breakdowns_in_fences(battle):
    md = report_of(battle, "md")
    assert md.startswith("# Ash \\& \\<Ruin>\n")
    assert "### Wolves \\| \\*pack\\*\n" in md
    assert "| Wolves \\| \\*pack\\* | 3 rolls | 1.47 | 3 | +1.53 |" in md
    tables = re.findall(r"(?:^\|.*\n)+", md, re.M)
    assert len(tables) == 2
    for table in tables:  # every row has as many cells as its header: no name's pipe splits one
        cells = {len(re.findall(r"(?<!\\)\|", row)) for row in table.splitlines()}
        assert len(cells) == 1, table
    fenced = md.split("```text\n")[1].split("```")[0]
    assert f"{WOLVES} 3 4 → 7" in fenced  # raw inside a fence


def test_the_exact_distribution_of_successes_and_its_tails():
    dist = success_distribution([Fraction(1, 2), Fraction(1, 3)])
    assert dist == (Fraction(1, 3), Fraction(1, 2), Fraction(1, 6)) and sum(dist) == 1
    assert tail_chances(dist, 1) == (Fraction(5, 6), Fraction(2, 3))
    rolls = [
        RollLuck(1, 1, "A", Fraction(1, 6), True, "long shot"),
        RollLuck(2, 1, "A", Fraction(5, 6), False, "sure thing"),
        RollLuck(3, 1, "B", Fraction(1, 2), True, "even"),
    ]
    upsets, flops = turning_points(rolls)
    assert [r.title for r in upsets] == ["long shot"] and [r.title for r in flops] == ["sure thing"]


def test_each_turning_point_is_listed_once(battle):
    from .report_checks import assert_each_turning_point_is_listed_once

    assert_each_turning_point_is_listed_once(battle, report_of(battle, "text"))


def test_a_roll_off_counted_for_both_sides_is_one_turning_point():
    """A roll-off the first side won at 1/3 is one roll: against the odds for the winner,
    not also a let-down of the loser's (it counts for each side's luck all the same)."""
    rolls = [
        RollLuck(4, 1, "A", Fraction(1, 3), True, "Who starts the round"),
        RollLuck(4, 1, "B", Fraction(2, 3), False, "Who starts the round"),
    ]
    upsets, flops = turning_points(rolls)
    assert [(t.seq, t.side, t.rarity) for t in upsets] == [(4, "A", Fraction(1, 3))] and flops == ()
