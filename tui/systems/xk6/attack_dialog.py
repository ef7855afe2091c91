"""The xK6 attack dialog: the GM's judgements (range, cover, crossfire, rear, within 3"),
both pools with every modifier and its rule, the exact success-level distribution, the
wounds it would cause and the chance the magazine runs dry — all before the roll; then
the dice typed at the table (Stealth die, the attacker's pool, each defender's pool) or
the app's roll.

Built on the generic roll dialog: a letter cycles one judgement instead of toggling a
modifier, and the typed faces are checked against the pools before anything is sent.
Every number comes from ``engine.rulesets.xk6.view.attack_preview``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, OptionList, Static

from engine.formatting import possessive
from engine.odds import percent
from engine.records import changed
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view
from engine.rulesets.xk6.tables import AMMO_ROW_LABELS, ATTACK_KINDS, SL_SHOWN, rof_use
from tui.dialogs.modifier_row import TermLine
from tui.dialogs.options import RollOption
from tui.dialogs.roll_dialog import DiceInput, Flag, RollAdapter, RollDialog, RollPreview

RANGE_LABELS = {
    "optimal": "optimal range",
    "maximum": "maximum range (−1)",
    "beyond": "beyond range: the GM allows it [XK-A19]",
}
COVER_LABELS = {
    "open": "in the open (+1)",
    "soft": "soft cover (−1)",
    "hard": "hard cover (−2)",
    "hidden": "not visible (−2 to hit)",
}


SL_HEAD = SL_SHOWN[:1].upper() + SL_SHOWN[1:] + " "
""" "Success level (SL) ": the SL line's head, the term in words where the dialog shows it (§4)."""


def dist_text(dist: Mapping[int, Fraction], fail_label: str = "fails") -> str:
    """ "SL ≤0 70.1% (fails) · 1 14.2% · 2 9.1% …": every SL above 0 on its own."""
    fail = sum((p for sl, p in dist.items() if sl < 1), Fraction(0))
    parts = [f"≤0 {percent(fail)} ({fail_label})"] + [
        f"{sl} {percent(p)}" for sl, p in sorted(dist.items()) if sl >= 1 and p * 2000 >= 1
    ]
    return " · ".join(parts)


def wounds_text(dist: Mapping[int, Fraction], model: Any) -> str:
    """ "0 50.8% · 1 19.3% · 2+ 29.9% (out)": wounds caused, the last bucket taking the model out."""
    limit = model.spec.wounds
    left = None if limit is None else max(1, limit - model.wounds)
    parts = []
    for w, q in sorted(dist.items()):
        if left is not None and w >= left:
            tail = sum((p for k, p in dist.items() if k >= left), Fraction(0))
            parts.append(f"{left}+ {percent(tail)} (out)")
            break
        if q * 2000 >= 1:
            parts.append(f"{w} {percent(q)}")
    return " · ".join(parts)


def mods_text(mods: Sequence[Any]) -> str:
    total = sum(m.value for m in mods)
    return f"{total:+d}: " + (" · ".join(f"{m.label} {m.value:+d} {m.rule}" for m in mods) if mods else "none")


def mods_lines(head: Text, mods: Sequence[Any]) -> list[Text | TermLine]:
    """A pool's line with its total (``head``), then each modifier on a line of its own:
    value, what, where in the rulebook."""
    total = sum(m.value for m in mods)
    head.append(f" {total:+d}" + ("" if mods else ": no modifier"))
    return [head, *(TermLine(m.value, m.label, m.rule) for m in mods)]


