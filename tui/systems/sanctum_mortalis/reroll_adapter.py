"""The re-roll dialog (§2.2, issue #17 item 2): the last roll's result and every re-roll
the rules allow now, from ``view.reroll_offers``, each with its cost and the exact odds
after it. A letter picks one; its die is typed like any other (or ⏎ / ``r`` for the
app's roll). With none picked, ⏎ accepts the result: a held failed Toughness roll then
takes the model out (``Save``); for any other roll nothing more happens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from engine.formatting import roll_line
from engine.odds import percent
from engine.rolls import RollRecord
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.procedures.reroll import REROLL_SOURCES
from tui.dialogs.options import RollOption
from tui.dialogs.roll_dialog import Flag, RollAdapter, RollPreview, count_problem


class RerollAdapter(RollAdapter):
    """The offers after the last roll; ``command`` is a ``Reroll`` for the one picked, else
    the command that accepts the result (``Save`` for a held failure, or None)."""

    flags: tuple[Flag, ...] = ()
    one_line_options = True
    _toggles: frozenset[str] = frozenset()
    """The toggles of the last preview: the offer picked on the screen."""

    def __init__(self, state: Any) -> None:
        from engine.rulesets.sanctum_mortalis import view

        self.state = state
        last = state.last_roll
        self.record = RollRecord.from_dict(last.record)
        self.offers = view.reroll_offers(state)
        self.held = view.save_on_hold(state) and state.pending[0].model == last.roller
        self.accept: Any = c.Save(last.roller) if self.held else None
        drop = view.held_drop(state)
        self.drop_dice = 0
        """A held failed jump: accepting it rolls the fall, whose 2 dice may be typed here."""
        if drop is not None:
            self.held, self.accept = True, c.AcceptDrop(drop.roller)
            self.drop_dice = 2 if drop.kind == "jump" else 0
        self.drop = drop
        self.title = f"{self.record.title}: {self.record.outcome} — re-roll?"
        self.dice_hint = "a letter, then the re-rolled die (⏎: the app rolls) · ⏎ alone: accept"
        self.roll_hint = (
            "a letter picks a re-roll, then its dice + ⏎ (r or empty ⏎: the app rolls it) · "
            f"none picked: ⏎ or r accepts the {'failure (the model is taken out)' if self.held else 'result'}"
            " · esc: close, decide later"
        )
        self.options_title = self._options_title()

    def _options_title(self) -> str:
        """Whose re-rolls these are (the model and its side: a Captain's and a card's are
        the side's) and what each line's chance is of, so a line need not repeat it (#21)."""
        models = [
            self.state.model(m) for m in dict.fromkeys(o.model for o in self.offers if o.source != "matrix-error")
        ]
        whose = " and ".join(f"{m.name} ({self.state.side(m.side).band.name})" for m in models)
        costs = " (Captain, card: once a battle; skill: free)"
        pick = " A letter picks one; ⏎ with none picked accepts the result:"
        if len(models) == 1:
            goal = next(o.goal for o in self.offers if o.model == models[0].id)
            goal = "is on target" if goal == "on target" else goal  # a grenade's throw
            if any(o.ties_after for o in self.offers if o.model == models[0].id):
                goal += " or ties"  # a melee that a re-roll can leave tied: each line says both
            return f"Re-rolls for {whose}: the chance {models[0].name} {goal} after each{costs}.{pick}"
        if whose:
            return f"Re-rolls for {whose}: the chance after each of what its model wants{costs}.{pick}"
        return f"Re-rolls the rules allow now, each with the chance after it.{pick}"

    @property
    def keyed(self) -> dict[str, Any]:
        """Each offer by the key its line has: source, model and the face re-rolled
        ("im-fine:m3:1"), not the die's place, so a letter stays with its offer when the
        dialog opens again after another re-roll (issue #21: "b" became "c")."""
        record = self.record
        return {f"{o.source}:{o.model}:{'all' if o.whole else record.dice[o.die].face}": o for o in self.offers}

    def offer_label(self, offer: Any) -> str:
        """ "Captain (Kapitan): the 1 → wins 50.0%": what re-rolls which die, and the exact
        chance after it of each outcome the model would take that can happen (the engine's
        ``RerollOffer.outcomes``: "the 3 → wins 33.3%, ties 16.7%"; "the 3 → ties 16.7%" where
        it cannot win); whose, and who wins, the list's title says (the model and its side);
        with two models' offers (a melee) the model first ("Old Tomas, Captain (Kapitan):
        …"); an enemy's Błąd matrycy says both models, each once ("Zed:
        Matrix error (Błąd matrycy), Old Tomas re-rolls its 6 → no longer wins 0.0%"). Short
        enough for one line at 80 columns (issue #21), the originals in brackets left out
        where a line has no room for them (``ModifierRow.shortened_at``)."""
        odds = "→ " + ", ".join(f"{word} {percent(p)}" for word, p in offer.outcomes)
        if offer.source == "matrix-error":  # "…, Old Tomas re-rolls its 6 → no longer wins": its name once
            roller = self.state.model(offer.model).name
            goal = offer.goal.removeprefix(f"{roller} ") if f"{roller} re-rolls" in offer.label else offer.goal
            return f"{offer.label} → {goal} {percent(offer.odds_after)}"
        _, found, what = offer.label.partition(", re-roll ")  # the engine's "name: source, re-roll the 1"
        what = what if found else offer.label
        source = REROLL_SOURCES.get(offer.source, offer.source)
        own = {o.model for o in self.offers if o.source != "matrix-error"}
        who = "" if len(own) == 1 else f"{self.state.model(offer.model).name}, "
        return f"{who}{source}: {what} {odds}"

    def picked(self, toggles: frozenset[str]) -> list[Any]:
        return [o for key, o in self.keyed.items() if key in toggles]

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        picked = self.picked(toggles)
        if len(picked) == 1:
            o = picked[0]
            return c.Reroll(o.model, o.die, o.source)
        return self.accept

    def _dice(self, offer: Any) -> int:
        if not offer.whole:
            return 1
        groups = self.record.detail.get("groups") or [{"start": 0, "count": len(self.record.dice)}]
        g = next(g for g in groups if g["start"] <= offer.die < g["start"] + g["count"])
        return int(g["count"])

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        self._toggles = toggles
        options = tuple(
            RollOption(key, self.offer_label(o), o.rule, kind="toggle", active=key in toggles)
            for key, o in self.keyed.items()
        )
        odds = Text.assemble(("Result ", "bold"), roll_line(self.record))
        picked = self.picked(toggles)
        if len(picked) > 1:
            return RollPreview(options, odds, "pick one re-roll at a time (press a ticked letter again to untick it)")
        if picked:
            n = self._dice(picked[0])
            odds.append(
                f"\nType the re-rolled {'die' if n == 1 else f'{n} dice'} (the new face is kept), or ⏎ for the app's roll.",
                style="yellow",
            )
            return RollPreview(options, odds, "", n)
        if self.drop is not None and self.drop_dice:
            odds.append(
                "\n⏎ accepts the failure: the model falls (type the fall's 2 dice, or ⏎ for the app's).", style="yellow"
            )
        elif self.held:
            odds.append("\n⏎ accepts the failure: the model is taken out.", style="yellow")
        else:
            odds.append("\n⏎ accepts the result as it is.", style="dim")
        return RollPreview(options, odds, "", None)

    def check_dice(self, faces: Sequence[int]) -> str:
        picked = self.picked(self._toggles)
        if not picked and self.drop_dice:
            return count_problem(faces, self.drop_dice)  # the fall's dice, the jump accepted
        if not picked:
            return "pick a re-roll with its letter first, or clear the dice and press ⏎ to accept the result"
        return count_problem(faces, self._dice(picked[0]))
