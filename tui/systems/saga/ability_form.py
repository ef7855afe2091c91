"""The SAGA melee ability form: a battle board's ability typed in by the GM [SAGA-M5]."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from engine.rulesets.saga.terms import original, term
from tui.dialogs.prompt import FORM_CSS

ABILITY_FIELDS = (
    ("name", f"{term('Ability')} name (from the {term('Battle board')})", "", None),
    ("attack_dice", f"Extra {term('Attack dice')}", "0", r"-?[0-9]*"),
    ("defence_dice", f"Extra {term('Defence dice')}", "0", r"[0-9]*"),
    ("reroll_attack", "Attack dice it lets you re-roll", "0", r"[0-9]*"),
    ("reroll_defence", "Defence dice it lets you re-roll", "0", r"[0-9]*"),
    ("own_armour", f"+ own {term('Armour')}", "0", r"-?[0-9]*"),
    ("enemy_armour", f"− enemy {term('Armour')}", "0", r"[0-9]*"),
    ("acts_in", "Acts in step (3, 4 or 5)", "3", r"[345]?"),
)


class AbilityForm(ModalScreen[Any]):
    """A melee ability as the battle board gives it [SAGA-M5]; dismisses with a dict of the
    ``DeclareAbility`` fields (numbers as ints) or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="skirmish.ability-cancel")]
    DEFAULT_CSS = FORM_CSS.format(name="AbilityForm")

    def __init__(self, who: str) -> None:
        super().__init__()
        self.who = who

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                f"{self.who} declares a SAGA ability ({original('SAGA ability')}); "
                f"the {term('Battle board')} texts are not in the source [SAGA-M5]",
                classes="question",
            )
            for key, label, value, restrict in ABILITY_FIELDS:
                yield Static(label, classes="hint")
                yield Input(value, restrict=restrict, id=f"ability-{key}")
            yield Static("", id="prompt-error")
            yield Static("tab next field · ⏎ declare · esc cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#ability-name", Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        out: dict[str, Any] = {}
        for key, label, _, _ in ABILITY_FIELDS:
            text = self.query_one(f"#ability-{key}", Input).value.strip()
            if key == "name":
                if not text:
                    self.query_one("#prompt-error", Static).update("Give the ability a name.")
                    return
                out[key] = text
            else:
                try:
                    out[key] = int(text or "0")
                except ValueError:
                    self.query_one("#prompt-error", Static).update(f"{label}: a whole number, please.")
                    return
        self.dismiss(out)

    def action_cancel(self) -> None:
        self.dismiss(None)
