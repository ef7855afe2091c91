"""The log names what the GM reads (#21): a re-roll by its source's name, not its id,
and a roll's result with the chance of what happened (a failure beside the chance of
failing, not of succeeding)."""

from engine.dice import ScriptedDice
from engine.odds import percent
from engine.rolls import RollRecord
from engine.rulesets.sanctum_mortalis import commands as c

from .test_rerolls_after_the_roll import _failed_save


def test_a_re_roll_is_logged_with_the_source_s_name_and_not_its_id(battle):
    _failed_save(battle)
    battle.submit(c.Reroll("B.xan", 0, "im-fine"), ScriptedDice([1]))
    texts = [e.text for e in battle.active_events]
    line = next(t for t in texts if t.startswith("Re-roll"))
    assert "I'm fine! (Nic mi nie jest!)" in line
    assert "im-fine" not in " ".join(texts)


def test_a_failed_toughness_roll_is_logged_with_the_chance_of_failing(battle):
    _failed_save(battle)
    battle.submit(c.Save("B.xan"))  # declined: the failure applies
    event = next(e for e in reversed(battle.active_events) if "roll" in e.payload and e.payload["roll"])
    record = RollRecord.from_dict(event.payload["roll"])
    assert not record.success
    assert f"(chance {percent(1 - record.probability)})" in event.text
