"""Review mode and log filters for the battle screen (a mixin of ``BattleScreen``).

Review: ``[`` and ``]`` step back and forward through the log one event at a time,
``{`` and ``}`` jump a round; the whole dashboard shows the battle as it was after the
event highlighted in the log (``Battle.state_at``). Commands are refused while
reviewing; ``esc`` (or ``]`` past the last event) comes back to the present.

Filter: ``/`` shows only the log entries of one side, the selected model, the rolls,
or one kind of event; ``/`` again offers "everything".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from rich.text import Text

from tui.screens.picker_screen import Choice, PickerScreen
from tui.widgets.border_text import retitle

if TYPE_CHECKING:  # the screen it is mixed into, for the type checker; a plain mixin at run time
    from textual.screen import Screen

    ScreenBase = Screen[Any]
else:
    ScreenBase = object


class ReviewMode(ScreenBase):
    """State and actions of review mode and the log filter."""

    session: Any
    selected: str | None
    review: int | None = None
    """While reviewing: how many of the effective events the screen shows (1..n)."""
    log_filter: tuple[str, Callable[[Sequence[Any]], list[Any]]] | None = None

    set_status: Callable[[Any], None]  # provided by the screen
    redraw: Callable[[], None]  # provided by the screen: draws ``shown_state`` and calls ``show_log``
    check_history: Callable[[], None]  # provided by the screen: the log replayed before the past is shown

    # ------------------------------------------------------------------ reading
    @property
    def shown_state(self) -> Any:
        """The state the panes show: the present, or the reviewed moment."""
        if self.review is None:
            return self.session.view.state
        return self.session.battle.state_at(self.review)

    def reviewing(self) -> bool:
        """True (and a hint in the status line) when a command must wait for the present."""
        if self.review is None:
            return False
        self.set_status(
            Text.assemble(
                ("Reviewing the log: ", "bold magenta"), "esc comes back to the present, where commands work."
            )
        )
        return True

    def review_banner(self) -> Text | None:
        if self.review is None:
            return None
        events = self.session.view.events
        event = events[self.review - 1] if self.review else None
        where = f"after #{event.seq} (round {event.round})" if event else "before the first entry"
        newest = f", the newest is #{events[-1].seq}" if events else ""
        return Text.assemble(
            ("◀ REVIEW ▶ ", "bold reverse magenta"),
            f" {where}{newest} · [ ] step · {{ }} round · esc present",
        )

    # ------------------------------------------------------------------ stepping
    def _go(self, position: int | None) -> None:
        total = len(self.session.view.events)
        if position is not None and position >= total:
            position = None
        if position is not None:
            self.check_history()
        self.review = None if position is None else max(0, position)
        self.redraw()
        self.set_status(self.review_banner() or "Back to the present.")

    def show_log(self, log: Any) -> None:
        """Draw the battle log pane: filtered, and following the reviewed event."""
        view = self.session.view
        log.show(
            self.filtered(view.events),
            view.undone if self.log_filter is None else (),
            follow=self.review is None,
            rounds=view.rounds,
        )
        retitle(log, f"Battle log · {self.log_filter[0]} only (/ changes)" if self.log_filter else "Battle log")
        if self.review:
            log.reveal(view.events[self.review - 1].seq)

    def action_review_back(self) -> None:
        total = len(self.session.view.events)
        if not total:
            self.set_status("The log is empty: nothing to review.")
            return
        self._go((total if self.review is None else self.review) - 1)

    def action_review_forward(self) -> None:
        if self.review is None:
            self.set_status("This is the present: [ steps back through the log.")
            return
        self._go(self.review + 1)

    def _round_starts(self) -> list[int]:
        """Positions (counts of events) where each round's first event comes next."""
        events = self.session.view.events
        starts, last = [], None
        for i, e in enumerate(events):
            if e.round != last:
                starts.append(i)
                last = e.round
        return starts

    def action_review_round_back(self) -> None:
        total = len(self.session.view.events)
        here = total if self.review is None else self.review
        earlier = [p for p in self._round_starts() if p < here]
        self._go(earlier[-1] if earlier else 0)

    def action_review_round_forward(self) -> None:
        if self.review is None:
            self.set_status("This is the present: { jumps back a round.")
            return
        later = [p for p in self._round_starts() if p > self.review]
        self._go(later[0] if later else None)

    def action_review_exit(self) -> None:
        self._go(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review_exit":
            return self.review is not None  # esc does nothing else on this screen
        return super().check_action(action, parameters)

    # ------------------------------------------------------------------ filtering
    def action_filter_log(self) -> None:
        from engine.log_filter import concerning, events_of_kind

        summary = self.session.summary()
        members = summary.members
        known = [m.id for m in members]
        choices = [Choice("all", "Everything (no filter)")]
        for side in summary.sides:
            ids = [m.id for m in summary.members_of(side.key)]
            name = side.name
            choices.append(Choice((name, lambda ev, ids=ids: concerning(ev, ids, known)), f"{name}: its entries"))
        chosen_one = next((m for m in members if m.id == self.selected), None)
        if chosen_one is not None:
            name = chosen_one.name
            choices.append(
                Choice(
                    (name, lambda ev, i=chosen_one.id: concerning(ev, [i], known)),
                    f"{name}: the selected one's entries",
                )
            )
        choices.append(Choice(("rolls", lambda ev: events_of_kind(ev, "rolls")), "Every roll"))
        kinds = sorted({e.kind for e in self.session.view.events})
        choices += [
            Choice(
                (kind.replace("_", " "), lambda ev, k=kind: events_of_kind(ev, k)), f"Kind: {kind.replace('_', ' ')}"
            )
            for kind in kinds
        ]

        def chosen(value: Any) -> None:
            if value is None:  # cancelled
                return
            self.log_filter = None if value == "all" else value
            self.redraw()
            self.set_status(f"Log filter: {value[0]}" if value != "all" else "Log filter off: every entry.")

        self.app.push_screen(PickerScreen("Show in the log", choices), chosen)

    def action_luck(self) -> None:
        from tui.report import side_luck
        from tui.screens.luck_screen import LuckScreen

        names, table, series = side_luck(self.session.summary(), self.session.view.events, self.session.view.rounds)
        self.app.push_screen(LuckScreen(names, tuple(row.side for row in table), table, series))

    def filtered(self, events: Sequence[Any]) -> Sequence[Any]:
        return self.log_filter[1](events) if self.log_filter else events
