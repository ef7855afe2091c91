"""The first screen: what is being opened, with progress, so a long load never looks
frozen. If opening fails it shows the one-line reason and what the GM can do.
Progress and a failure may be given before the screen is mounted: it starts with them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static


class LoadingScreen(Screen[None]):
    """Progress of opening a battle."""

    DEFAULT_CSS = """
    LoadingScreen { align: center middle; }
    LoadingScreen > Vertical {
        width: 72;
        max-width: 100%;
        height: auto;
        border: round $primary;
        padding: 1 2;
    }
    LoadingScreen #title { text-style: bold; padding-bottom: 1; }
    LoadingScreen #step { color: $text-muted; }
    LoadingScreen #error { color: $error; padding-top: 1; }
    LoadingScreen ProgressBar { padding-top: 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._step = "Starting…"
        self._fraction: float | None = None
        self._error = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Skirmish Desk", id="title")
            yield Static(self._step, id="step")
            bar = ProgressBar(total=None, show_eta=False, show_percentage=False, id="bar")
            if self._fraction is not None:
                bar.update(total=100, progress=self._fraction * 100)
            bar.display = not self._error
            yield bar
            yield Static(self._error, id="error")
        yield Footer()

    def step(self, text: str, fraction: float | None = None) -> None:
        self._step = text
        if fraction is not None:
            self._fraction = fraction
        for label in self.query("#step").results(Static):  # none before compose: it starts with the text
            label.update(text)
        if fraction is not None:
            for bar in self.query(ProgressBar):
                bar.update(total=100, progress=fraction * 100)

    def failed(self, text: str, hint: str) -> None:
        self._step = "Could not open the battle."
        self._error = f"{text}\n\n{hint}"
        for label in self.query("#step").results(Static):
            label.update(self._step)
        for bar in self.query(ProgressBar):
            bar.display = False
        for label in self.query("#error").results(Static):
            label.update(self._error)
