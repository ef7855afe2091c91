"""Border titles set only when their text changes.

Textual repaints a whole widget whenever ``border_title`` or ``border_subtitle`` is
assigned, even to the text it already shows. Panes redrawn after every event set
them through ``retitle``, so a pane whose title did not change keeps its drawn lines.
"""

from __future__ import annotations

from typing import Any

_UNSET = object()


def retitle(widget: Any, title: Any = _UNSET, subtitle: Any = _UNSET) -> None:
    """Set the widget's border title and/or subtitle, each only if it changed."""
    shown = widget.__dict__.setdefault("_retitled", {})
    for name, value in (("border_title", title), ("border_subtitle", subtitle)):
        if value is _UNSET or shown.get(name, _UNSET) == value:
            continue
        setattr(widget, name, value)
        shown[name] = value
