"""A GM correction with a choice shows each value as words, never its id (QA: "Status:
on-table / out-of-action / left-table"): the option's line, each answer and the log."""

from __future__ import annotations

from battle_testkit import ok

from engine.corrections import Correct
from engine.rulesets.sanctum_mortalis import commands as c

from .test_corrections import demo, first_member, options


def test_sm_status_correction_reads_as_words_in_the_list_the_answers_and_the_log() -> None:
    battle = demo("sanctum-mortalis")
    mid = first_member(battle)
    status = next(o for o in options(battle, mid) if o.what == "status")
    assert status.line == "Status: on the table"
    assert [status.shown(v) for v in status.choices] == ["on the table", "out of action", "left the table"]
    ok(battle, c.RemoveModel(mid))
    r = ok(battle, Correct("status", mid, "on-table", "Nic mi nie jest! was played at the table"))
    text = r.events[-1].text
    assert "out of action → on the table" in text and "on-table" not in text, text
