"""Issue #21: in every system's roll dialogs each modifier stays on one line at 80×24 (a
whole citation beside a label wrapped most of them), and still shows its value, its whole
name and where in the rulebook it is (the page, where the book has pages)."""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console, Group
from textual.widgets import OptionList, Static

from tui.dialogs.modifier_row import ModifierRow, citer_short, shortened
from tui.dialogs.options import RollOption
from tui.dialogs.roll_dialog import RollDialog

from .conftest import open_first_shot, press, settle, start_round_one
from .pilot_waits import wait_for_screen

SIZE_80 = (80, 24)
PAGE = re.compile(r"p\. \d+")


def _value(option: Any) -> str:
    return f"={option.value}" if option.kind == "set" and option.value else f"{option.value:+d}"


def assert_rows_fit(dialog: RollDialog, pages: bool) -> int:
    """Each modifier of the open dialog is one line no wider than its list, with its
    value, its whole label and its citation (the page, or the section's first letters);
    returns how many modifiers carry a rule."""
    listing = dialog.query_one("#modifiers", OptionList)
    width = listing.scrollable_content_region.width
    assert 0 < width <= dialog.app.size.width - 4
    console = Console(width=width, file=io.StringIO())
    lines = 0
    cited = 0
    for index, option in enumerate(dialog.current.options):
        row = listing.get_option_at_index(index).prompt
        assert isinstance(row, ModifierRow)
        height = len(console.render_lines(row, console.options.update_width(width), pad=False))
        lines += height
        if option.kind == "info" and not option.rule:  # a line of the numbers: whole, wrapped if need be
            assert option.label in row.fit(width).plain
            continue
        assert height == 1, f"{option.label!r} takes {height} lines at {width} columns"
        shown = row.fit(width).plain
        assert "\n" not in shown and len(shown) <= width, shown
        assert option.label in shown, (option.label, shown)
        if option.kind == "modifier" or (option.kind == "info" and option.value):
            assert _value(option) in shown, shown
        if option.rule:
            cited += 1
            assert "§" not in shown, shown
            if pages:
                assert PAGE.search(shown), shown
            else:
                assert row.compact[:6] in shown, (row.compact, shown)
    assert listing.virtual_size.height == lines, "the list draws more lines than its options take"
    return cited


def assert_no_polish_heading(dialog: RollDialog, headings: tuple[str, ...]) -> None:
    """Issue #21: the compact citations are English ("Terrain, cover", not "Teren, osłona")."""
    listing = dialog.query_one("#modifiers", OptionList)
    width = listing.scrollable_content_region.width
    for index in range(listing.option_count):
        row = listing.get_option_at_index(index).prompt
        if isinstance(row, ModifierRow) and row.citation:
            shown = row.fit(width).plain
            assert not any(h in shown for h in headings), shown


def assert_terms_fit(odds: Any, width: int) -> int:
    """The modifiers of a roll's numbers (xK6 pools): each a line of its own that fits."""
    assert isinstance(odds, Group)
    rows = [part for part in odds.renderables if isinstance(part, ModifierRow)]
    for row in rows:
        shown = row.fit(width).plain
        assert len(shown) <= width and "§" not in shown and re.search(r"[+-]\d", shown), shown
        assert not row.citation or row.compact[:6] in shown, (row.compact, shown)
    return len(rows)


def test_a_citation_keeps_its_page_and_reading_id_however_short():
    assert shortened("Shooting modifiers, p. 9", 40) == "Shooting modifiers, p. 9"
    assert shortened("Shooting modifiers, p. 9", 16) == "Shooting…, p. 9"
    assert shortened("Captain and Veterans, p. 15 [SM-A9]", 24) == "Captain…, p. 15 [SM-A9]"
    assert shortened("Direct fire and melee: modifiers [XK-A9]", 20) == "Direct fire… [XK-A9]"
    assert citer_short(object())("§10.3") == "§10.3"


def test_a_citation_never_shrinks_to_a_bare_page_nor_loses_its_page():
    # issue #21: at 60x20 "Modyfikat…, p. 9" stood beside a bare "p. 9"
    assert shortened("Shooting modifiers, p. 9", 5) == "Shooti…, p. 9"  # the shortest: the line wraps
    assert shortened("Combat skills, p. 24 [SM-A26]", 16) == "Combat…, p. 24"  # the page before the id, a whole word
    assert shortened("Direct fire and melee", 12) == "Direct fire…"  # no pages: cut at its end


