"""The Star Quest dashboard: the round tracker, the heroes' pane (wounds, power points,
spell tokens, conditions, activation), the AI units' pane, what is open now, the battle
log, a status line and the footer.

The screen owns the session. The GM's commands (``star_quest_commands.StarQuestCommands``)
go to the session; the screen redraws when the session says the new events are on disk,
then offers what the new state asks for: a power-point offer, the attack's next roll, a
morale test, the AI flow-chart dialog.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from engine.rulesets.star_quest import view
from tui.actions import key_of
from tui.counts import HELP_LINE
from tui.dialogs.kept_rows import TopBarResized, rows_kept_above
from tui.messages import BattleChanged, CommandRefused, UnitSelected
from tui.screens.game_screen import GameScreen
from tui.systems.star_quest.commands import StarQuestCommands
from tui.systems.star_quest.hero_pane import HeroPane
from tui.systems.star_quest.keys import HERO_KEYS, STAR_QUEST_KEYS
from tui.systems.star_quest.pending import SQPending
from tui.systems.star_quest.tracker import SQTracker
from tui.widgets.log_pane import LogPane
from tui.widgets.steady_bar import SteadyBar
from tui.widgets.steady_footer import SteadyFooter

key = STAR_QUEST_KEYS.key


def star_quest_guide() -> Text:
    """How a Star Quest round goes, with the keys from the registry (the help screen shows it)."""
    return Text.assemble(
        ("How a Star Quest round goes\n", "bold underline"),
        f"1. {key('sq-start-round')} starts the round: spell tokens, Ambush arrivals, waves and mission events.\n",
        f"2. Hero phase: the players pick a hero ({HERO_KEYS.key('sq-unit-down')}/{HERO_KEYS.key('sq-unit-up')}) and "
        f"{key('sq-activate')} activates it. {key('sq-action')} its action (Hold, Advance, Rush, Charge, Rest, "
        f"Skill; a second one is the extra action for 2 PP), {key('sq-skill')} its skill action, "
        f"{key('sq-shoot')} shoots after Hold or Advance (the exact hits and wounds show before the roll), "
        f"{key('sq-cast')} casts. Type the dice rolled at the table, or r for the app's roll.\n",
        f"3. A failed test (typed or rolled) is held and offers to pay 2 PP to pass before its consequence; "
        f"{key('sq-continue')} goes on with whatever is open "
        f"(offer, roll, morale test). {key('sq-end-activation')} ends the activation: morale and fatigue follow.\n",
        f"4. AI phase: select the AI unit nearest a conscious hero, {key('sq-activate')}: the flow-chart dialog "
        "asks each question (y / n), shows the path and proposes the action: ⏎ takes it, o overrides it with a "
        f"reason. Then shoot ({key('sq-shoot')}) or fight as chosen, and {key('sq-end-activation')}.\n",
        f"5. {key('sq-end-round')} ends the round when every unit has acted.\n",
        "An action the rules forbid now (a hero already activated, a shot before Hold or Advance) is refused "
        "with its reason and rule before any picker or die; an activation is not ended while a roll, offer or "
        "melee is open. GM corrections start on “No change”.\n",
        f"{HELP_LINE}\n",
        f"Undo {key_of('undo')}, redo {key_of('redo')}. Every command is saved as it happens.\n",
    )


class StarQuestScreen(StarQuestCommands, GameScreen):
    """One Star Quest battle in play."""

    KEYS = STAR_QUEST_KEYS
    PANE_KEYS = (HERO_KEYS,)
    COMMON_IN_FOOTER = frozenset()
    GUIDE = staticmethod(star_quest_guide)

    DEFAULT_CSS = """
    StarQuestScreen { layout: vertical; }
    StarQuestScreen #panes { height: auto; max-height: 60%; }
    StarQuestScreen #lower { height: 1fr; }
    """

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        self.ai_dialog: Any = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield SQTracker(id="tracker")
        with Vertical(id="panes"):
            yield HeroPane("heroes", id="heroes")
            yield HeroPane("ai", id="enemies")
        with Vertical(id="lower"):  # the rows left: the open question and the log share them
            yield SQPending(id="pending")
            yield LogPane(id="log")
        yield SteadyBar(id="status")
        yield SteadyFooter()

    def first_selection(self) -> str | None:
        return self._follow_target() or (self.state.units[0].id if self.state.units else None)

    def select_first(self, key: str) -> None:
        self.select_unit(key, focus=True)

    def resume(self) -> None:
        if self.state.busy or view.ai_question(self.state):
            self.call_after_refresh(self.prompt_step)

    # ------------------------------------------------------------------ reading
    def pane_of(self, unit_id: str) -> HeroPane:
        return self.query_one("#heroes" if self.state.unit(unit_id).hero else "#enemies", HeroPane)

    def rows_kept_above_dialogs(self) -> int:
        """How many rows at the top a dialog over this screen leaves in view: the top bar
        and the pane of the unit activating (or selected) down to its row."""
        s = self.state
        unit = s.activation.unit if s.activation else self.selected
        pane = self.pane_of(unit) if unit and s.has_unit(unit) else None
        return rows_kept_above(self.query_one(SQTracker), pane, unit, self.size.height)

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        s = self.shown_state  # the present, or the moment under review
        rv = view.round_view(s)
        pending = view.pending(s)
        self.query_one(SQTracker).show(s, rv, pending, self.session.read_only)
        self.query_one("#heroes", HeroPane).show(
            "Heroes", view.hero_lines(s), to_act=rv.phase == "heroes", activating=rv.activating
        )
        self.query_one("#enemies", HeroPane).show(
            "AI units", view.enemy_lines(s), to_act=rv.phase == "ai", activating=rv.activating
        )
        self.query_one(SQPending).show(s, pending, view.ai_question(s))
        self.show_log(self.query_one(LogPane))

    # ------------------------------------------------------------------ selection
    def select_unit(self, unit_id: str, focus: bool = False) -> None:
        if not self.state.has_unit(unit_id):
            return
        self.selected = unit_id
        pane = self.pane_of(unit_id)
        pane.select(unit_id)
        if focus and not pane.has_focus:  # focusing again repaints the whole pane
            pane.focus()

    def _follow_target(self) -> str | None:
        """The activating unit, else the first unit of the phase's side still to act."""
        s = self.state
        if s.activation:
            return s.activation.unit
        if s.turn.phase == "heroes":
            ready = [h.id for h in view.hero_lines(s) if h.can_activate]
            return ready[0] if ready else None
        if s.turn.phase == "ai":
            ready = [e.id for e in view.enemy_lines(s) if e.on_table and e.models and not e.activated]
            return ready[0] if ready else None
        return None

    @on(TopBarResized)
    def _top_bar_resized(self) -> None:
        if self.ai_dialog is not None and self.ai_dialog.is_attached:
            self.ai_dialog.keep_the_top_visible()

    @on(UnitSelected)
    def _unit_selected(self, message: UnitSelected) -> None:
        self.selected = message.unit_id

    # ------------------------------------------------------------------ session results
    def turn_key(self, state: Any) -> Hashable:
        return (state.turn, state.activation is None)

    def follow(self) -> None:
        target = self._follow_target()
        if target:
            self.select_unit(target, focus=self.focused is None or isinstance(self.focused, HeroPane))

    def after_change(self, message: BattleChanged) -> None:
        if self.ai_dialog is not None and self.ai_dialog.is_attached:
            self.ai_dialog.refresh_view()
        if message.kind == "command" and not self.session.busy:
            self.call_after_refresh(self.after_command, message.events)

    def after_refusal(self, message: CommandRefused) -> bool:
        return self.ai_dialog is not None and self.ai_dialog.is_attached and self.ai_dialog.refused(message)
