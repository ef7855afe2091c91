"""Helpers for ``tui_bench.py``: a frame clock for Textual apps, and the child process
that times one start-up (alone, without arguments, it only says so: ``make bench``
runs every ``bench/*.py``).

    python bench/tui_bench_app.py bare|app|command|open SAVES_DIR [SAVE_FILE]

Prints one JSON line: CLOCK_MONOTONIC timestamps (seconds) of the interpreter reaching
this file, the first frame drawn (and which screen it showed) and, for Skirmish Desk,
the first frame that shows the battle screen. The parent subtracts the time it took
just before starting the process (CLOCK_MONOTONIC is system-wide on Linux and macOS).
``rss`` is the process's resident memory in MB (``VmRSS``) ``SETTLE_S`` after that
frame, the app idle and still running (Linux only; absent elsewhere). ``cpu_first`` and
``cpu_battle``: the process's CPU time (all threads, ``time.process_time``) at those frames.

* ``bare``: a bare ``textual.app.App`` with one ``Static`` (the baseline).
* ``app``: ``SkirmishApp`` imported from ``tui.app`` and run on a launch plan for the
  saves folder, as ``tui.launch`` builds it (an empty folder: the demo battle).
* ``command``: what the ``skirmish`` command runs: ``tui.cli.main(["--saves", DIR])``
  (its imports, argument parsing, ``tui.launch``), with the app class swapped for a
  clocked one that runs headless (``tui.app`` imported where the command imports it:
  when ``tui.launch`` runs the app, not before ``main``).
* ``open``: the same, as ``skirmish open SAVE_FILE`` (a long battle ``tui_bench.py`` wrote).

A frame counts once Textual has composited it and handed it to ``App._display``. A
headless app skips turning the frame into terminal escape codes; the clock does that
step too (and throws the text away), so a frame costs what it costs in a terminal.
Only ``sys``, ``os``, ``json`` and ``time`` are imported before the app's own imports.
"""

from __future__ import annotations

import json
import os
import sys
import time

if hasattr(time, "clock_gettime") and hasattr(time, "CLOCK_MONOTONIC"):

    def now() -> float:
        """System-wide monotonic seconds (comparable between processes)."""
        return time.clock_gettime(time.CLOCK_MONOTONIC)
else:  # Windows: wall clock, the best shared clock there is
    now = time.time

T_READY = now()
"""When the interpreter reached this module (before any app import)."""

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZE = (120, 40)
"""The terminal size the benchmarks draw (the TUI tests' size)."""
SETTLE_S = 1.0
"""Seconds the app runs idle after the frame that counts before its memory is read (the
work queued after the first frame, such as the idle collections, is done by then)."""


def rss_mb() -> float | None:
    """The process's resident set size in MB, from ``/proc`` (None where there is none)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def clocked(base: type) -> type:
    """A subclass of the Textual app class ``base`` that notes when each frame is drawn.

    ``app.on_frame(t)`` (if set) runs after each drawn frame with its time; the app's
    ``frames`` counts them."""
    import inspect

    from textual._compositor import CompositorUpdate

    class Clocked(base):  # type: ignore[misc, valid-type]
        _BASE_PATH = getattr(base, "_BASE_PATH", None) or inspect.getfile(base)  # CSS_PATH stays the app's
        frames = 0
        on_frame = None
        encode_frames = True

        def _display(self, screen, renderable) -> None:  # noqa: ANN001 - Textual's signature
            drawn = renderable is not None and not self._batch_count
            super()._display(screen, renderable)
            if not drawn:
                return
            if self.encode_frames and self.is_headless and isinstance(renderable, CompositorUpdate):
                renderable.render_segments(self.console)  # what a terminal would be sent
            t = now()
            self.frames += 1
            if self.on_frame is not None:
                self.on_frame(t)

    Clocked.__name__ = Clocked.__qualname__ = f"Clocked{base.__name__}"
    return Clocked


def _screen_name(app) -> str:  # noqa: ANN001
    try:
        return type(app.screen).__name__
    except Exception:  # noqa: BLE001 - no screen yet
        return "?"


def _startup_hook(app, marks: dict, wait_for_battle: bool) -> None:  # noqa: ANN001
    """First frame: note it (and exit for the bare app); Skirmish Desk: exit once a
    frame shows the battle screen."""

    def finish() -> None:
        rss = rss_mb()
        if rss is not None:
            marks["rss"] = rss
        app.exit()

    def on_frame(t: float) -> None:
        name = _screen_name(app)
        if "first" not in marks:
            marks["first"] = t
            marks["cpu_first"] = time.process_time()
            marks["first_screen"] = name
            if not wait_for_battle:
                app.set_timer(SETTLE_S, finish)
        if wait_for_battle and "battle" not in marks and name == "BattleScreen":
            marks["battle"] = t
            marks["cpu_battle"] = time.process_time()
            app.set_timer(SETTLE_S, finish)

    app.on_frame = on_frame


GC_TUNING_ENV = "SKIRMISH_BENCH_GC_TUNING"
"""``on`` or ``off``: the start-up child forces ``tui.idle_gc.ENABLED`` (the parent's
``--gc-tuning``); unset, the app decides as it does for the GM."""


def _gc_tuning() -> None:
    forced = os.environ.get(GC_TUNING_ENV)
    if forced in ("on", "off"):
        from tui import idle_gc

        idle_gc.ENABLED = forced == "on"


def child(mode: str, saves: str, file: str = "") -> int:
    marks: dict = {"ready": T_READY}
    if mode != "bare":
        sys.path.insert(0, REPO)
        _gc_tuning()
    if mode == "bare":
        from textual.app import App, ComposeResult
        from textual.widgets import Static

        class Bare(App[None]):
            def compose(self) -> ComposeResult:
                yield Static("A bare Textual app: one Static.")

        app = clocked(Bare)()
        _startup_hook(app, marks, wait_for_battle=False)
        app.run(headless=True, size=SIZE)
    elif mode == "app":
        sys.path.insert(0, REPO)
        from tui.app import SkirmishApp
        from tui.opening import LaunchPlan  # what tui.launch imports to build the plan

        app = clocked(SkirmishApp)(LaunchPlan(mode="resume", saves=saves))
        _startup_hook(app, marks, wait_for_battle=True)
        app.run(headless=True, size=SIZE)
    elif mode in ("command", "open"):
        sys.path.insert(0, REPO)
        import tui.launch

        run_plan = tui.launch._run

        def headless_run(plan):  # noqa: ANN001, ANN202
            import tui.app  # where the command imports it: after its own set-up (tui.launch)

            base = clocked(tui.app.SkirmishApp)

            class Headless(base):  # type: ignore[misc, valid-type]
                def run(self, **kwargs):  # noqa: ANN003, ANN201
                    _startup_hook(self, marks, wait_for_battle=True)
                    kwargs.update(headless=True, size=SIZE)
                    return super().run(**kwargs)

            tui.app.SkirmishApp = Headless  # tui.launch imports it from tui.app when it runs
            return run_plan(plan)

        tui.launch._run = headless_run
        from tui.cli import main

        main(["--saves", saves] if mode == "command" else ["open", file, "--saves", saves])
    else:
        print(f"unknown mode {mode!r}", file=sys.stderr)
        return 2
    print(json.dumps(marks))
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 3:  # `make bench` runs every bench/*.py: nothing to time alone
        print(
            "tui_bench_app.py: the start-up child of tui_bench.py (usage: tui_bench_app.py bare|app|command "
            "SAVES_DIR); run bench/tui_bench.py"
        )
        sys.exit(0)
    sys.exit(child(*sys.argv[1:4]))