def test_the_compact_citation_is_the_english_name_and_the_page_in_every_system():
    from engine.ruleset import registry

    expected = {
        "sanctum-mortalis": ("§10.3", "Shooting modifiers, p. 9"),
        "saga": ("§4.5", "Spending fatigue"),
        "star-quest": ("§9", "Shooting"),
        "xk6": ("§8.2 [XK-A9]", "Direct fire and melee: modifiers [XK-A9]"),
    }
    for name, (rule, short) in expected.items():
        assert registry().find(name).cite_short(rule) == short, name


def test_a_label_with_no_room_wraps_whole_and_its_citation_never_splits_from_its_page():
    from tui.dialogs.modifier_row import modifier_rows

    option = RollOption("w", "No listed melee weapon (no change)", "§8.5", 0, "modifier", state="auto")
    (row,) = modifier_rows(
        [option],
        {"w": "b"},
        lambda r: r.replace("§8.5", "Rodzaje broni (Melee weapons), p. 7"),
        lambda r: r.replace("§8.5", "Melee weapons, p. 7"),
    )
    lines = row.fit(44).plain.split("\n")
    assert lines[0].startswith("b [✓]   0  No listed melee weapon") and all(len(x) <= 44 for x in lines)
    assert lines[-1].endswith("Melee weapons, p. 7") or lines[-1].endswith("Melee…, p. 7"), lines
    assert not any(x.rstrip().endswith("p.") for x in lines)


async def test_sm_shot_modifiers_each_fit_one_line_with_their_page(make_app):
    app = make_app()
    async with app.run_test(size=SIZE_80) as pilot:
        screen = await start_round_one(pilot)
        await open_first_shot(pilot, screen)
        dialog = await wait_for_screen(pilot, RollDialog)
        await press(pilot, dialog.letter_of("cover"), dialog.letter_of("long_range"))
        assert assert_rows_fit(dialog, pages=True) >= 3
        footnote = str(dialog.query_one("#modifier-rule", Static).render())
        assert "Modyfikatory strzelania (Shooting modifiers), p. 9" in footnote  # the whole citation, under the list


async def test_saga_shot_armour_terms_each_fit_one_line(make_app):
    from .saga_pilot import first_turn, pick, select

    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE_80) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Hirdmen")
        await press(pilot, "m")
        await pick(pilot, "Over open ground")
        await pick(pilot, "Hirdmen moved M")
        await press(pilot, "s")
        await pick(pilot, "Ceorls")
        await pick(pilot, "Light cover")
        await pick(pilot, "Clear")
        dialog = await wait_for_screen(pilot, RollDialog)
        labels = [o.label for o in dialog.current.options]
        assert any(label.startswith("Armour 4: Ceorls' Armour") for label in labels), labels
        assert any("light cover" in label for label in labels) and any("= Armour 5" in label for label in labels)
        assert assert_rows_fit(dialog, pages=False) >= 2


async def test_star_quest_shot_toggles_each_fit_one_line(make_app):
    from .saga_pilot import pick
    from .sq_pilot import round_one, select

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE_80) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "t")
        await pick(pilot, "Hold")
        await press(pilot, "s")
        await pick(pilot, "Cultists")
        dialog = await wait_for_screen(pilot, RollDialog)
        await press(pilot, dialog.letter_of("cover"), dialog.letter_of("stealth"))
        assert assert_rows_fit(dialog, pages=False) >= 3
        assert_no_polish_heading(dialog, ("Teren", "Strzelanie", "Zasady"))


async def test_xk6_attack_judgements_and_pool_modifiers_each_fit_one_line(make_app):
    from .test_xk6_dashboard import open_carbine_attack, vance_activated

    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE_80) as pilot:
        await vance_activated(pilot)
        dialog = await open_carbine_attack(pilot)
        await press(pilot, dialog.letter_of("crossfire:0"), dialog.letter_of("rear:0"))
        assert assert_rows_fit(dialog, pages=False) >= 4
        assert_no_polish_heading(dialog, ("Atak", "Teren", "Zasięg", "Ruch"))
        odds = dialog.query_one("#odds", Static)
        assert assert_terms_fit(odds.content, odds.content_region.width) >= 4


