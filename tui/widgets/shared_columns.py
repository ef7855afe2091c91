"""The columns two panes of the same kind show (the two band panes of a dashboard).

Each pane fits its columns to its width, dropping the least needed first. Fitted
alone, two panes would drop different columns (one side's longer names or states
cost a column the other keeps). Here each pane notes what it wants (its room and the
width each column needs for its own rows) and the choice is made once for all the
panes of that kind on the screen: from the narrowest room and the widest cells. A
pane whose choice changes because of the other's rows is laid out again. A column with
a narrow form (a shorter cell) that does not fit is narrowed, in every pane alike,
where that is enough to keep it, before it is dropped.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence, TypeVar


class Fitted(Protocol):
    """A column with a key and a priority (lower is kept longer; 0 is always kept)."""

    @property
    def key(self) -> str: ...

    @property
    def priority(self) -> int: ...


C = TypeVar("C", bound=Fitted)


def choose(columns: Sequence[C], width: int, widths: dict[str, int]) -> list[C]:
    """The columns that fit ``width`` cells, each ``widths[key]`` wide, least needed
    dropped first (all of them when the width is not known yet)."""
    if width <= 0:
        return list(columns)
    chosen: set[str] = set()
    used = 0
    for col in sorted(columns, key=lambda c: c.priority):
        if used + widths.get(col.key, 0) <= width or col.priority == 0:
            chosen.add(col.key)
            used += widths.get(col.key, 0)
    return [c for c in columns if c.key in chosen]


class SharedColumns:
    """Mixin for a pane whose columns match its peers' (the panes of the same class on
    the same screen). ``shared_choice`` replaces fitting alone; ``refit_peers`` after
    laying out."""

    wants: tuple[int, dict[str, int]] = (0, {})
    """This pane's room and the width each of its columns needs (with padding)."""
    narrow_wants: dict[str, int] = {}
    """The width each column with a narrow form needs in that form (with padding)."""
    narrowed: frozenset[str] = frozenset()
    """The columns the last ``shared_choice`` narrowed: show their narrow form."""
    _refitting = False

    _peers: list[Any] | None = None

    def peers(self) -> list[Any]:
        """The panes of the same class on this pane's screen (looked up once mounted: a
        dashboard's panes stay for the screen's life)."""
        if self._peers is None:
            widget: Any = self
            if not widget.is_mounted:
                return []
            peers = [p for p in widget.screen.query(type(self)) if p is not self]
            if not peers:  # the other pane not mounted yet: ask again next time
                return []
            self._peers = peers
        return self._peers

    def shared_choice(
        self, columns: Sequence[C], width: int, widths: dict[str, int], narrow: dict[str, int] | None = None
    ) -> list[C]:
        """The columns to show: fitted to the narrowest room of this pane and its
        peers, each column as wide as the widest of them needs. ``narrow``: the width
        of each column that has a narrow form, in that form; a column that does not
        fit is narrowed (most needed first) where that keeps it (``narrowed``)."""
        self.wants = (width, widths)
        self.narrow_wants = narrow or {}
        panes = [self, *self.peers()]
        rooms = [p.wants[0] for p in panes if p.wants[0] > 0]
        room = min(rooms) if rooms and width > 0 else width
        merged = {c.key: max(p.wants[1].get(c.key, 0) for p in panes) for c in columns}
        chosen = choose(columns, room, merged)
        narrowed: set[str] = set()
        for col in sorted(columns, key=lambda c: c.priority):
            if col.key not in self.narrow_wants or any(c.key == col.key for c in chosen):
                continue
            need = max(p.narrow_wants.get(col.key, p.wants[1].get(col.key, 0)) for p in panes)
            tried = choose(columns, room, {**merged, col.key: need})
            if any(c.key == col.key for c in tried):
                chosen, merged[col.key] = tried, need
                narrowed.add(col.key)
        self.narrowed = frozenset(narrowed)
        return chosen

    def refit_peers(self, shown: Sequence[str]) -> None:
        """Lay out again each peer that shows other columns than ``shown``, or other
        columns narrowed."""
        if SharedColumns._refitting:
            return
        SharedColumns._refitting = True
        try:
            for peer in self.peers():
                if peer.wants[0] > 0 and (tuple(peer.column_keys) != tuple(shown) or peer.narrowed != self.narrowed):
                    peer.refit()
        finally:
            SharedColumns._refitting = False

    def refit(self) -> None:
        """Fit the columns again (the pane's own redraw, forced)."""
        raise NotImplementedError
