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

Scope = Literal["app", "battle", "band", "log", "saga", "units", "sq", "heroes", "xk6", "xk6-models", "campaign"]

SCOPE_TITLES: dict[str, str] = {
    "band": "Band panes (the selected model)",
    "units": "Unit panes (the selected unit)",
    "log": "Battle log",
    "battle": "Battle",
    "saga": "Battle (SAGA)",
    "heroes": "Hero and enemy panes (the selected unit)",
    "sq": "Battle (Star Quest)",
    "xk6-models": "Model panes (the selected model)",
    "xk6": "Battle (xK6)",
    "campaign": "Post-battle (Sanctum Mortalis campaign)",
    "app": "Anywhere",
}
SCREEN_SCOPES = frozenset({"battle", "saga", "sq", "xk6", "campaign"})
"""Scopes bound on a battle screen (one per rule system's dashboard)."""
PANE_SCOPES = frozenset({"band", "log", "units", "heroes", "xk6-models"})
"""Scopes bound on a pane whose screen carries the actions out (``screen.`` prefix)."""


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


def review_actions(scope: Scope, prefix: str = "") -> tuple[GMAction, ...]:
    """Reviewing the log ([ ] { } esc), the log filter (/) and dice luck (L): the same keys
    on every rule system's battle screen (``tui.screens.review_mode``)."""
    return (
        GMAction(f"{prefix}review-back", "left_square_bracket", "review_back", "Review ◀",
                 "Review: step back one event (the dashboard shows the battle as it was)", scope, key_display="["),
        GMAction(f"{prefix}review-forward", "right_square_bracket", "review_forward", "Review ▶",
                 "Review: step forward one event (past the last: back to the present)", scope, key_display="]"),
        GMAction(f"{prefix}review-round-back", "left_curly_bracket", "review_round_back", "Round ◀",
                 "Review: jump back to the start of a round", scope, key_display="{"),
        GMAction(f"{prefix}review-round-forward", "right_curly_bracket", "review_round_forward", "Round ▶",
                 "Review: jump forward to the next round", scope, key_display="}"),
        GMAction(f"{prefix}review-exit", "escape", "review_exit", "Present", "Leave review: back to the present",
                 scope, palette=False),
        GMAction(f"{prefix}luck", "L", "luck", "Luck",
                 "Dice luck: each side's successes against the exact odds, round by round", scope),
        GMAction(f"{prefix}filter-log", "slash", "filter_log", "Filter log",
                 "Show only one side's, one model's or unit's, the rolls' or one kind's log entries", scope,
                 key_display="/"),
    )


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
    GMAction("shoot", "s", "shoot", "Shoot",
             "Shoot with the selected model (weapon, target, roll); again: the next shot",
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
    GMAction("post-battle", "P", "post_battle", "Post-battle",
             "The ended battle's post-battle sequence, in its campaign", "battle"),
    GMAction("cards", "c", "cards", "Cards", "Event cards: play one on the selected model", "battle", footer=True),
    # --- battle: log and settings -------------------------------------------------------
    GMAction("undo", "ctrl+z", "undo", "Undo", "Undo the last command", "battle", footer=True),
    GMAction("redo", "ctrl+y", "redo", "Redo", "Redo the last undone command", "battle"),
    GMAction("settings", "g", "settings", "Settings", "Battle settings (rule readings, with their ids)", "battle"),
    *review_actions("battle"),
    GMAction("next-pane", "tab", "app.focus_next", "Next pane", "Move to the next pane", "battle",
             palette=False, target="widget"),
    GMAction("previous-pane", "shift+tab", "app.focus_previous", "Previous pane", "Move to the previous pane",
             "battle", palette=False, target="widget"),
    # --- SAGA: unit panes (the selected unit) --------------------------------------------
    GMAction("saga-unit-down", "j,down", "cursor_down", "Next", "Select the next unit", "units",
             palette=False, target="widget", key_display="j / ↓"),
    GMAction("saga-unit-up", "k,up", "cursor_up", "Previous", "Select the previous unit", "units",
             palette=False, target="widget", key_display="k / ↑"),
    GMAction("saga-unit-card", "enter", "unit_card", "Card",
             "Show the selected unit's profile (house defaults labelled) and this turn's activations", "units",
             key_display="⏎"),
    # --- SAGA: turns and activations ----------------------------------------------------
    GMAction("saga-start-turn", "n", "start_turn", "Turn", "Start the next player turn (the first: choose the side)",
             "saga"),
    GMAction("saga-end-turn", "e", "end_turn", "End turn", "End the current player turn", "saga", footer=True),
    GMAction("saga-move", "m", "saga_move", "Move", "Activate the selected unit: Movement (open or broken ground)",
             "saga", footer=True),
    GMAction("saga-charge", "c", "saga_charge", "Charge",
             "Activate the selected unit: Move to engage an enemy unit or building (then the melee)", "saga",
             footer=True),
    GMAction("saga-shoot", "s", "saga_shoot", "Shoot",
             "Activate the selected unit: Shooting (house default procedure: the source lacks it)", "saga",
             footer=True),
    GMAction("saga-rest", "r", "saga_rest", "Rest",
             "Activate the selected unit: Rest (first activation of the turn only; removes one fatigue)", "saga",
             footer=True),
    GMAction("saga-continue", "space", "continue_step", "Go on",
             "Go on with the open step: complete the move, roll the shot, or open the melee dialog", "saga",
             footer=True, key_display="space"),
    GMAction("saga-fatigue", "f", "fatigue_spends", "Spend",
             "The opponent spends fatigue: the spends open now (slow a move, +1 Armour against a shot)", "saga"),
    GMAction("saga-ability", "A", "saga_ability", "Ability",
             "Activate the selected unit by a SAGA ability (any turn; fatigue only if the ability says so)", "saga"),
    GMAction("saga-engage", "E", "engage", "Engage",
             "Start a melee without a Move to engage (a SAGA ability, or the GM catching up)", "saga"),
    GMAction("saga-adjust", "x", "adjust_fatigue", "Fatigue ±",
             "Add or remove fatigue on the selected unit (a SAGA ability or a GM correction; not a Rest)", "saga"),
    GMAction("saga-terrain", "b", "terrain", "Buildings",
             "Buildings and terrain: add a building or a terrain piece, put the selected unit in or out", "saga"),
    GMAction("saga-undo", "ctrl+z", "undo", "Undo", "Undo the last command", "saga"),
    GMAction("saga-redo", "ctrl+y", "redo", "Redo", "Redo the last undone command", "saga"),
    GMAction("saga-settings", "g", "settings",
             "Settings", "Battle settings: every AMBIGUITY reading and house default, with its id", "saga"),
    GMAction("saga-next-pane", "tab", "app.focus_next", "Next pane", "Move to the next pane", "saga",
             palette=False, target="widget"),
    GMAction("saga-previous-pane", "shift+tab", "app.focus_previous", "Previous pane", "Move to the previous pane",
             "saga", palette=False, target="widget"),
    # --- Star Quest: hero and enemy panes (the selected unit) -----------------------------
    GMAction("sq-unit-down", "j,down", "cursor_down", "Next", "Select the next hero or enemy unit", "heroes",
             palette=False, target="widget", key_display="j / ↓"),
    GMAction("sq-unit-up", "k,up", "cursor_up", "Previous", "Select the previous hero or enemy unit", "heroes",
             palette=False, target="widget", key_display="k / ↑"),
    GMAction("sq-unit-card", "enter", "unit_card", "Card",
             "Show the selected hero's or enemy unit's full card (stats, weapons, rules, moves)", "heroes",
             key_display="⏎"),
    # --- Star Quest: the round ------------------------------------------------------------
    GMAction("sq-start-round", "n", "start_round", "Round",
             "Start the next round (spell tokens, Ambush, waves, mission events)", "sq", footer=True),
    GMAction("sq-end-round", "E", "end_round", "End round", "End the round when every unit has acted", "sq"),
    GMAction("sq-activate", "a", "activate", "Activate",
             "Activate the selected hero, or the selected AI unit (the one nearest a conscious hero): "
             "the AI flow chart dialog opens", "sq", footer=True),
    GMAction("sq-action", "t", "take_action", "Action",
             "The hero's action: Hold, Advance, Rush, Charge, Rest, Skill (a second one: the extra action, 2 PP)",
             "sq", footer=True),
    GMAction("sq-skill", "u", "use_skill", "Skill",
             "The hero's skill action: Discover, Push, Scurry, its own skills, Revive (with the chance to pass)",
             "sq", footer=True),
    GMAction("sq-shoot", "s", "shoot", "Shoot",
             "The activating unit shoots: weapon, target, cover; the exact hits and wounds before the roll", "sq",
             footer=True),
    GMAction("sq-cast", "c", "cast", "Cast", "The activating Caster tries a spell (extra tokens +1 each)", "sq"),
    GMAction("sq-continue", "space", "continue_step", "Go on",
             "Go on with what is open: the AI chart dialog, a roll, a power-point offer, a morale test", "sq",
             footer=True, key_display="space"),
    GMAction("sq-end-activation", "e", "end_activation", "End act.",
             "End the activation: morale tests and fatigue follow", "sq", footer=True),
    GMAction("sq-power", "p", "power", "Power",
             "Power points: the selected hero loses PP (a GM correction, Exhaustion applies)", "sq"),
    GMAction("sq-status", "x", "status", "Status",
             "Give or remove a status condition (Afflicted, Crippled, Diseased, Impaired) on the selected unit",
             "sq"),
    GMAction("sq-wounds", "w", "wounds", "Wounds",
             "Wounds from a source the app does not model (a mission or spell effect) on the selected unit", "sq"),
    GMAction("sq-hazard", "J", "hazard", "Jump/fall",
             "Jumping, falling or dangerous terrain for the selected unit (§14, §15; the app rolls)", "sq"),
    GMAction("sq-undo", "ctrl+z", "undo", "Undo", "Undo the last command", "sq"),
    GMAction("sq-redo", "ctrl+y", "redo", "Redo", "Redo the last undone command", "sq"),
    GMAction("sq-settings", "g", "settings", "Settings",
             "Battle settings: every AMBIGUITY reading with its id (SQ-A…)", "sq"),
    GMAction("sq-next-pane", "tab", "app.focus_next", "Next pane", "Move to the next pane", "sq",
             palette=False, target="widget"),
    GMAction("sq-previous-pane", "shift+tab", "app.focus_previous", "Previous pane", "Move to the previous pane",
             "sq", palette=False, target="widget"),
    # --- xK6: model panes (the selected model) -------------------------------------------
    GMAction("xk6-model-down", "j,down", "cursor_down", "Next", "Select the next model", "xk6-models",
             palette=False, target="widget", key_display="j / ↓"),
    GMAction("xk6-model-up", "k,up", "cursor_up", "Previous", "Select the previous model", "xk6-models",
             palette=False, target="widget", key_display="k / ↑"),
    GMAction("xk6-model-card", "enter", "model_card", "Card",
             "Show the selected model's card: weapons with magazines, wound track, speeds, skills", "xk6-models",
             key_display="⏎"),
    # --- xK6: the turn ------------------------------------------------------------------
    GMAction("xk6-turn", "n", "turn", "Turn",
             "Start the next turn (initiative: 1d6 + highest Command), roll a tie again, or choose who activates "
             "first", "xk6", footer=True),
    GMAction("xk6-activate", "a", "activate", "Activate",
             "Activate the selected model: move and attack (speed), move and designate, hold, reload, skill",
             "xk6", footer=True),
    GMAction("xk6-attack", "s", "attack", "Attack",
             "Attack with the activated (or reacting) model: weapon, ROF, target, cover; both pools and the exact "
             "success levels before the roll", "xk6", footer=True),
    GMAction("xk6-continue", "space", "continue_step", "Resolve",
             "Resolve the rolled attack (damage, stun, ammunition), or say where indirect fire landed", "xk6",
             footer=True, key_display="space"),
    GMAction("xk6-command-point", "c", "command_point", "CP",
             "Spend a command point: re-roll a test of the open attack, or buy an activation", "xk6", footer=True),
    GMAction("xk6-end-activation", "e", "end_activation", "End act.",
             "End the activation; play passes to the other side", "xk6", footer=True),
    GMAction("xk6-designate", "d", "designate", "Designate",
             "Designate a target for indirect fire (a model activated to move and designate)", "xk6"),
    GMAction("xk6-skill", "u", "skill", "Skill",
             "The skill action of a model activated for it: Medic heals, or a skill from its card", "xk6"),
    GMAction("xk6-react", "r", "react", "React",
             "A model with a held action reacts (move or shoot); or its reaction shot is not taken", "xk6"),
    GMAction("xk6-wounds", "x", "wounds", "Wounds ±",
             "GM correction: add or heal a wound of the selected model, or take it out of play", "xk6"),
    GMAction("xk6-undo", "ctrl+z", "undo", "Undo", "Undo the last command", "xk6"),
    GMAction("xk6-redo", "ctrl+y", "redo", "Redo", "Redo the last undone command", "xk6"),
    GMAction("xk6-settings", "g", "settings", "Settings",
             "Battle settings: every AMBIGUITY reading with its id (XK-A…)", "xk6"),
    GMAction("xk6-next-pane", "tab", "app.focus_next", "Next pane", "Move to the next pane", "xk6",
             palette=False, target="widget"),
    GMAction("xk6-previous-pane", "shift+tab", "app.focus_previous", "Previous pane", "Move to the previous pane",
             "xk6", palette=False, target="widget"),
    # --- Sanctum Mortalis campaign: the post-battle screen -----------------------------
    GMAction("campaign-next-band", "b", "next_band", "Band", "Show the other band's post-battle sequence",
             "campaign", footer=True),
    GMAction("campaign-roll", "r", "roll_due", "Roll",
             "Roll the first roll due (injury, loot, level-up): type the dice or press r for the app's roll",
             "campaign", footer=True),
    GMAction("campaign-end-step", "e", "end_step", "End step",
             "End the band's post-battle step and go to the next (§16 order)", "campaign", footer=True),
    GMAction("campaign-write", "w", "write_rosters", "Write rosters",
             "Write each band's updated roster to a TOML file (skirmish check accepts it)", "campaign",
             footer=True),
    GMAction("campaign-next-battle", "n", "next_battle", "Next battle",
             "Start the next battle from the updated bands (choose or roll the scenario first)", "campaign",
             footer=True),
    GMAction("campaign-undo", "ctrl+z", "undo", "Undo", "Undo the last command", "campaign", footer=True),
    GMAction("campaign-redo", "ctrl+y", "redo", "Redo", "Redo the last undone command", "campaign"),
    GMAction("campaign-next-pane", "tab", "app.focus_next", "Next pane", "Move to the next pane", "campaign",
             palette=False, target="widget"),
    GMAction("campaign-previous-pane", "shift+tab", "app.focus_previous", "Previous pane",
             "Move to the previous pane", "campaign", palette=False, target="widget"),
    # --- anywhere -----------------------------------------------------------------------
    GMAction("help", "question_mark,f1", "help", "Help", "Every key and what it does", "app", footer=True,
             target="app", key_display="? / f1", lead=True),
    GMAction("new-battle", "ctrl+n", "new_battle", "New", "New battle from two roster files", "app", target="app"),
    GMAction("open-save", "ctrl+o", "open_save", "Open", "Open a saved battle", "app", target="app"),
    GMAction("palette", "ctrl+p", "command_palette", "Commands", "Command palette: search every action", "app",
             palette=False, target="app"),
    GMAction("quit", "q", "quit", "Quit", "Save and quit (the battle resumes where you left it)", "app",
             target="app"),
    *review_actions("saga", "saga-"),
    *review_actions("sq", "sq-"),
    *review_actions("xk6", "xk6-"),
)

