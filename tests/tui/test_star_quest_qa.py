"""Star Quest fixes from a QA play-through of the demo (80x24): the 2 × value PP offer
after a failed cast starts on Decline and says what paying more PP than the hero has
costs; an unconscious hero stays idle; cast refusals come before the target and dice."""

from __future__ import annotations

from textual.widgets import OptionList

from tui.screens.picker_screen import PickerScreen

from .conftest import SIZE, press
from .pilot_waits import wait_for_screen
from .saga_pilot import pick, type_dice
from .sq_pilot import round_one, select


async def test_a_failed_cast_offer_starts_on_decline_and_says_paying_costs_wounds(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        ilsa = await select(pilot, screen, "Sister Ilsa")
        assert screen.state.unit(ilsa).pp == 3
        await press(pilot, "c")
        await pick(pilot, "Psychic bolt")
        await pick(pilot, "Cultists")
        await type_dice(pilot, "1")
        await press(pilot, "enter")
        picker = await wait_for_screen(pilot, PickerScreen)
        assert "Exhaustion" in picker.question and "unconscious" in picker.question
        assert picker.query_one(OptionList).highlighted == 1
        await press(pilot, "enter")
        u = screen.state.unit(ilsa)
        assert screen.state.offer is None and u.pp == 3 and not u.unconscious and u.wounds[0] == 0


async def test_a_hero_knocked_out_by_paying_for_her_cast_has_her_activation_ended_and_the_dashboard_moves_on(make_app):
    """§10: once her bolt's Defense dice are in, the engine ends her activation (logged),
    the selection moves to a hero still to act; ctrl+z takes the end back with the roll."""
    from engine.rulesets.star_quest import view
    from tui.dialogs.roll_dialog import RollDialog
    from tui.systems.star_quest.hero_pane import hero_state

    from .pilot_waits import wait_for

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        ilsa = await select(pilot, screen, "Sister Ilsa")
        await press(pilot, "c")
        await pick(pilot, "Psychic bolt")
        await pick(pilot, "Cultists")
        await type_dice(pilot, "1")
        await press(pilot, "enter")
        await wait_for_screen(pilot, PickerScreen)
        await press(pilot, "up", "enter")  # pay 4 PP with 3: 4 wounds, unconscious
        await wait_for_screen(pilot, RollDialog)
        assert screen.state.activation.over  # knocked out: nothing more, the bolt's dice first
        await type_dice(pilot, "6 6")
        await press(pilot, "enter")
        assert screen.state.unit(ilsa).unconscious and screen.state.activation is None
        over = [e for e in screen.session.battle.active_events if e.kind == "activation_over"][-1]
        assert over.payload == {"unit": ilsa, "reason": "unconscious"}
        line = next(h for h in view.hero_lines(screen.state) if h.id == ilsa)
        assert "unconscious" in hero_state(line, None).plain and line.activated
        await wait_for(pilot, lambda: screen.selected != ilsa, "the selection on a hero still to act")
        assert screen.selected in view.heroes_to_activate(screen.state)
        await press(pilot, "ctrl+z")
        assert screen.state.activation is not None and screen.state.activation.unit == ilsa
        assert screen.state.attack is not None  # back to her bolt's Defense dice


async def test_after_ward_the_spell_list_greys_a_second_ward_and_a_bolt_she_cannot_pay_for(make_app):
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        ilsa = await select(pilot, screen, "Sister Ilsa")
        await press(pilot, "c")
        await pick(pilot, "Ward")
        await pick(pilot, "Sister Ilsa")  # Ward takes a friend as its target
        await wait_for_screen(pilot, RollDialog)
        await type_dice(pilot, "4")
        await press(pilot, "enter")
        assert screen.state.unit(ilsa).tokens == 1 and app.screen is screen
        await press(pilot, "c")
        picker = await wait_for_screen(pilot, PickerScreen)
        why = {ch.label.split(" (")[0]: ch.why_not for ch in picker.choices}
        assert "needs 2" in why["Psychic bolt"], why
        assert "already tried" in why["Ward"], why


async def test_the_ai_cast_dialog_names_each_hinder_token_apart(make_app):
    from tui.systems.star_quest.adapters import AICastAdapter

    from .sq_pilot import uid

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        assert screen.state.unit(uid(screen, "Sister Ilsa")).tokens == 2
        adapter = AICastAdapter(screen.state, uid(screen, "Hollow Magus"))
        preview = adapter.preview(frozenset(), frozenset(), {})
        labels = [o.label for o in preview.options if o.key.startswith("hinder:")]
        assert len(labels) == 2 and len(set(labels)) == 2, labels
        assert all("Sister Ilsa" in label for label in labels)
