"""The dashboard: tracker on top, the two band panes, the battle log, a status line and
the footer (plus the card hand at the side when the terminal is wide).

The screen owns the session. Widgets get state handed down and post intents up; the
GM's commands (``battle_commands.BattleCommands``) go to the session, and the screen
redraws when the session says the new events are on disk.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from tui.dialogs.kept_rows import TopBarResized, rows_kept_above
from tui.messages import CardPlayRequested, ModelSelected
from tui.screens.game_screen import GameScreen
from tui.systems.sanctum_mortalis.band_pane import BandPane
from tui.systems.sanctum_mortalis.card_hand import CardHand
from tui.systems.sanctum_mortalis.commands import BattleCommands
from tui.systems.sanctum_mortalis.help import battle_help
from tui.systems.sanctum_mortalis.keys import BAND_KEYS, BATTLE_KEYS
from tui.systems.sanctum_mortalis.tracker import Tracker
from tui.widgets.log_pane import LogPane
from tui.widgets.steady_bar import SteadyBar
from tui.widgets.steady_footer import SteadyFooter

SIDE_BY_SIDE = 170
"""From this many columns the band panes sit side by side with every column."""
TALL = 34
"""Below SIDE_BY_SIDE, from this many rows the band panes stack (full width each);
shorter terminals keep them side by side and drop the columns that do not fit."""
NARROW = 70
"""Below this many columns the band panes always stack."""
SHORT = 30
"""Stacked band panes below this many rows fold: the open one (the focused pane, else the
side to act) takes the room, the other shows its title and count on one border line."""
WIDE = 150
"""From this many columns the card hand stays open at the side."""
HAND_WIDTH = 56


class BattleScreen(BattleCommands, GameScreen):
    """One battle in play."""

    KEYS = BATTLE_KEYS
    GUIDE = staticmethod(battle_help)
    PANE_KEYS = (BAND_KEYS,)

    DEFAULT_CSS = """
    BattleScreen { layout: vertical; }
    BattleScreen #main { height: 1fr; }
    BattleScreen #left { width: 1fr; height: 1fr; }
    BattleScreen #bands { layout: horizontal; height: auto; max-height: 60%; }
    BattleScreen.-narrow #bands { layout: vertical; max-height: 70%; }
    BattleScreen.-narrow BandPane { width: 100%; }
    BattleScreen.-folded #bands { height: 70%; max-height: 70%; }
    BattleScreen.-folded BandPane { height: 2; }
    BattleScreen.-folded BandPane.-open { height: 1fr; max-height: 100%; }
    BattleScreen #hand-pane { display: none; width: 56; height: 1fr; }
    BattleScreen.-wide #hand-pane { display: block; }
    """

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Tracker(id="tracker")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with Horizontal(id="bands"):
                    yield BandPane("A", id="band-A")
                    yield BandPane("B", id="band-B")
                yield LogPane(id="log")
            yield CardHand(id="hand-pane")
        yield SteadyBar(id="status")
        yield SteadyFooter()

    def first_selection(self) -> str | None:
        state = self.state
        return self._follow_target(state) or (state.models_of("A")[0].id if state.models_of("A") else None)

    def select_first(self, key: str) -> None:
        self.select_model(key, focus=True)

    def resume(self) -> None:
        if self.state.order.phase == "choose-first":
            self.call_after_refresh(self.choose_first)

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        bands = width - (HAND_WIDTH if width >= WIDE else 0)
        stack = width < NARROW or (bands < SIDE_BY_SIDE and height >= TALL)
        self.set_class(stack, "-narrow")
        self.set_class(stack and height < SHORT, "-folded")
        self.set_class(event.size.width >= WIDE, "-wide")
        self._arrange_bands()

    def _arrange_bands(self, to_act: str | None = None) -> None:
        """Stacked, the side to act (``to_act``, else the present's) comes first; folded,
        the open pane is the focused one, else the side to act's."""
        if to_act is None:
            to_act = self.state.order.to_act
        first = to_act if to_act in ("A", "B") and self.has_class("-narrow") else "A"
        bands = self.query_one("#bands")
        if bands.children and bands.children[0] is not self.band(first):
            bands.move_child(self.band(first), before=0)
        focused = self.focused
        open_side = focused.side if isinstance(focused, BandPane) else (to_act if to_act in ("A", "B") else "A")
        for side in ("A", "B"):
            pane = self.band(side)
            if pane.has_class("-open") != (side == open_side):
                pane.set_class(side == open_side, "-open")

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self.has_class("-folded"):
            self._arrange_bands()

    # ------------------------------------------------------------------ reading
    def band(self, side: str) -> BandPane:
        return self.query_one(f"#band-{side}", BandPane)

    def rows_kept_above_dialogs(self) -> int:
        """How many rows at the top a dialog over this screen leaves in view: the top bar
        and the band pane of the model acting (or selected) down to its row."""
        state = self.state
        model = state.order.active_model or self.selected
        side = state.model(model).side if model and state.has_model(model) else None
        pane = self.band(side) if side in ("A", "B") else None
        return rows_kept_above(self.query_one(Tracker), pane, model, self.size.height)

    @on(TopBarResized)
    def _top_bar_resized(self) -> None:
        dialog = self.app.screen
        if getattr(dialog, "host", None) is self:  # a roll dialog or a picker under the top bar
            dialog.keep_the_top_visible()

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        state = self.shown_state  # the present, or the moment under review
        self.query_one(Tracker).show(state, self.review_banner() or self.session.read_only)
        for side in ("A", "B"):
            self.band(side).show(state, to_act=state.order.to_act == side)
        self._arrange_bands(state.order.to_act)
        self.show_log(self.query_one(LogPane))
        self._redraw_hand()

    def _redraw_hand(self) -> None:
        hand = self.query_one("#hand-pane", CardHand)
        if self.has_class("-wide"):
            hand.show(self.state, self.selected)

    # ------------------------------------------------------------------ selection
    def select_model(self, model_id: str, focus: bool = False) -> None:
        if not self.state.has_model(model_id):
            return
        self.selected = model_id
        side = self.state.model(model_id).side
        if side in ("A", "B"):
            pane = self.band(side)
            pane.select(model_id)
            if focus and not pane.has_focus:  # focusing again repaints the whole pane
                pane.focus()
        self._redraw_hand()

    def _follow_target(self, state: Any) -> str | None:
        """The model the GM most likely wants next: the active one, else the first
        model still to act on the side whose turn it is."""
        o = state.order
        if o.active_model:
            return o.active_model
        if o.to_act in ("A", "B"):
            waiting = state.waiting(o.to_act)
            if self.selected and any(m.id == self.selected for m in waiting):
                return self.selected
            if waiting:
                return waiting[0].id
        return None

    def follow(self) -> None:
        target = self._follow_target(self.state)
        if target is None:
            return
        focused = self.focused
        in_band = isinstance(focused, BandPane) or focused is None
        self.select_model(target, focus=in_band)

    @on(ModelSelected)
    def _model_selected(self, message: ModelSelected) -> None:
        self.selected = message.model_id
        self._redraw_hand()

    # ------------------------------------------------------------------ session results
    def turn_key(self, state: Any) -> Hashable:
        o = state.order
        return (o.round, o.phase, o.to_act, o.active_model)

    # ------------------------------------------------------------------ widget intents
    @on(CardPlayRequested)
    def _card_play_requested(self, message: CardPlayRequested) -> None:
        self.play_card(message.side, message.card, message.model_id)

    def action_log_entry(self) -> None:
        log = self.query_one(LogPane)
        if log.on_earlier_row:
            log.show_earlier()
            return
        seq = log.highlighted_seq
        if seq is None:
            self.set_status("The log is empty.")
            return
        self.show_log_entry(seq)
