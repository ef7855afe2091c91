"""The first screen: what is being opened, with progress, so a long load never looks
frozen. If opening fails it shows the one-line reason and what the GM can do."""

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

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Skirmish Desk", id="title")
            yield Static("Starting…", id="step")
            yield ProgressBar(total=None, show_eta=False, show_percentage=False, id="bar")
            yield Static("", id="error")
        yield Footer()

    def step(self, text: str, fraction: float | None = None) -> None:
        self.query_one("#step", Static).update(text)
        bar = self.query_one(ProgressBar)
        if fraction is not None:
            bar.update(total=100, progress=fraction * 100)

    def failed(self, text: str, hint: str) -> None:
        self.query_one("#step", Static).update("Could not open the battle.")
        self.query_one(ProgressBar).display = False
        self.query_one("#error", Static).update(f"{text}\n\n{hint}")
