"""Start a new battle: the rule system, the files it needs (two band rosters; Star Quest:
the party, the enemies and the mission), or none for the bundled demo, a scenario (Sanctum
Mortalis), a seed. The fields follow the system typed."""
from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

TWO_BANDS = (("First band's roster file (leave both empty for the demo bands):", "bands/wolves.toml"),
             ("Second band's roster file:", "bands/saints.toml"))
FILES: dict[str, tuple[tuple[str, str], ...]] = {
    "star-quest": (("Party roster file, the heroes (leave all three empty for the bundled demo: The Vex Company "
                    "v the Cult of the Hollow Star in The Silent Relay):", "party.toml"),
                   ("Enemy roster file, the AI units:", "enemies.toml"),
                   ("Mission file (objectives, waves, search tokens, events):", "mission.toml")),
}
"""The files a new battle of each system needs: (label, example) per field; others: two bands."""
FIELDS = ("roster-a", "roster-b", "mission")
WHAT = {"star-quest": "all three files (party, enemies, mission), or none for the bundled demo"}
SCENARIO_SYSTEMS = frozenset({"sanctum-mortalis"})


def files_for(system: str) -> tuple[tuple[str, str], ...]:
    """(label, example) of each file ``system`` needs."""
    return FILES.get(system, TWO_BANDS)


class NewBattleScreen(ModalScreen[Any]):
    """Dismisses with a ``LaunchPlan`` ("new", or "demo" when no file is given) or None."""

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
        self.system = "sanctum-mortalis"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("New battle", classes="title")
            yield Static("Rule system (sanctum-mortalis, saga, star-quest or xk6; empty: sanctum-mortalis):",
                         classes="hint")
            yield Input(placeholder="sanctum-mortalis", id="system")
            for field in FIELDS:
                yield Static("", classes="hint", id=f"{field}-label")
                yield Input(id=field)
            yield Static("Scenario, Sanctum Mortalis only (1–5 or a name; empty: roll for it, Slaughter for the "
                         "demo):", classes="hint", id="scenario-label")
            yield Input(placeholder="1", id="scenario")
            yield Static("Dice seed (empty: random):", classes="hint")
            yield Input(placeholder="", id="seed", type="integer")
            yield Static("", id="new-error")
            yield Static("⏎ start · tab next field · esc cancel", classes="hint")

    def on_mount(self) -> None:
        self.show_fields("sanctum-mortalis")
        self.query_one("#system", Input).focus()

    def show_fields(self, system: str) -> None:
        """Label, example and show the file fields ``system`` needs (and the scenario)."""
        self.system = system
        wanted = files_for(system)
        for i, field in enumerate(FIELDS):
            shown = i < len(wanted)
            label, entry = self.query_one(f"#{field}-label", Static), self.query_one(f"#{field}", Input)
            label.display = entry.display = shown
            if shown:
                label.update(wanted[i][0])
                entry.placeholder = wanted[i][1]
        scenario = system in SCENARIO_SYSTEMS
        self.query_one("#scenario-label", Static).display = scenario
        self.query_one("#scenario", Input).display = scenario

    @on(Input.Changed, "#system")
    def _system_typed(self, event: Input.Changed) -> None:
        from ..systems import UnknownSystem, find

        try:
            system = find(event.value).name
        except UnknownSystem:
            return  # still typing: the fields stay as they are
        if system != self.system:
            self.show_fields(system)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        from ..opening import LaunchPlan
        from ..systems import UnknownSystem, find

        error = self.query_one("#new-error", Static)
        try:
            system = find(self.query_one("#system", Input).value).name
        except UnknownSystem as err:
            error.update(str(err))
            return
        self.show_fields(system)
        files = tuple(self.query_one(f"#{field}", Input).value.strip() for field in FIELDS[:len(files_for(system))])
        scenario = (self.query_one("#scenario", Input).value.strip() or None) if system in SCENARIO_SYSTEMS else None
        seed_text = self.query_one("#seed", Input).value.strip()
        if any(files) and not all(files):
            error.update(f"Give {WHAT.get(system, 'both roster files, or neither for the demo bands')}.")
            return
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        if all(files):
            self.dismiss(LaunchPlan(mode="new", saves=self.saves_dir, rosters=files, scenario=scenario, seed=seed,
                                    system=system))
        else:
            self.dismiss(LaunchPlan(mode="demo", saves=self.saves_dir, scenario=scenario, seed=seed, system=system))

    def action_cancel(self) -> None:
        self.dismiss(None)
