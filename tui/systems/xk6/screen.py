"""The xK6 dashboard: the turn tracker, a model pane per band (wounds, stun, burning,
held, magazines, command points, speed in force), the attack being resolved, the
battle log, a status line and the footer.

The screen owns the session. The GM's commands (``xk6_commands.XK6Commands``) go to
the session; the screen redraws when the session says the new events are on disk.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from engine.rulesets.xk6 import view
from tui.actions import key_of
from tui.counts import HELP_LINE
from tui.dialogs.kept_rows import TopBarResized, rows_kept_above
from tui.messages import BattleChanged, ModelSelected
from tui.screens.game_screen import GameScreen
from tui.systems.xk6.attack_panel import XK6AttackPanel
from tui.systems.xk6.commands import XK6Commands
from tui.systems.xk6.keys import MODEL_KEYS, XK6_KEYS
from tui.systems.xk6.model_pane import XK6ModelPane
from tui.systems.xk6.tracker import XK6Tracker, side_to_act
from tui.widgets.log_pane import LogPane
from tui.widgets.steady_bar import SteadyBar
from tui.widgets.steady_footer import SteadyFooter

key = XK6_KEYS.key


def xk6_guide() -> Text:
    """How an xK6 turn goes, with the keys from the registry (the help screen shows it)."""
    return Text.assemble(
        ("How an xK6 turn goes\n", "bold underline"),
        f"1. {key('xk6-turn')} starts the turn: type both initiative dice (1d6 + highest Command) or let the "
        f"app roll; {key('xk6-turn')} again lets the winner choose who activates first (a tie rolls again).\n",
        f"2. Select a model ({MODEL_KEYS.key('xk6-model-down')}/{MODEL_KEYS.key('xk6-model-up')}, "
        f"{key_of('next-pane')} switches band), "
        f"{key('xk6-activate')} activates it: move and attack, move and designate, hold, reload or a skill; a "
        "move asks for the speed column (its Att/Def modifiers hold until the model's next activation). A "
        "burning model first rolls its burning die, and a Medic its healing die: type it or let the app roll.\n",
        f"3. {key('xk6-attack')} attacks: the weapon and kind, the ROF split (to DAM or radius, with the "
        "magazine's chance to run dry), the target(s); the dialog shows both pools with every modifier and "
        "rule and the exact success levels. Letters change range, cover, crossfire, rear; type the dice rolled "
        "(Stealth die, Att dice, then each Def pool) or press r. Indirect fire: after the hit test, pick the "
        "models under it, then type their Def dice or press r.\n",
        f"4. {key('xk6-command-point')} spends a command point: after the dice and before the attack is "
        "resolved, re-roll a test of the open attack (Att, Def or a failed Stealth die: the new dice typed, the "
        "exact odds shown) or a failed Medic die, or buy an activation. {key('xk6-continue')} resolves the attack: damage against Armour, wounds, stun, burning, "
        "the ammunition check.\n",
        f"5. {key('xk6-end-activation')} ends the activation; the other side activates next. When every model "
        f"has activated, {key('xk6-turn')} starts the next turn.\n",
        "A model that may not activate or attack now is refused with the engine's reason and rule before any "
        "picker opens; the activation does not end while an attack or reaction is open.\n",
        f"{HELP_LINE}\n",
        (
            f"Weapons: ■3 loaded with 3 spare magazines, EMPTY 3 needs a reload ({key('xk6-activate')} → reload), "
            "4r rounds of a limited-ammunition weapon. State: STUN, BURN, HELD (a held action: "
            f"{key('xk6-react')} reacts), OUT.\n",
            "dim",
        ),
        f"Undo {key_of('undo')}, redo {key_of('redo')}, settings {key_of('settings')}. Every command is saved "
        "as it happens.\n",
    )


class XK6Screen(XK6Commands, GameScreen):
    """One xK6 battle in play."""

    KEYS = XK6_KEYS
    PANE_KEYS = (MODEL_KEYS,)
    COMMON_IN_FOOTER = frozenset()
    GUIDE = staticmethod(xk6_guide)
    PICKERS_UNDER_THE_TOP = True

    DEFAULT_CSS = """
    XK6Screen { layout: vertical; }
    XK6Screen #models { height: auto; max-height: 60%; }
    """

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield XK6Tracker(id="tracker")
        with Vertical(id="models"):
            yield XK6ModelPane("A", id="models-A")
            yield XK6ModelPane("B", id="models-B")
        yield XK6AttackPanel(id="attack")
        yield LogPane(id="log")
        yield SteadyBar(id="status")
        yield SteadyFooter()

    def first_selection(self) -> str | None:
        return self._follow_target() or (self.state.models[0].id if self.state.models else None)

    def select_first(self, key: str) -> None:
        self.select_model(key, focus=True)

    # ------------------------------------------------------------------ reading
    def pane(self, side: str) -> XK6ModelPane:
        return self.query_one(f"#models-{side}", XK6ModelPane)

    def acting_model(self) -> str | None:
        s = self.state
        if s.attack is not None:
            return s.attack.attacker
        if s.reaction:
            return s.reaction
        return s.turn.active.model if s.turn.active else None

    def rows_kept_above_dialogs(self) -> int:
        """How many rows at the top a dialog over this screen leaves in view: the top bar
        and the pane of the model acting (or selected) down to its row."""
        model = self.acting_model() or self.selected
        pane = self.pane(self.state.model(model).side) if model and self.state.has_model(model) else None
        return rows_kept_above(self.query_one(XK6Tracker), pane, model, self.size.height)

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        state = self.shown_state  # the present, or the moment under review
        tv = view.turn_view(state)
        self.query_one(XK6Tracker).show(state, tv, self.session.read_only)
        lines = view.model_lines(state)
        acting = self.acting_model()
        to_act = side_to_act(state, tv)
        for side in ("A", "B"):
            self.pane(side).show(
                state.side_name(side), [ln for ln in lines if ln.side == side], to_act=to_act == side, acting=acting
            )
        self.query_one(XK6AttackPanel).show(state, view.pending_view(state))
        self.show_log(self.query_one(LogPane))

    # ------------------------------------------------------------------ selection
    def select_model(self, model_id: str, focus: bool = False) -> None:
        if not self.state.has_model(model_id):
            return
        self.selected = model_id
        pane = self.pane(self.state.model(model_id).side)
        pane.select(model_id)
        if focus and not pane.has_focus:  # focusing again repaints the whole pane
            pane.focus()

    def _follow_target(self) -> str | None:
        """The model acting, else the selection if it may activate, else the first model of
        the side to activate that has not."""
        acting = self.acting_model()
        if acting:
            return acting
        s = self.state
        if s.turn.bonus:
            return s.turn.bonus[0]
        side = s.turn.next_side
        if s.turn.phase != "activations" or side is None:
            return None
        if self.selected and s.has_model(self.selected) and view.legal_options(s, self.selected):
            return self.selected
        waiting = s.waiting(side)
        return waiting[0].id if waiting else None

    @on(TopBarResized)
    def _top_bar_resized(self) -> None:
        dialog = self.app.screen
        if getattr(dialog, "host", None) is self:  # a roll dialog or a picker under the top bar
            dialog.keep_the_top_visible()

    @on(ModelSelected)
    def _model_selected(self, message: ModelSelected) -> None:
        self.selected = message.model_id

    # ------------------------------------------------------------------ session results
    def turn_key(self, state: Any) -> Hashable:
        return (state.turn, state.attack is None)

    def follow(self) -> None:
        target = self._follow_target()
        if target:
            self.select_model(target, focus=self.focused is None or isinstance(self.focused, XK6ModelPane))

    def after_change(self, message: BattleChanged) -> None:
        if message.kind == "command":
            self.after_command(message.events)