BY_ID: dict[str, GMAction] = {a.id: a for a in ACTIONS}


def bindings(scope: Scope) -> list[Binding]:
    """The Textual bindings for one scope, generated from the registry."""
    out: list[Binding] = []
    if scope in SCREEN_SCOPES:
        out += [Binding(a.keys, f"app.{a.action}", a.label, show=a.footer,
                        key_display=_pretty(a.key_list[0]), id=a.binding_id) for a in ACTIONS if a.lead]
    for a in ACTIONS:
        if a.scope != scope or a.id == "palette":
            continue  # ctrl+p is bound by Textual itself
        if a.target == "widget" and a.action.startswith("app."):
            continue  # tab / shift+tab: Textual's own focus keys
        action = a.action
        if a.target == "screen" and scope in PANE_SCOPES:
            action = f"screen.{a.action}"
        out.append(Binding(a.keys, action, a.label, show=a.footer, key_display=a.key_display if a.footer else None,
                           priority=a.priority, id=a.binding_id))
    return out


def key_of(action_id: str) -> str:
    """The first key of a registry action as the GM reads it ("n", "ctrl+z")."""
    return BY_ID[action_id].display_keys().split(" / ")[0]


def palette_actions(scopes: frozenset[str] | None = None) -> tuple[GMAction, ...]:
    """Actions the command palette offers (on a screen carrying out ``scopes``, plus the
    app's; every one when ``scopes`` is None)."""
    return tuple(a for a in ACTIONS if a.palette and (scopes is None or a.scope == "app" or a.scope in scopes))


def by_scope(scopes: frozenset[str] | None = None) -> dict[str, list[GMAction]]:
    """The registry grouped for the help screen, in display order (only ``scopes`` and
    the app's when given)."""
    groups: dict[str, list[GMAction]] = {s: [] for s in SCOPE_TITLES
                                         if scopes is None or s == "app" or s in scopes}
    for a in ACTIONS:
        if a.scope in groups:
            groups[a.scope].append(a)
    return groups
