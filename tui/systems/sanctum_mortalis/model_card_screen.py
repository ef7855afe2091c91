"""The selected model's full card, in a modal. j/k (↑↓) flip through the band."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from tui.systems.sanctum_mortalis.model_card import ModelCard


class ModelCardScreen(ModalScreen[None]):
    """Shows ``ModelCard`` for one model of ``state``."""

    BINDINGS = [
        Binding("escape,enter,q", "close", "Close", id="skirmish.card-close"),
        Binding("j,down", "flip(1)", "Next model", id="skirmish.card-next"),
        Binding("k,up", "flip(-1)", "Previous model", id="skirmish.card-previous"),
    ]

    DEFAULT_CSS = """
    ModelCardScreen {
        align: center middle;
        background: $background 60%;
    }
    ModelCardScreen > VerticalScroll {
        width: 96;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        border-title-style: bold;
        background: $surface;
    }
    """

    def __init__(self, state: Any, model_id: str) -> None:
        super().__init__()
        self.state = state
        self.model_id = model_id

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_title = "Model card — esc closes · j/k next/previous model"
        with scroll:
            yield ModelCard()

    def on_mount(self) -> None:
        self.query_one(ModelCard).show(self.state, self.model_id)

    def action_flip(self, step: int) -> None:
        band = [m.id for m in self.state.models_of(self.state.model(self.model_id).side)]
        self.model_id = band[(band.index(self.model_id) + step) % len(band)]
        self.query_one(ModelCard).show(self.state, self.model_id)

    def action_close(self) -> None:
        self.dismiss(None)
