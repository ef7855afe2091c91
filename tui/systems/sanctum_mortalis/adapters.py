"""Roll adapters: what each roll dialog asks of the engine.

Each adapter turns the GM's toggles into an engine command and asks the rule system's
view queries (``engine.rulesets.sanctum_mortalis.view``) for the options and exact odds
of that command. A roll the engine has no preview for yet gets ``PlainAdapter``: no
options, no odds, but the roll itself still goes to the engine.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.formatting import possessive, target_words
from engine.odds import percent
from engine.records import changed
from engine.rulesets.sanctum_mortalis.terms import card_term, skill_term, term
from tui.dialogs.options import OptionLine
from tui.dialogs.roll_dialog import Flag, RollAdapter, RollPreview

JUMP = "you-only-die-once"
"""Raz kozie śmierć! (``card_triggers.JUMP_INSTEAD``): an option of the Toughness roll."""


def _chance(label: str, p: Any, style: str = "bold") -> list[Any]:
    return [f"{label} ", (percent(p), style)]


def _dice_for(options: tuple[OptionLine, ...]) -> int:
    """2k6, or 3 dice when an option changes the dice (an extra die)."""
    return 3 if any(o.kind == "dice" and o.active for o in options) else 2


def _view() -> Any:
    from engine.rulesets.sanctum_mortalis import view

    return view


class Checked(RollAdapter):
    """``check_dice``: the engine tries the command the dialog shows with the dice typed
    (``view.dice_problem``), so too few, too many or a wrong face keeps the dialog open."""

    state: Any
    base: Any
    shown: Any = None
    """The command of the last preview: the toggles on the screen."""
    exact_dice: int | None = None
    """How many dice that command rolls, when the engine knows it before the roll: the
    typed dice are then right by their count alone (no trial on the hot path of a roll)."""

    def check_dice(self, faces: Any) -> str:
        if self.exact_dice is not None and len(faces) == self.exact_dice:
            return ""
        return _view().dice_problem(self.state, self.shown if self.shown is not None else self.base, tuple(faces))


class ShotAdapter(Checked):
    """One shot of a Shooting action (``Shoot``)."""

    def __init__(self, state: Any, command: Any) -> None:
        self.state = state
        self.base = command
        shooter = state.model(command.shooter)
        target = state.model(command.target)
        from engine.rulesets.sanctum_mortalis import tables as t

        weapon = t.RANGED_WEAPONS.get(command.weapon)
        preview = _view().shot_preview(state, command)
        self.title = (
            f"{shooter.name} shoots {target.name} — {weapon.name if weapon else command.weapon}, "
            f"shot {preview.shot_index}/{preview.shots}"
        )
        self.flags = (
            (Flag("o", "overwatch", f"{term('Overwatch')} shot ◎ (uses the marker, not an action)"),)
            if "overwatch" in shooter.markers
            else ()
        )
        self.start_toggles, self.start_declined = _view().salvo_carried(state, command)
        if self.start_toggles or self.start_declined:
            self.options_title = (
                f"Modifiers kept from shot {preview.shot_index - 1} at {target.name} — press a "
                "letter to toggle one; type the dice rolled on the table below:"
            )

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return changed(self.base, toggles=toggles, declined=declined, overwatch=flags.get("overwatch", False))

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        self.shown = self.command(toggles, declined, flags)
        p = _view().shot_preview(self.state, self.shown)
        dispel = self.base.dispeller is not None  # its 2 dice first; none for the hit if it dispels
        self.exact_dice = None if p.refusal or dispel else p.dice
        if p.refusal:
            return RollPreview((), Text(""), p.refusal)
        odds = Text.assemble(
            ("Accuracy ", "bold"),
            f"{p.base} → {p.cmod}",
            "   ",
            *_chance("hit", p.p_hit, "bold green"),
            "   ",
            ("Toughness ", "bold"),
            f"{p.tmod}",
            " if hit   ",
            *_chance("takes it out", p.p_kill, "bold red"),
        )
        if p.save_options:
            odds.append("\nTarget's save: ", style="dim")
            odds.append(
                ", ".join(f"{o.label} {o.value:+d}" for o in p.save_options if o.active and o.value), style="dim"
            )
        if dispel:
            from engine.rulesets.sanctum_mortalis.tricks import dispel_odds

            who = self.state.model(self.base.dispeller).name
            odds.append_text(
                Text.assemble(
                    "\n",
                    (f"{skill_term('dispel')} first ", "bold"),
                    f"{who}: 2k6 ≥ 8 ",
                    *_chance("dispels", dispel_odds(), "bold red"),
                    f" — type its 2 dice, then the hit's {p.dice} (only its 2 if it dispels).",
                )
            )
            return RollPreview(p.options, odds, "", None)
        return RollPreview(p.options, odds, "", p.dice or None)


class SaveAdapter(Checked):
    """A pending Toughness roll (``Save``). A failure is held while a re-roll is offered
    (``Save.hold``): the re-roll dialog (``reroll_adapter``) follows with the offers."""

    flags: tuple[Flag, ...] = ()

    def __init__(self, state: Any, command: Any) -> None:
        from engine.rulesets.sanctum_mortalis.card_triggers import jump_instead

        self.state = state
        self.base = command
        m = state.model(command.model)
        self.side = m.side
        self.title = f"{m.name}: Toughness roll"
        self.jump = jump_instead(state) == m.id
        """Raz kozie śmierć! may replace this roll (§12.2): offered as an option."""
        self._jumping = False

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        from engine.rulesets.sanctum_mortalis import commands as c

        if self.jump and JUMP in toggles:  # the edge's height is asked next (``flows.open_roll``)
            return c.PlayCard(self.side, JUMP, self.base.model)
        return changed(self.base, toggles=toggles - {JUMP}, declined=declined, hold=True)

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        from tui.dialogs.options import RollOption

        self._jumping = self.jump and JUMP in toggles
        self.shown = changed(self.base, toggles=toggles - {JUMP}, declined=declined, hold=True)
        p = _view().save_preview(self.state, self.shown)
        if p.refusal:
            return RollPreview((), Text(""), p.refusal)
        options = tuple(p.options)
        if self.jump:
            from engine.rulesets.sanctum_mortalis.card_effects import EDGE_FOR_JUMP

            # the engine's rule, not a literal here; short, so the line fits 80 columns (the
            # card's whole text is in the card hand)
            label = f'{card_term("you-only-die-once")}: jump ≥{EDGE_FOR_JUMP}"'
            options += (RollOption(JUMP, label, "§12.2", kind="toggle", active=self._jumping),)
        if self._jumping:
            odds = Text.assemble(
                (f"{card_term('you-only-die-once')} ", "bold"),
                "no Toughness roll: ⏎ asks the edge's height, then the model jumps down (§7.5).",
            )
            odds.append("\nDice typed here: the jump's 2, then a fall's 2 (⏎ alone: the app rolls).", style="dim")
            return RollPreview(options, odds, "", None)
        odds = Text.assemble(
            ("Toughness ", "bold"), f"{p.base} → {p.tmod}", "   ", *_chance("passes", p.p_pass, "bold green")
        )
        if p.rerolls_left:
            odds.append(f"\nIf it fails, re-rolls offered: {', '.join(p.rerolls_left)}.", style="dim")
        return RollPreview(options, odds, "", _dice_for(p.options))

    def check_dice(self, faces: Any) -> str:
        if self._jumping:
            return "" if len(faces) in (2, 4) else "the jump takes 2 dice (4 with its fall)"
        return super().check_dice(faces)


class PlainAdapter(RollAdapter):
    """A roll with no preview from the engine yet: the command goes as it is."""

    flags: tuple[Flag, ...] = ()

    def __init__(self, title: str, command: Any, note: str = "") -> None:
        self.title = title
        self.base = command
        self.note = note

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        fields = {k: v for k, v in (("toggles", toggles), ("declined", declined)) if hasattr(self.base, k)}
        return changed(self.base, **fields)

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        return RollPreview((), Text(self.note or "The odds for this roll are not available yet.", style="dim"))


class DropAdapter(Checked):
    """A jump down or a fall (``JumpDown`` / ``Fall``, §7.5): no modifiers, the target and
    the exact chances; a failed jump's fall takes two more dice."""

    flags: tuple[Flag, ...] = ()
    options_title = "2k6 against the height (§7.5) — type the dice rolled on the table below:"

    def __init__(self, state: Any, command: Any) -> None:
        self.state = state
        self.base = command
        self.title = _view().drop_preview(state, command).title

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return changed(self.base, hold=True)  # a failure waits for its re-roll offers (§2.2)

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        p = _view().drop_preview(self.state, changed(self.base, hold=True))
        self.shown = changed(self.base, hold=True)
        if p.refusal:
            return RollPreview((), Text(""), p.refusal)
        jump = p.comparison == ">"
        odds = Text.assemble(
            ("2k6 ", "bold"),
            f"{target_words(p.comparison, p.target)} ({' '.join(p.terms)})   ",
            *_chance("lands" if jump else "survives", p.p_success, "bold green"),
        )
        if p.held:
            if jump:
                odds.append_text(Text.assemble("   ", *_chance("survives, counting the fall", p.p_survives, "bold")))
            odds.append(
                "\nA failure waits for the re-roll offered (the Captain's): type this roll's 2 dice; "
                + ("the fall's come after." if jump else "the model is removed only once it is declined."),
                style="dim",
            )
            return RollPreview((), odds, "", 2)
        if jump:
            odds.append_text(Text.assemble("   ", *_chance("survives, counting the fall", p.p_survives, "bold")))
            odds.append(
                f"\nA failed jump is a fall: type its {p.dice} dice after the jump's (e.g. 2 3 5 6).", style="dim"
            )
        return RollPreview((), odds, "", p.dice)


