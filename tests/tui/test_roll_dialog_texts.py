"""A roll dialog shows its title, the line above the modifiers and a refusal as written:
a rule id in brackets ("[SAGA-M9]", "[XK-A10]", "[XK-A17]") is text, not markup."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from tui.dialogs.roll_dialog import RollAdapter, RollDialog, RollPreview

from .conftest import wait_for_screen


class _Adapter(RollAdapter):
    title = "Bondi shoots Fyrd Levy — HOUSE DEFAULT procedure [SAGA-M9]"
    options_title = "Each defender's Def pool and modifiers (§9 step 2 [XK-A10]):"

    def preview(self, toggles: Any, declined: Any, flags: Any) -> RollPreview:
        return RollPreview((), refusal="a re-rolled test may not be re-rolled again (§15 [XK-A17](c))", dice=1)

    def command(self, toggles: Any, declined: Any, flags: Any) -> Any:
        return None


class _Host(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("host")

    def on_mount(self) -> None:
        self.push_screen(RollDialog(_Adapter()))


async def test_rule_ids_in_brackets_stay_in_the_roll_dialog():
    app = _Host()
    async with app.run_test() as pilot:
        dialog = await wait_for_screen(pilot, RollDialog)
        assert "[SAGA-M9]" in str(dialog.query_one(Vertical).border_title)
        assert "[XK-A10]" in str(dialog.query_one("#modifiers-title", Static).render())
        assert "[XK-A17](c)" in str(dialog.query_one("#refusal", Static).render())
