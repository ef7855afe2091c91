"""A whole battle through the engine and the saves: save, reload, same state."""

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis import commands as c, make_setup
from engine.rulesets.sanctum_mortalis.roster_toml import parse_roster
from saves import BattleStore, load
from demo_rosters import demo_roster_paths
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
