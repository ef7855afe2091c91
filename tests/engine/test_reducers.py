"""The reducer table: an event kind nobody reduces is an error on replay, never a silent
no-op, and every kind a rule system's decisions can write has a reducer or is declared
log-only."""

from __future__ import annotations

import ast
import importlib
import pickle
from pathlib import Path

import pytest

from engine.events import Event, EventDraft, EventFormatError
from engine.reducers import NOTE, Reducers, UnknownEvent

RULESETS = Path(__file__).resolve().parents[2] / "engine" / "rulesets"

SYSTEMS = {
    # evolve module -> the folder whose EventDraft(...) calls feed it (and the sub-folders that feed another)
    "engine.rulesets.xk6.evolve": ("xk6", ()),
    "engine.rulesets.saga.evolve": ("saga", ()),
    "engine.rulesets.star_quest.evolve": ("star_quest", ()),
    "engine.rulesets.sanctum_mortalis.evolve": ("sanctum_mortalis", ("campaign",)),
    "engine.rulesets.sanctum_mortalis.campaign.evolve": ("sanctum_mortalis/campaign", ()),
}


def table() -> Reducers[int]:
    t: Reducers[int] = Reducers(log_only=("shrug",))

    @t.on("add")
    def _add(s: int, p: dict) -> int:
        return s + int(p["n"])

    return t


def test_a_known_kind_is_applied_and_log_only_kinds_change_nothing():
    t = table()
    assert t.evolve(1, Event(0, "add", payload={"n": 2})) == 3
    assert t.evolve(1, Event(1, "shrug")) == 1
    assert t.evolve(1, Event(2, NOTE)) == 1  # every system may write a note
    assert t.kinds == {"add", "shrug", NOTE} and t.reduced == {"add"} and t.log_only == {"shrug", NOTE}


def test_an_unknown_kind_is_an_error_naming_the_kind_and_the_event():
    with pytest.raises(UnknownEvent) as err:
        table().evolve(1, Event(41, "dragon_summoned"))
    assert err.value.kind == "dragon_summoned" and err.value.seq == 41
    assert "41" in str(err.value) and "'dragon_summoned'" in str(err.value) and "\n" not in str(err.value)
    assert isinstance(err.value, EventFormatError) and isinstance(err.value, ValueError)


def test_an_unknown_kind_in_a_preview_is_an_error_too():
    with pytest.raises(UnknownEvent):
        table().preview(1, [EventDraft("add", {"n": 1}), EventDraft("dragon_summoned")])


def test_the_error_survives_pickling_for_a_worker_thread_or_process():
    err = pickle.loads(pickle.dumps(UnknownEvent("x", 3)))
    assert (err.kind, err.seq, str(err)) == ("x", 3, str(UnknownEvent("x", 3)))


def test_a_kind_gets_one_reducer_only():
    t = table()
    with pytest.raises(ValueError, match="already"):
        t.on("add")(lambda s, p: s)
    with pytest.raises(ValueError, match="already"):
        t.on("shrug")(lambda s, p: s)


def drafted_kinds(folder: str, skip: tuple[str, ...]) -> dict[str, str]:
    """Each literal kind of an ``EventDraft(...)`` under ``folder`` -> where it is first written."""
    root = RULESETS / folder
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root).parts[0] in skip:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == "EventDraft"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.setdefault(node.args[0].value, f"{path.relative_to(RULESETS)}:{node.lineno}")
    return found


@pytest.mark.parametrize("module", SYSTEMS)
def test_every_kind_a_rule_system_writes_has_a_reducer_or_is_log_only(module):
    folder, skip = SYSTEMS[module]
    written = drafted_kinds(folder, skip)
    assert len(written) >= 5, f"the scan of {folder} found almost nothing: {written}"
    known = importlib.import_module(module).REDUCERS.kinds
    assert {k: where for k, where in written.items() if k not in known} == {}


@pytest.mark.parametrize("module", SYSTEMS)
def test_settings_changes_have_a_reducer_in_every_battle_system(module):
    reducers = importlib.import_module(module).REDUCERS
    if "campaign" not in module:
        assert "setting_changed" in reducers.reduced  # written by engine.ruleset.change_setting
