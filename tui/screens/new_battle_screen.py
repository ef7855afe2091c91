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

FIELDS = ("roster-a", "roster-b", "mission")
"""Input fields for the files a system's new battle needs (``SystemSpec.files``): at most three."""


def files_for(system: str) -> tuple[tuple[str, str], ...]:
    """(label, example) of each file ``system`` needs."""
    from engine.ruleset import find_system

    return tuple((f.label, f.example) for f in find_system(system).files)


def has_scenarios(system: str) -> bool:
    """A new battle of ``system`` may name a scenario."""
    from engine.ruleset import find_system

    return find_system(system).scenario_key is not None


def _what(system: str) -> str:
    from engine.ruleset import find_system

    spec = find_system(system)
    if len(spec.files) == 2 and spec.files[0].what == spec.files[1].what:
        return "both roster files, or neither for the demo bands"
    count = {2: "both", 3: "all three"}.get(len(spec.files), f"all {len(spec.files)}")
    return f"{count} files ({', '.join(f.what for f in spec.files)}), or none for the bundled demo"


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
        self.system = ""

    def compose(self) -> ComposeResult:
        from engine.ruleset import default_system, systems

        default = default_system().name
        playable = [s.name for s in systems() if s.playable]
        with_scenarios = " or ".join(s.title for s in systems() if s.playable and s.scenario_key is not None)
        with Vertical():
            yield Static("New battle", classes="title")
            listed = ", ".join(playable[:-1]) + f" or {playable[-1]}" if len(playable) > 1 else default
            yield Static(f"Rule system ({listed}; empty: {default}):", classes="hint")
            yield Input(placeholder=default, id="system")
            for field in FIELDS:
                yield Static("", classes="hint", id=f"{field}-label")
                yield Input(id=field)
            yield Static(
                f"Scenario, {with_scenarios} only (1–5 or a name; empty: roll for it, Slaughter for the demo):",
                classes="hint",
                id="scenario-label",
            )
            yield Input(placeholder="1", id="scenario")
            yield Static("Dice seed (empty: random):", classes="hint")
            yield Input(placeholder="", id="seed", type="integer")
            yield Static("", id="new-error")
            yield Static("⏎ start · tab next field · esc cancel", classes="hint")

    def on_mount(self) -> None:
        from engine.ruleset import default_system

        self.show_fields(default_system().name)
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
        scenario = has_scenarios(system)
        self.query_one("#scenario-label", Static).display = scenario
        self.query_one("#scenario", Input).display = scenario

    @on(Input.Changed, "#system")
    def _system_typed(self, event: Input.Changed) -> None:
        from engine.ruleset import UnknownSystem, find_system

        try:
            spec = find_system(event.value)
        except UnknownSystem:
            return  # still typing: the fields stay as they are
        if spec.playable and spec.name != self.system:
            self.show_fields(spec.name)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        from engine.ruleset import UnknownSystem, find_system
        from tui.opening import LaunchPlan

        error = self.query_one("#new-error", Static)
        try:
            spec = find_system(self.query_one("#system", Input).value)
        except UnknownSystem as err:
            error.update(str(err))
            return
        if not spec.playable:
            error.update(f"A {spec.title} does not start here.")
            return
        system = spec.name
        self.show_fields(system)
        files = tuple(self.query_one(f"#{field}", Input).value.strip() for field in FIELDS[: len(files_for(system))])
        scenario = (self.query_one("#scenario", Input).value.strip() or None) if has_scenarios(system) else None
        seed_text = self.query_one("#seed", Input).value.strip()
        if any(files) and not all(files):
            error.update(f"Give {_what(system)}.")
            return
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        if all(files):
            self.dismiss(
                LaunchPlan(mode="new", saves=self.saves_dir, rosters=files, scenario=scenario, seed=seed, system=system)
            )
        else:
            self.dismiss(LaunchPlan(mode="demo", saves=self.saves_dir, scenario=scenario, seed=seed, system=system))

    def action_cancel(self) -> None:
        self.dismiss(None)
