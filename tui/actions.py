"""The registry of GM actions: what every action is, and the keys common to all rule systems.

Each action is defined once. From it come the key bindings (each with a stable id, so a
keymap can rebind it), the footer entries, the help screen and the command palette.
Nothing else in the TUI spells out a key.

Actions come in ``KeyGroup``s, each bound in one place and shown under one heading of the
help screen: ``APP_KEYS`` on the App; ``COMMON_KEYS`` on every screen that owns a
session (``screens.session_screen.SessionScreen``); ``GAME_KEYS`` on every rule system's
battle screen (``screens.game_screen.GameScreen``); ``LOG_KEYS`` on the battle log pane.
A rule system's own keys live in its own module (``screens.<system>_keys``): its screen
names them as ``KEYS`` (and its panes' as ``PANE_KEYS``); nothing here knows the systems.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from textual.binding import Binding, BindingType

from engine.records import Record


class GMAction(Record):
    """One thing the GM can do.

    ``id``: stable identifier (the binding id is ``skirmish.<id>``); ``keys``: Textual key
    names, comma-separated; ``action``: the action method name (``action_<name>``);
    ``label``: the short footer text; ``help``: one line for the help screen and palette;
    ``footer``: shown in the footer; ``palette``: offered in the command palette;
    ``target``: ``screen`` or ``app`` (who carries it out), or ``widget`` for keys the
    focused pane handles itself (cursor movement).
    """

    id: str
    keys: str
    action: str
    label: str
    help: str
    footer: bool = False
    palette: bool = True
    key_display: str | None = None
    target: Literal["screen", "app", "widget"] = "screen"
    priority: bool = False
    lead: bool = False
    """An app action every session screen also binds first, so the footer always shows it."""
    pinned: bool = False
    """A shared action every screen binding it shows in its footer (where it fits)."""
    on_log: bool = False
    """Wanted on a log line: while the battle log has focus, the footer shows it right
    after the log's own keys (where it would come later and be left out for want of room)."""

    @property
    def binding_id(self) -> str:
        return f"skirmish.{self.id}"

    @property
    def key_list(self) -> tuple[str, ...]:
        return tuple(k.strip() for k in self.keys.split(","))

    def display_keys(self) -> str:
        """The keys as the help screen shows them: "j / down"."""
        if self.key_display:
            return self.key_display
        return " / ".join(_pretty(k) for k in self.key_list)

    def first_key(self) -> str:
        """The first key as the GM reads it ("n", "E", "ctrl+z")."""
        return self.display_keys().split(" / ")[0]


def _pretty(key: str) -> str:
    names = {"question_mark": "?", "shift+tab": "shift+tab", "enter": "enter", "escape": "esc"}
    if key in names:
        return names[key]
    return key  # a capital letter stays as the footer writes it: "E", "G", not "shift+e"


class KeyGroup(Record):
    """GM actions bound in one place, under one heading of the help screen.

    ``title``: the heading; ``actions``: in footer and help order; ``pane``: bound on a pane
    whose screen carries the actions out (their bindings get the ``screen.`` prefix).
    """

    title: str
    actions: tuple[GMAction, ...]
    pane: bool = False

    def __post_init__(self) -> None:
        ids = [a.id for a in self.actions]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"key group {self.title!r} defines {', '.join(twice)} twice")

    def action(self, action_id: str) -> GMAction:
        """The action with this id (KeyError if the group has none)."""
        for a in self.actions:
            if a.id == action_id:
                return a
        raise KeyError(action_id)

    def key(self, action_id: str) -> str:
        """The first key of one of the group's actions, as the GM reads it ("n", "ctrl+z")."""
        return self.action(action_id).first_key()


APP_KEYS = KeyGroup(
    "Anywhere",
    (
        GMAction(
            "help",
            "question_mark,f1",
            "help",
            "Help",
            "Every key and what it does",
            footer=True,
            key_display="? / f1",
            target="app",
            lead=True,
            on_log=True,
        ),
        GMAction("new-battle", "ctrl+n", "new_battle", "New", "New battle from two roster files", target="app"),
        GMAction("open-save", "ctrl+o", "open_save", "Open", "Open a saved battle", target="app"),
        GMAction(
            "palette",
            "ctrl+p",
            "command_palette",
            "Commands",
            "Command palette: search every action",
            palette=False,
            target="app",
        ),
        GMAction("quit", "q", "quit", "Quit", "Save and quit (the battle resumes where you left it)", target="app"),
    ),
)
"""Keys bound on the App: they work on every screen."""

COMMON_KEYS = KeyGroup(
    "Undo, redo and panes",
    (
        GMAction("undo", "ctrl+z", "undo", "Undo", "Undo the last command", footer=True, on_log=True),
        GMAction("redo", "ctrl+y", "redo", "Redo", "Redo the last undone command"),
        GMAction(
            "continue-damaged",
            "ctrl+r",
            "continue_damaged",
            "Continue damaged",
            "Damaged save: play on from its last good entry",
        ),
        GMAction(
            "next-pane", "tab", "app.focus_next", "Next pane", "Move to the next pane", palette=False, target="widget"
        ),
        GMAction(
            "previous-pane",
            "shift+tab",
            "app.focus_previous",
            "Previous pane",
            "Move to the previous pane",
            palette=False,
            target="widget",
        ),
    ),
)
"""Keys of every screen that owns a session: each rule system's battle screen and the
post-battle screen (``SessionScreen``)."""

