"""The GM's corrections (``G``, "GM: correct…"), the same on every rule system's screen.

What may be corrected comes from the engine (the system's ``corrections(state, target)``:
``engine.corrections.CorrectionOption``s), so nothing here knows a rule: the GM picks what
(a note, or one of the selected model's or unit's values), then the new value (a flag just
flips), then says why; the screen submits ``engine.corrections.Correct``. Each answer is checked
by the engine's words as it is given (``note_problem``, ``value_problem``,
``reason_problem``): a wrong one is said in its dialog, which stays open, so an
impossible value is refused before the reason is asked.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.corrections import (
    BATTLE,
    HOW_TEXT,
    NOTE,
    Correct,
    CorrectionOption,
    GMRoll,
    note_problem,
    reason_problem,
    value_problem,
)
from tui.dialogs.prompt import TextPrompt
from tui.screens.picker_screen import Choice, PickerScreen


class GMCorrections:
    """Mixin of ``GameScreen``: ``action_gm_correct`` and its dialog chain."""

    app: Any
    session: Any
    state: Any
    selected: str | None
    submit: Callable[..., None]
    reviewing: Callable[[], bool]
    notify: Callable[..., None]

    def action_gm_correct(self) -> None:
        if self.reviewing():
            return
        offer = self.session.system.corrections
        if offer is None:
            self.notify("This rule system takes no corrections.", severity="warning")
            return
        target = self.selected
        options: tuple[CorrectionOption, ...] = tuple(offer(self.state, target))
        name = self._target_name(target)
        question = f"GM correction — {name}: what?" if name else "GM correction: what? (select a model first for more)"
        choices = [Choice(o, o.line) for o in options]
        self.app.push_screen(PickerScreen(question, choices), lambda o: self._correct(o, name))

    def _target_name(self, target: str | None) -> str:
        if target is None:
            return ""
        return next((m.name for m in self.session.summary().members if m.id == target), "")

    def _correct(self, option: CorrectionOption | None, name: str) -> None:
        if option is None:
            return
        if option.target == BATTLE:
            name = "the battle"
        if option.kind == "note":
            self._ask_text(
                "Note for the log (no action spent):",
                lambda text: self.submit(Correct(NOTE, None, text)),
                placeholder="what happened at the table",
                check=note_problem,
            )
            return
        if option.kind == "roll":
            self._ask_text(
                f"A roll the app does not model{' for ' + name if name else ''}: what is rolled?",
                lambda title: self._roll_how(option, name, title),
                placeholder="e.g. Toughness roll for lava, fear test",
            )
            return
        if option.kind == "flag":
            self._ask_reason(option, name, not option.current)
            return
        if option.kind == "choice":
            choices = [
                Choice(c, f"{option.shown(c)} (now)" if c == option.current else option.shown(c))
                for c in option.choices
            ]
            self.app.push_screen(
                PickerScreen(f"{option.label} of {name}:", choices),
                lambda value: None if value is None else self._ask_reason(option, name, value),
            )
            return
        bounds = f"{option.minimum}–{option.maximum}" if option.maximum is not None else f"{option.minimum} or more"
        self._ask_text(
            f"{option.label} of {name} (now {option.shown(option.current)}; {bounds}):",
            lambda text: self._ask_reason(option, name, _number(text)),
            value="" if option.current is None else str(option.current),
            restrict=r"-?[0-9]*",
            check=lambda text: value_problem(option, _number(text)),
        )

    def _roll_how(self, option: CorrectionOption, name: str, title: str) -> None:
        choices = [Choice(how, f"{how}: {text}") for how, text in HOW_TEXT.items()]
        self.app.push_screen(
            PickerScreen(f"{title}: how is it read?", choices),
            lambda how: None if how is None else self._roll_numbers(option, name, title, how),
        )

    def _roll_numbers(self, option: CorrectionOption, name: str, title: str, how: Any) -> None:
        last = "successes needed" if how == "pool" else "modifier"
        example = "3 5 2" if how == "pool" else "2 7 -1"
        self._ask_text(
            f"{title}: dice, target, {last} (e.g. {example})",
            lambda text: self._roll_dialog(option, name, title, how, text),
            value="3 5 1" if how == "pool" else "2 7 0",
            restrict=r"[-0-9 ]*",
        )

    def _roll_dialog(self, option: CorrectionOption, name: str, title: str, how: Any, text: str) -> None:
        from tui.dialogs.gm_roll import GMRollAdapter
        from tui.dialogs.roll_dialog import push_roll_dialog

        try:
            numbers = [int(x) for x in text.split()]
        except ValueError:
            numbers = []
        if len(numbers) != 3:
            self.notify(f"“{text}”: type three numbers (dice, target, then the last)", severity="warning")
            return
        dice, target, last = numbers
        roll = (
            GMRoll(title, dice, how, target, need=last)
            if how == "pool"
            else GMRoll(title, dice, how, target, modifier=last)
        )

        def rolled(result: Any) -> None:
            if result:
                command, typed = result
                self.submit(command, typed)

        push_roll_dialog(self.app, GMRollAdapter(roll, option.target, name), rolled)

    def _ask_reason(self, option: CorrectionOption, name: str, value: Any) -> None:
        shown = option.shown(value) if isinstance(value, (int, str, bool)) else str(value)
        self._ask_text(
            f"{option.label} of {name}: {option.shown(option.current)} → {shown}. Why? (what happened at the table)",
            lambda reason: self.submit(Correct(option.what, option.target, value, reason)),
            placeholder="the GM's reason (required)",
            check=reason_problem,
        )

    def _ask_text(self, question: str, then: Callable[[str], None], **kw: Any) -> None:
        def answered(text: Any) -> None:
            if text is not None:
                then(str(text))

        self.app.push_screen(TextPrompt(question, **kw), answered)


def _number(text: str) -> int | str:
    """The typed number (the engine refuses anything else, with its reason)."""
    try:
        return int(text)
    except ValueError:
        return text
