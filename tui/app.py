"""The Skirmish Desk app: opens a battle (in a worker, with progress), shows the battle
screen, switches battles, and closes the save on quit.

Start-up stays light: only Textual is imported before the first frame; the engine,
saves and the dashboard load in the opening worker. The loading screen is only imported
and drawn when the first battle takes longer than ``LOADING_AFTER`` to open (or fails):
a battle that opens quickly is the first thing drawn.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import App

from tui import idle_gc
from tui.actions import APP_KEYS, bindings
from tui.dialogs.type_ahead import KeysAhead
from tui.messages import BattleChanged, BattleOpened, LoadProgress, OpenFailed, SessionClosed
from tui.palette import GMCommands

if TYPE_CHECKING:
    from tui.screens.loading_screen import LoadingScreen


def settle_memory() -> None:
    """Collect and freeze what is alive (``idle_gc.settle``) where the app tunes the
    collector (``idle_gc.ENABLED``): without it a 5,000-event battle stalled a key now
    and then for 100 ms or more on Python 3.11. Run once the battle is drawn, not before
    (a full collection there held the first frame of the battle back by about 65 ms)."""
    if idle_gc.ENABLED:
        idle_gc.settle()


IDLE_COLLECT_EVERY = 0.2
"""Seconds between checks for garbage to collect (``idle_gc``) besides the one after
each change is drawn: often enough that other screens' work (dialogs, pickers) is
collected before the next key, seldom enough to fall rarely inside a key's answer."""


LOADING_AFTER = 0.3
"""Seconds the first battle may take to open before the loading screen is shown: a
quicker open skips drawing it (composing and drawing it cost 20-40 ms of a start-up's
CPU, and its progress bar kept animating while the battle replayed)."""


