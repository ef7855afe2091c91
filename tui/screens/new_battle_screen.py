"""Start a new battle: the rule system, two roster files (or the bundled demo bands), a
scenario (Sanctum Mortalis), a seed."""
from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class NewBattleScreen(ModalScreen[Any]):
    """Dismisses with a ``LaunchPlan`` ("new", or "demo" when no roster is given) or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="skirmish.new-cancel")]

    DEFAULT_CSS = """
    NewBattleScreen { align: center middle; background: $background 60%; }
    NewBattleScreen > Vertical {
        width: 90; max-width: 100%; height: auto;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    NewBattleScreen Input { margin: 0 0 1 0; }
    NewBattleScreen .hint { color: $text-muted; }
    NewBattleScreen #new-error { color: $error; }
    """

    def __init__(self, saves_dir: str | None) -> None:
        super().__init__()
        self.saves_dir = saves_dir

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("New battle", classes="title")
            yield Static("Rule system (sanctum-mortalis, saga, star-quest or xk6; empty: sanctum-mortalis):",
                         classes="hint")
            yield Input(placeholder="sanctum-mortalis", id="system")
            yield Static("First band's roster file (leave both empty for the demo bands):", classes="hint")
            yield Input(placeholder="bands/wolves.toml", id="roster-a")
            yield Static("Second band's roster file:", classes="hint")
            yield Input(placeholder="bands/saints.toml", id="roster-b")
            yield Static("Scenario, Sanctum Mortalis only (1–5 or a name; empty: roll for it, Slaughter for the "
                         "demo):", classes="hint")
            yield Input(placeholder="1", id="scenario")
            yield Static("Dice seed (empty: random):", classes="hint")
            yield Input(placeholder="", id="seed", type="integer")
            yield Static("", id="new-error")
            yield Static("⏎ start · tab next field · esc cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#system", Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        from ..opening import LaunchPlan
        from ..systems import UnknownSystem, find

        a = self.query_one("#roster-a", Input).value.strip()
        b = self.query_one("#roster-b", Input).value.strip()
        scenario = self.query_one("#scenario", Input).value.strip() or None
        seed_text = self.query_one("#seed", Input).value.strip()
        error = self.query_one("#new-error", Static)
        if bool(a) != bool(b):
            error.update("Give both roster files, or neither for the demo bands.")
            return
        try:
            system = find(self.query_one("#system", Input).value).name
        except UnknownSystem as err:
            error.update(str(err))
            return
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        if a:
            self.dismiss(LaunchPlan(mode="new", saves=self.saves_dir, rosters=(a, b), scenario=scenario, seed=seed,
                                    system=system))
        else:
            self.dismiss(LaunchPlan(mode="demo", saves=self.saves_dir, scenario=scenario, seed=seed, system=system))

    def action_cancel(self) -> None:
        self.dismiss(None)
