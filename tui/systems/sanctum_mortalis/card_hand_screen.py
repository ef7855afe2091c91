"""The event-card hand for the selected model, in a modal. Enter plays the highlighted
card: the screen dismisses with ``(side, card, model)`` for the battle screen."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from tui.citations import cite_rich, citer
from tui.messages import CardPlayRequested
from tui.systems.sanctum_mortalis.card_hand import CardHand, card_detail
from tui.widgets.fitted_line import FittedLine

LIST_ROWS = 24
"""The most rows the card list takes; fewer in a short terminal (see ``on_resize``)."""
ROWS_BELOW_LIST = 2 + 7 + 1
"""The dialog's border, the highlighted card's detail (at most 7 rows) and the hint."""

HINTS = (
    "⏎ play the highlighted card on the selected model · ↑↓ move · esc close",
    "⏎ play on the selected model · ↑↓ move · esc close",
    "⏎ play · ↑↓ move · esc close",
)
"""The keys hint, longest first: the dialog shows the longest its width has room for (at
60 columns the first was cut)."""


class CardHandScreen(ModalScreen[Any]):
    """Both players' cards for one model."""

    BINDINGS = [Binding("escape,c,q", "close", "Close", id="skirmish.hand-close")]

    DEFAULT_CSS = """
    CardHandScreen {
        align: center middle;
        background: $background 60%;
    }
    CardHandScreen > Vertical {
        width: 100; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface;
    }
    CardHandScreen CardHand { height: auto; max-height: 24; border: none; }
    CardHandScreen CardHand:focus { border: none; }
    CardHandScreen #hand-detail { height: auto; max-height: 7; padding: 1 1 0 1;
                                  border-top: solid $panel-lighten-2; }
    CardHandScreen #hand-hint { height: auto; color: $text-muted; padding: 0 1; }
    """

    def __init__(self, state: Any, model_id: str | None) -> None:
        super().__init__()
        self.state = state
        self.model_id = model_id

    def compose(self) -> ComposeResult:
        box = Vertical()
        box.border_title = "Event cards"
        with box:
            yield CardHand(id="hand")
            yield Static("", id="hand-detail")
            yield FittedLine(*HINTS, id="hand-hint")

    def on_mount(self) -> None:
        hand = self.query_one(CardHand)
        hand.show(self.state, self.model_id)
        hand.first_playable()
        hand.focus()
        self.query_one(Vertical).border_title = hand.border_title

    def on_resize(self, event: Any) -> None:
        """In a short terminal the list scrolls, so the detail and the hint stay in view."""
        rows = max(3, min(LIST_ROWS, event.size.height - ROWS_BELOW_LIST))
        self.query_one(CardHand).styles.max_height = rows

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        card = self.query_one(CardHand).highlighted_card
        detail = cite_rich(card_detail(card), citer(self.app)) if card else ""  # rules: the book's
        self.query_one("#hand-detail", Static).update(detail)

    def on_card_play_requested(self, message: CardPlayRequested) -> None:
        message.stop()
        self.dismiss((message.side, message.card, message.model_id))

    def action_close(self) -> None:
        self.dismiss(None)