def test_a_row_shows_the_whole_citation_where_every_row_has_room():
    from tui.dialogs.modifier_row import modifier_rows

    options = [RollOption("cover", "Cover", "§10.3", -2, "toggle"), RollOption("far", "Long range", "§10.3", -1)]
    whole = "Modyfikatory strzelania (Shooting modifiers), p. 9"
    rows = modifier_rows(  # a citing function cites the rule, and leaves a label without one as it is
        options,
        {"cover": "a", "far": "b"},
        lambda r: r.replace("§10.3", whole),
        lambda r: r.replace("§10.3", "Modyfikatory strzelania, p. 9"),
    )
    assert all(whole in row.fit(100).plain for row in rows)
    assert all(row.fit(40).plain.endswith("p. 9") and len(row.fit(40).plain) <= 40 for row in rows)


async def _toughness_roll_after_a_hit(pilot: Any) -> tuple[Any, RollDialog]:
    screen = await start_round_one(pilot)
    await open_first_shot(pilot, screen)
    await press(pilot, "1", "space", "1", "enter")  # a hit: its Toughness roll opens at once
    dialog = await wait_for_screen(pilot, RollDialog)
    assert dialog.adapter.title.endswith(": Toughness roll")
    return screen, dialog


async def test_sm_toughness_roll_with_protection_and_the_card_fits_each_line_at_80(make_app):
    app = make_app()
    async with app.run_test(size=SIZE_80) as pilot:
        _, dialog = await _toughness_roll_after_a_hit(pilot)
        keys = [o.key for o in dialog.current.options]
        assert "protection" in keys and "you-only-die-once" in keys, keys
        assert assert_rows_fit(dialog, pages=True) >= 4
        listing = dialog.query_one("#modifiers", OptionList)
        width = listing.scrollable_content_region.width
        protection = listing.get_option_at_index(keys.index("protection")).prompt
        assert protection.fit(width).plain.rstrip().endswith(", p. 24")
        assert re.search(r"Combat[a-z ]*…?, p\. 24$", protection.fit(width).plain), protection.fit(width).plain
        listing.highlighted = keys.index("protection")
        await settle(pilot)
        footnote = str(dialog.query_one("#modifier-rule", Static).render())
        assert "Bojowe (Combat skills), p. 24 [SM-A26]" in footnote  # the whole citation, under the list


async def test_sm_reroll_offers_fit_say_whose_and_keep_their_letters_after_a_reroll(make_app):
    app = make_app()
    async with app.run_test(size=SIZE_80) as pilot:
        screen, _ = await _toughness_roll_after_a_hit(pilot)
        saver = screen.state.model(screen.state.pending[0].model)
        await press(pilot, "6", "space", "6", "enter")  # fails: held, its re-rolls offered (one a face)
        dialog = await wait_for_screen(pilot, RollDialog)
        assert "re-roll?" in dialog.adapter.title
        assert assert_rows_fit(dialog, pages=True) == 2
        band = screen.state.side(saver.side).band.name
        title = str(dialog.query_one("#modifiers-title", Static).render())
        assert f"Re-rolls for {saver.name} ({band}): the chance {saver.name} passes after each" in title
        labels = {o.key: o.label for o in dialog.current.options}
        assert labels == {
            f"im-fine:{saver.id}:6": "I'm fine! (Nic mi nie jest!): the 6 → passes 16.7%",
            f"captain:{saver.id}:6": "Captain (Kapitan): the 6 → passes 16.7%",
        }
        letter = dialog.letter_of(f"im-fine:{saver.id}:6")
        await press(pilot, dialog.letter_of(f"captain:{saver.id}:6"), "6", "enter")  # the Captain's first die: 6 again
        await settle(pilot)
        again = await wait_for_screen(pilot, RollDialog)
        assert "re-roll?" in again.adapter.title
        assert [o.key for o in again.current.options] == [f"im-fine:{saver.id}:6"]  # now on the second die
        assert again.letter_of(f"im-fine:{saver.id}:6") == letter  # issue #21: it had moved on a letter
        assert assert_rows_fit(again, pages=True) == 1


async def test_at_60x20_a_wrapped_line_keeps_its_citation_whole_with_its_page(make_app):
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        _, dialog = await _toughness_roll_after_a_hit(pilot)
        listing = dialog.query_one("#modifiers", OptionList)
        width = listing.scrollable_content_region.width
        for index, option in enumerate(dialog.current.options):
            row = listing.get_option_at_index(index).prompt
            lines = row.fit(width).plain.split("\n")
            assert all(len(line) <= width for line in lines), lines
            assert option.label.split(" ")[0] in lines[0]
            if option.rule:  # the name and its page on one line, at the end; never a bare page
                assert re.search(r"[A-Za-z]{6}[^\n]*, p\. \d+$", lines[-1]), lines
                assert not any(re.fullmatch(r"\s*p\.?\s*\d*", line) for line in lines), lines
