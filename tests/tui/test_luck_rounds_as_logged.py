"""The dice-luck screen (L) and the report put the roll-off in the round the log shows it
in (QA, Sanctum Mortalis: the log tagged the roll-off "R1", the luck chart "R0")."""

from __future__ import annotations

from .conftest import SIZE, press, start_round_one, wait_for_screen


async def test_the_sanctum_mortalis_roll_off_is_in_round_1_on_the_luck_screen_as_in_the_log(make_app):
    from tui.screens.luck_screen import LuckScreen, chart

    app = make_app("demo")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        rolloff = next(e for e in screen.session.view.events if e.kind == "rolloff" or "roll-off" in e.text.lower())
        assert screen.session.view.rounds[rolloff.seq] == 1  # the log pane's tag: R1
        await press(pilot, "L")
        luck = await wait_for_screen(pilot, LuckScreen)
        assert [rnd for rnd, _ in luck.series] == [1]
        drawn = chart(luck.names, luck.keys, luck.series).plain
        assert "R1" in drawn and "R0" not in drawn


def test_the_reports_luck_puts_the_roll_off_in_round_1():
    from tui.report import build_report

    from .test_report import scripted_battle

    battle = scripted_battle()  # the roll-off, one shot in round 1
    report = build_report(battle.header, [e.to_dict() for e in battle.entries])
    assert [rnd for rnd, _ in report.luck_rounds] == [1]
