"""The guided post-battle screen of a Sanctum Mortalis campaign.

Per band (``b`` switches): the step of the post-battle sequence (§16), the rolls due
with their exact odds, every choice of the step (closed ones greyed with the reason),
the band at a glance, the battles played and the campaign log. Everything shown comes from
``engine.rulesets.sanctum_mortalis.campaign.view``; the screen computes no rule. The
GM's commands (``PostBattleCommands``) go to the session, which saves them.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.formatting import plural
from engine.odds import percent
from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis.campaign import view
from tui.citations import cite_renderable, cite_rich, citer
from tui.messages import BattleChanged
from tui.screens.session_screen import SessionScreen
from tui.systems.sanctum_mortalis.campaign.commands import PostBattleCommands
from tui.systems.sanctum_mortalis.campaign.keys import CAMPAIGN_KEYS
from tui.systems.sanctum_mortalis.keys import BATTLE_KEYS
from tui.widgets.choice_list import ChoiceList
from tui.widgets.log_pane import LogPane
from tui.widgets.steady_bar import SteadyBar
from tui.widgets.steady_footer import SteadyFooter


def key_of(action_id: str) -> str:
    """The first key of a post-battle action (or of the dashboard's post-battle key)."""
    return (BATTLE_KEYS if action_id == "post-battle" else CAMPAIGN_KEYS).key(action_id)


def post_battle_guide() -> str:
    """The help screen's short guide."""
    return (
        f"After a battle ({key_of('post-battle')} on its dashboard records it in its campaign): each "
        f"band's post-battle sequence, step by step (§16). {key_of('campaign-next-band')} switches band, ⏎ on "
        f"a roll or a choice does it ({key_of('campaign-roll')} rolls the first roll due: type the dice or "
        "press r; once it is done nothing is highlighted, so a second ⏎ does nothing: ↓/j moves on), "
        f"{key_of('campaign-end-step')} ends the step; tab moves to the band summary (↑↓ "
        "scrolls it). Purchases: ⏎ on “Recruit a new model…” "
        "opens the recruit form; “Put … in the stash” / “Bring … into the team” move models (§15.10). At "
        f"the end, {key_of('campaign-write')} writes the rosters and {key_of('campaign-next-battle')} starts "
        "the next battle."
    )


WOUND_NAMES = {k: w.name for k, w in t.WOUNDS.items()}
"""Wound key -> its name in the rules (§18.1)."""


def _odds_line(odds: Any) -> str:
    return " · ".join(f"{label} {percent(p)}" for label, p in odds.items())


def summary_text(s: Any) -> Table:
    """The band at a glance: treasury, stash, strength, each model's XP, level, wounds."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column()
    head = Text.assemble((s.name, "bold"), f" ({s.player})" if s.player else "")
    if s.captain_lost:
        head.append("  captain lost", style="bold red")
    grid.add_row(head)
    nbsp = "\u00a0"  # a narrow pane breaks the line between the figures, not inside one
    grid.add_row(
        Text.assemble(
            ("Treasury", "bold"),
            f"{nbsp}{s.treasury}tk   ",
            ("Strength", "bold"),
            f"{nbsp}{s.strength}   ",
            ("Cost", "bold"),
            f"{nbsp}{s.cost}tk",
        )
    )
    grid.add_row(Text.assemble(("Stash ", "bold"), ", ".join(map(view.item_name, s.stash)) if s.stash else "—"))
    stashed = [m.name for m in s.models if m.stashed]
    if stashed:
        grid.add_row(Text.assemble(("Models in the stash ", "bold"), ", ".join(stashed), (" (§15.10)", "dim")))
    models = Table(
        box=None, padding=(0, 1), collapse_padding=True, pad_edge=False, show_edge=False, header_style="bold"
    )
    for column in ("Model", "XP", "Lvl", "Wounds"):
        models.add_column(column, no_wrap=column != "Wounds")
    for m in s.models:
        models.add_row(
            ("★ " if m.captain else "  ") + m.name,
            str(m.xp),
            str(m.level),
            ", ".join(WOUND_NAMES.get(w, w) for w in m.wounds) or "—",
            style="dim" if m.stashed else None,
        )
    grid.add_row(models)
    for m in s.models:
        notes = model_notes(m)
        if notes:
            grid.add_row(Text.assemble((m.name, "bold"), ": ", notes))
    return grid


def model_notes(m: Any) -> Text:
    """What the post-battle sequence says about a model: its injury, the battle's XP (as
    the log counts it, §19.1), level-ups waiting, gear, the stash, the next battle."""
    out: list[Text] = []
    if m.injury:
        out.append(
            Text(
                f"injury {m.injury}",
                style="yellow" if m.injury == "roll due" or not m.injury.endswith("settled") else "",
            )
        )
    if m.battle_xp:
        terms = m.battle_xp
        said = terms[0][0] if len(terms) == 1 else ", ".join(f"{label} {value:+d}" for label, value, _ in terms)
        rules = ", ".join(dict.fromkeys(rule for _, _, rule in terms))
        out.append(Text(f"{sum(v for _, v, _ in terms):+d} XP from the battle ({said}, {rules})"))
    if m.levels_pending:
        out.append(Text(f"{plural(m.levels_pending, 'level-up')} to spend", style="yellow"))
    if m.items or m.mods:
        out.append(Text("carries " + ", ".join(map(view.item_name, m.items + m.mods)), style="dim"))
    if m.stashed:
        out.append(Text("in the stash", style="dim"))
    if m.misses_next:
        out.append(Text("misses the next battle", style="yellow"))
    return Text("; ").join(out)


def row_key(row: Any) -> Any:
    """What a row of the action list does, to find it again after the list is redrawn."""
    if row is None:
        return None
    kind, value = row
    return kind, value if kind == "advance" else value.command


def refusal(option: Any) -> str:
    """Why a choice is closed, with its rule (once: the reason may name it already)."""
    rule = option.rule
    return option.why + (f" ({rule})" if rule and f"({rule})" not in option.why else "")


def told(events: Any) -> list[Any]:
    """The log entries with a line of their own: a campaign command's follow-up events
    (the treasury, the stash, a model's record changed) carry no text, since the line of
    the command's first event already says what they did; the save keeps them all."""
    return [e for e in events if e.text]


def battles_text(lines: Any) -> Table:
    """The battles of the campaign: number, scenario, result and title."""
    grid = Table(
        box=None,
        padding=(0, 1),
        pad_edge=False,
        show_edge=False,
        header_style="bold",
        title="Battles played",
        title_justify="left",
        title_style="bold",
    )
    for column in ("#", "Scenario", "Result", "Battle"):  # a narrow pane wraps the words, cuts none
        grid.add_column(column, no_wrap=column in ("#", "Scenario"))
    for b in lines:
        grid.add_row(str(b.number), b.scenario, b.result, Text(b.title, style="dim"))
    if not lines:
        grid.add_row("—", "", Text("none yet", style="dim"), "")
    return grid


class PostBattleScreen(PostBattleCommands, SessionScreen):
    """One campaign: the post-battle sequence of each band, then the next battle."""

    KEYS = CAMPAIGN_KEYS
    GUIDE = staticmethod(post_battle_guide)

    DEFAULT_CSS = """
    PostBattleScreen { layout: vertical; }
    PostBattleScreen #heading { height: auto; padding: 0 1; background: $boost; }
    PostBattleScreen #body { height: 3fr; }
    PostBattleScreen #actions { width: 3fr; height: 100%; scrollbar-gutter: stable; }
    PostBattleScreen #summary-pane { width: 2fr; height: 100%; scrollbar-size-vertical: 1; }
    PostBattleScreen #summary-pane:focus { background-tint: $foreground 5%; }
    PostBattleScreen #summary { width: 100%; height: auto; padding: 0 1; }
    PostBattleScreen LogPane { height: 1fr; min-height: 4; }
    """

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        self.band_index = 0
        self.rows: list[Any] = []
        """What each row of the action list does: ("roll", Due), ("choice", Option),
        ("advance", model id) or None (a heading)."""
        self.next_wanted = False
        """The GM asked for the next battle: start it once the scenario is set."""
        self.listed: tuple[str, str | None] | None = None
        """The band and step the action list shows (another one starts at the top)."""

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("", id="heading")
        with Horizontal(id="body"):
            yield ChoiceList(id="actions")
            with VerticalScroll(id="summary-pane", can_focus=True):  # tab, then ↑↓ scroll it
                yield Static("", id="summary")
        yield LogPane(id="log")
        yield SteadyBar(id="status")
        yield SteadyFooter()

    def opened(self) -> None:
        self.query_one("#actions", OptionList).focus()

    # ------------------------------------------------------------------ reading
    @property
    def band(self) -> str:
        """The key of the band shown."""
        bands = self.state.bands
        return bands[self.band_index % len(bands)].key if bands else ""

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        state, band = self.state, self.band
        self.query_one("#heading", Static).update(cite_rich(self.heading(state, band), self.cite))
        played = battles_text(view.battles_played(state))
        summary = Group(summary_text(view.band_summary(state, band)), Text(""), played) if band else played
        self.query_one("#summary", Static).update(cite_renderable(summary, self.cite))  # rules: the book's
        self.fill_actions(state, band)
        v = self.session.view
        self.query_one(LogPane).show(told(v.events), told(v.undone))

    def heading(self, state: Any, band: str) -> Text:
        out = Text()
        out.append(state.title or self.session.title, style="bold")
        out.append("   ")
        for key, name in ((b.key, b.name) for b in state.bands):
            out.append(f"[{name}]" if key == band else name, style="bold reverse" if key == band else "dim")
            out.append(" ")
        hint = f"({key_of('campaign-next-band')}: other band)"
        if len(out) + len(hint) <= self.size.width - 2:  # else the footer's key says it
            out.append(hint, style="dim")
        out.append("\n")
        step = view.step(state, band) if band else None
        if step is not None:
            out.append("Step: ", style="bold")
            out.append(f"{step.title} ({step.rule})")
            if step.key != "done":
                out.append("   ")
                out.append(
                    f"{key_of('campaign-end-step')}: end the step" if step.can_end else step.why,
                    style="green" if step.can_end else "yellow",
                )
            elif running := self.still_running():
                out.append(f"   still running: {', '.join(running)} ({key_of('campaign-next-band')})", style="yellow")
        else:
            nb = view.next_battle(state)
            out.append("Between battles: ", style="bold")
            if nb.ready:
                out.append(
                    f"next battle ready ({nb.scenario}) — {key_of('campaign-next-battle')} starts it", style="green"
                )
            else:
                out.append(f"{nb.why} — {key_of('campaign-next-battle')} chooses or rolls the scenario", style="yellow")
            out.append(f"   {key_of('campaign-write')}: write the rosters", style="dim")
        return out

    def fill_actions(self, state: Any, band: str) -> None:
        listing = self.query_one("#actions", ChoiceList)
        keep = listing.highlighted
        rows: list[Any] = []
        options: list[Option] = []

        def heading(text: str) -> None:
            rows.append(None)
            options.append(Option(Text(text, style="bold underline"), disabled=True))

        due = view.due(state, band) if band else ()
        if due:
            heading("Rolls due (⏎ rolls: type the dice or r)")
            for d in due:
                rows.append(("roll", d))
                options.append(
                    Option(
                        Text.assemble(
                            ("🎲 ", ""), (d.title, "bold"), f"  {d.dice} {d.rule}\n   ", (_odds_line(d.odds), "dim")
                        )
                    )
                )
        summary = view.band_summary(state, band) if band else None
        spend = [m for m in (summary.models if summary else ()) if m.levels_pending]
        if spend and summary is not None and summary.step in ("development", "purchases"):
            heading("Level-ups to spend (⏎ chooses)")
            rolling = {d.model for d in due}
            for m in spend:
                rows.append(("advance", m.id))
                options.append(
                    Option(
                        Text(
                            f"Spend a level-up of {m.name}… ({m.levels_pending} waiting)"
                            + (" — roll it first (⏎ rolls)" if m.id in rolling else "")
                        )
                    )
                )
        choices = view.choices(state, band) if band else ()
        if choices:
            heading("Choices (⏎ does it)")
            for opt in sorted(choices, key=lambda o: not o.allowed):
                rows.append(("choice", opt))
                label = Text(opt.label)
                if not opt.allowed:
                    label.stylize("dim")
                    why = f" — {refusal(opt)}"
                    label.append(why, style="italic dim")
                options.append(Option(label, disabled=not opt.allowed))
        if not rows and summary is not None and summary.step == "done":
            running = self.still_running()
            heading(
                f"{summary.name} has finished its post-battle sequence."
                + (f" {key_of('campaign-next-band')} shows {', '.join(running)}." if running else "")
            )
        where = (band, summary.step if summary else None)
        fresh = where != self.listed
        if fresh:  # another band or step: from the top
            keep, self.listed = None, where
        parked = None if fresh else keep if keep is not None else listing.parked
        was = row_key(self.rows[keep]) if keep is not None and keep < len(self.rows) else None
        self.rows = rows
        cite = citer(self.session)  # a rule in a row: the rulebook's section and page
        listing.set_options([Option(cite_renderable(o.prompt, cite), disabled=o.disabled) for o in options])
        listing.parked = None
        open_rows = [i for i, r in enumerate(rows) if r is not None and not options[i].disabled]
        same = next((i for i in open_rows if was is not None and row_key(rows[i]) == was), None)
        if same is not None:  # the row the GM was on, wherever the list moved it
            listing.highlighted = same
        elif parked is not None and open_rows:
            # The row the GM was on is done (rolled, chosen, undone): nothing moves under the
            # highlight, so another ⏎ acts on nothing; ↓ highlights the row now in its place.
            listing.park(parked)
        elif open_rows:
            listing.highlighted = open_rows[0]

    # ------------------------------------------------------------------ the list
    @on(OptionList.OptionSelected, "#actions")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if 0 <= index < len(self.rows) and self.rows[index] is not None:
            self.do_row(self.rows[index])

    @on(ChoiceList.NothingHighlighted, "#actions")
    def _nothing_highlighted(self, event: ChoiceList.NothingHighlighted) -> None:
        event.stop()
        self.set_status(self.nothing_highlighted_status())

    def nothing_highlighted_status(self) -> Text:
        """⏎ chose nothing: which row ↓ highlights now (and ``r`` if a roll is due)."""
        listing = self.query_one("#actions", ChoiceList)
        out = Text("No row highlighted", style="bold")
        index = listing.landing(1)
        if index is not None:
            prompt = listing.get_option_at_index(index).prompt
            label = (prompt.plain if isinstance(prompt, Text) else str(prompt)).split("\n")[0]
            out.append(f" — ↓/j: “{label.removeprefix('🎲').strip().split('  ')[0]}”")
        else:
            out.append(" — ↓/j or ↑/k highlights a row")
        if self.band and view.due(self.state, self.band):
            out.append(f" · {key_of('campaign-roll')}: the first roll due")
        return out

    # ------------------------------------------------------------------ session results
    def after_change(self, message: BattleChanged) -> None:
        if message.kind == "command" and self.next_wanted:
            self.action_next_battle()
