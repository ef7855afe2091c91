"""Waiting in Pilot tests: on the condition a test needs, never a fixed pause.

``pilot.press`` and ``pilot.pause()`` wait for the process to look idle: at least
20 ms a call (Textual samples CPU time over 20 ms slices, up to 1 s on a busy box).
A suite of a few thousand key presses spends minutes there. These helpers instead
let the app handle what is queued (``pilot.pause(0)``: every pending message of the
screen's widgets, then one turn of the event loop) and check the app's own state:
message queues empty, workers done, animations over, the session not writing.
Public Textual API only.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Callable
from time import monotonic
from typing import Any

from textual import events
from textual.keys import ASCII_KEY_NAMES, KEY_NAME_REPLACEMENTS, KEY_TO_UNICODE_NAME, REPLACED_KEYS

TIMEOUT = 10.0
"""How long a wait may take before the test fails (a busy shared machine is slow)."""

QUIET_ROUNDS = 1
"""Rounds in a row with nothing queued before a settle ends. One is enough: the queues
are read after the round's refresh, so what that refresh or its callbacks queued is seen
(two cost about a fifth more CPU in the Pilot tests and changed no result)."""

POLL = 0.005
"""Between two checks once the app is quiet but the condition is not yet true (a
thread worker or a timer still to come): a short sleep, so the waiting does not take
the CPU from the thread it waits for."""


def _screen_nodes(app: Any) -> list[Any]:
    nodes: list[Any] = [app]
    for screen in app.screen_stack:
        nodes.extend(screen.walk_children(with_self=True))
    return nodes


def has_messages(app: Any) -> bool:
    """A message waits in the app or in a widget of one of its screens."""
    return any(node.message_queue_size for node in _screen_nodes(app))


def is_working(app: Any) -> bool:
    """A worker runs, or the battle session (if any) is writing."""
    if any(worker.is_running for worker in app.workers):
        return True
    session = getattr(app, "session", None)
    return bool(getattr(session, "busy", False))


def is_quiet(app: Any) -> bool:
    """Nothing queued, no worker running, the session not writing."""
    return not has_messages(app) and not is_working(app)


async def settle(pilot: Any, timeout: float = TIMEOUT) -> None:
    """Let the app handle everything a key set off: messages, screens pushed and
    mounted, workers and the journal write, animations; return once it is quiet."""
    app = pilot.app
    deadline = monotonic() + timeout
    quiet = 0
    while quiet < QUIET_ROUNDS:
        await app.animator.wait_until_complete()
        await pilot.pause(0)
        if has_messages(app):
            quiet = 0
        elif is_working(app):
            quiet = 0
            await asyncio.sleep(POLL)
        else:
            quiet += 1
            continue
        if monotonic() > deadline:
            raise AssertionError(f"the app was still busy after {timeout}s (screen: {app.screen})")


async def wait_for(pilot: Any, condition: Callable[[], object], what: str = "", timeout: float = TIMEOUT) -> None:
    """Let the app run until ``condition()`` holds; fail with ``what`` after ``timeout``."""
    app = pilot.app
    deadline = monotonic() + timeout
    while True:
        await pilot.pause(0)
        if condition():
            return
        if monotonic() > deadline:
            raise AssertionError(f"still waiting for {what or condition} after {timeout}s (screen: {app.screen})")
        if not has_messages(app):  # a thread or a timer to come: do not take the CPU from it
            await asyncio.sleep(POLL)


async def wait_for_screen(pilot: Any, kind: type, timeout: float = TIMEOUT) -> Any:
    """Wait until the top screen is a ``kind`` (and settled); return it."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, kind), f"a {kind.__name__}", timeout)
    await settle(pilot, timeout)
    return pilot.app.screen


def key_event(key: str) -> events.Key:
    """The key event a terminal sends for ``key`` (a key name or one character), as
    ``pilot.press`` builds it."""
    if len(key) == 1 and not key.isalnum():
        try:
            name = unicodedata.name(key).lower().replace("-", "_").replace(" ", "_")
        except ValueError:
            name = ASCII_KEY_NAMES.get(key, key)
        key = KEY_NAME_REPLACEMENTS.get(name, name)
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(KEY_TO_UNICODE_NAME.get(original, original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def press(pilot: Any, *keys: str) -> None:
    """Press keys one by one, letting the app handle each (saved and shown) before
    the next, without ``pilot.press``'s idle sampling."""
    app = pilot.app
    for key in keys:
        app.post_message(key_event(key).set_sender(app))
        await settle(pilot)
