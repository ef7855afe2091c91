"""``parse_json`` reads a save file's bytes with msgspec's decoder and falls back to
json's for anything msgspec refuses: the value, or the refusal and its message, is the
one json's decoder (and the UTF-8 check before it) gives."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saves.errors import Damage
from saves.storage import DECODER, parse_json

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(JSON_VALUES, st.booleans())
def test_any_json_value_reads_back_as_json_reads_it(value, ascii_only):
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert parse_json(text.encode(), "battle.json") == DECODER.decode(text) == value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1e400", math.inf),  # json reads an overflowing number as infinity; msgspec refuses it
        ('"\\ud800"', "\ud800"),  # a lone surrogate: json reads it, msgspec refuses it
        ("123456789012345678901234567890", 123456789012345678901234567890),
        ('{"a": 1, "a": 2}', {"a": 2}),
    ],
)
def test_what_only_json_reads_is_read_as_before(text, expected):
    assert parse_json(text.encode(), "battle.json") == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("NaN", "corrupt: battle.json is not strict JSON (NaN is not allowed)"),
        ("[Infinity]", "corrupt: battle.json is not strict JSON (Infinity is not allowed)"),
        ('{"a": 1', "truncated: battle.json ends early (line 1)"),
        ('{"a": 1,\n"b": tr', "truncated: battle.json ends early (line 2)"),
        ("[1,]", "corrupt: battle.json is not valid JSON (line 1)"),
        ("[1]\nx", "corrupt: battle.json is not valid JSON (line 2)"),
        ("\ufeff[1]", "corrupt: battle.json is not valid JSON (line 1)"),
        ('["\ud800"]', "corrupt: battle.json is not UTF-8 text (byte 2)"),
    ],
)
def test_what_neither_reads_is_refused_with_jsons_message(text, message):
    with pytest.raises(Damage) as refused:
        parse_json(text.encode("utf-8", "surrogatepass"), "battle.json")
    assert str(refused.value) == message
