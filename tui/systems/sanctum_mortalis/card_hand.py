"""Event-card hand: each player's heroic plays and offensive events, which are spent,
which may be played on the selected model now (its trigger holds), which are at their
moment but declared in a roll dialog, why not otherwise, and the offensive events used
out of three. Enter on a playable card posts ``CardPlayRequested``; the engine decides
(``cards.hand``: playable, why not, its moment has come)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.rulesets.sanctum_mortalis import cards
from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis.terms import card_term, original
from tui.citations import cite_renderable, citer
from tui.messages import CardPlayRequested
from tui.systems.sanctum_mortalis import display as d

KIND_NAMES = {"heroic": "heroic plays", "offensive": "offensive events"}


def _original(card: Any) -> str:
    """ " (Nic mi nie jest!)": the Polish name beside the English one (none when they are
    spelled alike: "Woohoo!")."""
    polish = original(card.name)
    return f" ({polish})" if polish != card.name else ""


def card_line(card: Any, playable: bool, why_not: str, spent: bool, now: bool = False) -> Text:
    """One card: playable / spent / its moment, in a roll dialog / not now (and why not)."""
    out = Text()
    if spent:
        out.append("✔ spent   ", style="dim")
        out.append(card.name, style="strike dim")
        out.append(_original(card), style="dim")
        return out
    if playable:
        out.append("▸ play    ", style="bold green")
    elif now:
        out.append("◆ now     ", style="bold yellow")
    else:
        out.append("✗ not now ", style="red")
    out.append(card.name, style="bold" if playable or now else "")
    out.append(_original(card), style="dim")
    if not playable and why_not:
        out.append(f"\n          {why_not}", style="italic dim")
    return out


def card_detail(card: Any) -> Text:
    """When a card is played and what it does."""
    return Text.assemble(
        (f"{card_term(card.key)} — {KIND_NAMES[card.kind][:-1]}\n", "bold"),
        ("When: ", "bold"),
        f"{card.timing}\n",
        ("Effect: ", "bold"),
        card.effect,
    )


def _section(state: Any, side: str, kind: str, model_id: str | None, target: str) -> list[Option]:
    name = state.side(side).name
    head = Text(f"{name}: {KIND_NAMES[kind]} on {target}", style="bold underline")
    if kind == "offensive":
        head.append(f"  {cards.offensive_used(state, side)}/{t.MAX_OFFENSIVE_EVENTS} used", style="bold yellow")
    spent = set(state.side(side).cards_used)
    rows = [row for row in cards.hand(state, side, model_id) if row[0].kind == kind]
    rows.sort(key=lambda r: (r[0].key in spent, not r[1], not r[3]))
    return [
        Option(head, id=f"head-{side}-{kind}", disabled=True),
        *(
            Option(card_line(c, ok and c.key not in spent, why, c.key in spent, now), id=f"{side}:{c.key}")
            for c, ok, why, now in rows
        ),
    ]


def _spent_line(state: Any, side: str, kind: str) -> Option:
    spent = [card_term(k) for k in state.side(side).cards_used if t.EVENT_CARDS[k].kind == kind]
    line = Text(f"{state.side(side).name} {KIND_NAMES[kind]}: ", style="bold")
    if kind == "offensive":
        line.append(f"{len(spent)}/{t.MAX_OFFENSIVE_EVENTS} used ", style="bold yellow")
    line.append("spent: " + ", ".join(spent) if spent else "none spent", style="dim")
    return Option(line, id=f"spent-{side}-{kind}", disabled=True)


def card_options(state: Any, model_id: str | None) -> list[Option | None]:
    """For the selected model: its player's heroic plays and the opponent's offensive
    events (playable first), then what each player has spent of the others."""
    if model_id is None or not state.has_model(model_id) or state.model(model_id).side not in ("A", "B"):
        target = d.model_name(state, model_id) if model_id else "(select a model)"
        out: list[Option | None] = []
        for side in ("A", "B"):
            out += _section(state, side, "offensive", model_id, target)
        return out
    m = state.model(model_id)
    own, other = m.side, state.opponent(m.side)
    return [
        *_section(state, own, "heroic", model_id, m.name),
        None,
        *_section(state, other, "offensive", model_id, m.name),
        None,
        _spent_line(state, own, "offensive"),
        _spent_line(state, other, "heroic"),
    ]


class CardHand(OptionList):
    """The cards of both players for the selected model; ``show(state, model_id)`` redraws."""

    DEFAULT_CSS = """
    CardHand {
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-title-style: bold;
        padding: 0;
        scrollbar-size-vertical: 1;
        &:focus { border: round $primary; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Event cards"
        self.model_id: str | None = None

    def show(self, state: Any, model_id: str | None) -> None:
        keep = self.highlighted_option.id if self.highlighted_option is not None else None
        self.model_id = model_id
        self.border_title = f"Event cards — for {d.model_name(state, model_id)}" if model_id else "Event cards"
        cite = citer(self.app)  # why a card is not playable now: the rule as the rulebook's
        self.set_options(
            [
                None if o is None else Option(cite_renderable(o.prompt, cite), id=o.id, disabled=o.disabled)
                for o in card_options(state, model_id)
            ]
        )
        if keep:
            try:
                self.highlighted = self.get_option_index(keep)
            except Exception:  # noqa: BLE001
                pass

    def first_playable(self) -> None:
        """Highlight the first card that can be played now (else the first card)."""
        cards_ = [(i, o) for i, o in enumerate(self.options) if o.id and ":" in o.id]
        for index, option in cards_:
            if "▸ play" in str(option.prompt):
                self.highlighted = index
                return
        if cards_:
            self.highlighted = cards_[0][0]

    def action_cursor_down(self) -> None:
        super().action_cursor_down()
        self._show_the_tail()

    def action_last(self) -> None:
        super().action_last()
        self._show_the_tail()

    def _show_the_tail(self) -> None:
        """On the last card, scroll on to the lines under it (what each player has spent),
        which no key could otherwise bring into view in a short terminal."""
        last = max((i for i, o in enumerate(self.options) if not o.disabled), default=None)
        if last is not None and self.highlighted == last:
            self.scroll_end(animate=False, immediate=True)

    @property
    def highlighted_card(self) -> Any | None:
        option = self.highlighted_option
        if option is None or not option.id or ":" not in option.id:
            return None
        return t.EVENT_CARDS.get(option.id.split(":", 1)[1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        if ":" not in option_id or self.model_id is None:
            return
        side, card = option_id.split(":", 1)
        self.post_message(CardPlayRequested(side, card, self.model_id))
