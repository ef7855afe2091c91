"""Keys typed ahead of a dialog flow (a terminal sends "s ↓ ⏎ 6 6 ⏎" at once).

A flow of dialogs (choose a target, then the roll) opens and closes screens more slowly
than a GM types. A key that reaches the app while the flow is between two steps would
act on the wrong screen: on a dialog not yet mounted (the key was lost), on one that has
its answer and is closing (a second ↓ moved the closed list), or on the battle screen
beneath before the next dialog is pushed (a stray key changed the battle). So the app
(its public ``on_event``, ``on_key`` and ``push_screen``) holds each key
(``KeysAhead``) while a step is in motion:

* the key before it went on to a binding and what it set off is not done (a picker's
  answer is a message away; a command is saved, then shown);
* a dialog was pushed and is not mounted and focused yet (``ready_for_keys``);
* a dialog has its answer (``DismissOnce``) and its result callback has not run;
* the session is saving, or the key was typed for a screen no longer on top;

and gives the held keys to the app again, in the order typed, once nothing is queued
in the app, its screens or their widgets and the screen has refreshed: the same as
typing them one at a time, each after the app has finished with the one before. A
field that takes keys itself (typed dice, an answer) holds a key the same way
(``waits``), and passes on one typed after its own answer (``pass_on``).
"""

from __future__ import annotations

import asyncio
import inspect
from bisect import insort
from collections import OrderedDict
from collections.abc import Callable
from time import monotonic
from typing import Any, Protocol, runtime_checkable

from textual import events

from tui.screens.session_screen import SessionScreen

PATIENCE = 1.5
"""Seconds a held key waits at most: then it goes to whatever has the keys (a flow that
never settles must not swallow the keyboard)."""
ROUTED = 256
"""Keys on their way remembered at most (a key a widget took never comes back)."""


@runtime_checkable
class Step(Protocol):
    """A dialog that is a step of a flow (``DismissOnce``): keys wait until it is ready."""

    @property
    def ready_for_keys(self) -> bool:
        """Mounted, focused, and no answer taken yet."""
        ...


@runtime_checkable
class HoldsKeysAhead(Protocol):
    """An app with a ``KeysAhead`` (``SkirmishApp``)."""

    keys_ahead: KeysAhead


