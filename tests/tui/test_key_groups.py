"""The key registry: common keys declared once, each system's keys with its screen, the
bindings generated from them (no Pilot: these read the classes)."""

from __future__ import annotations

import inspect

import pytest

import tui.actions as actions
from tui.actions import COMMON_KEYS, GAME_KEYS, GMAction, KeyGroup, bindings, help_groups, palette_actions

SCREENS = [
    ("tui.systems.sanctum_mortalis.screen", "BattleScreen"),
    ("tui.systems.saga.screen", "SagaScreen"),
    ("tui.systems.star_quest.screen", "StarQuestScreen"),
    ("tui.systems.xk6.screen", "XK6Screen"),
    ("tui.systems.sanctum_mortalis.campaign.screen", "PostBattleScreen"),
]


def screen_class(module: str, name: str) -> type:
    return getattr(__import__(module, fromlist=[name]), name)


def test_the_registry_names_no_rule_system():
    source = inspect.getsource(actions).lower()
    for name in ("saga", "star quest", "xk6", "sanctum", "campaign", "scope ="):
        assert name not in source, name


def test_a_key_group_refuses_an_action_defined_twice():
    twice = GMAction("undo", "ctrl+z", "undo", "Undo", "Undo the last command")
    with pytest.raises(ValueError, match="undo"):
        KeyGroup("Twice", (twice, twice))


@pytest.mark.parametrize(("module", "name"), SCREENS)
def test_a_screen_binds_its_own_keys_then_the_common_ones_once(module: str, name: str):
    screen = screen_class(module, name)
    ids = [b.id for b in screen.BINDINGS]
    assert len(ids) == len(set(ids))
    own = [f"skirmish.{a.id}" for a in screen.KEYS.actions]
    common = [f"skirmish.{a.id}" for g in screen.SHARED_KEYS for a in g.actions if not a.action.startswith("app.")]
    assert ids == ["skirmish.help", *own, *common]
    assert COMMON_KEYS in screen.SHARED_KEYS
    assert (GAME_KEYS in screen.SHARED_KEYS) == (name != "PostBattleScreen")


@pytest.mark.parametrize(("module", "name"), SCREENS)
def test_the_common_keys_carry_the_same_ids_on_every_screen(module: str, name: str):
    screen = screen_class(module, name)
    by_id = {b.id: b for b in screen.BINDINGS}
    assert by_id["skirmish.undo"].key == "ctrl+z" and by_id["skirmish.redo"].key == "ctrl+y"
    assert by_id["skirmish.undo"].show == (name in ("BattleScreen", "PostBattleScreen"))


def test_no_two_actions_of_a_screen_share_an_id_or_a_key():
    for module, name in SCREENS:
        screen = screen_class(module, name)
        groups = help_groups(screen.key_groups())
        ids = [a.id for g in groups for a in g.actions]
        assert len(ids) == len(set(ids)), name
        on_screen = [k for g in (screen.KEYS, *screen.SHARED_KEYS) for a in g.actions for k in a.key_list]
        assert len(on_screen) == len(set(on_screen)), name


def test_the_palette_offers_a_screen_its_own_keys_and_no_other_systems():
    saga = screen_class("tui.systems.saga.screen", "SagaScreen")
    offered = {a.id for a in palette_actions(saga.key_groups())}
    assert "saga-rest" in offered and "undo" in offered and "quit" in offered
    assert not any(i.startswith(("xk6-", "sq-")) or i == "overwatch" for i in offered)


def test_a_pane_group_binds_its_screen_actions_through_the_screen():
    from tui.systems.sanctum_mortalis.keys import BAND_KEYS

    by_id = {b.id: b for b in bindings(BAND_KEYS)}
    assert by_id["skirmish.model-card"].action == "screen.model_card"
    assert by_id["skirmish.select-down"].action == "cursor_down"
