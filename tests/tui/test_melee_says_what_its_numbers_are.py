"""A Sanctum Mortalis melee, as a new GM reads it (QA): the dialog said "Fight Old Tomas 1
v Kara Vex 0" (now each side's Fight and modifiers, signed, after the term: "Fight (Walka):
Old Tomas +1, Kara Vex +0"), and the log entry's details put only the defender's terms
under its name (now both models' terms are under their names)."""

from __future__ import annotations


from .test_melee_names_and_reroll_lines import melee_opened, melee_won_and_its_details


async def test_the_melee_dialog_and_its_log_details_say_whose_numbers_they_are(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen, a, d, dialog = await melee_opened(pilot)
        odds = str(dialog.query_one("#odds").render())
        assert f"Fight (Walka): {a} +1, {d} +0 " in odds, odds  # Battle frenzy: +1 attacking
        assert " v " not in odds.splitlines()[0]
        text = await melee_won_and_its_details(pilot, screen)
        assert f"\n  {a}:\n    Fight 0 " in text, text  # the attacker's terms under its name
        assert f"\n  {d}:\n    Fight 0 " in text, text  # and the defender's under its
        assert "    Battle frenzy (Szał bojowy): attacking +1 " in text, text


def test_the_reports_melee_breakdown_puts_both_models_terms_under_their_names():
    from engine.formatting import roll_breakdown
    from engine.rolls import Modifier, RollRecord

    record = RollRecord(
        "sm.melee",
        "Old Tomas attacks Kara Vex",
        (),
        (Modifier("Battle frenzy", 1, "§20.2"),),
        Modifier("Fight", 0, "§3.1"),
        None,
        "opposed",
        detail={
            "totals": {"attacker": 9, "defender": 6},
            "attacker": {"name": "Old Tomas"},
            "defender": {"name": "Kara Vex", "base": Modifier("Fight", 0, "§3.1").to_dict(), "modifiers": []},
        },
    )
    lines = roll_breakdown(record)
    assert lines[1] == "  Old Tomas" and lines[2].startswith("    Fight ") and lines[3].startswith("    Battle frenzy")
    assert "  Kara Vex" in lines and lines[lines.index("  Kara Vex") + 1].startswith("    Fight ")