class RollOffAdapter(RollAdapter):
    """The 2k6 roll-off that decides who starts a round (§5.1) or the game (§23): each
    side's chance, and a tie rolled again (its dice typed after the first four)."""

    flags: tuple[Flag, ...] = ()

    def __init__(self, state: Any, command: Any) -> None:
        self.base = command
        self.roll = _view().round_start_preview(state)
        first, second = self.roll.owners
        self.title = self.roll.title
        self.options_title = f"{self.roll.why}. Type the dice rolled on the table below:"
        self.dice_hint = f"{first} 2 dice, then {second} (a tie: 4 more), e.g. 3 5 2 6 — or empty for the app's roll"

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return self.base

    def check_dice(self, faces: Any) -> str:
        return self.roll.dice_problem(tuple(faces))

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        r = self.roll
        odds = Text.assemble(
            *_chance(f"{r.names[0]} {r.verb}", r.p_first, "bold"),
            "   ",
            *_chance(f"{r.names[1]} {r.verb}", r.p_second, "bold"),
        )
        odds.append(f"\nA tie ({percent(r.p_tie)} a roll) is rolled again.", style="dim")
        return RollPreview((), odds, "", r.dice)


class MeleeAdapter(Checked):
    """A melee Attack or Withdraw (``Attack``): both sides' options and the exact odds.

    Reads ``view.melee_preview``: the supporters of each side are listed under the odds."""

    flags: tuple[Flag, ...] = ()

    def __init__(self, state: Any, command: Any) -> None:
        self.state = state
        self.base = command
        a, d = state.model(command.attacker), state.model(command.defender)
        self.names = (a.name, d.name)
        self.dice_hint = (
            f"{possessive(a.name)} dice first, then {possessive(d.name)}, e.g. 3 5 2 6 — or empty for the app's roll"
        )
        verb = "withdraws from" if command.withdraw else "attacks"
        self.title = f"{a.name} {verb} {d.name}"

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return changed(self.base, toggles=toggles, declined=declined)

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        from engine.rulesets.sanctum_mortalis.view import melee_preview

        cmd = self.shown = self.command(toggles, declined, flags)
        p = melee_preview(self.state, cmd)
        if p.refusal:
            return RollPreview((), Text(""), p.refusal)
        fa, fd = p.fight
        # each side's Fight and modifiers, added to its 2k6 (§3.1): said as what they are
        odds = Text.assemble((f"{term('Fight')}: ", "bold"), f"{self.names[0]} {fa:+d}, {self.names[1]} {fd:+d}   ")
        if cmd.withdraw:
            odds.append_text(Text.assemble(*_chance("gets away", p.p_withdraw, "bold green")))
        else:
            odds.append_text(
                Text.assemble(
                    *_chance("wins", p.p_win, "bold green"),
                    "   ",
                    *_chance("tie", p.p_tie),
                    "   ",
                    *_chance("loses", p.p_lose, "bold red"),
                    "\n",
                    *_chance(f"takes {self.names[1]} out", p.p_takes_out, "bold"),
                    "   ",
                    *_chance("is taken out", p.p_taken_out, "bold"),
                )
            )
        for who, names in zip(self.names, p.supporters):
            if names:
                odds.append(f"\nSupport for {who}: {', '.join(names)}", style="dim")
        labelled = tuple(
            o._replace(label=f"{self.names[0] if o.side == 'attacker' else self.names[1]}: {o.label}") if o.side else o
            for o in p.options
        )
        return RollPreview(labelled, odds, "", sum(p.dice))


ADAPTERS = {
    "shot": ShotAdapter,
    "save": SaveAdapter,
    "melee": MeleeAdapter,
    "drop": DropAdapter,
    "round-start": RollOffAdapter,
}


def adapter_for(kind: str, state: Any, command: Any) -> Any:
    """The adapter of a roll kind: "shot", "save", "melee", "drop" (a jump or fall) or
    "round-start" (the roll-off for who starts)."""
    return ADAPTERS[kind](state, command)
