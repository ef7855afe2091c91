"""The SAGA dashboard: the turn tracker, a unit pane per warband, the step being
resolved (with the fatigue spends open to the opponent), the battle log, a status
line and the footer.

The screen owns the session. The GM's commands (``saga_commands.SagaCommands``) go to
the session; the screen redraws when the session says the new events are on disk,
then offers what the new state asks for: the opponent's fatigue spend when a move or
a shot opens, the shot's rolls, the melee dialog.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from engine.rulesets.saga import view
from engine.rulesets.saga.tables import T4_RADIUS
from engine.rulesets.saga.terms import band
from tui.actions import key_of
from tui.counts import HELP_LINE
from tui.dialogs.kept_rows import TopBarResized, rows_kept_above
from tui.messages import BattleChanged, CommandRefused, UnitSelected
from tui.screens.game_screen import GameScreen
from tui.systems.saga.commands import SagaCommands
from tui.systems.saga.keys import SAGA_KEYS, UNIT_KEYS
from tui.systems.saga.step_panel import StepPanel
from tui.systems.saga.tracker import SagaTracker
from tui.systems.saga.unit_pane import UnitPane
from tui.widgets.log_pane import LogPane
from tui.widgets.steady_bar import SteadyBar
from tui.widgets.steady_footer import SteadyFooter

key = SAGA_KEYS.key


def saga_guide() -> Text:
    """How a SAGA turn goes, with the keys from the registry (the help screen shows it)."""
    return Text.assemble(
        ("How a SAGA turn goes\n", "bold underline"),
        f"1. {key('saga-start-turn')} starts a player turn (the first time: choose the side).\n",
        f"2. Select a unit ({UNIT_KEYS.key('saga-unit-down')}/{UNIT_KEYS.key('saga-unit-up')}, "
        f"{key_of('next-pane')} switches "
        f"warband) and activate it: {key('saga-move')} move, {key('saga-charge')} charge (move to engage, then "
        f"the melee), {key('saga-shoot')} shoot (target, cover, then what lies on the line of sight: "
        "blocked lines are refused unless you rule them clear, §5.2 [SAGA-A14]), "
        f"{key('saga-rest')} rest (first activation only: −1 fatigue).\n",
        "3. When a move or a shot opens and the opponent may spend the unit's fatigue, the app asks the "
        f"opponent at once; later, {key('saga-fatigue')} offers the spends still open. {key('saga-continue')} "
        "goes on with the open step: complete the move, roll the shot, or the melee dialog.\n",
        "4. The melee dialog walks the 8 steps: letters are the choices of the step (models taking part, "
        "trade, abilities, fatigue spends, re-rolls; with two units on a side [SAGA-M3], which enemy unit each "
        "attacks and how its owner splits the casualties), the exact casualty odds update as they change, type the "
        "dice rolled at the table at steps 4 and 5 (the Attacker's first) or press r for the app's roll, "
        "⏎ closes the step. After a roll, each die a declared ability may re-roll is listed with the exact "
        "chance its re-roll succeeds; type the new face (abilities are declared at step 3, as the rules say).\n",
        f"5. {key('saga-end-turn')} ends the turn. Fatigue is gained as the rules say (a second move or shot "
        f"in a turn, each melee, a friend wiped out within {band(T4_RADIUS)}): the log says which rule each time.\n",
        (
            "Fatigue ●●○ 2/3: markers with the class limit; EXH: exhausted (only Rest; half attack dice when "
            "attacked). Values marked * come from the per-class house-default settings, not the roster.\n",
            "dim",
        ),
        "An activation the rules forbid is refused with its reason and rule before any picker opens; a turn "
        "is not ended while a move, shot or melee is open.\n",
        f"{HELP_LINE}\n",
        f"Undo {key_of('undo')}, redo {key_of('redo')}. Every command is saved as it happens.\n",
    )


class SagaScreen(SagaCommands, GameScreen):
    """One SAGA battle in play."""

    KEYS = SAGA_KEYS
    PANE_KEYS = (UNIT_KEYS,)
    COMMON_IN_FOOTER = frozenset()
    GUIDE = staticmethod(saga_guide)

    DEFAULT_CSS = """
    SagaScreen { layout: vertical; }
    SagaScreen #units { height: auto; max-height: 60%; }
    SagaScreen UnitPane { margin: 0 0 0 0; }
    SagaScreen #step { margin: 0 0 0 0; }
    SagaScreen #lower { height: 1fr; }
    """

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        self.melee_dialog: Any = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield SagaTracker(id="tracker")
        with Vertical(id="units"):
            yield UnitPane("A", id="units-A")
            yield UnitPane("B", id="units-B")
        with Vertical(id="lower"):  # the rows left: the step panel and the log share them
            yield StepPanel(id="step")
            yield LogPane(id="log")
        yield SteadyBar(id="status")
        yield SteadyFooter()

    def first_selection(self) -> str | None:
        return self._follow_target() or (self.state.units[0].id if self.state.units else None)

    def select_first(self, key: str) -> None:
        self.select_unit(key, focus=True)

    def resume(self) -> None:
        if self.state.busy:
            self.call_after_refresh(self.prompt_step)

    # ------------------------------------------------------------------ reading
    def pane(self, side: str) -> UnitPane:
        return self.query_one(f"#units-{side}", UnitPane)

    def busy_unit(self) -> str | None:
        s = self.state
        if s.melee:
            return s.melee.charge or s.melee.pools[0].unit
        if s.shot:
            return s.shot.shooter
        return s.move.unit if s.move else None

    def rows_kept_above_dialogs(self) -> int:
        """How many rows at the top a dialog over this screen leaves in view: the top bar
        and the side to act down to the unit being resolved (or selected)."""
        unit = self.busy_unit() or self.selected
        pane = self.pane(self.state.unit(unit).side) if unit and self.state.has_unit(unit) else None
        return rows_kept_above(self.query_one(SagaTracker), pane, unit, self.size.height)

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        state = self.shown_state  # the present, or the moment under review
        step = view.pending_step(state)
        offers = view.fatigue_offers(state)
        self.query_one(SagaTracker).show(state, step, offers, self.session.read_only)
        lines = view.unit_lines(state)
        for side in ("A", "B"):
            self.pane(side).show(
                state.side_name(side),
                [ln for ln in lines if ln.side == side],
                to_act=state.turn.phase == "turn" and state.turn.active == side,
                busy_unit=self.busy_unit(),
            )
        self.query_one(StepPanel).show(state, step, offers)
        self.show_log(self.query_one(LogPane))

    # ------------------------------------------------------------------ selection
    def select_unit(self, unit_id: str, focus: bool = False) -> None:
        if not self.state.has_unit(unit_id):
            return
        self.selected = unit_id
        pane = self.pane(self.state.unit(unit_id).side)
        pane.select(unit_id)
        if focus and not pane.has_focus:  # focusing again repaints the whole pane
            pane.focus()

    def _follow_target(self) -> str | None:
        """The unit being resolved, else the selection if it is on the side to act, else
        that side's first unit that has not activated."""
        busy = self.busy_unit()
        if busy:
            return busy
        s = self.state
        if s.turn.phase != "turn":
            return None
        if self.selected and s.has_unit(self.selected) and s.unit(self.selected).side == s.turn.active:
            return self.selected
        units = s.units_of(s.turn.active)
        pick = [u for u in units if not u.activations] or list(units)
        return pick[0].id if pick else None

    @on(TopBarResized)
    def _top_bar_resized(self) -> None:
        if self.melee_dialog is not None and self.melee_dialog.is_attached:
            self.melee_dialog.keep_the_top_visible()

    @on(UnitSelected)
    def _unit_selected(self, message: UnitSelected) -> None:
        self.selected = message.unit_id

    # ------------------------------------------------------------------ session results
    def turn_key(self, state: Any) -> Hashable:
        return (state.turn, state.busy)

    def follow(self) -> None:
        target = self._follow_target()
        if target:
            self.select_unit(target, focus=self.focused is None or isinstance(self.focused, UnitPane))

    def after_change(self, message: BattleChanged) -> None:
        if self.melee_dialog is not None and self.melee_dialog.is_attached:
            self.melee_dialog.refresh_view()
        elif message.kind == "command":
            self.prompt_step()

    def after_refusal(self, message: CommandRefused) -> bool:
        if self.melee_dialog is not None and self.melee_dialog.is_attached and self.melee_dialog.refused(message):
            return True
        return super().after_refusal(message)
