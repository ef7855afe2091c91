"""The one registry of GM actions.

Each action is defined once here. From it come the key bindings (each with a stable
id, so a keymap can rebind it), the footer entries, the help screen and the command
palette. Nothing else in the TUI spells out a key.

Scopes say where the binding lives: ``app`` on the App, ``battle`` on the battle
screen, ``band`` on a band pane and ``log`` on the log pane (the focused pane's keys
come first in the footer). Battle, band and log actions are all carried out by the
battle screen; the band and log bindings reach it through the ``screen.`` namespace.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from textual.binding import Binding

Scope = Literal["app", "battle", "band", "log"]

SCOPE_TITLES: dict[str, str] = {
    "band": "Band panes (the selected model)",
    "log": "Battle log",
    "battle": "Battle",
    "app": "Anywhere",
}


@dataclass(frozen=True)
class GMAction:
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
    scope: Scope
    footer: bool = False
    palette: bool = True
    key_display: str | None = None
    target: Literal["screen", "app", "widget"] = "screen"
    priority: bool = False
    lead: bool = False
    """An app action the battle screen also binds first, so the footer always shows it."""

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


def _pretty(key: str) -> str:
    names = {"question_mark": "?", "shift+tab": "shift+tab", "enter": "enter", "escape": "esc"}
    if key in names:
        return names[key]
    if len(key) == 1 and key.isupper():
        return f"shift+{key.lower()}"
    return key


ACTIONS: tuple[GMAction, ...] = (
    # --- band panes: the selected model -------------------------------------------------
    GMAction("select-down", "j,down", "cursor_down", "Next", "Select the next model", "band",
             palette=False, target="widget", key_display="j / ↓"),
    GMAction("select-up", "k,up", "cursor_up", "Previous", "Select the previous model", "band",
             palette=False, target="widget", key_display="k / ↑"),
    GMAction("model-card", "enter", "model_card", "Card", "Show the selected model's full card", "band",
             footer=True, key_display="⏎"),
    # --- battle log ---------------------------------------------------------------------
    GMAction("log-down", "j,down", "cursor_down", "Next", "Select the next log entry", "log",
             palette=False, target="widget", key_display="j / ↓"),
    GMAction("log-up", "k,up", "cursor_up", "Previous", "Select the previous log entry", "log",
             palette=False, target="widget", key_display="k / ↑"),
    GMAction("log-entry", "enter", "log_entry", "Details",
             "Show the selected log entry's full breakdown (on \"▲ earlier entries\": show more)", "log",
             footer=True, key_display="⏎", target="widget"),
    # --- battle: turn flow --------------------------------------------------------------
    GMAction("next-round", "n", "next_round", "Round",
             "Start the next round (decides who starts) or choose who starts", "battle", footer=True),
    GMAction("activate", "a", "activate", "Activate", "Activate the selected model", "battle", footer=True),
    GMAction("end-activation", "e", "end_activation", "End act.",
             "End the active model's activation; play passes as the rules say", "battle", footer=True),
    GMAction("end-round", "E", "end_round", "End round", "End the round (asks first if models have not acted)",
             "battle"),
    # --- battle: actions of the selected model ------------------------------------------
    GMAction("move", "m", "move", "Move", "Move action for the selected model", "battle", footer=True),
    GMAction("shoot", "s", "shoot", "Shoot", "Shoot with the selected model (target, weapon, modifiers, roll)",
             "battle", footer=True),
    GMAction("fight", "f", "fight", "Fight", "Melee attack with the selected model", "battle", footer=True),
    GMAction("withdraw", "w", "withdraw", "Withdraw", "Withdraw the selected model from melee", "battle"),
    GMAction("contact", "i", "contact", "Contact",
             "Contact for the selected model: engaged with, Intercept, or no longer in contact", "battle"),
    GMAction("save", "t", "save", "Save", "Roll the pending Toughness save", "battle"),
    GMAction("reroll", "R", "reroll", "Re-roll", "Re-roll one die of the last roll (Captain, I'm fine!, skills)",
             "battle"),
    GMAction("stance", "d", "stance", "Stance", "Defensive stance ◆ for the selected model", "battle", footer=True),
    GMAction("overwatch", "o", "overwatch", "Overwatch", "Overwatch ◎ for the selected model", "battle"),
    GMAction("hide", "h", "hide", "Hide", "Hiding ◌ for the selected model", "battle"),
    GMAction("pick-up", "p", "pick_up", "Pick up", "The selected model picks up a technology marker ✦", "battle"),
    GMAction("leave-table", "l", "leave_table", "Leave", "The selected model leaves the table", "battle"),
    GMAction("remove-model", "x", "remove_model", "Remove", "Remove the selected model from play (GM)", "battle"),
    GMAction("trick", "T", "trick", "Trick", "Cast a Technomancer trick with the selected model", "battle"),
    GMAction("other-action", "O", "other_action", "Other action",
             "Another action for the selected model (grenade, Rozkaz obrony...)", "battle"),
    GMAction("victory-points", "v", "victory_points", "VP", "Award or take back victory points (Challenges, objectives)",
             "battle"),
    GMAction("end-battle", "ctrl+e", "end_battle", "End battle", "End the battle now (objectives done, SM-M2)",
             "battle"),
    GMAction("cards", "c", "cards", "Cards", "Event cards: play one on the selected model", "battle", footer=True),
    # --- battle: log and settings -------------------------------------------------------
    GMAction("undo", "ctrl+z", "undo", "Undo", "Undo the last command", "battle", footer=True),
    GMAction("redo", "ctrl+y", "redo", "Redo", "Redo the last undone command", "battle"),
    GMAction("settings", "g", "settings", "Settings", "Battle settings (rule readings, with their ids)", "battle"),
    GMAction("next-pane", "tab", "app.focus_next", "Next pane", "Move to the next pane", "battle",
             palette=False, target="widget"),
    GMAction("previous-pane", "shift+tab", "app.focus_previous", "Previous pane", "Move to the previous pane",
             "battle", palette=False, target="widget"),
    # --- anywhere -----------------------------------------------------------------------
    GMAction("help", "question_mark,f1", "help", "Help", "Every key and what it does", "app", footer=True,
             target="app", key_display="? / f1", lead=True),
    GMAction("new-battle", "ctrl+n", "new_battle", "New", "New battle from two roster files", "app", target="app"),
    GMAction("open-save", "ctrl+o", "open_save", "Open", "Open a saved battle", "app", target="app"),
    GMAction("palette", "ctrl+p", "command_palette", "Commands", "Command palette: search every action", "app",
             palette=False, target="app"),
    GMAction("quit", "q", "quit", "Quit", "Save and quit (the battle resumes where you left it)", "app",
             target="app"),
)

BY_ID: dict[str, GMAction] = {a.id: a for a in ACTIONS}


def bindings(scope: Scope) -> list[Binding]:
    """The Textual bindings for one scope, generated from the registry."""
    out: list[Binding] = []
    if scope == "battle":
        out += [Binding(a.keys, f"app.{a.action}", a.label, show=a.footer,
                        key_display=_pretty(a.key_list[0]), id=a.binding_id) for a in ACTIONS if a.lead]
    for a in ACTIONS:
        if a.scope != scope or a.id == "palette":
            continue  # ctrl+p is bound by Textual itself
        if a.target == "widget" and a.action.startswith("app."):
            continue  # tab / shift+tab: Textual's own focus keys
        action = a.action
        if a.target == "screen" and scope in ("band", "log"):
            action = f"screen.{a.action}"
        out.append(Binding(a.keys, action, a.label, show=a.footer, key_display=a.key_display if a.footer else None,
                           priority=a.priority, id=a.binding_id))
    return out


def key_of(action_id: str) -> str:
    """The first key of a registry action as the GM reads it ("n", "ctrl+z")."""
    return BY_ID[action_id].display_keys().split(" / ")[0]


def palette_actions() -> tuple[GMAction, ...]:
    """Actions the command palette offers."""
    return tuple(a for a in ACTIONS if a.palette)


def by_scope() -> dict[str, list[GMAction]]:
    """The registry grouped for the help screen, in display order."""
    groups: dict[str, list[GMAction]] = {s: [] for s in SCOPE_TITLES}
    for a in ACTIONS:
        groups[a.scope].append(a)
    return groups
