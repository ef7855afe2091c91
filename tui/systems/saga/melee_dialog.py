"""The SAGA melee, step by step (§3): one dialog that follows the engine's melee record
from step 1 to step 8.

Each step shows its numbers (``view.pending_step``), the choices open now as letter
keys (models taking part, hard cover, the Defender's trade, abilities and the fatigue
spends open to the side declaring, re-rolls, the T4 checklist, retreat), and the exact
odds of each side's casualties and of who retreats (``view.odds``), updated whenever a
choice changes. At steps 4 and 5 the GM types the dice rolled at the table (the
Attacker's first) or presses r for the app's roll. ⏎ closes the step.

Every choice is an engine command handed to the battle screen (``host.submit``); the
screen calls ``refresh_view`` when the session says the events are saved. Esc closes
the dialog; the melee stays open (space on the dashboard comes back to it).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from engine.formatting import possessive
from engine.odds import percent
from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view
from engine.rulesets.saga.melee_numbers import MeleeOdds
from engine.rulesets.saga.melee_state import ATTACKER, DEFENDER, Melee
from engine.rulesets.saga.state import BattleState
from engine.rulesets.saga.tables import MELEE_REACH, MELEE_STEPS, RETREAT_BAND, T4_RADIUS
from engine.rulesets.saga.terms import TERMS, band, term
from tui.citations import cite_renderable, citer
from tui.dialogs.dice_hint import HintedInput
from tui.dialogs.kept_rows import fit_under_the_top
from tui.dialogs.options import distribution_text
from tui.dialogs.prompt import TextPrompt
from tui.dialogs.type_ahead import waits
from tui.screens.picker_screen import Choice, PickerScreen
from tui.systems.saga.ability_form import AbilityForm
from tui.systems.saga.melee_units import Opt, SeveralUnitsAsks

OPTION_KEYS = "abcdefghijklmnopstuvwxyz"
"""Choice keys: letters, never r (the app's roll) or q."""
ROLL_STAGES = ("attack-roll", "defence-roll")


class DiceField(HintedInput):
    """The typed dice: digits and separators; a letter is a dialog key."""

    HINT_LINE = "melee-dice-hint"

    def on_key(self, event: events.Key) -> None:
        """A letter is the dialog's key, never typed (the Input would take it); ⏎ rolls
        here, after the digits typed before it and before those typed after it; a key
        typed ahead of a step still being handled waits for it (``type_ahead``)."""
        if waits(self.app, event):
            return
        if event.key == "enter":  # in turn with the digits typed before and after it
            event.stop()
            event.prevent_default()
            screen = self.screen
            if isinstance(screen, MeleeDialog):
                screen.action_confirm()
            return
        if event.character and event.character.isalpha():
            event.stop()
            event.prevent_default()  # the Input's own key handling does not run
            screen = self.screen
            if isinstance(screen, MeleeDialog):
                screen.letter(event.character)


class MeleeDialog(SeveralUnitsAsks, ModalScreen[None]):
    """The open melee. ``host`` is the SAGA battle screen (``state``, ``submit``, ``session``)."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="skirmish.melee-close"),
        Binding("enter", "confirm", "Next step", id="skirmish.melee-confirm"),
        Binding("r", "app_roll", "App rolls", id="skirmish.melee-roll"),
        Binding("ctrl+z", "undo", "Undo", id="skirmish.melee-undo"),
        Binding("ctrl+y", "redo", "Redo", id="skirmish.melee-redo"),
        Binding("pageup,up", "scroll(-1)", "Scroll up", show=False, id="skirmish.melee-scroll-up"),
        Binding("pagedown,down", "scroll(1)", "Scroll down", show=False, id="skirmish.melee-scroll-down"),
        *(Binding(k, f"option({i})", show=False, id=f"skirmish.melee-option-{k}") for i, k in enumerate(OPTION_KEYS)),
    ]

    DEFAULT_CSS = """
    MeleeDialog { align: center bottom; background: $background 60%; }
    MeleeDialog > Vertical {
        width: 110; max-width: 100%; height: 100%; max-height: 100%;
        border: thick $warning; border-title-style: bold; background: $surface; padding: 0 1;
    }
    MeleeDialog #melee-body { height: 1fr; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    MeleeDialog #melee-steps { color: $text-muted; }
    MeleeDialog #melee-options { padding: 1 0 0 0; }
    MeleeDialog #melee-odds { padding: 1 0 0 0; }
    MeleeDialog #melee-notes { color: $text-muted; }
    MeleeDialog #melee-refusal { color: $error; }
    MeleeDialog #melee-dice { height: 1; border: none; padding: 0 1; margin: 1 0 0 0; background: $boost; }
    MeleeDialog #melee-dice.-under-hint { margin: 0; }
    MeleeDialog #melee-dice-hint { color: $text-muted; margin: 1 0 0 0; }
    MeleeDialog #melee-hint { color: $text-muted; }
    """

    def __init__(self, host: Any) -> None:
        super().__init__()
        self.host = host
        self.stage = ""
        self.trade = False
        self.ticked: set[str] = set()
        self.loser_can = True
        self.winner_can = True
        self.options: list[Opt] = []
        self.fatigue_page = False
        """Step 7 shown on its own page before step 8 (⏎ goes on to the retreat)."""
        self.split: dict[str, int] = {}
        """Step 6 with more than one unit on a side [SAGA-M3]: the models each unit loses, as chosen."""

    def compose(self) -> ComposeResult:
        box = Vertical()
        box.border_title = term("Melee")
        with box:
            with VerticalScroll(id="melee-body"):
                yield Static("", id="melee-steps")
                yield Static("", id="melee-numbers")
                yield Static("", id="melee-options")
                yield Static("", id="melee-odds")
                yield Static("", id="melee-notes")
            yield Static("", id="melee-refusal")
            yield Static("", id="melee-dice-hint")
            yield DiceField(placeholder="", id="melee-dice", restrict=r"[0-9 ,;]*")
            yield Static("", id="melee-hint")

    def on_mount(self) -> None:
        self.keep_the_top_visible()
        self.refresh_view()

    def on_resize(self, event: events.Resize) -> None:
        self.keep_the_top_visible()

    def keep_the_top_visible(self) -> None:
        """The dialog fills the rows under the top bar and the acting unit (they stay in
        view); what does not fit scrolls inside it."""
        body = self.query_one("#melee-body", VerticalScroll)
        fit_under_the_top(self, self.query_one(Vertical), self.host.rows_kept_above_dialogs(), body)

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> BattleState:
        state: BattleState = self.host.state
        return state

    def refresh_view(self, refusal: str = "") -> None:
        """Redraw from the saved state (called by the battle screen after each change)."""
        state = self.state
        m = state.melee
        step = view.pending_step(state) if m is not None else None
        if m is None or step is None:
            self.dismiss(None)
            return
        if m.stage != self.stage:  # a new step: its local choices start afresh
            seen, self.stage, self.trade, self.ticked = self.stage, m.stage, False, set()
            self.loser_can = self.winner_can = True
            self.query_one("#melee-dice", Input).value = ""
            # step 7's page only when this dialog saw the melee reach step 8; reopened at
            # step 8, it shows step 8, as the engine (and the top bar) say
            self.fatigue_page = m.stage == "retreat" and seen != ""
            self.split = {}
        page7 = view.fatigue_step(state) if self.fatigue_page else None
        step = page7 or step
        a, d = (", ".join(state.unit(p.unit).name for p in m.pools_of(r)) for r in (ATTACKER, DEFENDER))
        verb = "attacks" if len(m.pools_of(ATTACKER)) == 1 else "attack"
        self.query_one(Vertical).border_title = f"{term('Melee')}: {a} ({state.side_name(m.attacker)}) {verb} {d}"
        ribbon = Text("Step ")
        for n in range(1, 9):
            ribbon.append(f" {n} ", style="bold reverse" if n == step.step else ("" if n > step.step else "dim"))
        ribbon.append(f"  {step.title}", style="bold")
        if (named := TERMS.get(MELEE_STEPS.get(step.step, ""))) is not None:  # "Retreat (Отступление)"
            ribbon.append(f" ({named.original})", style="bold")
        if step.decider:
            ribbon.append(f" — {state.side_name(step.decider)} decides", style="yellow")
        self.query_one("#melee-steps", Static).update(ribbon)
        cite = citer(self.app)  # each rule as the rulebook's section
        self.query_one("#melee-numbers", Static).update(cite_renderable(Text("\n".join(step.lines)), cite))
        self.options = [] if page7 else self._options(state, m)
        options = self.query_one("#melee-options", Static)
        options.update(cite_renderable(self._options_text(), cite))
        options.display = bool(self.options)  # an empty one would be a blank row
        self.query_one("#melee-odds", Static).update(
            Text("") if page7 else cite_renderable(self._odds_text(state, m), cite)
        )
        notes = self.query_one("#melee-notes", Static)
        notes.update(cite_renderable(Text("\n".join(step.notes)), cite))
        notes.display = bool(step.notes)
        box = self.query_one("#melee-refusal", Static)
        box.update(Text(cite(f"✗ {refusal}")) if refusal else "")  # "[SAGA-A16]" is no markup
        box.display = bool(refusal)
        dice = self.query_one("#melee-dice", Input)
        rolling = m.stage in ROLL_STAGES
        dice.display = rolling
        if rolling:
            need = view.dice_to_roll(state)
            self.dice_hint = (
                "type "
                + ", then ".join(f"{x.count} ({state.side_name(x.side)})" for x in need)
                + " — or r / ⏎: the app rolls"
            )
            dice.focus()
        else:
            self.dice_hint = ""
            self.set_focus(None)
        # whole, in the field or on a line above it (the keys line does not say that r rolls)
        self.query_one("#melee-dice", DiceField).show_hint(self.dice_hint, tail_said=False)
        self.query_one("#melee-hint", Static).update(cite_renderable(self._hint(m), cite))

    dice_hint = ""
    """What to type at a roll step ("" at the others): the dice field's placeholder, or
    the line above the field where it is too narrow for it."""

    def _hint(self, m: Any) -> str:
        if self.fatigue_page:
            return "⏎ step 8: who retreats · ↑↓ scroll · ctrl+z undo · esc close (space reopens)"
        what = {
            "choose-defender": "a letter chooses the defending unit",
            "participants": "⏎ the attack dice are right (step 2 next)",
            "trade": f"⏎ {'trade' if self.trade else 'keep the attack dice'}",
            "abilities-attacker": "⏎ the Attacker is done declaring",
            "abilities-defender": "⏎ step 3 is closed",
            "attack-roll": "⏎ roll (typed dice or the app)",
            "defence-roll": "⏎ roll the defence dice",
            "casualties": "⏎ remove the casualties",
            "within-s": f"⏎ these units were within {band(T4_RADIUS)}",
            "retreat": "⏎ resolve the retreat",
        }[m.stage]
        return f"letters: choices · {what} · ↑↓ scroll · ctrl+z undo · esc close (space reopens)"

    # ------------------------------------------------------------------ choices of each step
    def _options(self, state: BattleState, m: Melee) -> list[Opt]:
        submit = self.host.submit
        out: list[Opt] = []
        if m.stage == "choose-defender":
            out += [
                Opt(f"{state.unit(u).name} defends the building (§6)", partial(submit, c.ChooseDefender(u)))
                for u in m.candidates
            ]
        elif m.stage == "participants":
            for p in m.pools:
                u = state.unit(p.unit)
                out.append(
                    Opt(
                        f"{u.name}: models taking part ({p.models} of {u.models}) [SAGA-A2]",
                        partial(
                            self._ask_participants,
                            p.unit,
                            f"How many of {possessive(u.name)} {u.models} models take part?",
                        ),
                    )
                )
                out.append(
                    Opt(
                        f"{u.name}: type its attack dice instead [SAGA-M1]",
                        partial(self._ask_participants, p.unit, f"{possessive(u.name)} attack dice:", dice=True),
                    )
                )
            if m.several:
                for p in m.pools:
                    target = state.unit(m.target_of(p.unit)).name
                    out.append(
                        Opt(
                            f"{state.unit(p.unit).name} attacks {target}: its dice roll against {possessive(target)} Armour "
                            "— choose another enemy unit [SAGA-M3]",
                            partial(self._ask_aim, p.unit),
                        )
                    )
            if not m.building:
                out.append(
                    Opt("Hard cover for the Defender: models in contact, how many covered (§3.9)", self._ask_cover)
                )
            out.append(Opt("Another unit joins the melee (GM's call [SAGA-M3])", self._ask_join))
        elif m.stage == "trade":
            out.append(Opt("Trade half the attack dice for defence dice (§3 step 2)", self._toggle_trade, self.trade))
        elif m.stage in ("abilities-attacker", "abilities-defender"):
            side = m.attacker if m.stage == "abilities-attacker" else m.defender
            for o in view.fatigue_offers(state, side):
                out.append(
                    Opt(
                        f"Spend 1 of {possessive(state.unit(o.unit).name)} fatigue: {o.effect} ({o.rule})",
                        partial(submit, c.SpendFatigue(o.by, o.unit, o.use, o.for_unit)),
                    )
                )
            out.append(Opt(f"{state.side_name(side)} declares a SAGA ability", partial(self._ask_ability, side)))
        elif m.stage in ("defence-roll", "casualties"):
            if m.stage == "casualties":
                out += self._split_options(state, m)
            for side in (m.attacker, m.defender):
                phase, left, dice = view.reroll_dice(state, side)
                if left > 0 and any(not x.rerolled for x in dice):
                    out.append(
                        Opt(
                            f"{state.side_name(side)} re-rolls {phase} dice ({left} left; a re-rolled die "
                            "is never re-rolled again)",
                            partial(self._ask_reroll, side),
                        )
                    )
        elif m.stage == "within-s":
            gone = state.unit(m.within_s[0])
            for u in state.units_of(gone.side):
                if u.id != gone.id:
                    out.append(
                        Opt(
                            f"{u.name} was within {band(T4_RADIUS)} of {gone.name} (+1 fatigue, §4.2)",
                            partial(self._tick, u.id),
                            u.id in self.ticked,
                        )
                    )
        elif m.stage == "retreat":
            out.append(
                Opt(
                    "The loser cannot retreat legally (the winner retreats instead)",
                    self._toggle_loser,
                    not self.loser_can,
                )
            )
            out.append(
                Opt("The winner cannot retreat either (both stay [SAGA-A7])", self._toggle_winner, not self.winner_can)
            )
        return out

    def _options_text(self) -> Text:
        out = Text()
        for i, o in enumerate(self.options):
            if i:
                out.append("\n")
            out.append(f"{OPTION_KEYS[i]} ", style="bold")
            if o.checked is not None:
                out.append("[✓] " if o.checked else "[ ] ", style="bold green" if o.checked else "dim")
            out.append(o.label)
        return out

    def _odds_text(self, state: BattleState, m: Melee) -> Text:
        o = view.odds(state, trade=self.trade if m.stage == "trade" else None)
        if not isinstance(o, MeleeOdds):  # None: no odds at this step (a shot is never open beside a melee)
            if m.stage == "retreat":
                return Text(
                    "The loser retreats (a tie: the Attacker); a side wiped out: no one (§3 step 8). "
                    f"Retreat checklist: {band(RETREAT_BAND)} away, outside {band(MELEE_REACH)} of enemies, "
                    "in formation [SAGA-A8].",
                    style="dim",
                )
            return Text("")
        out = Text("Exact odds for these choices:", style="bold")
        for role in (DEFENDER, ATTACKER):
            names = ", ".join(state.unit(p.unit).name for p in m.pools_of(role))
            out.append("\n")
            out.append_text(distribution_text(o.losses[role], f"{names} loses"))
        r = o.retreat
        out.append(
            f"\nRetreats: the Attacker {percent(r['attacker'])} · the Defender {percent(r['defender'])} · "
            f"no one (wiped out) {percent(r['none'])}",
            style="dim",
        )
        return out

    # ------------------------------------------------------------------ asking
    def _ask_participants(self, unit: str, question: str, dice: bool = False) -> None:
        """How many of ``unit``'s models take part [SAGA-A2], or (``dice``) its attack dice typed [SAGA-M1]."""

        def chosen(n: int) -> None:
            self.host.submit(c.SetParticipants(unit, dice=n) if dice else c.SetParticipants(unit, models=n))

        self._ask_number(question, chosen)

    def _ask_number(self, question: str, then: Callable[[int], None]) -> None:
        def done(text: Any) -> None:
            if text:
                then(int(text))

        self.app.push_screen(TextPrompt(question, restrict=r"[0-9]*"), done)

    def _ask_cover(self) -> None:
        def done(text: Any) -> None:
            numbers = [int(x) for x in (text or "").replace(",", " ").split() if x.isdigit()]
            if len(numbers) == 2:
                self.host.submit(c.SetMeleeCover(numbers[0], numbers[1]))
            elif text:
                self.refresh_view("give two numbers: models in contact, then how many of them are covered")

        self.app.push_screen(
            TextPrompt(
                "Defending models in contact, then how many of them are behind hard cover (two thirds needed, §3.9):",
                placeholder="6 4",
                restrict=r"[0-9 ,]*",
            ),
            done,
        )

    def _ask_ability(self, side: str) -> None:
        def done(values: Any) -> None:
            if values:
                self.host.submit(c.DeclareAbility(**values))

        self.app.push_screen(AbilityForm(self.state.side_name(side)), done)

    def _ask_reroll(self, side: str) -> None:
        phase, left, dice = view.reroll_dice(self.state, side)
        choices = [
            Choice(
                x.index,
                f"die {x.index + 1}: {x.face} ({'success' if x.succeeded else 'failed'}) — "
                f"its re-roll succeeds {percent(x.p_after)} (free: the declared ability)",
                "already re-rolled" if x.rerolled else "",
            )
            for x in dice
        ]

        def face(index: Any) -> None:
            if index is None:
                return

            def done(text: Any) -> None:
                if text is None:
                    return
                faces = (int(text),) if text else None
                self.host.submit(c.Reroll(side, phase, (index,), faces))

            self.app.push_screen(
                TextPrompt("The re-rolled die's face (1–6), or empty: the app rolls", restrict=r"[1-6]?"), done
            )

        self.app.push_screen(
            PickerScreen(f"{self.state.side_name(side)}: which {phase} die is re-rolled?", choices), face
        )

    def _toggle_trade(self) -> None:
        self.trade = not self.trade
        self.refresh_view()

    def _toggle_loser(self) -> None:
        self.loser_can = not self.loser_can
        self.refresh_view()

    def _toggle_winner(self) -> None:
        self.winner_can = not self.winner_can
        self.refresh_view()

    def _tick(self, unit: str) -> None:
        self.ticked ^= {unit}
        self.refresh_view()

    # ------------------------------------------------------------------ keys
    def letter(self, key: str) -> None:
        if key == "r":
            self.action_app_roll()
        elif key in OPTION_KEYS:
            self.action_option(OPTION_KEYS.index(key))

    def action_option(self, index: int) -> None:
        if 0 <= index < len(self.options):
            self.options[index].run()

    @on(Input.Submitted, "#melee-dice")
    def _dice_entered(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_confirm()

    def action_app_roll(self) -> None:
        m = self.state.melee
        if m is not None and m.stage in ROLL_STAGES:
            self.query_one("#melee-dice", Input).value = ""
            self.action_confirm()

    def action_confirm(self) -> None:
        m = self.state.melee
        if m is None:
            return
        if self.fatigue_page and m.stage == "retreat":  # step 7 read: on to step 8
            self.fatigue_page = False
            self.refresh_view()
            return
        command = {
            "participants": lambda: c.ConfirmAttackDice(),
            "trade": lambda: c.TradeDice(self.trade),
            "abilities-attacker": lambda: c.EndDeclarations(),
            "abilities-defender": lambda: c.EndDeclarations(),
            "attack-roll": lambda: self._roll(c.RollAttacks),
            "defence-roll": lambda: self._roll(c.RollDefence),
            "casualties": lambda: c.RemoveCasualties(tuple(self.split.items())),
            "within-s": lambda: c.MarkWithinS(tuple(sorted(self.ticked))),
            "retreat": lambda: c.ResolveRetreat(self.loser_can, self.winner_can),
        }.get(m.stage, lambda: None)()
        if command is not None:
            self.host.submit(command)

    def _roll(self, kind: Any) -> Any:
        """The roll command with the typed faces (Attacker's first), or for the app's roll."""
        from engine.dice import DiceEntryError, parse_dice

        text = self.query_one("#melee-dice", Input).value
        if not text.strip():
            return kind()
        need = view.dice_to_roll(self.state)
        try:
            faces = parse_dice(text, sum(x.count for x in need))
        except DiceEntryError as err:
            self.refresh_view(f"Dice: {err}")
            return None
        first = need[0].count
        return kind(attacker=tuple(faces[:first]), defender=tuple(faces[first:]))

    def refused(self, message: Any) -> bool:
        """A refusal while the dialog is open: shown here; the [SAGA-A16] ruling is asked."""
        rejected = message.rejected
        if isinstance(message.command, c.ResolveRetreat) and rejected.kind == "ambiguous":
            choices = [
                Choice("defenders-leave", "The defenders leave instead (the general rule: the winner retreats)"),
                Choice("no-retreat", "No retreat: both stay"),
            ]
            cmd = message.command
            self.app.push_screen(
                PickerScreen(f"{rejected.reason} ({rejected.rule})", choices),
                lambda ruling: (
                    ruling and self.host.submit(c.ResolveRetreat(cmd.loser_can_retreat, cmd.winner_can_retreat, ruling))
                ),
            )
            return True
        self.refresh_view(f"{rejected.reason}" + (f" ({rejected.rule})" if rejected.rule else ""))
        return True

    def action_scroll(self, direction: int) -> None:
        """↑↓ / page keys scroll the step's numbers, odds and notes (a small terminal)."""
        body = self.query_one("#melee-body", VerticalScroll)
        body.scroll_relative(y=direction * max(1, body.size.height - 2), animate=False)

    def action_undo(self) -> None:
        self.host.session.undo()

    def action_redo(self) -> None:
        self.host.session.redo()

    def action_close(self) -> None:
        """Hide the dialog (``space`` brings it back); with dice typed, ask first."""
        from tui.dialogs.roll_dialog import ask_before_discarding

        typed = self.query_one("#melee-dice", Input).value.strip()
        if typed:
            ask_before_discarding(self, typed, lambda: self.dismiss(None))
        else:
            self.dismiss(None)
