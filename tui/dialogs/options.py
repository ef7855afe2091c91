"""What the four rule systems' roll dialogs share: the option type of a roll's lines and
the text of an exact distribution.

The roll dialog (``roll_dialog.option_line``) shows each option: a modifier or a
yes/no the GM toggles with its letter, or a line of the roll's numbers (``kind``
"info"). The engine's own previews carry options of the same shape; adapters build a
``RollOption`` for the lines the engine does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from rich.text import Text

from engine.odds import percent
from engine.records import Record


class OptionLine(Protocol):
    """What the roll dialog reads of each option: a ``RollOption``, or an engine preview's
    option of the same shape (read-only attributes; see ``RollOption`` for each)."""

    @property
    def key(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def rule(self) -> str: ...
    @property
    def value(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def active(self) -> bool: ...
    @property
    def state(self) -> str: ...
    @property
    def note(self) -> str: ...


class RollOption(Record):
    """One line of a roll dialog.

    ``key``: what toggles it (stable across redraws); ``label``: what the GM reads;
    ``rule``: the rule it comes from; ``value``: the modifier; ``kind``: "info" (a line
    of the roll's numbers), "toggle" (a yes/no: cover, Stealth range), "modifier" or "set";
    ``active``: whether it applies now; ``state``: "auto" when the engine applied it;
    ``note``: a short aside.
    """

    key: str
    label: str
    rule: str = ""
    value: int = 0
    kind: str = "info"
    active: bool = True
    state: str = ""
    note: str = ""


def distribution_text(dist: Mapping[int, Any], what: str) -> Text:
    """ "Ceorls loses 0:19.8%  1:39.5%  2:29.6% … (mean 1.20)" (chances under 0.05% left out)."""
    mean = sum(k * p for k, p in dist.items())
    out = Text.assemble((what, "bold"), " ")
    out.append("  ".join(f"{k}:{percent(p)}" for k, p in sorted(dist.items()) if p * 2000 >= 1))
    out.append(f"  (mean {float(mean):.2f})", style="dim")
    return out
