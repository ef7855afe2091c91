"""The one TOML line locator (engine.toml_lines) every roster and mission reader uses."""

import tomllib

from hypothesis import given
from hypothesis import strategies as st

from engine.toml_lines import Lines

TEXT = '''name = "Band" # [[unit]] in a comment
notes = """
[[unit]]
name = "not a unit"
"""
[[unit]]
name = "Raiders"
stats = [
  [1, 2],
]
"models" = 4
[unit.extra]
move = "L"
[[unit]]
name = "Hearthguard"
'''


def test_a_header_inside_a_multi_line_string_is_not_a_block():
    lines = Lines(TEXT)
    assert [ln for ln, path in lines.headers if path == "unit"] == [6, 14]


def test_a_block_ends_before_the_next_header_and_owner_takes_its_sub_tables():
    lines = Lines(TEXT)
    assert lines.block("unit", 0) == (6, 11)
    assert lines.owner("unit", 0) == (6, 13)
    assert lines.block("unit", 2) == (0, 0)


def test_a_key_is_found_quoted_or_bare_and_a_missing_key_points_at_the_header():
    lines = Lines(TEXT)
    assert lines.block_key("unit", 0, "models") == 11
    assert lines.block_key("unit", 1, "name") == 15
    assert lines.block_key("unit", 1, "models") == 14
    assert lines.block_key("unit", 5, "name") == 0
    assert lines.top_key("notes") == 2
    assert lines.top_key("models") == 0


@given(st.lists(st.text(st.characters(blacklist_categories=("Cs",)), max_size=12), min_size=1, max_size=4))
def test_every_unit_header_is_found_whatever_the_names_hold(names):
    # names written as TOML basic strings: quotes, backslashes, brackets and newlines escaped
    def quoted(text):
        return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\U{ord(c):08x}" for c in text) + '"'

    text = "".join(f"[[unit]]\nname = {quoted(n)}\n" for n in names)
    assert [u["name"] for u in tomllib.loads(text)["unit"]] == names
    lines = Lines(text)
    assert [lines.block("unit", i)[0] for i in range(len(names))] == [1 + 2 * i for i in range(len(names))]
    assert [lines.block_key("unit", i, "name") for i in range(len(names))] == [2 + 2 * i for i in range(len(names))]
