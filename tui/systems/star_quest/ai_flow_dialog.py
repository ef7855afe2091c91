"""The AI flow chart (§16.2) as a step-by-step dialog.

The app asks the GM each question of the chart in turn (y / n), shows the path taken
so far (which questions the state answered by itself, marked "auto"), and once the
chart reaches an action proposes it: ⏎ takes it, o overrides it (another action, and
the reason, which is logged). At the "cast" step, c opens the roll dialog for the random
spell: heroes' hindering tokens, the exact odds, then the dice typed or the app's roll.
The chart's first step (†2, §14) asks whether the unit activates in dangerous terrain — only
while the table may have some (the mission file or the GM said nothing else): y opens the
dice (how many models, then the roll dialog; the roll is the yes), n answers no (logged),
N says the table has none, so †2 answers itself from then on. The answer is where the
unit stands: a unit the GM said no for is not asked again until it moves; one that
rolled there and has not moved is told so.

The dialog never decides a rule: the question, the path and the actions open come from
the engine's ``view.ai_question`` / ``view.ai_path`` / ``view.ai_options``; the commands
go to the screen's session, and the screen calls ``refresh_view`` when they are saved.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.formatting import plural
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import tables as t
from engine.rulesets.star_quest import view
from tui.citations import cite_renderable, citer
from tui.dialogs.kept_rows import fit_under_the_top
from tui.screens.picker_screen import Choice, PickerScreen


def path_text(state: Any) -> Table | Text:
    """Each answered question: step, text, answer and who answered (wrapped lines indented)."""
    steps = view.ai_path(state)
    if not steps:
        return Text("(no question answered yet)", style="dim")
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(width=3, no_wrap=True, style="bold dim")
    table.add_column(ratio=1)
    for s in steps:
        line = Text(s.question, style="dim")
        line.append(" → ")
        line.append(s.answer, style="bold green" if s.answer == "yes" else "bold red")
        if s.by == "auto":
            line.append(" (auto)", style="italic cyan")
        table.add_row(s.step, line)
    return table


class AIFlowDialog(ModalScreen[None]):
    """One AI activation through the chart. ``host``: the Star Quest screen (it owns the
    session and redraws this dialog when the answers are saved)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="skirmish.ai-yes"),
        Binding("n", "answer(False)", "No", id="skirmish.ai-no"),
        Binding("enter", "take", "Take the proposal", id="skirmish.ai-take"),
        Binding("o", "override", "Override", id="skirmish.ai-override"),
        Binding("c", "cast", "Cast", id="skirmish.ai-cast"),
        Binding("d", "dangerous", "Dangerous terrain", id="skirmish.ai-dangerous"),
        Binding("N", "no_dangerous_terrain", "No dangerous terrain on the table", id="skirmish.ai-no-terrain"),
        Binding("escape", "hide", "Hide", id="skirmish.ai-hide"),
    ]

    DEFAULT_CSS = """
    AIFlowDialog { align: center bottom; background: $background 60%; }
    AIFlowDialog > Vertical {
        width: 100; max-width: 100%; height: 100%; max-height: 100%;
        border: thick $warning; border-title-style: bold; background: $surface; padding: 0 1;
    }
    AIFlowDialog #ai-path { height: auto; max-height: 10; min-height: 1; scrollbar-size-vertical: 1; }
    AIFlowDialog #ai-path > Static { height: auto; }
    AIFlowDialog #ai-now { padding: 1 0 0 0; }
    AIFlowDialog #ai-keys { color: $text-muted; padding: 1 0 0 0; }
    AIFlowDialog #ai-refusal { color: $error; display: none; }
    """

    def __init__(self, host: Any) -> None:
        super().__init__()
        self.host = host

    @property
    def state(self) -> Any:
        return self.host.state

    def compose(self) -> ComposeResult:
        box = Vertical()
        box.border_title = citer(self.app)("AI activation — the flow chart (§16.2)")
        with box:
            yield Static("", id="ai-unit")
            with VerticalScroll(id="ai-path"):  # what does not fit scrolls here, never the screen
                yield Static("", id="ai-path-text")
            yield Static("", id="ai-now")
            yield Static("", id="ai-refusal")
            yield Static("", id="ai-keys")

    def on_mount(self) -> None:
        self.keep_the_top_visible()
        self.refresh_view()

    def on_resize(self, event: events.Resize) -> None:
        self.keep_the_top_visible()

    def keep_the_top_visible(self) -> None:
        """The dialog fills the rows under the top bar and the AI unit's row (they stay in view)."""
        path = self.query_one("#ai-path", VerticalScroll)
        fit_under_the_top(self, self.query_one(Vertical), self.host.rows_kept_above_dialogs(), path, 10)
        path.call_after_refresh(path.scroll_end, animate=False)  # refitted: still the last answers

    # ------------------------------------------------------------------ drawing
    def refresh_view(self) -> None:
        """Redraw from the saved state; close when the AI unit's action is chosen."""
        s = self.state
        q = view.ai_question(s)
        if q is None or (s.activation is not None and s.activation.ai_action is not None):
            self.dismiss(None)
            return
        if s.attack is not None or s.offer is not None:  # a spell's hits: the screen opens their roll
            self.dismiss(None)
            return
        u = s.unit(q.unit)
        self.query_one("#ai-unit", Static).update(
            Text.assemble(("AI unit: ", "bold"), (u.name, "bold yellow"), f"  ({plural(u.models, 'model')})")
        )
        cite = citer(self.app)  # each rule as the rulebook's section
        self.query_one("#ai-path-text", Static).update(cite_renderable(path_text(s), cite))
        path = self.query_one("#ai-path", VerticalScroll)
        path.call_after_refresh(path.scroll_end, animate=False)  # the last answers, next to the question
        now = Text()
        keys = Text()
        pending = view.pending(s)
        if pending is not None and pending.kind == "status":
            now.append("Status conditions come first (§16.2 step 2): ", style="bold")
            now.append(", ".join(pending.lines))
            keys.append("esc, then space resolves them")
        elif self.asks_dangerous():
            now.append(f"{q.step}  ", style="bold yellow")
            now.append(f"Does {u.name} activate in dangerous terrain?", style="bold")
            if q.note:
                now.append(f"\n{q.note}", style="yellow")
            now.append(
                "\n§14 Dangerous terrain: Tough dice per model, each 1 a wound, once per model [SQ-A22]", style="dim"
            )
            keys.append(
                "y yes: roll its dice · n no: on to the chart · N the table has none (not asked again) · esc hide"
            )
        elif q.proposal is None:
            now.append(f"{q.step}  ", style="bold yellow")
            now.append(q.question, style="bold")
            now.append(f"\n{q.rule}", style="dim")
            keys.append(
                "y yes · n no"
                + (" · c cast a random spell now (odds, then type the dice or r)" if q.node == "cast" else "")
                + " · esc hide (space brings it back)"
            )
        else:
            now.append("The chart proposes: ", style="bold")
            now.append(q.proposal_text, style="bold green")
            rule = next((o.rule for o in view.ai_options(s) if o.key == q.proposal), "")
            now.append(f"  ({rule})", style="dim")
            keys.append("⏎ take it · o override (another action, with the reason) · esc hide")
        self.query_one("#ai-now", Static).update(cite_renderable(now, cite))
        self.query_one("#ai-keys", Static).update(cite_renderable(keys, cite))

    def refused(self, message: Any) -> bool:
        """Show the engine's refusal here (the screen asks first)."""
        refusal = self.query_one("#ai-refusal", Static)
        rejected = message.rejected
        line = f"Not done: {rejected.reason}" + (f" ({rejected.rule})" if rejected.rule else "")
        refusal.update(Text(citer(self.app)(line)))  # its rule as the book's; "[SQ-A5]" is no markup
        refusal.display = True
        return True

    def _clear(self) -> None:
        self.query_one("#ai-refusal", Static).display = False

    def asks_dangerous(self) -> bool:
        """The chart waits at †2 (the engine's node "dangerous")."""
        q = view.ai_question(self.state)
        return q is not None and q.proposal is None and q.node == "dangerous"

    # ------------------------------------------------------------------ keys
    def action_answer(self, yes: bool) -> None:
        if self.asks_dangerous() and yes:  # the yes is the roll of its dice
            self.action_dangerous()
            return
        q = view.ai_question(self.state)
        if q is not None and q.proposal is None:
            self._clear()
            self.host.submit(c.AnswerAI(yes))

    def action_cast(self) -> None:
        from tui.dialogs.roll_dialog import push_roll_dialog
        from tui.systems.star_quest.adapters import AICastAdapter

        q = view.ai_question(self.state)
        if q is None or q.node != "cast" or self.asks_dangerous():  # †2 first
            return
        self._clear()
        s, unit = self.state, q.unit

        def roll(target: str | None) -> None:
            adapter = AICastAdapter(self.state, unit, target)
            push_roll_dialog(
                self.app, adapter, lambda result: result is not None and self.host.submit(adapter.typed(*result))
            )

        spells = s.unit(unit).spec.spells
        targets = dict.fromkeys(x for sp in spells for x in view.spell_targets(s, unit, sp) if sp.target != "self")
        if not targets:
            roll(None)
            return
        names = ", ".join(f"{sp.name}: {sp.effect}" for sp in spells)

        def picked(target: str | None) -> None:
            if target is not None:
                roll(target)

        self.app.push_screen(
            PickerScreen(
                f"The spell's target if it is cast — the GM picks, the nearest valid one [SQ-M5] ({names})",
                [Choice(x, s.unit(x).name) for x in targets],
            ),
            picked,
        )

    def action_dangerous(self) -> None:
        """†2: dangerous terrain where the AI unit activates (§14), through the roll dialog."""
        s = self.state
        act = s.activation
        if act is None or s.ai is None or act.unit != s.ai.unit:
            return
        self._clear()
        choices = self.host.dangerous_choices(act.unit)
        if len(choices) == 1:
            self.host.dangerous_roll(choices[0].value)
            return
        self.app.push_screen(
            PickerScreen(f"{s.unit(act.unit).name}: how many models are in dangerous terrain?", choices),
            lambda command: self.refresh_view() if command is None else self.host.dangerous_roll(command),
        )

    def action_no_dangerous_terrain(self) -> None:
        """N at †2: the table has no dangerous terrain, so the engine answers †2 from now on."""
        if self.asks_dangerous():
            self._clear()
            self.host.submit(c.DeclareTerrain(False))

    def action_take(self) -> None:
        q = view.ai_question(self.state)
        if q is None or q.proposal is None:
            return
        option = next(o for o in view.ai_options(self.state) if o.key == q.proposal)
        self._with_target(
            option, lambda target, difficult: self.host.submit(c.ChooseAIAction(target=target, difficult=difficult))
        )

    def action_override(self) -> None:
        from tui.dialogs.prompt import TextPrompt

        q = view.ai_question(self.state)
        if q is None or q.proposal is None:
            return
        choices = [Choice(o, o.text, o.why_not) for o in view.ai_options(self.state) if not o.proposed]

        def chosen(option: Any) -> None:
            if option is None:  # cancelled
                return

            def reason(text: Any) -> None:
                if text:
                    self._with_target(
                        option,
                        lambda target, difficult: self.host.submit(
                            c.ChooseAIAction(option.key, reason=text, target=target, difficult=difficult)
                        ),
                    )

            self.app.push_screen(
                TextPrompt(
                    f"Why {option.text.lower()} instead of the chart's proposal?", placeholder="e.g. the door is locked"
                ),
                reason,
            )

        self.app.push_screen(PickerScreen(f"Override the chart: {q.proposal_text} — instead:", choices), chosen)

    def _with_target(self, option: Any, then: Any) -> None:
        """A charge needs the nearest hero named; a Rush asks whether it crosses difficult
        terrain (the 6" cap, §14); other actions go at once. ``then(target, difficult)``."""
        if option.key in ("rush-enemy", "rush-objective"):
            s = self.state
            u = s.unit(s.ai.unit)
            full, how = view.move_allowance(s, u, t.RUSH)
            capped, capped_how = view.move_allowance(s, u, t.RUSH, True)
            self.app.push_screen(
                PickerScreen(
                    f"{u.name} Rushes: does the move cross difficult terrain (§14)?",
                    [
                        Choice(False, f'No: up to {float(full):g}" ({how})'),
                        Choice(True, f'Yes: up to {float(capped):g}" ({capped_how})'),
                    ],
                ),
                lambda difficult: None if difficult is None else then(None, bool(difficult)),
            )
            return
        if not option.needs_target:
            then(None, False)
            return
        heroes = [Choice(h.id, h.name) for h in view.hero_lines(self.state) if h.conscious]

        def charged(hero: str | None) -> None:
            if hero is not None:
                then(hero, False)

        self.app.push_screen(PickerScreen("Charge which hero (the nearest)?", heroes), charged)

    def action_hide(self) -> None:
        self.dismiss(None)
