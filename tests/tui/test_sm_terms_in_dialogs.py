"""Issue #21: every Sanctum Mortalis skill, card, trick, marker and re-roll source an SM
dialog option names is shown in English with its Polish original beside it
("Adrenaline (Adrenalina): a failed test passes"), never by one name alone.

The options are the ones the roll dialogs render, from their adapters, for the demo battle:
every shot, every melee (each pair put in contact) and every Toughness roll after a shot
or a blow; once as the demo bands are, once with every model knowing every skill and in
Defensive stance (so each skill's option and the marker's come up)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.records import changed
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis import terms
from engine.rulesets.sanctum_mortalis.battle_setup import demo
from engine.rulesets.sanctum_mortalis.ruleset import SanctumMortalis
from engine.rulesets.sanctum_mortalis.state import PendingSave
from tui.screens.picker_screen import PickerScreen
from tui.systems.sanctum_mortalis.adapters import adapter_for
from tui.systems.sanctum_mortalis.card_hand import CardHand, card_line
from tui.systems.sanctum_mortalis.card_hand_screen import CardHandScreen

from .conftest import press, start_round_one
from .pilot_waits import wait_for_screen

NAMED = [
    *(terms.TERMS[x.name] for x in t.SKILLS.values() if x.key != "captain"),
    *(terms.TERMS[x.name] for x in t.TRICKS.values()),
    *(terms.TERMS[x.name] for x in t.EVENT_CARDS.values()),
    *(terms.TERMS[name] for name in terms.MARKERS),
]
"""The terms an option must never name alone: skills, tricks, cards (the re-roll sources
among them) and markers. The Captain is a model's role as well as its re-roll: "the
Captain" reads alone; its re-roll option is "Captain (Kapitan): a re-roll"."""


def alone(text: str) -> list[str]:
    """Each skill, trick, card or marker ``text`` names by its English or its Polish name
    alone, without the other beside it."""
    found = []
    for term in NAMED:
        if term.original == term.english:
            continue
        for m in re.finditer(rf"(?<!\w){re.escape(term.english)}(?!\w)", text):
            if not text[m.end() :].startswith(f" ({term.original})"):
                found.append(term.english)
        for m in re.finditer(rf"(?<!\w){re.escape(term.original)}(?!\w)", text):
            if not text[: m.start()].endswith(f"{term.english} ("):
                if not any(text[: m.start()].endswith(f"{o.english} (") for o in terms.TERMS.values()):
                    found.append(term.original)
    return found


def _labels(kind: str, state, command) -> set[str]:
    preview = adapter_for(kind, state, command).preview(frozenset(), frozenset(), {})
    return {o.label for o in preview.options}


def _demo_state(every_skill: bool):
    state = SanctumMortalis().initial_state(demo(None, 1).setup)
    if not every_skill:
        return state
    skills = tuple(k for k in t.SKILLS if k != "captain")
    return changed(
        state,
        models=tuple(
            changed(m, spec=changed(m.spec, skills=skills), markers=frozenset({"defensive-stance"}))
            for m in state.models
        ),
    )


@cache
def dialog_options(every_skill: bool) -> frozenset[str]:
    """The option labels of every shot, melee and Toughness roll dialog of the demo."""
    state = _demo_state(every_skill)
    labels: set[str] = set()
    for s in state.models:
        for tg in state.models:
            if tg.side == s.side:
                continue
            for weapon in s.spec.ranged:
                labels |= _labels("shot", state, c.Shoot(s.id, tg.id, weapon))
            engaged = changed(
                state,
                models=tuple(
                    changed(m, engaged_with=frozenset({tg.id if m.id == s.id else s.id}))
                    if m.id in (s.id, tg.id)
                    else m
                    for m in state.models
                ),
            )
            labels |= _labels("melee", engaged, c.Attack(s.id, tg.id))
            for attack, weapon in (("shooting", (tg.spec.ranged or ("assault-rifle",))[0]), ("melee", "")):
                held = changed(state, pending=(PendingSave(s.id, tg.id, attack, weapon),))
                labels |= _labels("save", held, c.Save(s.id))
    return frozenset(labels)


@pytest.mark.parametrize("every_skill", [False, True], ids=["demo bands", "every skill"])
def test_every_option_of_the_demo_dialogs_names_each_term_in_english_with_its_polish(every_skill):
    options = dialog_options(every_skill)
    assert len(options) > (40 if every_skill else 10)
    wrong = {label: alone(label) for label in options if alone(label)}
    assert not wrong, wrong


def test_the_options_the_issue_names_come_up_with_both_names():
    options = dialog_options(True)
    assert "Adrenaline (Adrenalina): a failed test passes" in options
    assert any(o.startswith('You only die once! (Raz kozie śmierć!): jump ≥4"') for o in options)
    assert any("Effective parry (Skuteczna zasłona)" in o for o in options)
    assert "Defensive stance (Pozycja obronna)" in options


@pytest.mark.parametrize("key", list(t.EVENT_CARDS))
def test_each_card_of_the_hand_shows_its_english_name_and_its_polish_one_once(key):
    card = t.EVENT_CARDS[key]
    line = card_line(card, playable=True, why_not="", spent=False).plain
    assert line.endswith(terms.card_term(key)) and not alone(line)


def test_the_check_finds_a_term_named_alone():
    assert alone("Hunter: Overwatch shot") == ["Hunter", "Overwatch"]
    assert alone("Adrenalina: a failed test") == ["Adrenalina"]
    assert alone("Hunter (Łowca): Overwatch (Strzał z ukrycia) shot") == []


async def test_the_demo_card_hand_and_move_menu_name_each_term_in_both_languages(make_app):
    """Played in Pilot: the card hand (c) and the Move menu (m) of the demo's first model."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        model = screen.state.waiting(screen.state.order.to_act)[0]
        screen.select_model(model.id, focus=True)
        await press(pilot, "c")
        hand = (await wait_for_screen(pilot, CardHandScreen)).query_one(CardHand)
        lines = [str(hand.get_option_at_index(i).prompt) for i in range(hand.option_count)]
        assert any("You only die once! (Raz kozie śmierć!)" in line for line in lines)
        assert not {line: alone(line) for line in lines if alone(line)}
        await press(pilot, "escape")
        await press(pilot, "m")
        picker = await wait_for_screen(pilot, PickerScreen)
        options = picker.query_one("#choices")
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("Acrobat (Akrobata)" in label for label in labels)
        assert not {label: alone(label) for label in labels if alone(label)}
