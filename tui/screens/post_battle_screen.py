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
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.odds import percent
from engine.rulesets.sanctum_mortalis.campaign import view

from ..actions import bindings, key_of
from ..messages import BattleChanged, CommandRefused, LogEntryChosen, SaveFailed
from ..widgets.log_pane import LogPane
from ..widgets.steady_footer import SteadyFooter
from .session_results import change_status, refusal_line, refusal_status, save_failed_status
from .post_battle_commands import PostBattleCommands


def post_battle_guide() -> str:
    """The help screen's short guide."""
    return ("After a battle: each band's post-battle sequence, step by step (§16). "
            f"{key_of('campaign-next-band')} switches band, ⏎ on a roll or a choice does it "
            f"({key_of('campaign-roll')} rolls the first roll due: type the dice or press r), "
            f"{key_of('campaign-end-step')} ends the step. At the end, {key_of('campaign-write')} writes the "
            f"rosters and {key_of('campaign-next-battle')} starts the next battle.")


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
    grid.add_row(Text.assemble(("Treasury ", "bold"), f"{s.treasury}tk   ", ("Strength ", "bold"), f"{s.strength}   ",
                               ("Cost ", "bold"), f"{s.cost}tk"))
    grid.add_row(Text.assemble(("Stash ", "bold"), ", ".join(s.stash) if s.stash else "—"))
    stashed = [m.name for m in s.models if m.stashed]
    if stashed:
        grid.add_row(Text.assemble(("Models in the stash ", "bold"), ", ".join(stashed), (" (§15.10)", "dim")))
    models = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    for column in ("Model", "XP", "Lvl", "Wounds", "Notes"):
        models.add_column(column, no_wrap=column != "Notes")
    for m in s.models:
        notes = []
        if m.stashed:
            notes.append("in the stash")
        if m.levels_pending:
            notes.append(f"{m.levels_pending} level-up(s) to spend")
        if m.misses_next:
            notes.append("misses the next battle")
        models.add_row(("★ " if m.captain else "  ") + m.name, str(m.xp), str(m.level),
                       ", ".join(m.wounds) or "—", Text("; ".join(notes), style="yellow"),
                       style="dim" if m.stashed else None)
    grid.add_row(models)
    return grid


def battles_text(lines: Any) -> Table:
    """The battles of the campaign: number, scenario, result and title."""
    grid = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold", title="Battles played",
                 title_justify="left", title_style="bold")
    for column in ("#", "Scenario", "Result", "Battle"):
        grid.add_column(column, no_wrap=column != "Battle")
    for b in lines:
        grid.add_row(str(b.number), b.scenario, b.result, Text(b.title, style="dim"))
    if not lines:
        grid.add_row("—", "", Text("none yet", style="dim"), "")
    return grid


