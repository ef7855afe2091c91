"""The recruit form of a Sanctum Mortalis campaign's purchases step (§22.2).

Name, kind of model (each archetype and Specialist with its cost; closed ones greyed
with the reason), its weapons and armour, a Technomancer's trick, a small guy, the gear
bought with it, the team or the stash, and XP bought. Every change asks the engine for
the quote (``campaign.view.recruit_quote``): the cost term by term, the treasury after,
and the refusal with its rule. The form computes no rule; it dismisses with the
engine's ``Recruit`` command, or None on esc.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, OptionList, Static
from textual.widgets.option_list import Option

from engine.rulesets.sanctum_mortalis.campaign.view import RecruitMenu, RecruitOrder, RecruitQuote
from engine.rulesets.sanctum_mortalis.tables import SMALL_GUY_DISCOUNT
from tui.citations import citer

SMALL_PERCENT = 100 - 100 * SMALL_GUY_DISCOUNT[0] // SMALL_GUY_DISCOUNT[1]
"""A small guy's discount as the form shows it (§15.5, from the rules table)."""

HINT = "tab / ⏎ next field · ↑↓ choose · space ticks a box · ⏎ on XP (or the button) recruits · esc cancel"


class RecruitForm(ModalScreen[Any]):
    """Recruit a new model for a band: ``menu`` is what the engine offers, ``quote``
    prices an order (both from ``campaign.view``)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="skirmish.recruit-cancel")]
    DEFAULT_CSS = """
    RecruitForm { align: center middle; background: $background 60%; }
    RecruitForm > Vertical {
        width: 84; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1; overflow-y: auto;
    }
    RecruitForm .question { text-style: bold; dock: top; }
    RecruitForm #recruit-foot { dock: bottom; height: auto; margin-top: 1; }
    RecruitForm .label { color: $text-muted; margin-top: 1; }
    RecruitForm OptionList { height: auto; max-height: 6; border: none; padding: 0; }
    RecruitForm #recruit-tricks { max-height: 4; }
    RecruitForm Checkbox { margin: 0; }
    RecruitForm #recruit-why { color: $error; }
    RecruitForm #recruit-hint { color: $text-muted; }
    """

    def __init__(self, band_name: str, menu: RecruitMenu, quote: Callable[[RecruitOrder], RecruitQuote]) -> None:
        super().__init__()
        self.band_name = band_name
        self.menu = menu
        self.quote_of = quote
        self.quote: RecruitQuote | None = None
        self.kinds = list(menu.kinds)
        self.kind_index = next((i for i, k in enumerate(self.kinds) if k.allowed), 0)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        menu = self.menu
        cite = citer(self.app)  # each rule as the rulebook's section and page
        with Vertical(id="recruit-box"):
            yield Static(
                cite(f"{self.band_name} recruits a new model (§22.2) — treasury {menu.treasury}tk"), classes="question"
            )
            yield Static("Name", classes="label")
            yield Input(placeholder="the new model's name", id="recruit-name", compact=True)
            yield Static("Kind of model (cost of its cheapest weapons and armour)", classes="label")
            yield OptionList(*self._kind_options(), id="recruit-kinds", compact=True)
            yield Static("Weapons and armour", classes="label")
            yield OptionList(id="recruit-loadouts", compact=True)
            yield Static(
                cite("Its trick (a Technomancer starts with one, §15.4)"), classes="label", id="recruit-trick-label"
            )
            yield OptionList(*(Option(label) for _, label in menu.tricks), id="recruit-tricks", compact=True)
            yield Checkbox(cite(f"Small guy (−{SMALL_PERCENT}%, §15.5)"), id="recruit-small", compact=True)
            for extra in menu.extras:
                yield Checkbox(
                    cite(f"{extra.label} +{extra.cost}tk ({extra.rule})"), id=f"recruit-gear-{extra.key}", compact=True
                )
            yield Checkbox(
                cite(f"Keep it in the stash, not the team (team {menu.team} of {menu.team_limit}, §15.10)"),
                value=menu.stash_first,
                id="recruit-stash",
                compact=True,
            )
            yield Static(f"XP bought ({menu.xp_cost}tk each, 0–{menu.max_xp})", classes="label")
            yield Input("0", restrict=r"[0-9]{0,2}", id="recruit-xp", compact=True)
            with Vertical(id="recruit-foot"):  # docked: the price and the refusal stay in sight as the fields scroll
                yield Static("", id="recruit-quote")
                yield Static("", id="recruit-why")
                yield Button("Recruit", id="recruit-go", compact=True)
                yield Static(HINT, id="recruit-hint")

    def _kind_options(self) -> list[Option]:
        out = []
        cite = citer(self.app)
        for k in self.kinds:
            label = Text.assemble(k.label, (cite(f" — from {k.cost}tk ({k.rule})"), "dim"))
            if not k.allowed:
                label.stylize("dim")
                label.append(cite(f" — {k.why}" + (f" ({k.why_rule})" if k.why_rule else "")), style="italic dim")
            out.append(Option(label, disabled=not k.allowed))
        return out

    def on_mount(self) -> None:
        kinds = self.query_one("#recruit-kinds", OptionList)
        if self.kinds:
            kinds.highlighted = self.kind_index
        self.query_one("#recruit-tricks", OptionList).highlighted = 0 if self.menu.tricks else None
        self._fill_loadouts()
        self.query_one("#recruit-name", Input).focus()
        self.call_after_refresh(self.query_one("#recruit-box").scroll_home, animate=False)  # the Name label too

    # ------------------------------------------------------------------ reading the fields
    @property
    def kind(self) -> Any:
        return self.kinds[self.kind_index] if 0 <= self.kind_index < len(self.kinds) else None

    def order(self) -> RecruitOrder:
        """The GM's choices as they stand."""
        kind = self.kind
        loadout = self.query_one("#recruit-loadouts", OptionList).highlighted
        trick = self.query_one("#recruit-tricks", OptionList).highlighted
        xp = self.query_one("#recruit-xp", Input).value.strip()
        gear = tuple(e.key for e in self.menu.extras if self.query_one(f"#recruit-gear-{e.key}", Checkbox).value)
        return RecruitOrder(
            name=self.query_one("#recruit-name", Input).value,
            kind=kind.key if kind else "",
            loadout=loadout if loadout is not None else -1,
            small=self.query_one("#recruit-small", Checkbox).value,
            gear=gear,
            trick=self.menu.tricks[trick][0] if trick is not None and self.menu.tricks else "",
            xp=int(xp) if xp.isdigit() else 0,
            stash=self.query_one("#recruit-stash", Checkbox).value,
        )

    # ------------------------------------------------------------------ drawing
    def _fill_loadouts(self) -> None:
        kind = self.kind
        loadouts = self.query_one("#recruit-loadouts", OptionList)
        loadouts.set_options(
            [Option(Text.assemble(lo.label, (f" — {lo.cost}tk", "dim"))) for lo in (kind.loadouts if kind else ())]
        )
        loadouts.highlighted = 0 if kind and kind.loadouts else None
        needs_trick = bool(kind and kind.needs_trick)
        self.query_one("#recruit-tricks", OptionList).display = needs_trick
        self.query_one("#recruit-trick-label", Static).display = needs_trick
        self.refresh_quote()

    def refresh_quote(self) -> None:
        """Ask the engine for the price of the order as it stands, and show it."""
        quote = self.quote = self.quote_of(self.order())
        cost = Text()
        cost.append("Cost ", style="bold")
        cost.append(" + ".join(f"{x.label} {x.tk}tk".replace("-", "−") for x in quote.terms) or "—")
        cost.append(f" = {quote.total}tk", style="bold")
        cost.append("\n")
        cost.append("Treasury ", style="bold")
        cost.append(f"{quote.treasury}tk → {quote.after}tk after")
        self.query_one("#recruit-quote", Static).update(cost)
        why = Text()
        if quote.allowed:
            why.append("✓ ready to recruit", style="bold green")
        else:
            why.append(citer(self.app)(f"✗ {quote.why}" + (f" ({quote.rule})" if quote.rule else "")))
        self.query_one("#recruit-why", Static).update(why)

    # ------------------------------------------------------------------ events
    @on(OptionList.OptionHighlighted, "#recruit-kinds")
    def _kind_changed(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index != self.kind_index:
            self.kind_index = event.option_index
            self._fill_loadouts()

    @on(OptionList.OptionHighlighted, "#recruit-loadouts, #recruit-tricks")
    def _option_changed(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.refresh_quote()

    @on(OptionList.OptionSelected)
    def _option_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.focus_next()

    @on(Checkbox.Changed)
    @on(Input.Changed)
    def _field_changed(self, event: Any) -> None:
        event.stop()
        if self.is_mounted and self.kinds:
            self.refresh_quote()

    @on(Input.Submitted, "#recruit-name")
    def _name_done(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    @on(Input.Submitted, "#recruit-xp")
    def _xp_done(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_recruit()

    @on(Button.Pressed, "#recruit-go")
    def _go(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_recruit()

    def action_recruit(self) -> None:
        """Recruit if the engine accepts the order; else the refusal stays on the form."""
        self.refresh_quote()
        if self.quote is not None and self.quote.allowed and self.quote.command is not None:
            self.dismiss(self.quote.command)
        else:
            self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(None)
