"""A whole battle through the engine and the saves: save, reload, same state."""

from demo_rosters import demo_roster_paths

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.roster_toml import parse_roster
from saves import BattleStore, load
from saves.rosters import read_roster_text


def demo_battle(seed: int = 3) -> Battle:
    a, b = (parse_roster(read_roster_text(p), p.name) for p in demo_roster_paths())
    return Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="slaughter"), seed=seed, title="demo"))


def play_some(battle: Battle, store: BattleStore) -> None:
    def do(cmd, dice=None):
        result = battle.submit(cmd, dice) if cmd not in ("undo", "redo") else getattr(battle, cmd)()
        if hasattr(result, "events"):
            store.append_many([e.to_dict() for e in result.events])
        return result

    do(c.StartRound())
    if battle.state.order.phase == "choose-first":
        do(c.ChooseFirst("A"))
    first = battle.state.order.to_act
    mover = next(m for m in battle.state.models if m.side == first)
    do(c.Move(mover.id, 3))
    target = next(m for m in battle.state.models if m.side != first and m.on_table)
    if mover.spec.ranged:
        do(c.Shoot(mover.id, target.id, mover.spec.ranged[0], toggles=frozenset({"obstacle"})), ScriptedDice([1, 1]))
    do("undo")
    do("redo")
    do(c.EndActivation())


def test_a_saved_battle_reloads_to_exactly_the_same_state(tmp_path):
    battle = demo_battle()
    path = tmp_path / "demo.skirmish"
    with BattleStore.create(path, battle.header) as store:
        play_some(battle, store)
    header, entries = load(path)
    reloaded = Battle(header, entries)
    assert reloaded.state == battle.state
    assert [e.to_dict() for e in reloaded.entries] == [e.to_dict() for e in battle.entries]
    assert reloaded.can_undo == battle.can_undo and reloaded.can_redo == battle.can_redo


def test_reopening_and_playing_on_appends_to_the_same_log(tmp_path):
    battle = demo_battle()
    path = tmp_path / "demo.skirmish"
    with BattleStore.create(path, battle.header) as store:
        play_some(battle, store)
    with BattleStore.open(path) as store:
        again = Battle(store.header, store.entries)
        result = again.submit(c.EndRound(force=True))
        store.append_many([e.to_dict() for e in result.events])
    header, entries = load(path)
    assert Battle(header, entries).state == again.state
    assert again.state.order.phase == "round-over"


def test_a_save_with_an_event_this_version_does_not_know_opens_read_only_with_one_line(tmp_path):
    from saves_testkit import digest

    from tui.session import open_session

    battle = demo_battle()
    path = tmp_path / "demo.skirmish"
    with BattleStore.create(path, battle.header) as store:
        play_some(battle, store)
        seq = len(battle.entries)
        store.append_many([{"seq": seq, "kind": "dragon_summoned", "round": 1, "group": seq, "payload": {}}])
    before = digest(path)
    session = open_session(path)
    try:
        message = session.note
        assert "\n" not in message and str(path) in message
        assert (
            f"entry {seq} (dragon_summoned) cannot be applied by the rules" in message
            and "'dragon_summoned'" in message
        )
        assert f"kept entries 0 to {seq - 1}" in message
        assert session.read_only and session.damaged
        assert len(session.battle.entries) == seq
    finally:
        session.close()
    assert digest(path) == before


def test_a_header_field_missing_or_of_the_wrong_type_is_named_with_what_was_expected(tmp_path):
    import pytest

    from tui.session import OpenError, open_session

    header = demo_battle().header
    cases = [
        ({k: v for k, v in header.items() if k != "ruleset"}, "the header has no 'ruleset' (a str is expected)"),
        ({**header, "setup": [1, 2]}, "the header's 'setup' is a list, not a dict"),
        ({**header, "schema": 99}, "written by a newer version (schema 99; this version reads up to 1)"),
    ]
    for number, (bad, expected) in enumerate(cases):
        path = tmp_path / f"bad-{number}.skirmish"
        BattleStore.create(path, bad).close()
        with pytest.raises(OpenError) as caught:
            open_session(path)
        assert str(caught.value) == f"cannot open {path}: {expected}"