class PostBattleScreen(PostBattleCommands, Screen[None]):
    """One campaign: the post-battle sequence of each band, then the next battle."""

    BINDINGS = bindings("campaign")
    GM_SCOPES = frozenset({"campaign", "log"})
    """Registry scopes this screen carries out (the command palette and help read it)."""
    GUIDE = staticmethod(post_battle_guide)

    DEFAULT_CSS = """
    PostBattleScreen { layout: vertical; }
    PostBattleScreen #heading { height: auto; padding: 0 1; background: $boost; }
    PostBattleScreen #body { height: 2fr; }
    PostBattleScreen #actions { width: 1fr; height: 100%; }
    PostBattleScreen #summary { width: 1fr; height: 100%; padding: 0 1; overflow-y: auto; }
    PostBattleScreen LogPane { height: 1fr; min-height: 4; }
    PostBattleScreen #status {
        height: 1; padding: 0 1; background: $boost; text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session
        self.band_index = 0
        self.rows: list[Any] = []
        """What each row of the action list does: ("roll", Due), ("choice", Option),
        ("advance", model id) or None (a heading)."""
        self.next_wanted = False
        """The GM asked for the next battle: start it once the scenario is set."""

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("", id="heading")
        with Horizontal(id="body"):
            yield OptionList(id="actions")
            yield Static("", id="summary")
        yield LogPane(id="log")
        yield Static("", id="status")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.session.attach(self)
        self.sub_title = self.session.title
        self.redraw()
        self.query_one("#actions", OptionList).focus()
        self.set_status(Text(self.session.note or f"Opened “{self.session.title}”", style="italic"))

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> Any:
        """The campaign as saved (the only state the screen shows)."""
        return self.session.view.state

    @property
    def band(self) -> str:
        """The key of the band shown."""
        bands = self.state.bands
        return bands[self.band_index % len(bands)].key if bands else ""

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        state, band = self.state, self.band
        self.query_one("#heading", Static).update(self.heading(state, band))
        played = battles_text(view.battles_played(state))
        self.query_one("#summary", Static).update(
            Group(summary_text(view.band_summary(state, band)), Text(""), played) if band else played)
        self.fill_actions(state, band)
        v = self.session.view
        self.query_one(LogPane).show(v.events, v.undone)

    def heading(self, state: Any, band: str) -> Text:
        out = Text()
        out.append(state.title or self.session.title, style="bold")
        out.append("   bands: ")
        for key, name in ((b.key, b.name) for b in state.bands):
            out.append(f"[{name}]" if key == band else name, style="bold reverse" if key == band else "dim")
            out.append(" ")
        out.append(f"({key_of('campaign-next-band')}: next band)\n", style="dim")
        step = view.step(state, band) if band else None
        if step is not None:
            out.append("Step: ", style="bold")
            out.append(f"{step.title} ({step.rule})")
            if step.key != "done":
                out.append("   ")
                out.append(f"{key_of('campaign-end-step')}: end the step" if step.can_end else f"open: {step.why}",
                           style="green" if step.can_end else "yellow")
        else:
            nb = view.next_battle(state)
            out.append("Between battles: ", style="bold")
            if nb.ready:
                out.append(f"next battle ready ({nb.scenario}) — {key_of('campaign-next-battle')} starts it",
                           style="green")
            else:
                out.append(f"{nb.why} — {key_of('campaign-next-battle')} chooses or rolls the scenario",
                           style="yellow")
            out.append(f"   {key_of('campaign-write')}: write the rosters", style="dim")
        return out

    def fill_actions(self, state: Any, band: str) -> None:
        listing = self.query_one("#actions", OptionList)
        keep = listing.highlighted
        rows: list[Any] = []
        options: list[Option] = []

        def heading(text: str) -> None:
            rows.append(None)
            options.append(Option(Text(text, style="bold underline"), disabled=True))

        due = view.due(state, band) if band else ()
        if due:
            heading("Rolls due (⏎: type the dice or press r)")
            for d in due:
                rows.append(("roll", d))
                options.append(Option(Text.assemble(("🎲 ", ""), (d.title, "bold"), f"  {d.dice} {d.rule}\n   ",
                                                    (_odds_line(d.odds), "dim"))))
        summary = view.band_summary(state, band) if band else None
        spend = [m for m in (summary.models if summary else ()) if m.levels_pending]
        if spend and summary.step in ("development", "purchases"):
            heading("Level-ups to spend")
            for m in spend:
                rows.append(("advance", m.id))
                options.append(Option(Text(f"Spend a level-up of {m.name}… ({m.levels_pending} waiting)")))
        choices = view.choices(state, band) if band else ()
        if choices:
            heading("Choices")
            for opt in sorted(choices, key=lambda o: not o.allowed):
                rows.append(("choice", opt))
                label = Text(opt.label)
                if not opt.allowed:
                    label.stylize("dim")
                    why = f" — {opt.why}" + (f" ({opt.rule})" if opt.rule else "")
                    label.append(why, style="italic dim")
                options.append(Option(label, disabled=not opt.allowed))
        self.rows = rows
        listing.set_options(options)
        first = next((i for i, r in enumerate(rows) if r is not None and not options[i].disabled), None)
        if keep is not None and keep < len(options) and not options[keep].disabled:
            listing.highlighted = keep
        elif first is not None:
            listing.highlighted = first

    def set_status(self, text: Text | str) -> None:
        self.query_one("#status", Static).update(text)

    # ------------------------------------------------------------------ the list
    @on(OptionList.OptionSelected, "#actions")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if 0 <= index < len(self.rows) and self.rows[index] is not None:
            self.do_row(self.rows[index])

    # ------------------------------------------------------------------ session results
    @on(BattleChanged)
    def _battle_changed(self, message: BattleChanged) -> None:
        v = self.session.settle()
        self.redraw()
        self.set_status(change_status(message.kind, message.events, v))
        if message.kind == "command":
            if self.next_wanted:
                self.action_next_battle()

    @on(CommandRefused)
    def _command_refused(self, message: CommandRefused) -> None:
        rejected = message.rejected
        line = refusal_line(rejected)
        self.set_status(refusal_status(line))
        self.notify(line, title="Not allowed" if rejected.kind == "illegal" else "Not done", severity="warning",
                    timeout=6)

    @on(SaveFailed)
    def _save_failed(self, message: SaveFailed) -> None:
        self.session.failed(message.text)
        self.redraw()
        self.set_status(save_failed_status(message.text))
        self.notify(message.text, title="Could not save — the last command was not kept", severity="error",
                    timeout=15)

    @on(LogEntryChosen)
    def _log_entry_chosen(self, message: LogEntryChosen) -> None:
        from .log_entry_screen import LogEntryScreen

        event = self.session.entry(message.seq)
        if event is not None:
            undone = any(e.seq == message.seq for e in self.session.view.undone)
            self.app.push_screen(LogEntryScreen(event, undone=undone))