class KeysAhead:
    """The app's hold on keys typed ahead of a dialog flow (one per app)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.held: list[tuple[int, str, str | None]] = []
        """The keys held, in the order typed: (number, key, character)."""
        self.routed: OrderedDict[int, tuple[events.Key, int, Any]] = OrderedDict()
        """Each key on its way (by ``id``): the event, its number in the order typed and
        the screen that was on top when it was typed."""
        self.count = 0
        self.answers = 0
        """Dialogs that have their answer and whose result callback has not run yet."""
        self.settling = False
        """A key went on to its binding and what it set off has not come to rest yet."""
        self.since = 0.0
        """When the wait began (``monotonic``)."""
        self.polling = False

    # ------------------------------------------------------------------ the flow's steps
    def answered(self) -> None:
        """A dialog took its answer (its result callback is coming: ``follow``)."""
        self.answers += 1

    def follow(self, screen: Any, callback: Callable[[Any], Any] | None) -> Callable[[Any], Any] | None:
        """The result callback to push ``screen`` with: for a dialog that counts its answer
        (``DismissOnce``: it has ``ready_for_keys``), ``callback`` and then the answer is
        counted as handled; any other screen keeps ``callback``."""
        if not isinstance(screen, Step):
            return callback

        async def handled(result: Any) -> None:
            try:
                if callback is not None:
                    outcome = callback(result)
                    if inspect.isawaitable(outcome):
                        await outcome
            finally:
                self.answers = max(0, self.answers - 1)

        return handled

    # ------------------------------------------------------------------ where the keys go
    def in_motion(self) -> bool:
        """A step of a flow is in motion: a key now would reach the wrong screen."""
        app = self.app
        if self.answers:
            return True
        screen = app.screen
        if not screen.is_mounted or (isinstance(screen, Step) and not screen.ready_for_keys):
            return True
        return any(isinstance(s, SessionScreen) and s.session.busy for s in app.screen_stack)

    def queued(self) -> bool:
        """A message waits in the app, a screen of the stack or one of its widgets (a key
        on its way, a change still to be shown)."""
        app = self.app
        return bool(app.message_queue_size) or any(
            node.message_queue_size for screen in app.screen_stack for node in screen.walk_children(with_self=True)
        )

    def waits(self) -> bool:
        """A key now must wait: keys are held already (the order typed is kept), the key
        before is still being handled, or a flow is in motion."""
        return bool(self.held) or self.settling or self.in_motion()

    def typed(self, event: events.Key) -> bool:
        """A key as typed (before it goes to the focused widget): numbered, and held if
        it must wait. True if held (it goes no further now)."""
        self.count += 1
        self.routed[id(event)] = (event, self.count, self.app.screen)
        while len(self.routed) > ROUTED:
            self.routed.popitem(last=False)
        if self.waits():
            self.hold(event)
            return True
        return False

    def arrived(self, event: events.Key) -> None:
        """A key on its way to the bindings (no widget took it): held if it must wait or
        was typed for a screen no longer on top (its widgets had it; the new one has
        not); else it goes on, and the next key waits until what it sets off has run
        (an answer's message, a command saved and shown, the next dialog mounted)."""
        entry = self.routed.get(id(event))
        moved = entry is not None and entry[0] is event and entry[2] is not self.app.screen
        if moved or self.waits():
            self.hold(event)
            return
        self.routed.pop(id(event), None)
        self.settling = True
        self._start()

    def hold(self, event: events.Key) -> None:
        """Hold ``event`` until the flow has come to rest."""
        event.stop()
        event.prevent_default()
        entry = self.routed.pop(id(event), None)
        number = entry[1] if entry is not None and entry[0] is event else self.count + 1
        insort(self.held, (number, event.key, event.character), key=lambda held: held[0])
        self._start()

    def _start(self) -> None:
        if not self.polling:
            self.polling = True
            self.since = monotonic()
            self.app.call_later(self._poll)

    def _patient(self) -> bool:
        return monotonic() - self.since < PATIENCE

    async def _poll(self) -> None:
        # The next check is queued before this one yields: the app always has a message
        # while keys wait (what waits for the app to be idle waits for them too).
        if (self.in_motion() or self.queued()) and self._patient():
            self.app.call_later(self._poll)
            await asyncio.sleep(0)
            return
        if self.held and self._patient():
            # Quiet now; a step may still wait for the screen's next refresh (a callback
            # after refresh): look again once it has run.
            self.app.call_after_refresh(self._after_refresh)
            return
        self._rest()

    def _after_refresh(self) -> None:
        if (self.in_motion() or self.queued()) and self._patient():
            self.app.call_later(self._poll)
            return
        self._rest()

    def _rest(self) -> None:
        """The flow has come to rest: the held keys go to the app again, in the order typed."""
        self.polling = False
        self.settling = False
        keys, self.held = self.held, []
        app = self.app
        for _, key, character in keys:
            app.post_message(events.Key(key, character).set_sender(app))


def keys_ahead(app: Any) -> KeysAhead | None:
    """The app's ``KeysAhead`` (None for an app without one). Read from the app itself:
    a table of apps kept beside them kept every app alive (its ``KeysAhead`` holds it)."""
    return app.keys_ahead if isinstance(app, HoldsKeysAhead) else None


def waits(app: Any, event: events.Key) -> bool:
    """For a field that takes keys itself (typed dice, an answer): hold ``event`` if it
    must wait for keys typed before it (held) or for a step in motion; True if held."""
    ahead = keys_ahead(app)
    if ahead is None or not ahead.waits():
        return False
    ahead.hold(event)
    return True


def pass_on(app: Any, event: events.Key) -> None:
    """``event`` reached a dialog's field after the dialog had its answer: hold it for
    what has the keys once the flow has come to rest (the next dialog, the pane)."""
    ahead = keys_ahead(app)
    if ahead is not None:
        ahead.hold(event)
        return
    event.stop()
    event.prevent_default()
    key, character = event.key, event.character
    app.screen.call_next(lambda: app.post_message(events.Key(key, character).set_sender(app)))