GAME_KEYS = KeyGroup(
    "GM corrections, settings, review, log filter and luck",
    (
        GMAction(
            "gm-correct",
            "G",
            "gm_correct",
            "GM fix",
            "GM: correct… a note, a roll, or the selected model's values (no action spent)",
            pinned=True,
            on_log=True,
        ),
        GMAction(
            "settings",
            "g",
            "settings",
            "Settings",
            "Battle settings: every rule reading and house default, with its id",
        ),
        GMAction(
            "review-back",
            "left_square_bracket",
            "review_back",
            "Review ◀",
            "Review: step back one event (the dashboard shows the battle as it was)",
            key_display="[",
        ),
        GMAction(
            "review-forward",
            "right_square_bracket",
            "review_forward",
            "Review ▶",
            "Review: step forward one event (past the last: back to the present)",
            key_display="]",
        ),
        GMAction(
            "review-round-back",
            "left_curly_bracket",
            "review_round_back",
            "Round ◀",
            "Review: jump back to the start of a round",
            key_display="{",
        ),
        GMAction(
            "review-round-forward",
            "right_curly_bracket",
            "review_round_forward",
            "Round ▶",
            "Review: jump forward to the next round",
            key_display="}",
        ),
        GMAction("review-exit", "escape", "review_exit", "Present", "Leave review: back to the present", palette=False),
        GMAction(
            "luck", "L", "luck", "Luck", "Dice luck: each side's successes against the exact odds, round by round"
        ),
        GMAction(
            "filter-log",
            "slash",
            "filter_log",
            "Filter log",
            "Show only one side's, one model's or unit's, the rolls' or one kind's log entries",
            key_display="/",
        ),
    ),
)
"""Keys of every rule system's battle screen (``GameScreen``; ``screens.review_mode``)."""

LOG_KEYS = KeyGroup(
    "Battle log",
    (
        GMAction(
            "log-down",
            "j,down",
            "cursor_down",
            "Next",
            "Select the next log entry",
            palette=False,
            key_display="j / ↓",
            target="widget",
        ),
        GMAction(
            "log-up",
            "k,up",
            "cursor_up",
            "Previous",
            "Select the previous log entry",
            palette=False,
            key_display="k / ↑",
            target="widget",
        ),
        GMAction(
            "log-entry",
            "enter",
            "log_entry",
            "Details",
            'Show the selected log entry\'s full breakdown (on "▲ earlier entries": show more)',
            footer=True,
            key_display="⏎",
            target="widget",
        ),
    ),
    pane=True,
)
"""Keys of the battle log pane (``widgets.log_pane``)."""

GENERIC_GROUPS = (COMMON_KEYS, GAME_KEYS, LOG_KEYS, APP_KEYS)
"""The groups that belong to no rule system (what ``key_of`` reads)."""


def bindings(*groups: KeyGroup, footer: Iterable[str] | None = None, lead: bool = False) -> list[BindingType]:
    """The Textual bindings of ``groups``, in order, generated from the registry.

    ``footer``: when given, exactly the ids of the groups' actions the footer shows (else each
    action's own ``footer``); ``lead``: the app's lead actions (help) come first, so the
    footer of a screen always shows them.
    """
    shown = None if footer is None else frozenset(footer)
    out: list[BindingType] = []
    if lead:
        out += [
            Binding(
                a.keys, f"app.{a.action}", a.label, show=a.footer, key_display=_pretty(a.key_list[0]), id=a.binding_id
            )
            for a in APP_KEYS.actions
            if a.lead
        ]
    for group in groups:
        for a in group.actions:
            if a.id == "palette":
                continue  # ctrl+p is bound by Textual itself
            if a.target == "widget" and a.action.startswith("app."):
                continue  # tab / shift+tab: Textual's own focus keys
            action = f"screen.{a.action}" if a.target == "screen" and group.pane else a.action
            show = a.footer if shown is None else a.id in shown
            out.append(
                Binding(
                    a.keys,
                    action,
                    a.label,
                    show=show,
                    key_display=a.key_display if show else None,
                    priority=a.priority,
                    id=a.binding_id,
                )
            )
    return out


def key_of(action_id: str) -> str:
    """The first key of a generic action (common, battle, log or app keys) as the GM reads
    it ("ctrl+z"); a rule system's own keys: ``KeyGroup.key``."""
    for group in GENERIC_GROUPS:
        try:
            return group.key(action_id)
        except KeyError:
            continue
    raise KeyError(action_id)


def palette_actions(groups: Iterable[KeyGroup] | None = None) -> tuple[GMAction, ...]:
    """Actions the command palette offers on a screen binding ``groups``, plus the app's
    (the generic ones when ``groups`` is None: no battle is open)."""
    chosen = help_groups(groups)
    return tuple(a for g in chosen for a in g.actions if a.palette)


def help_groups(groups: Iterable[KeyGroup] | None = None) -> tuple[KeyGroup, ...]:
    """The groups the help screen and the palette list: a screen's ``groups`` then the
    app's (every generic group when ``groups`` is None), each once."""
    chosen = list(GENERIC_GROUPS[:-1] if groups is None else groups)
    out: list[KeyGroup] = []
    for g in [*chosen, APP_KEYS]:
        if g not in out:
            out.append(g)
    return tuple(out)
