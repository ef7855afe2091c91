"""Opening a battle for play reads its save once: the session replays what the store read."""

from demo_rosters import demo_roster_paths

import saves
from engine.battle import Battle, new_header
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.roster_toml import parse_roster
from saves import BattleStore
from saves.rosters import read_roster_text


def demo_battle() -> Battle:
    a, b = (parse_roster(read_roster_text(p), p.name) for p in demo_roster_paths())
    return Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="slaughter"), seed=3, title="demo"))


def play_some(battle: Battle, store: BattleStore) -> None:
    """A round started, a model moved, the move undone and redone: entries on disk."""

    def save(result) -> None:
        store.append_many([e.to_dict() for e in result.events])

    save(battle.submit(c.StartRound()))
    if battle.state.order.phase == "choose-first":
        save(battle.submit(c.ChooseFirst("A")))
    mover = next(m for m in battle.state.models if m.side == battle.state.order.to_act)
    save(battle.submit(c.Move(mover.id, 3)))
    save(battle.undo())
    save(battle.redo())


def test_a_battle_opens_for_play_from_one_read_of_its_save(tmp_path, monkeypatch):
    from tui.session import open_session

    battle = demo_battle()
    path = tmp_path / "demo.skirmish"
    with BattleStore.create(path, battle.header) as store:
        play_some(battle, store)

    def second_read(*args, **kwargs):
        raise AssertionError("saves.load read the save a second time")

    monkeypatch.setattr(saves, "load", second_read)
    session = open_session(path)
    try:
        assert session.view.state == battle.state
        assert [e.to_dict() for e in session.view.entries] == [e.to_dict() for e in battle.entries]
        assert session.store.count == len(battle.entries)
    finally:
        session.close()


def test_a_save_the_session_cannot_replay_is_left_unchanged_and_unlocked(tmp_path):
    from saves_testkit import digest

    from tui.session import open_session

    battle = demo_battle()
    path = tmp_path / "demo.skirmish"
    with BattleStore.create(path, battle.header) as store:
        play_some(battle, store)
        seq = len(battle.entries)
        store.append_many([{"seq": seq, "kind": "dragon_summoned", "round": 1, "group": seq, "payload": {}}])
    before = digest(path)
    session = open_session(path)  # read-only: the entries before the one the rules cannot apply
    assert session.read_only and len(session.battle.entries) == seq
    session.close()
    assert digest(path) == before
    with BattleStore.open(path) as store:  # the lock was released
        assert store.count == seq + 1


def test_a_damaged_battle_continues_from_its_last_good_entry_keeping_a_copy(tmp_path):
    from tui.session import open_session

    battle = demo_battle()
    path = tmp_path / "demo.skirmish"
    with BattleStore.create(path, battle.header) as store:
        play_some(battle, store)
        seq = len(battle.entries)
        store.append_many([{"seq": seq, "kind": "dragon_summoned", "round": 1, "group": seq, "payload": {}}])
    damaged = (path / "battle.json").read_bytes()
    session = open_session(path)
    session.continue_from_good()
    assert not session.read_only and not session.damaged
    assert (path / "battle.json.damaged").read_bytes() == damaged
    session.close()
    again = open_session(path)
    try:
        assert not again.read_only
        assert [e.to_dict() for e in again.battle.entries] == [e.to_dict() for e in battle.entries]
    finally:
        again.close()
