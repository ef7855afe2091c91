"""The base of every screen that owns a session: each rule system's battle screen and the
post-battle screen.

It hands the GM's commands to the session and handles what comes back, the same way on
every screen: an accepted change (settle, redraw, follow the play, the status line), a
refusal (the reason and its rule in the status line, a toast unless the screen handles
it) and a failed save (nothing kept, said loudly). It binds the keys common to all of
them (``tui.actions.COMMON_KEYS``) after the screen's own ``KEYS``: a subclass names its
key groups and nothing else needs registering.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, ClassVar

from rich.text import Text
from textual.notifications import SeverityLevel
from textual.screen import Screen

from tui.actions import APP_KEYS, COMMON_KEYS, LOG_KEYS, KeyGroup, bindings
from tui.citations import cite_rich, citer
from tui.messages import BattleChanged, CommandRefused, LogEntryChosen, SaveFailed, SaveWarning
from tui.screens.session_results import change_status, refusal_line, refusal_status, save_failed_status
from tui.widgets.steady_bar import SteadyBar
from tui.widgets.steady_footer import KeysNext

PREPARE_STEP = 0.1
"""Seconds after the battle is drawn before the rules' reducers are imported (a short
pause between the GM's keys, not before the first frame)."""


class SessionScreen(Screen[None]):
    """A screen that owns a session (``tui.session.Session``).

    Subclasses set ``KEYS`` (their own actions), ``PANE_KEYS`` (their panes' actions, bound
    on the panes), ``COMMON_IN_FOOTER`` (the common keys their footer shows) and ``GUIDE``
    (the help screen's guide), compose a ``SteadyBar`` with id ``status``, and draw in
    ``redraw``. The hooks ``turn_key``, ``follow``, ``after_change`` and ``after_refusal``
    say what a change or a refusal means on this screen.
    """

    KEYS: ClassVar[KeyGroup | None] = None
    """The screen's own actions (a module of its rule system's: ``screens.<system>_keys``)."""
    PANE_KEYS: ClassVar[tuple[KeyGroup, ...]] = ()
    """Actions bound on the screen's panes (shown first by the help screen)."""
    SHARED_KEYS: ClassVar[tuple[KeyGroup, ...]] = (COMMON_KEYS,)
    """The keys common to every screen of this kind, bound after ``KEYS``."""
    COMMON_IN_FOOTER: ClassVar[frozenset[str]] = frozenset({"undo"})
    """The ids of the shared keys this screen's footer shows."""
    GUIDE: ClassVar[Callable[[], Any] | None] = None
    """The help screen's guide for this screen (None: none, only the keys)."""

    DEFAULT_CSS = """
    SessionScreen #status { height: 1; padding: 0 1; background: $boost; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A screen naming its KEYS gets its bindings from the key groups: the app's lead keys,
        # its own (footer order), then the shared ones. Only there, so that the footer order
        # is the screen's; set before Textual merges the class's bindings.
        if "KEYS" in cls.__dict__:
            own = bindings(cls.KEYS, lead=True) if cls.KEYS is not None else bindings(lead=True)
            shown = {a.id for g in cls.SHARED_KEYS for a in g.actions if a.id in cls.COMMON_IN_FOOTER or a.pinned}
            cls.BINDINGS = own + bindings(*cls.SHARED_KEYS, footer=shown)
        super().__init_subclass__(**kwargs)

    @classmethod
    def key_groups(cls) -> tuple[KeyGroup, ...]:
        """Every key group of this screen, in the help screen's order: the panes', the
        log's, the screen's own, the shared ones."""
        own = (cls.KEYS,) if cls.KEYS is not None else ()
        return (*cls.PANE_KEYS, LOG_KEYS, *own, *cls.SHARED_KEYS)

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session
        self.selected: str | None = None
        """The model or unit selected in a pane (None: none)."""

    @property
    def state(self) -> Any:
        """The battle (or campaign) as saved: commands are built from it."""
        return self.session.view.state

    # ------------------------------------------------------------------ drawing (the screen says)
    def redraw(self) -> None:
        """Draw every pane from the session."""

    def cite(self, text: str) -> str:
        """``text`` with each rule cited as the rulebook's section and page."""
        return citer(self.session)(text)

    def set_status(self, text: Text | str) -> None:
        """The status line; a rule in it is cited as the rulebook's section and page."""
        self.query_one("#status", SteadyBar).put(cite_rich(text, citer(self.session)))

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast, as the status line says it: a rule in it cited as the rulebook's
        section and page, and its text read as it is (a reading id in brackets,
        "[SAGA-M5]", is not markup to swallow)."""
        super().notify(self.cite(message), title=self.cite(title), severity=severity, timeout=timeout, markup=False)

    # ------------------------------------------------------------------ opening
    def on_mount(self) -> None:
        on_log = frozenset(a.binding_id for g in (*self.key_groups(), APP_KEYS) for a in g.actions if a.on_log)
        for pane in self.walk_children():  # on a log line the footer shows these keys next
            if isinstance(pane, KeysNext):
                pane.footer_next = on_log
        self.session.attach(self)
        self.sub_title = self.session.title
        self.redraw()
        self.opened()
        self.set_status(Text(self.session.note or f"Opened “{self.session.title}”", style="italic"))
        self.resume()
        self.set_timer(PREPARE_STEP, self._prepare_session, name="prepare the rules")

    def _prepare_session(self) -> None:
        """Once the battle is drawn: the rules' reducers imported for the first command."""
        self.session.prepare()

    def check_history(self) -> None:
        """Before undo or review: a battle opened at its resume point replays its log now
        (the states they start from); if the replay disagrees, the log's is shown, and said."""
        if self.session.battle.history_due and not self.session.fill_history():
            self.redraw()
            self.notify(
                "The state kept with the save did not match its log: the log's replay is shown.",
                severity="warning",
                timeout=10,
            )

    def opened(self) -> None:
        """After the first drawing: select and focus what the GM wants first."""
        first = self.first_selection()
        if first:
            self.select_first(first)

    def first_selection(self) -> str | None:
        """The unit or model to select when the screen opens (each screen says)."""
        return None

    def select_first(self, key: str) -> None:
        """Select ``key`` and focus its pane (each screen says how)."""

    def resume(self) -> None:
        """After opening: reopen whatever step was waiting (each screen may say)."""

    # ------------------------------------------------------------------ commands
    def reviewing(self) -> bool:
        """True while the GM reviews the log: commands wait for the present."""
        return False

    def submit(self, command: Any, dice: Any = None) -> None:
        """Hand a command to the session; the result comes back as a message."""
        if self.reviewing():
            return
        self.session.submit(command, dice)

    def action_undo(self) -> None:
        if not self.reviewing():
            self.check_history()
            self.session.undo()

    def action_redo(self) -> None:
        if not self.reviewing():
            self.session.redo()

    def action_continue_damaged(self) -> None:
        """A damaged save opened read-only: ask ("No" highlighted), then keep the entries
        before the damage and save again from there (a copy of each changed file stays)."""
        from tui.screens.picker_screen import confirm

        session = self.session
        if not session.damaged:
            self.notify("The save is not damaged: nothing to continue from.", severity="warning", timeout=6)
            return
        kept = len(session.battle.entries)

        def answered(yes: Any) -> None:
            if yes:
                self.run_worker(self._continue_damaged, name="continue", thread=True, exit_on_error=False)

        self.app.push_screen(
            confirm(
                f"Play on from entry {kept}? What came after it is set aside (kept as *.damaged files).",
                f"Yes: continue from entry {kept}",
                "No: keep it read-only",
            ),
            answered,
        )

    def _continue_damaged(self) -> None:
        """Thread worker: the store's repair; the screen hears back on the main thread."""
        try:
            self.session.continue_from_good()
        except Exception as err:  # noqa: BLE001 - one line for the GM
            self.app.call_from_thread(self._continued, str(err))
            return
        self.app.call_from_thread(self._continued, "")

    def _continued(self, error: str) -> None:
        if error:
            self.notify(error, title="Could not continue", severity="error", timeout=12)
            return
        self.redraw()
        self.set_status(Text(self.session.note, style="italic"))

    # ------------------------------------------------------------------ what came back
    def turn_key(self, state: Any) -> Hashable:
        """Where play stands (the selection follows it when it changes; each screen says)."""
        return None

    def follow(self) -> None:
        """Play moved on: select what the GM most likely wants next (each screen says)."""

    def after_change(self, message: BattleChanged) -> None:
        """Follow-ups the new state asks for, once it is drawn (each screen may say)."""

    def after_refusal(self, message: CommandRefused) -> bool:
        """A refusal this screen handles itself (a question, an open dialog); True when handled."""
        return False

    def on_battle_changed(self, message: BattleChanged) -> None:
        before = self.turn_key(self.state)
        view = self.session.settle()
        self.redraw()
        if self.turn_key(view.state) != before:
            self.follow()
        self.set_status(change_status(message.kind, message.events, view))
        self.after_change(message)

    def on_command_refused(self, message: CommandRefused) -> None:
        rejected = message.rejected
        line = self.cite(refusal_line(rejected))
        self.set_status(refusal_status(line))
        if not self.after_refusal(message) and not self.ask_to_force(message):
            self.notify(
                line, title="Not allowed" if rejected.kind == "illegal" else "Not done", severity="warning", timeout=6
            )

    def ask_to_force(self, message: CommandRefused) -> bool:
        """A refusal the GM may overrule (the engine names the command that goes ahead
        ``anyway``: an end with a roll still pending, models yet to act): ask, "No"
        highlighted; "Yes" sends that command. True when asked."""
        from tui.screens.picker_screen import confirm

        rejected = message.rejected
        anyway = rejected.anyway
        if rejected.kind != "ambiguous" or anyway is None:
            return False

        def answered(yes: Any) -> None:
            if yes:
                self.submit(anyway)

        self.app.push_screen(
            confirm(f"{self.cite(refusal_line(rejected))}?", f"Yes: {rejected.anyway_label}", "No: keep playing"),
            answered,
        )
        return True

    def on_save_failed(self, message: SaveFailed) -> None:
        self.session.failed(message.text)
        self.redraw()
        self.set_status(save_failed_status(message.text))
        self.notify(message.text, title="Could not save — the last command was not kept", severity="error", timeout=15)

    def on_save_warning(self, message: SaveWarning) -> None:
        self.notify(message.text, title="Saving goes on, but", severity="warning", timeout=12)

    def on_log_entry_chosen(self, message: LogEntryChosen) -> None:
        self.show_log_entry(message.seq)

    def show_log_entry(self, seq: int) -> None:
        """Open log entry ``seq``'s full breakdown."""
        from tui.report import later_lines
        from tui.screens.log_entry_screen import LogEntryScreen

        event = self.session.entry(seq)
        if event is not None:
            view = self.session.view
            undone = any(e.seq == seq for e in view.undone)
            summary = self.session.summary()
            names = {m.id: m.name for m in summary.members} | {k: summary.side_name(k) for k in summary.side_keys}
            later = () if undone else later_lines([e for e in view.events if e.seq >= seq]).get(seq, ())
            campaign = self.session.system.kind == "campaign"
            self.app.push_screen(LogEntryScreen(event, undone=undone, names=names, later=later, campaign=campaign))
