"""The battle screen's steps for grenades (§17.6), the flamer template (§10.7), gap jumps
and climbs (§7.3–7.4), Lawa's pool and Dispel (§20.4, §21).

A mixin of ``BattleScreen`` (beside ``BattleCommands``): the GM names what the table shows
(the grenade, the models in the blast or under the template, the gap), the engine
decides. Rolls go through the roll dialog: typed dice or the app's roll.
"""

from __future__ import annotations

from typing import Any

from engine.records import changed
from engine.rulesets.sanctum_mortalis.terms import skill_term, trick_term
from tui.screens.picker_screen import Choice


def _c() -> Any:
    from engine.rulesets.sanctum_mortalis import commands

    return commands


class GearCommands:
    """``action_grenade`` and the follow-ups other actions hand over to."""

    state: Any
    app: Any
    selected: str | None

    # provided by BattleCommands and the session screen
    ask: Any
    submit: Any
    set_status: Any
    _acting: Any
    reviewing: Any

    # ------------------------------------------------------------------ rolls
    def roll_gear(self, kind: str, command: Any) -> None:
        """The roll dialog of a grenade throw ("grenade") or a Dispel roll ("dispel")."""
        from tui.dialogs.roll_dialog import push_roll_dialog
        from tui.systems.sanctum_mortalis.gear_adapters import GearRollAdapter

        def done(result: Any) -> None:
            if result is not None:
                self.submit(*result)

        push_roll_dialog(self.app, GearRollAdapter(self.state, command, kind), done, host=self)

    # ------------------------------------------------------------------ grenades
    def action_grenade(self) -> None:
        """Throw a grenade with the selected model (which one, then its Accuracy roll); a
        grenade still in the air: where it goes off and who is in the blast."""
        from engine.rulesets.sanctum_mortalis import tables as t
        from engine.rulesets.sanctum_mortalis.gear_view import grenades_of

        if self.reviewing():
            return
        if self.state.grenade is not None:
            self.grenade_blast()
            return
        m = self._acting("grenade")  # engaged, used up...: refused before the grenade picker
        if not m:
            return
        carried = grenades_of(m)
        if not carried:
            self.set_status(f"{m.name} carries no grenade (§17.6).")
            return
        self.ask(
            f'{m.name} throws which grenade (at a point within 8")?',
            [Choice(g, f"{t.ITEMS[g].name} — {t.ITEMS[g].effect}") for g in carried],
            lambda g: self.roll_gear("grenade", _c().ThrowGrenade(m.id, g)),
        )

    def grenade_blast(self, scatter: str = "", chosen: tuple[str, ...] = ()) -> None:
        """After a throw: a miss asks the next player's choice (3" nearer or farther), then
        the GM names the models in the 2" blast one by one; "Done" sets it off."""
        from engine.rulesets.sanctum_mortalis import tables as t
        from engine.rulesets.sanctum_mortalis.gear_view import blast_candidates
        from engine.rulesets.sanctum_mortalis.grenades import on_target

        thrown = self.state.grenade
        if thrown is None:
            return
        name = t.ITEMS[thrown.grenade].name
        if not on_target(self.state) and not scatter:
            other = self.state.side(self.state.opponent(self.state.model(thrown.model).side)).name
            self.ask(
                f"The {name} missed: {other} chooses where it lands, on the line from the thrower (§17.6):",
                [Choice("nearer", '3" nearer the thrower'), Choice("farther", '3" farther from the thrower')],
                lambda where: self.grenade_blast(where, chosen),
            )
            return
        count = f"{len(chosen)} model{'s' * (len(chosen) != 1)}"
        choices = [Choice("done", f"Done: {count} in the blast")]
        choices += [Choice(x, label) for x, label in blast_candidates(self.state) if x not in chosen]

        def added(value: str) -> None:
            if value == "done":
                self.submit(_c().GrenadeBlast(chosen, scatter))
            else:
                self.grenade_blast(scatter, chosen + (value,))

        self.ask(f'The {name} goes off: who is in its 2" blast? (pick each, then Done)', choices, added)

    def blast_follows(self, events: Any) -> bool:
        """A throw just made, or its re-roll (§15.2): its blast's questions open at once."""
        from tui.dialogs.roll_dialog import RollDialog

        if self.reviewing() or self.state.grenade is None:
            return False
        last = self.state.last_roll
        rerolled = last is not None and last.kind == "grenade" and any(e.kind == "rerolled" for e in events)
        if not rerolled and not any(e.kind == "grenade_thrown" for e in events):
            return False
        top = self.app.screen
        return top is self or (isinstance(top, RollDialog) and top.closing)

    # ------------------------------------------------------------------ flamer
    def flamer_template(self, shot: Any, chosen: tuple[str, ...] = ()) -> None:
        """§10.7: the other models under the template of ``shot`` (a ``Shoot``) — on the
        line to the target (friends too) and within 3" of it — named one by one; "Done"
        opens its roll dialog (no hit roll)."""
        from tui.systems.sanctum_mortalis.flows import open_roll

        state = self.state
        target = state.model(shot.target).name
        count = f"{len(chosen)} more model{'s' * (len(chosen) != 1)}"
        choices = [Choice("done", f"Done: {target} and {count} under the template")]
        for x in state.on_table():
            if x.id in (shot.shooter, shot.target) or x.id in chosen:
                continue
            side = state.side(x.side).name if x.side in ("A", "B") else "independent"
            choices.append(Choice(x.id, f"{x.name} ({side})"))

        def added(value: str) -> None:
            if value == "done":
                open_roll(self, "shot", changed(shot, template=chosen))
            else:
                self.flamer_template(shot, chosen + (value,))

        self.ask(
            f'Flamer on {target}: who else is on the line to it or within 3" of it? (pick each, then Done)',
            choices,
            added,
        )

    # ------------------------------------------------------------------ movement
    def move_extras(self, m: Any, why: str) -> list[Choice]:
        """The Move menu's gap jump and climb entries (greyed with ``why`` when no Move is
        allowed now; a second jump in the round is greyed with its rule)."""
        jumped = f"{m.name} has already jumped this round (once per round, §7.4)" if m.jumped else ""
        out = []
        if m.move_only == "smoke":
            out.append(Choice(_c().Move(m.id, leaves_smoke=True), "Move out of the smoke (§17.6)", why))
        if m.move_only == "lava":
            out.append(
                Choice(
                    _c().Move(m.id, leaves_lava=True), f"Move out of the burning pool ({trick_term('lava')}, §21)", why
                )
            )
        return out + [
            Choice("gap", f'Move and jump a gap… (3", 4" with {skill_term("acrobat")}; once per round)', why or jumped),
            Choice("climb", 'Move and climb… (2" an inch; 1" on a ladder or with climbing gear)', why),
        ]

    def move_extra(self, m: Any, value: str) -> None:
        """The questions of a gap jump (its width) or a climb (its height, a ladder or not)."""
        c = _c()
        if value == "gap":
            self.ask(
                f"{m.name} jumps a gap how wide (the run-up before it at least as long)?",
                [Choice(w, f'{w}"' + (" (a standing jump)" if w == 1 else "")) for w in (1, 2, 3, 4)],
                lambda w: self.submit(c.Move(m.id, gap=float(w))),
            )
            return

        def height(h: int) -> None:
            self.ask(
                f'{m.name} climbs {h}": on a ladder?',
                [
                    Choice(False, f'No ladder (2" of Speed per inch, unless climbing gear or {skill_term("climber")})'),
                    Choice(True, 'On a ladder (1" of Speed per inch)'),
                ],
                lambda ladder: self.submit(c.Move(m.id, climb=float(h), ladder=bool(ladder))),
            )

        self.ask(f"{m.name} climbs how high (inches, up or down)?", [Choice(h, f'{h}"') for h in range(2, 9)], height)

    # ------------------------------------------------------------------ tricks
    def trick_cast(self, command: Any) -> None:
        """A trick about to be cast: Lawa's pool first names the models under it; then an
        enemy with Rozproszenie may roll to dispel it (its roll dialog), or not."""
        if command.trick == "lava":
            self.lava_pool(command)
        else:
            self.dispel_step(command)

    def dispel_step(self, command: Any) -> None:
        """Whether a model with Rozproszenie rolls against the trick (§20.4, [SM-A30])."""
        from engine.odds import percent
        from engine.rulesets.sanctum_mortalis.gear_view import dispellers
        from engine.rulesets.sanctum_mortalis.tricks import dispel_odds

        able = dispellers(self.state, command.model)
        if not able:
            self.submit(command)
            return
        choices = [
            Choice("none", f'No {skill_term("dispel")} roll (none within 8" and in sight, or the owner declines)')
        ]
        choices += [
            Choice(x, f"{self.state.model(x).name} rolls {skill_term('dispel')}: 2k6 ≥ 8, {percent(dispel_odds())}")
            for x in able
        ]

        def chosen(value: str) -> None:
            if value == "none":
                self.submit(command)
            else:
                self.roll_gear("dispel", changed(command, dispeller=value))

        self.ask(f"Does a model with {skill_term('dispel')} roll to dispel it (§20.4)?", choices, chosen)

    def lava_pool(self, command: Any, chosen: tuple[str, ...] = ()) -> None:
        """Lawa (§21): the models under the 3" pool, one by one; "Done" casts it."""
        state = self.state
        count = f"{len(chosen)} model{'s' * (len(chosen) != 1)}"
        choices = [Choice("done", f"Done: {count} under the pool")]
        for x in state.on_table():
            if x.id in chosen:
                continue
            side = state.side(x.side).name if x.side in ("A", "B") else "independent"
            choices.append(Choice(x.id, f"{x.name} ({side})"))

        def added(value: str) -> None:
            if value == "done":
                self.dispel_step(changed(command, victims=chosen, target=None))
            else:
                self.lava_pool(command, chosen + (value,))

        self.ask(f'{trick_term("lava")}: who is under the 3" pool? (pick each, then Done)', choices, added)