class SkirmishApp(App[None]):
    """The dashboard. ``plan`` (a ``tui.opening.LaunchPlan``) says what to open first."""

    TITLE = "Skirmish Desk"
    CSS_PATH = "app.tcss"
    BINDINGS = bindings(APP_KEYS)
    COMMANDS = App.COMMANDS | {GMCommands}
    COMMAND_PALETTE_DISPLAY = "ctrl+p"
    _gc_thresholds: tuple[int, ...] | None = None
    _gc_paused = False
    """The collector is paused for start-up (``idle_gc.pause``) until the first battle is drawn."""

    def __init__(self, plan: Any = None) -> None:
        super().__init__()
        if plan is None:
            from tui.opening import LaunchPlan

            plan = LaunchPlan()
        self.plan = plan
        self.session: Any = None
        self._loading: LoadingScreen | None = None
        self._progress_seen: tuple[str, float | None] | None = None
        """The last progress reported before the loading screen was shown."""
        self._quitting = False
        self.exit_line = ""
        """A one-line error to print after the app has left the terminal (``exit_with_line``)."""
        self.keys_ahead = KeysAhead(self)
        """Keys typed ahead of a dialog flow wait here until what they are for has the keys."""

    # ------------------------------------------------------------------ keys typed ahead
    async def on_event(self, event: events.Event) -> None:
        """A key as typed waits while a dialog flow is in motion (``tui.dialogs.type_ahead``),
        so it reaches the screen it was typed for; everything else as ``App.on_event``."""
        if isinstance(event, events.Key) and not event.is_forwarded and self.keys_ahead.typed(event):
            return
        await super().on_event(event)

    def on_key(self, event: events.Key) -> None:
        """A key on its way to the bindings (no widget took it): held if it was typed for
        a screen no longer on top, or while a flow is in motion."""
        self.keys_ahead.arrived(event)

    def push_screen(self, screen: Any, callback: Any = None, wait_for_dismiss: bool = False, **kwargs: Any) -> Any:
        """As ``App.push_screen``; the app hears when a dialog's answer has been handled
        (the end of a step of a flow, for the keys typed ahead)."""
        push: Any = super().push_screen  # either overload: wait_for_dismiss passes through
        return push(screen, self.keys_ahead.follow(screen, callback), wait_for_dismiss, **kwargs)

    # ------------------------------------------------------------------ opening
    def on_load(self) -> None:
        """The app runs (its first event): collections wait until the first battle is drawn."""
        if idle_gc.ENABLED:
            self._gc_thresholds = idle_gc.defer_collections()
            self._gc_paused = idle_gc.pause()

    def on_mount(self) -> None:
        self.set_timer(LOADING_AFTER, self._show_loading, name="loading screen")
        self.open_plan(self.plan)
        if idle_gc.ENABLED:
            self.set_interval(IDLE_COLLECT_EVERY, idle_gc.collect_if_due, name="idle collections")
        if not self.is_headless:
            self._watch_terminal()

    def _show_loading(self) -> LoadingScreen | None:
        """The first battle is still opening: show its progress (once)."""
        if self.session is not None or self._loading is not None:
            return self._loading
        from tui.screens.loading_screen import LoadingScreen  # only when opening takes a while

        self._loading = LoadingScreen()
        if self._progress_seen is not None:
            self._loading.step(*self._progress_seen)
        self.push_screen(self._loading)
        return self._loading

    def _watch_terminal(self) -> None:
        """Quit as ``q`` does once the terminal is gone (``terminal_watch``)."""
        from tui.terminal_watch import EVERY, terminal_fd, terminal_gone

        fd = terminal_fd()
        if fd is None:
            return

        async def check() -> None:
            if terminal_gone(fd):
                await self.action_quit()

        self.set_interval(EVERY, check, name="terminal watch")

    def on_unmount(self) -> None:
        self._resume_collections()
        if self._gc_thresholds is not None:  # Python's own timing again once the app is gone
            idle_gc.restore(self._gc_thresholds)
        if idle_gc.ENABLED:
            idle_gc.release()

    def _resume_collections(self) -> None:
        """End the start-up pause of the collector (once)."""
        if self._gc_paused:
            self._gc_paused = False
            idle_gc.resume(True)

    @on(BattleChanged)
    def _collect_after_drawing(self, message: BattleChanged) -> None:
        """A change bubbles up here after its screen drew it: collect garbage once it is
        on screen (``idle_gc``)."""
        if idle_gc.ENABLED:
            self.call_after_refresh(idle_gc.collect_if_due)

    def open_plan(self, plan: Any) -> None:
        """Open ``plan`` in a thread worker; the current battle stays until it succeeds."""
        current = self.session
        if (
            plan.mode == "open"
            and current is not None
            and plan.file
            and Path(plan.file).expanduser().absolute() == current.path
        ):
            self.notify(f"{current.path.name} is already open.")
            return
        if current is not None:  # show progress over the current battle, which stays if opening fails
            from tui.screens.loading_screen import LoadingScreen

            self._loading = LoadingScreen()
            self.push_screen(self._loading)
        self.run_worker(
            lambda: self._open(plan), name="open", group="open", thread=True, exclusive=False, exit_on_error=False
        )

    def _open(self, plan: Any) -> None:
        """Thread worker: never touches widgets; reports by messages."""
        from tui.opening import note_last_battle, open_plan
        from tui.session import OpenError

        def progress(text: str, fraction: float | None = None) -> None:
            self.post_message(LoadProgress(text, fraction))

        try:
            session = open_plan(plan, progress, note_last=False)  # noted once it is on its way to the screen
        except OpenError as err:
            self.post_message(OpenFailed(str(err)))
            return
        except Exception as err:  # noqa: BLE001 - show one line, never a traceback
            self.post_message(OpenFailed(f"{err.__class__.__name__}: {err}"))
            return
        progress("Drawing the battle…", None)
        from tui.systems import UnknownSystem, screen_class

        try:
            screen = screen_class(session.battle.ruleset.name)  # imported here, never on the main thread
        except (UnknownSystem, ImportError) as err:  # no dashboard (yet) for this rule system
            session.close()
            self.post_message(OpenFailed(f"cannot show a {session.battle.ruleset.name} battle: {err}"))
            return
        self.post_message(BattleOpened(session, screen))
        note_last_battle(plan, session)  # an fsync'd write: while the main thread draws the battle

    @on(LoadProgress)
    def _progress(self, message: LoadProgress) -> None:
        self._progress_seen = (message.text, message.fraction)
        if self._loading is not None:
            self._loading.step(message.text, message.fraction)

    @on(BattleOpened)
    def _opened(self, message: BattleOpened) -> None:
        screen = message.screen  # imported by the worker: the main thread imports no system module meanwhile
        old = self.session
        self.session = message.session
        shown = screen(message.session)
        if old is None and self._loading is None:  # the first battle, opened before the loading screen was due
            while len(self.screen_stack) > 1:  # dialogs opened meanwhile
                self.pop_screen()
            self.push_screen(shown)
        else:
            while len(self.screen_stack) > 2:  # dialogs opened meanwhile, and the progress over the old battle
                self.pop_screen()
            self.switch_screen(shown)
        self._loading = None
        self.call_after_refresh(self._settle_memory)  # the replayed battle and the dashboard, once it is drawn
        if old is not None:
            self.run_worker(old.close, name="close-old", thread=True, exit_on_error=False)

    def _settle_memory(self) -> None:
        settle_memory()
        self._resume_collections()

    @on(OpenFailed)
    def _open_failed(self, message: OpenFailed) -> None:
        self._resume_collections()
        if self.session is None and self.plan.mode in ("open", "new"):
            self.exit_with_line(f"skirmish: {message.text}")
        elif self.session is None and (loading := self._show_loading()) is not None:
            loading.failed(message.text, "ctrl+n: new battle · ctrl+o: open a save · q: quit")
        else:
            if self._loading is not None and self.screen is self._loading:
                self.pop_screen()  # the current battle stays
            self._loading = None
            self.notify(message.text, title="Could not open", severity="error", timeout=12)

    def exit_with_line(self, line: str) -> None:
        """Exit with code 1; ``line`` is printed once the terminal is back (``tui.launch``),
        on one line whatever the terminal's width (Textual's exit message is wrapped)."""
        self.exit_line = " ".join(line.split())
        self.exit(return_code=1)

    # ------------------------------------------------------------------ app actions
    def cite(self, text: str) -> str:
        """``text`` with each rule cited as the rulebook of the battle open gives it."""
        return text if self.session is None else str(self.session.cite(text))

    def cite_short(self, text: str) -> str:
        """``text`` with each rule cited in the compact form (the book's section and page)."""
        return text if self.session is None else str(self.session.cite_short(text))

    def action_help(self) -> None:
        from tui.screens.help_screen import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen.of(self.screen))

    def action_new_battle(self) -> None:
        from tui.screens.new_battle_screen import NewBattleScreen

        def chosen(plan: Any) -> None:
            if plan is not None:
                self.open_plan(plan)

        self.push_screen(NewBattleScreen(self.plan.saves), chosen)

    def action_open_save(self) -> None:
        from tui.screens.open_save_screen import OpenSaveScreen

        def chosen(plan: Any) -> None:
            if plan is not None:
                self.open_plan(plan)

        self.push_screen(OpenSaveScreen(self.plan.saves), chosen)

    async def action_quit(self) -> None:
        """Finish writing, fold the save, then exit (the battle resumes where it was)."""
        if self._quitting:
            return
        self._quitting = True
        session = self.session
        if session is None:
            self.exit()
            return
        self.notify("Saving…", timeout=3)

        def close() -> None:
            try:
                session.close()
            except Exception as err:  # noqa: BLE001
                self.post_message(SessionClosed("quit", str(err)))
                return
            self.post_message(SessionClosed("quit"))

        await self.workers.wait_for_complete()
        self.run_worker(close, name="close", thread=True, exit_on_error=False)

    @on(SessionClosed)
    def session_closed(self, message: SessionClosed) -> None:
        if message.then == "quit":
            if message.error:
                self.exit_with_line(f"skirmish: {message.error}")
            else:
                self.exit()
