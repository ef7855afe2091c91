"""The purchases step of the post-battle screen: recruiting through the form (§22.2) and
moving a model to the stash (§15.10), by keys only."""

from __future__ import annotations

from pathlib import Path

from engine.rulesets.sanctum_mortalis.campaign import EndStep, SetWounded
from engine.rulesets.sanctum_mortalis.roster_toml import check_roster
from tui.systems.sanctum_mortalis.campaign.opening import start_from_battle

from .conftest import SIZE, press, settle
from .test_post_battle import SAINTS, WOLVES, post_battle_ready, saved_demo_battle


async def saints_at_purchases(pilot, screen) -> None:
    """The pre-fill settled by commands (not what is tested): the Saints reach their purchases step."""
    for command in (SetWounded(SAINTS, "dex-marlow", False), *(EndStep(SAINTS) for _ in range(3))):
        screen.session.submit(command)
        await settle(pilot)
    assert screen.band == SAINTS and screen.state.post.of(SAINTS).step == "purchases"


async def highlight(pilot, screen, wanted) -> None:
    """Walk the action list with ↓ (or ↑) to the first row ``wanted(row)`` accepts."""
    listing = screen.query_one("#actions")
    target = next(i for i, row in enumerate(screen.rows) if row is not None and wanted(row))
    while listing.highlighted != target:
        await press(pilot, "down" if (listing.highlighted or 0) < target else "up")


def summary(screen) -> str:
    """The band summary pane as plain text."""
    from io import StringIO

    from rich.console import Console

    console = Console(width=200, file=StringIO(), record=True)
    console.print(screen.query_one("#summary").content)
    return console.export_text().replace("\u00a0", " ")  # the figures are kept whole with no-break spaces


async def test_recruit_a_model_through_the_form_by_keys(saves_dir: Path, make_app):
    from tui.systems.sanctum_mortalis.campaign.recruit_form import RecruitForm

    app = make_app("open", file=str(start_from_battle(saved_demo_battle(saves_dir), saves_dir, seed=7)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await post_battle_ready(pilot)
        await saints_at_purchases(pilot, screen)
        treasury = screen.state.band(SAINTS).roster.treasury
        await highlight(pilot, screen, lambda row: row[1].label.startswith("Recruit a new model…"))
        await press(pilot, "enter")
        form = app.screen
        assert isinstance(form, RecruitForm)
        assert "✗ the new model needs a name" in str(form.query_one("#recruit-why").render())
        await press(pilot, "R", "e", "x", "enter")  # name, then the kinds: Savage first, ↓ Swordsman
        await press(pilot, "down", "enter")
        await press(pilot, "down", "enter")  # weapons: ↓ Hand weapon + Additional weapon (15tk)
        quote = str(form.query_one("#recruit-quote").render())
        assert "Swordsman 10tk + additional weapon 5tk = 15tk" in quote
        assert f"Treasury {treasury}tk → {treasury - 15}tk after" in quote
        assert "✓ ready to recruit" in str(form.query_one("#recruit-why").render())
        await press(pilot, "tab", "tab", "tab", "tab")  # small guy, climbing gear, jet pack, stash: to XP
        await press(pilot, "9", "9")  # 99 XP (the field selects its 0 on focus): the engine refuses
        why = str(form.query_one("#recruit-why").render())
        assert "✗ a model can have 0 to 50 XP, not 99 (Punkty doświadczenia (Experience points), p. 23)" in why
        await press(pilot, "enter")
        assert app.screen is form
        await press(pilot, "backspace", "backspace", "enter")
        assert app.screen is screen

        rex = screen.state.band(SAINTS).roster.model("rex")
        assert rex.archetype == "swordsman" and rex.melee == ("hand-weapon", "additional-weapon") and not rex.stashed
        assert screen.state.band(SAINTS).roster.treasury == treasury - 15
        assert "Rex" in summary(screen)

        for command in (EndStep(SAINTS), *(EndStep(WOLVES) for _ in range(4))):
            screen.session.submit(command)
            await settle(pilot)
        await press(pilot, "w", "enter", "enter")
        await settle(pilot)
        text = (saves_dir / f"{SAINTS}.toml").read_text(encoding="utf-8")
        assert 'name = "Rex"' in text
        parsed = check_roster(text, source=f"{SAINTS}.toml")
        assert parsed.ok, parsed.problems
        assert parsed.roster.model("rex").melee == ("hand-weapon", "additional-weapon")


async def test_move_a_model_to_the_stash_by_keys(saves_dir: Path, make_app):
    app = make_app("open", file=str(start_from_battle(saved_demo_battle(saves_dir), saves_dir, seed=7)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await post_battle_ready(pilot)
        await saints_at_purchases(pilot, screen)
        strength = int(summary(screen).split("Strength ")[1].split()[0])
        await highlight(pilot, screen, lambda row: row[1].label.startswith("Put Dex Marlow in the stash"))
        await press(pilot, "enter")
        dex = screen.state.band(SAINTS).roster.model("dex-marlow")
        assert dex.stashed
        shown = summary(screen)
        assert "Models in the stash Dex Marlow" in shown and "in the stash" in shown
        assert int(shown.split("Strength ")[1].split()[0]) < strength  # §15.9: the stash does not count
        await highlight(pilot, screen, lambda row: row[1].label.startswith("Bring Dex Marlow from the stash"))
        await press(pilot, "enter")
        assert not screen.state.band(SAINTS).roster.model("dex-marlow").stashed
