"""The GM's corrections (``G``, "GM: correct…"), the same on every rule system's screen.

What may be corrected comes from the engine (the system's ``corrections(state, target)``:
``engine.corrections.CorrectionOption``s), so nothing here knows a rule: the GM picks what
(a note, or one of the selected model's or unit's values), then the new value (a flag just
flips), then says why; the screen submits ``engine.corrections.Correct``. The engine
refuses an impossible value with its reason (the status line says it; nothing is saved).
"""

from __future__ import annotations

from typing import Any, Callable

from engine.corrections import BATTLE, NOTE, Correct, CorrectionOption
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
            )
            return
        if option.kind == "flag":
            self._ask_reason(option, name, not option.current)
            return
        if option.kind == "choice":
            choices = [Choice(c, f"{c} (now)" if c == option.current else c) for c in option.choices]
            self.app.push_screen(
                PickerScreen(f"{option.label} of {name}:", choices),
                lambda value: None if value is None else self._ask_reason(option, name, value),
            )
            return
        bounds = f"{option.minimum}–{option.maximum}" if option.maximum is not None else f"{option.minimum} or more"
        self._ask_text(
            f"{option.label} of {name} (now {option.shown(option.current)}; {bounds}):",
            lambda text: self._ask_reason(option, name, _number(text)),
            value=str(option.current),
            restrict=r"-?[0-9]*",
        )

    def _ask_reason(self, option: CorrectionOption, name: str, value: Any) -> None:
        shown = option.shown(value) if isinstance(value, (int, str, bool)) else str(value)
        self._ask_text(
            f"{option.label} of {name}: {option.shown(option.current)} → {shown}. Why? (what happened at the table)",
            lambda reason: self.submit(Correct(option.what, option.target, value, reason)),
            placeholder="the GM's reason (required)",
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
