"""The footer: the focused pane's keys on one line, drawn as one widget.

The focused pane's keys come first, then the screen's keys that pane wants next (its
``footer_next``: the binding ids a GM needs there, e.g. on a log line ``G``, ``e`` and
undo, shown even where the screen's footer otherwise leaves them out), then the
screen's other keys in the screen's order; only whole keys that fit are drawn.

Textual's ``Footer`` is a row of one widget per key, composed again whenever the
screen's bindings are updated (after every focus change and dialog). Each of those
widgets costs a draw in every full repaint (closing a dialog repaints the whole
screen), and rebuilding them costs a layout. ``SteadyFooter`` draws the same line
(key, then description, the same colours and spacing; "ctrl+p palette" at the right
when the terminal is wide; only keys that fit whole) as one line of text, and draws
it again only when the keys, their labels or their states change. A click on a key
presses it.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.kept_lines import KeptLines, blank

DIM = Style(dim=True)
WIDE = 120
"""From this many columns the footer spaces its keys out and docks "ctrl+p palette" at
the right; narrower, it is compact and leaves the palette key out (it would cover the
last keys; "? Help" lists ctrl+p with the rest)."""


class KeysNext:
    """A pane that wants some of its screen's keys shown right after its own in the footer
    while it has focus (the battle log: what a GM needs on a log line)."""

    footer_next: frozenset[str] = frozenset()
    """The binding ids of those keys (its screen sets them; none: the screen's order)."""


class SteadyFooter(KeptLines, Widget, can_focus=False):
    """The active bindings of the screen, one line."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer--key", "footer--description", "footer--edge"}

    DEFAULT_CSS = """
    SteadyFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .footer--key { color: $footer-key-foreground; background: $footer-key-background; text-style: bold; }
        & > .footer--description { color: $footer-description-foreground;
                                   background: $footer-description-background; }
        & > .footer--edge { color: $foreground 20%; }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._keys: tuple[tuple[str, str, str, bool], ...] = ()  # key, shown as, description, enabled
        self._palette: tuple[str, str, str, bool] | None = None
        self._strip: Strip | None = None
        self._spans: list[tuple[int, int, str, bool]] = []  # x from, x to, key, enabled

    # ------------------------------------------------------------------ keys
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._update_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Any) -> None:
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._update_keys)

    def _update_keys(self) -> None:
        """Read the screen's keys; draw again only if they differ from those shown."""
        if not self.is_attached:
            return
        app = self.app
        active = self.screen.active_bindings
        focused = self.screen.focused
        wanted: frozenset[str] = focused.footer_next if isinstance(focused, KeysNext) else frozenset()
        by_action: dict[str, tuple[str, str, str, bool]] = {}
        rank: dict[str, int] = {}
        for node, binding, enabled, _tooltip in active.values():
            # the first key of an action; a key the pane wants next shows even where its
            # screen leaves it out of the footer (undo on a log line: SAGA, xK6, Star Quest)
            if (binding.show or binding.id in wanted) and binding.action not in by_action:
                by_action[binding.action] = (binding.key, app.get_key_display(binding), binding.description, enabled)
                rank[binding.action] = 0 if node is focused else 1 if binding.id in wanted else 2
        # the focused pane's keys, then the screen's keys it wants next (``footer_next``),
        # then the rest, each in the screen's order: only whole keys fit, the last ones go
        keys = tuple(by_action[action] for action in sorted(by_action, key=rank.__getitem__))
        palette = None
        if app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in active:
            _node, binding, enabled, _tooltip = active[app.COMMAND_PALETTE_BINDING]
            palette = (binding.key, app.get_key_display(binding), binding.description, enabled)
        if keys != self._keys or palette != self._palette:
            self._keys, self._palette = keys, palette
            self._strip = None
            self.refresh()

    @property
    def shown_keys(self) -> tuple[str, ...]:
        """The screen's keys as the footer shows them ("⏎ Card", "^z Undo", ...): those
        that fit the width are drawn."""
        return tuple(f"{shown} {description}".strip() for _key, shown, description, _on in self._keys)

    # ------------------------------------------------------------------ drawing
    def notify_style_update(self) -> None:
        self._strip = None
        super().notify_style_update()

    def _item(
        self, entry: tuple[str, str, str, bool], tight: bool, key_style: Style, text_style: Style
    ) -> list[Segment]:
        """One key as Textual's footer draws it: " ⏎ Card " (spaced) or "⏎ Card" (tight);
        a disabled key dimmed."""
        _key, shown, description, enabled = entry
        if not enabled:
            key_style, text_style = key_style + DIM, text_style + DIM
        if tight:
            return [Segment(shown, key_style), *([Segment(f" {description}", text_style)] if description else [])]
        return [Segment(f" {shown} ", key_style), *([Segment(f"{description} ", text_style)] if description else [])]

    def _line(self, width: int) -> Strip:
        base = self.rich_style
        key_style = base + self.get_component_rich_style("footer--key")
        text_style = base + self.get_component_rich_style("footer--description")
        compact = width < WIDE
        tail: Strip | None = None
        if self._palette is not None and not compact:  # "▏ctrl+p palette" at the right
            edge = Segment("▏", base + self.get_component_rich_style("footer--edge"))
            tail = Strip([edge, *self._item(self._palette, True, key_style, text_style), Segment(" ", base)])
        room = width - (tail.cell_length if tail is not None else 0)
        segments: list[Segment] = []
        spans: list[tuple[int, int, str, bool]] = []
        x = 0
        for entry in self._keys:
            item = self._item(entry, compact, key_style, text_style)
            cells = Strip(item).cell_length
            if x + cells > room:  # only whole keys: the rest are on the help screen (?)
                break
            if compact:
                item.append(Segment(" ", base))  # the space between compact keys
            spans.append((x, x + cells, entry[0], entry[3]))
            segments += item
            x += Strip(item).cell_length
        strip = Strip(segments).crop(0, room).extend_cell_length(max(room, 0), base)
        if tail is not None and self._palette is not None:
            spans.append((room + 1, width, self._palette[0], self._palette[3]))
            strip = Strip.join([strip, tail])
        self._spans = spans
        return strip.crop(0, width).extend_cell_length(width, base)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y != 0 or width <= 0:
            return blank(max(width, 0), self.rich_style)
        if self._strip is None or self._strip.cell_length != width:
            self._strip = self._line(width)
        return self._strip

    def render(self) -> Text:
        return Text("  ".join(self.shown_keys))

    # ------------------------------------------------------------------ mouse
    def on_click(self, event: events.Click) -> None:
        for start, end, key, enabled in self._spans:
            if start <= event.x < end:
                if enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return
