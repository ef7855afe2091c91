"""Quit when the terminal is gone.

A closed terminal window normally ends the app with a SIGHUP. It does not when the
signal goes elsewhere: ``make run`` is the terminal's controlling process under tmux,
an ssh link drops without one. The app then reads a terminal that no longer exists:
Textual's input thread sees end-of-file and reads again at once, a core at 100% for as
long as the process lives (Textual PR #6690), with the battle's save still open.

The terminal's device node is unlinked when it goes (``st_nlink`` 0), which ``fstat``
sees without reading the input the driver owns. ``SkirmishApp`` checks every
``EVERY`` seconds and quits as ``q`` does: the save is closed, the battle resumes
where it was.

Plain ``os`` calls, no Textual internals. Drop this module (and ``SkirmishApp``'s
``_watch_terminal``) once Textual's fix for the end-of-file input loop (Textual PR
#6690) is in a release this project requires: the driver will then end the app itself.
"""

from __future__ import annotations

import os
import sys

EVERY = 2.0
"""Seconds between checks: a gone terminal costs at most this much busy CPU."""


def terminal_fd() -> int | None:
    """The app's terminal input (as Textual's driver reads it), or None when it is not a
    terminal (headless tests, input from a pipe): nothing to watch."""
    stream = sys.__stdin__
    try:
        fd = stream.fileno() if stream is not None else -1
    except (OSError, ValueError):
        return None
    return fd if fd >= 0 and os.isatty(fd) else None


def terminal_gone(fd: int) -> bool:
    """The terminal behind ``fd`` was closed (its device node unlinked) or the fd is bad."""
    try:
        return os.fstat(fd).st_nlink == 0
    except OSError:
        return True
