"""Open a saved battle: the saves folder listed in a worker (reading every save takes a
moment), newest first; saves that cannot be opened show their one-line reason."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.messages import SavesListed

if TYPE_CHECKING:
    from saves.listing import SaveSummary


class OpenSaveScreen(ModalScreen[Any]):
    """Pick a save (or type a path); dismisses with a ``LaunchPlan`` or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="skirmish.open-cancel")]

    DEFAULT_CSS = """
    OpenSaveScreen { align: center middle; background: $background 60%; }
    OpenSaveScreen > Vertical {
        width: 100; max-width: 100%; height: 80%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    OpenSaveScreen #saves { height: 1fr; border: none; }
    OpenSaveScreen #open-hint { color: $text-muted; }
    OpenSaveScreen #path { margin: 1 0 0 0; }
    """

    def __init__(self, saves_dir: str | None) -> None:
        super().__init__()
        self.saves_dir = saves_dir
        self.paths: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Open a saved battle", classes="title")
            yield OptionList(Option("Reading the saves folder…", disabled=True), id="saves")
            yield Input(placeholder="…or type the path of a .skirmish save and press ⏎", id="path")
            yield Static("⏎ open · tab: list / path · esc cancel", id="open-hint")

    def on_mount(self) -> None:
        self.query_one("#saves", OptionList).focus()
        self.load()

    @work(thread=True, exclusive=True)
    def load(self) -> None:
        """Thread worker: read the folder; the result comes back as ``SavesListed``."""
        import saves

        try:
            folder = saves.data_dir(self.saves_dir)
            found = saves.list_saves(folder)
        except saves.SaveError as err:
            self.post_message(SavesListed([], str(err)))
            return
        self.post_message(SavesListed(found))

    @on(SavesListed)
    def _listed(self, message: SavesListed) -> None:
        self.show(message.found, message.error)

    def show(self, found: list[SaveSummary], error: str) -> None:
        listing = self.query_one("#saves", OptionList)
        listing.clear_options()
        if error:
            listing.add_option(Option(Text(error, style="red"), disabled=True))
            return
        if not found:
            listing.add_option(Option("No saved battles yet.", disabled=True))
            return
        for i, s in enumerate(found):
            line = Text()
            line.append(s.modified.strftime("%Y-%m-%d %H:%M  "), style="dim")
            if s.error:
                line.append(s.path.name, style="dim")
                line.append(f"  {s.error}", style="red")
            else:
                from tui.save_summary import summary_line

                line.append(summary_line(s))
                if s.warning:
                    line.append("  damaged: opens read-only", style="yellow")
            self.paths[str(i)] = str(s.path)
            listing.add_option(Option(line, id=str(i), disabled=bool(s.error)))

    @on(OptionList.OptionSelected, "#saves")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        path = self.paths.get(event.option.id or "")
        if path:
            self._open(path)

    @on(Input.Submitted, "#path")
    def _typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self._open(event.value.strip())

    def _open(self, path: str) -> None:
        from tui.opening import LaunchPlan

        self.dismiss(LaunchPlan(mode="open", saves=self.saves_dir, file=path))

    def action_cancel(self) -> None:
        self.dismiss(None)