def pair_odds(state: Any, attacker: Any, pair: Any, dam: int, indirect: bool = False) -> list[Text | TermLine]:
    """Both pools with every modifier, the SL distribution, damage and wounds of one pair."""
    d = state.model(pair.target)
    out: list[Text | TermLine] = []
    if indirect:
        out.append(
            Text.assemble(
                ("Att ", "bold"), f"{attacker.name} {pair.att_dice} dice, unmodified in the damage step (§9 step 2)"
            )
        )
    else:
        out += mods_lines(Text.assemble(("Att ", "bold"), f"{attacker.name} {pair.att_dice} dice"), pair.att_mods)
    out += mods_lines(Text.assemble(("Def ", "bold"), f"{d.name} {pair.def_dice} dice"), pair.def_mods)
    line = Text.assemble((SL_HEAD, "bold"), dist_text(pair.sl_distribution))
    p = pair.p_success
    line.append(f"   success {percent(p)}", style="bold green")
    line.append(f" ({p.numerator}/{p.denominator})", style="dim")
    out.append(line)
    out.append(Text(f"    wounds (DAM {dam} v Armour {d.spec.armour}): {wounds_text(pair.wound_distribution, d)}"))
    if pair.stealth_chance is not None:
        out.append(
            Text(f"    {possessive(d.name)} Stealth avoids it first: {percent(pair.stealth_chance)}", style="cyan")
        )
    return out


class XK6AttackAdapter(RollAdapter):
    """One ``Attack`` being set up: ``base`` has the attacker, weapon, kind, ROF and targets."""

    flags: tuple[Flag, ...] = ()
    options_title = "Your judgements — a letter changes one; type the dice rolled below:"

    def __init__(self, state: Any, base: c.Attack) -> None:
        self.state = state
        self.base = base
        self.range = base.range
        self.targets = list(base.targets)
        self.attacker = state.model(base.attacker)
        self.weapon = state.weapon_spec(base.attacker, base.weapon)
        rof = f", {rof_use(base.rof_dam, base.rof_area)}" if base.rof_dam or base.rof_area else ""
        aimed = ", ".join(state.model(x.model).name for x in base.targets) or "a point"
        self.title = f"{self.attacker.name}: {self.weapon.name} ({ATTACK_KINDS[base.kind]}{rof}) at {aimed}"
        self.dice_hint = ""

    # ------------------------------------------------------------------ the GM's choices
    def _ranged(self) -> bool:
        return self.base.kind != "melee" and self.weapon.optimal is not None and not self.weapon.has("FT")

    def press(self, key: str) -> None:
        """Cycle the judgement ``key``."""
        if key == "range":
            bands = self.weapon.range_bands  # an optimal-only weapon has no "maximum" (§18 [XK-A19])
            self.range = bands[(bands.index(self.range) + 1) % len(bands)] if self.range in bands else bands[0]
            return
        what, _, index = key.partition(":")
        i = int(index)
        x = self.targets[i]
        if what == "cover":
            covers = ("open", "soft", "hard") + (("hidden",) if self.base.kind == "indirect" else ())
            self.targets[i] = changed(x, cover=covers[(covers.index(x.cover) + 1) % len(covers)])
        elif what == "crossfire":
            self.targets[i] = changed(x, crossfire=not x.crossfire)
        elif what == "rear":
            self.targets[i] = changed(x, rear=not x.rear)
        elif what == "within_3":
            self.targets[i] = changed(x, within_3=not x.within_3)

    def judgements(self, pv: Any) -> tuple[RollOption, ...]:
        """The dialog's lines: each GM judgement a letter changes (``kind`` "set": range,
        cover; "modifier": crossfire, rear, within 3")."""
        out = []
        if self._ranged():
            out.append(RollOption("range", f"Range: {RANGE_LABELS[self.range]}", "§18", kind="set"))
        suggested = {p.target: p.crossfire_suggested for p in pv.pairs} if pv else {}
        for i, x in enumerate(self.targets):
            name = self.state.model(x.model).name
            out.append(RollOption(f"cover:{i}", f"{name}: {COVER_LABELS[x.cover]}", "§7", kind="set"))
            if self.base.kind == "indirect":
                continue
            out.append(
                RollOption(
                    f"crossfire:{i}",
                    f"{name}: crossfire (Def)",
                    "§8.2 [XK-A9]",
                    -1,
                    active=x.crossfire,
                    kind="modifier",
                    note="suggested: attacked this turn already" if suggested.get(x.model) else "",
                )
            )
            out.append(
                RollOption(
                    f"rear:{i}", f"{name}: attacked from behind (Def)", "§8.2", -1, active=x.rear, kind="modifier"
                )
            )
            if self.base.kind == "direct" and not self.weapon.has("M"):
                out.append(
                    RollOption(
                        f"within_3:{i}",
                        f'{name}: within 3" of a ranged weapon (Att)',
                        "§8.2 [XK-M7]",
                        -1,
                        active=x.within_3,
                        kind="modifier",
                    )
                )
        return tuple(out)

    # ------------------------------------------------------------------ RollAdapter
    def command(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> c.Attack:
        return changed(self.base, range=self.range, targets=tuple(self.targets), override_range=self.range == "beyond")

    def preview(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> RollPreview:
        pv = view.attack_preview(self.state, self.command())
        if pv is None:
            return RollPreview((), Text(""), "the attacker, weapon or a target is unknown")
        parts: list[Text | TermLine] = []
        for pair in pv.pairs:
            parts += pair_odds(self.state, self.attacker, pair, pv.dam, self.base.kind == "indirect")
        if pv.p_hit is not None and pv.hit_sl_distribution is not None:
            parts += mods_lines(Text.assemble(("Hit ", "bold"), "threshold 4,"), pv.hit_mods)
            parts.append(Text(f"    SL {dist_text(pv.hit_sl_distribution, 'misses')}   hits {percent(pv.p_hit)}"))
        if pv.p_empty:
            upto = "1" if pv.empties_on == 1 else f"1–{pv.empties_on}"
            parts.append(
                Text.assemble(
                    ("Ammo ", "bold"),
                    (
                        f"the magazine empties on an unmodified result of {upto} ({AMMO_ROW_LABELS[pv.ammo_row]}): "
                        f"{percent(pv.p_empty)}",
                        "yellow",
                    ),
                )
            )
        odds = Group(*parts)
        self.counts = dice_counts(self.state, self.command(), pv)
        names = [
            f"{possessive(who)} Stealth die" if what == "Stealth" else f"{who} {n} {what}"
            for who, n, what in self.counts
        ]
        if self.base.kind == "indirect":
            names.append("a scatter die if it misses")
        self.dice_hint = ", ".join(names) + " (empty ⏎: the app rolls)"
        return RollPreview(self.judgements(pv), odds, pv.problem, sum(n for _, n, _ in self.counts))


def dice_counts(state: Any, cmd: c.Attack, pv: Any) -> list[tuple[str, int, str]]:
    """The pools to type, in the order the engine reads them: Stealth, attacker, defenders."""
    out: list[tuple[str, int, str]] = []
    if cmd.kind != "indirect" and pv.pairs and pv.pairs[0].stealth_chance is not None:
        out.append((state.model(pv.pairs[0].target).name, 1, "Stealth"))
    out.append((state.model(cmd.attacker).name, state.model(cmd.attacker).spec.att, "Att"))
    if cmd.kind != "indirect":
        out += [(state.model(p.target).name, p.def_dice, "Def") for p in pv.pairs]
    return out


def with_faces(cmd: c.Attack, counts: Sequence[tuple[str, int, str]], faces: Sequence[int]) -> c.Attack:
    """The typed faces put into the command's fields (the engine checks each pool's count)."""
    faces = list(faces)
    stealth = None
    if counts and counts[0][2] == "Stealth":
        stealth = faces.pop(0)
        counts = counts[1:]
    att = tuple(faces[: counts[0][1]])
    rest = faces[counts[0][1] :]
    targets = list(cmd.targets)
    scatter = None
    if cmd.kind == "indirect":
        scatter = rest[0] if rest else None
    else:
        for i, (_, n, _) in enumerate(counts[1:]):
            targets[i] = changed(targets[i], faces=tuple(rest[:n]))
            rest = rest[n:]
    if stealth is not None and targets:
        targets[0] = changed(targets[0], stealth_face=stealth)
    return changed(cmd, faces=att, targets=tuple(targets), scatter_face=scatter)


class XK6AttackDialog(RollDialog):
    """The roll dialog for an xK6 attack. Dismisses with (Attack, None) or None."""

    DEFAULT_CSS = """
    XK6AttackDialog #modifiers, XK6AttackDialog #modifiers:focus { max-height: 6; }
    XK6AttackDialog #odds-scroll { height: auto; max-height: 11; }
    XK6AttackDialog #odds { padding: 0; }
    XK6AttackDialog #dice { margin: 0; }
    """

    BINDINGS = [
        Binding("down", "scroll_odds(1)", "Odds ↓", show=False, id="skirmish.roll-odds-down"),
        Binding("up", "scroll_odds(-1)", "Odds ↑", show=False, id="skirmish.roll-odds-up"),
        Binding("pagedown", "scroll_odds(0, 1)", "Odds page ↓", show=False, id="skirmish.roll-odds-page-down"),
        Binding("pageup", "scroll_odds(0, -1)", "Odds page ↑", show=False, id="skirmish.roll-odds-page-up"),
    ]
    """While the dice field has focus (the modifiers list, focused, moves its own highlight):
    ↓ ↑ PgDn PgUp scroll the odds, on a short screen only partly in view."""

    KEYS_LINE = "letters change · digits ⏎ your dice · r the app rolls · esc cancel"
    SHORT_KEYS_LINE = "letters change · digits ⏎ your dice · r the app rolls · ↓↑ odds · esc cancel"
    """The keys line where the odds scroll (a short screen; PgDn PgUp scroll them a page)."""

    adapter: XK6AttackAdapter
    TALL_BODY = 6  # its modifiers' CSS max-height: the odds have their own scroll

    def __init__(self, adapter: XK6AttackAdapter, host: Any = None) -> None:
        super().__init__(adapter, host)

    def compose(self) -> ComposeResult:
        box = Vertical()
        box.border_title = Text(self.cite(self.adapter.title))  # the book's section; "[XK-A10]" is no markup
        with box:
            yield Static(self._options_title(), id="modifiers-title")
            yield OptionList(id="modifiers")
            yield Static("", id="modifier-rule")
            yield Static("", id="flags")
            with VerticalScroll(id="odds-scroll"):
                yield Static("", id="odds")
            yield Static("", id="refusal")
            yield Static("", id="dice-hint")
            yield DiceInput(placeholder="", id="dice", restrict=r"[0-9 ,;]*")
            yield Static(self.KEYS_LINE, id="roll-hint")

    def keep_the_top_visible(self) -> None:
        """As a roll dialog's; on a short screen the odds share the rows left with the
        modifiers, each scrolling (the dice field and the keys line stay in view)."""
        super().keep_the_top_visible()
        short = self.has_class("-short")
        self.query_one("#odds-scroll").styles.height = "1fr" if short else None
        self.query_one("#roll-hint", Static).update(self.SHORT_KEYS_LINE if short else self.KEYS_LINE)

    def action_scroll_odds(self, lines: int, pages: int = 0) -> None:
        """Scroll the odds by ``lines``, or by ``pages`` of the rows they have."""
        odds = self.query_one("#odds-scroll", VerticalScroll)
        step = lines + pages * max(1, odds.scrollable_content_region.height - 1)
        odds.scroll_to(y=odds.scroll_y + step, animate=False)

    def action_toggle_number(self, index: int) -> None:
        if 0 <= index < len(self.current.options):
            option = self.current.options[index]
            if option.kind == "info":
                return
            self.adapter.press(option.key)
            self.query_one("#modifiers", OptionList).highlighted = index
            self.refresh_preview()

    def confirm(self) -> None:
        """Typed dice are checked against the pools here, so a typo never reaches the engine."""
        from engine.dice import DiceEntryError, parse_dice, wrong_dice_count

        text = self.query_one("#dice", Input).value
        if not text.strip():
            self.action_app_roll()
            return
        error = ""
        try:
            faces = parse_dice(text, None)
        except DiceEntryError as err:
            faces, error = (), str(err)
        need = self.current.dice or 0
        extra = 1 if self.adapter.base.kind == "indirect" else 0  # the scatter die, typed after a miss
        if not error and not need <= len(faces) <= need + extra:
            needed = f"{need} ({need + 1} with the scatter die)" if extra else need
            error = f"{wrong_dice_count(faces, needed, 'this attack')}: {self.adapter.dice_hint}"
        if error:
            refusal = self.query_one("#refusal", Static)
            refusal.update(Text(f"Dice: {error}"))
            refusal.display = True
            return
        self.dismiss((with_faces(self._command(), self.adapter.counts, faces), None))
