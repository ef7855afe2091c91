"""The GM's commands on the SAGA screen: each registry action turned into an engine
command for the selected unit (asking first when the command needs a choice), and the
follow-ups a new state asks for (``prompt_step``).

A mixin of ``SagaScreen``: it uses ``self.session``, ``self.state``, ``self.selected``
and ``self.set_status``. It never decides a rule: what is open comes from the engine's
``view`` queries, and the engine accepts or refuses each command.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from engine.formatting import possessive
from engine.records import changed
from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view
from engine.rulesets.saga.tables import BANDS
from engine.rulesets.saga.terms import band as band_term
from engine.rulesets.saga.terms import original
from engine.rulesets.saga.terrain import SIGHT_LINES as LOS_CHOICES
from tui.dialogs.kept_rows import PickerUnderTheTop
from tui.messages import CommandRefused
from tui.screens.game_commands import GameCommands
from tui.screens.picker_screen import Choice, harmless


class SagaCommands(GameCommands):
    """``action_*`` methods for every ``saga``-scope registry action."""

    CHANGE_SETTING: ClassVar[Callable[[str, str], Any]] = c.ChangeSetting

    session: Any
    selected: str | None
    state: Any
    app: Any
    melee_dialog: Any

    ability: dict[str, Any] | None = None
    """While the GM sets up an activation by a SAGA ability: the fields it adds to it."""

    # ------------------------------------------------------------------ helpers
    def submit(self, command: Any, dice: Any = None) -> None:
        """Hand a command to the session; the result comes back as a message. An
        activation asked for through ``A`` (a SAGA ability) carries that source."""
        if self.ability is not None and isinstance(command, c.Activate):
            command = changed(command, **self.ability)
            self.ability = None
        super().submit(command, dice)

    def _unit(self) -> Any | None:
        if not self.selected or not self.state.has_unit(self.selected):
            self.set_status("Select a unit first (a unit pane, then ↑↓).")
            return None
        return self.state.unit(self.selected)

    def _line(self, unit_id: str) -> Any:
        return next(x for x in view.unit_lines(self.state) if x.id == unit_id)

    def ask(self, question: str, choices: list[Choice], then: Callable[[Any], None], highlight: bool = True) -> None:
        """Ask the GM; ``then(value)`` runs only if they chose something. ``highlight=False``:
        no answer starts highlighted, so only one the GM moves to is chosen (targets)."""

        def answered(value: Any) -> None:
            if value is None:  # cancelled: an ability activation being set up is dropped too
                self.ability = None
                return
            then(value)

        picker = PickerUnderTheTop(self, question, choices, highlight=highlight, default=harmless(choices))
        self.app.push_screen(picker, answered)

    def _enemies(self, u: Any) -> list[Any]:
        return [x for x in self.state.units if x.alive and x.side != u.side]

    # ------------------------------------------------------------------ turns
    def action_start_turn(self) -> None:
        if self.state.turn.number == 0:
            self.ask(
                "Which warband takes the first turn?",
                [Choice(s, f"{self.state.side_name(s)}") for s in ("A", "B")],
                lambda side: self.submit(c.StartTurn(side)),
            )
        else:
            self.submit(c.StartTurn())

    def action_end_turn(self) -> None:
        self.submit(c.EndTurn())

    def after_refusal(self, message: CommandRefused) -> bool:
        if isinstance(message.command, c.StartTurn) and message.rejected.kind == "ambiguous":
            self.action_start_turn()
            return True
        return False

    # ------------------------------------------------------------------ activations
    def _activate(self, kind: str, then: Callable[[Any], None]) -> None:
        """Ask for the activation's details, unless the engine refuses it now (its reason
        and rule shown before any picker opens)."""
        from engine.rulesets.saga.queries import can

        u = self._unit()
        if not u:
            return
        source = "normal" if self.ability is None else self.ability.get("source", "saga")
        if self.refused(can(self.state, kind, u.id, source)):
            self.ability = None
            return
        then(u)

    def action_saga_ability(self) -> None:
        """An activation by a SAGA ability (any turn, §4): which activation, and whether
        the ability says it tires the unit; then the usual questions."""
        from engine.rulesets.saga.queries import can

        u = self._unit()
        if not u:
            return
        why = {kind: can(self.state, kind, u.id, "saga") for kind in ("move", "charge", "shoot", "rest")}
        if all(why.values()):
            self.refuse(why["move"])  # none is possible: the engine's reason, before any picker
            return
        kinds = {
            "move": self.action_saga_move,
            "charge": self.action_saga_charge,
            "shoot": self.action_saga_shoot,
            "rest": self.action_saga_rest,
        }

        def tiring(kind: str) -> None:
            self.ask(
                f"{u.name}: does the ability say this activation causes fatigue?",
                [
                    Choice((kind, False), "No (in the opponent's turn it then causes none)"),
                    Choice((kind, True), "Yes, the ability says it does"),
                ],
                go,
            )

        def go(choice: tuple[str, bool]) -> None:
            kind, tired = choice
            self.ability = {"source": "saga", "causes_fatigue": tired}
            kinds[kind]()

        self.ask(
            f"{u.name} is activated by a SAGA ability: which activation?",
            [
                Choice(kind, label, str(why[kind] or ""))
                for kind, label in (
                    ("move", "Movement"),
                    ("charge", "Move to engage (a charge)"),
                    ("shoot", "Shooting"),
                    ("rest", "Rest"),
                )
            ],
            tiring,
        )

    def action_saga_move(self) -> None:
        def ask(u: Any) -> None:
            self.ask(
                f"{u.name}: Movement — {band_term(u.spec.move_band)}",
                [
                    Choice(c.Activate(u.id, "move"), "Over open ground"),
                    Choice(
                        c.Activate(u.id, "move", broken=True),
                        "Through broken terrain ([SAGA-M8]: the GM gives the band moved, or the opponent slows it)",
                    ),
                ],
                self.submit,
            )

        self._activate("move", ask)

    def action_saga_charge(self) -> None:
        def ask(u: Any) -> None:
            s = self.state
            targets = [
                Choice(x.id, f"{x.name} ({s.side_name(x.side)})" + (" ⌂ in a building" if x.building else ""))
                for x in self._enemies(u)
            ]
            targets += [
                Choice(b.id, f"⌂ the building {b.name}")
                for b in s.buildings
                if any(o.side != u.side for o in s.occupants(b.id))
            ]

            def ground(target: str) -> None:
                self.ask(
                    f"{u.name} moves to engage: over which ground?",
                    [
                        Choice(c.Activate(u.id, "charge", target=target), "Open ground"),
                        Choice(c.Activate(u.id, "charge", target=target, broken=True), "Through broken terrain"),
                    ],
                    self.submit,
                )

            self.ask(
                f"{u.name}: Move to engage, {band_term(u.spec.move_band)} — which enemy?",
                targets,
                ground,
                highlight=False,
            )

        self._activate("charge", ask)

    def action_saga_shoot(self) -> None:
        def ask(u: Any) -> None:
            s = self.state

            def sight(shot: Any) -> None:
                """§5.2: what lies on the line; the engine judges it (refused when blocked)."""
                (ref, _, reading) = view.settings_in_force(s, ("los_inside_high_area",))[0]
                self.ask(
                    f"Line of sight from {u.name} to {s.unit(shot.target).name} (§5.2; a line from or into high "
                    f"area terrain: {reading} [{ref}]):",
                    [Choice(changed(shot, los=los), label) for los, label in LOS_CHOICES],
                    self.submit,
                )

            def cover(target: str) -> None:
                if s.unit(target).building:
                    sight(c.Activate(u.id, "shoot", target=target))
                    return
                self.ask(
                    f"{possessive(s.unit(target).name)} cover against this shooting (house default values, settings g):",
                    [
                        Choice(c.Activate(u.id, "shoot", target=target, cover=k), label)
                        for k, label in (("none", "No cover"), ("light", "Light cover"), ("hard", "Hard cover"))
                    ],
                    sight,
                )

            self.ask(
                f"{u.name} shoots (house default procedure, not in the source [SAGA-M9]) at:",
                [Choice(x.id, f"{x.name} ({s.side_name(x.side)})") for x in self._enemies(u)],
                cover,
                highlight=False,
            )

        self._activate("shoot", ask)

    def action_saga_rest(self) -> None:
        self._activate("rest", lambda u: self.submit(c.Activate(u.id, "rest")))

    def action_engage(self) -> None:
        from engine.rulesets.saga.queries import can

        u = self._unit()
        if u and not self.refused(can(self.state, "engage", u.id)):
            s = self.state
            self.ask(
                f"{u.name} engages, without a Move to engage (a SAGA ability or the GM's call [SAGA-M2]):",
                [Choice(x.id, f"{x.name} ({s.side_name(x.side)})") for x in self._enemies(u)],
                lambda target: self.submit(c.Engage(u.id, target)),
                highlight=False,
            )

    # ------------------------------------------------------------------ the open step
    def prompt_step(self, offer: bool = True) -> None:
        """Offer what the open step needs next: the opponent's fatigue spend, then the
        move's completion or the shot's roll; the melee dialog for a melee."""
        if self.app.screen is not self:
            return
        s = self.state
        if s.melee:
            self.open_melee()
            return
        if offer and view.fatigue_offers(s) and (s.move or s.shot):
            self.offer_spends(lambda: self.prompt_step(offer=False))
        elif s.shot:
            self.roll_shot()
        elif s.move:
            self.complete_move()

    def action_continue_step(self) -> None:
        if not self.state.busy:
            self.set_status("Nothing is being resolved: m, c, s or r activates the selected unit.")
            return
        self.prompt_step(offer=False)

    def action_fatigue_spends(self) -> None:
        s = self.state
        if s.melee:
            self.open_melee()
            return
        if not view.fatigue_offers(s):
            self.set_status(
                "No fatigue spend is open now (§4.5: slow a move, +1 Armour against a shot; in melee, step 3)."
            )
            return
        self.offer_spends(lambda: None)

    def offer_spends(self, then: Callable[[], None]) -> None:
        """The opponent's spends open now, and "no spend" (which goes on with ``then``)."""
        s = self.state
        offers = view.fatigue_offers(s)
        by = offers[0].by
        choices = [
            Choice(
                o,
                f"Spend 1 of {possessive(s.unit(o.unit).name)} fatigue "
                f"({s.unit(o.unit).fatigue}/{s.unit(o.unit).limit}): {o.effect} — {o.rule}",
            )
            for o in offers
        ] + [Choice("no", "No spend — go on")]

        def chosen(value: Any) -> None:
            if value == "no":
                then()
            else:
                self.submit(c.SpendFatigue(value.by, value.unit, value.use, value.for_unit))

        self.ask(
            f"{s.side_name(by)} (the opponent) may spend fatigue ({original('Spend fatigue')}) now:", choices, chosen
        )

    def complete_move(self) -> None:
        s = self.state
        mv = s.move
        u = s.unit(mv.unit)
        known = mv.result_band
        bands = [known] if known else list(BANDS[: BANDS.index(mv.band) + 1])
        choices: list[Choice] = []
        target = (
            s.unit(mv.target).name
            if mv.target and s.has_unit(mv.target)
            else (s.building(mv.target).name if mv.target and s.building(mv.target) else "")
        )
        for band in bands:
            how = band_term(band) if known else f"{band_term(band)} through broken terrain (as measured [SAGA-M8])"
            if mv.kind == "charge":
                choices.append(
                    Choice(
                        c.CompleteMove(band=None if known else band),
                        f"{u.name} moved {how} and reached {target}: the melee begins",
                    )
                )
            else:
                choices.append(Choice(c.CompleteMove(band=None if known else band), f"{u.name} moved {how}"))
                choices += [
                    Choice(
                        c.CompleteMove(band=None if known else band, enter=b.id),
                        f"{u.name} moved {how} into ⌂ {b.name}",
                    )
                    for b in s.buildings
                    if b.id != u.building
                ]
                if u.building:
                    choices.append(
                        Choice(
                            c.CompleteMove(band=None if known else band, leave=True),
                            f"{u.name} moved {how} out of its building",
                        )
                    )
        if mv.kind == "charge":
            choices.append(
                Choice(
                    c.CompleteMove(band=None if known else bands[-1], contact=False),
                    f"{u.name} did not reach {target}: no melee",
                )
            )
        slowed = " (slowed by a fatigue spend)" if mv.slowed else ""
        self.ask(f"Move the models on the table, then: {u.name}{slowed}", choices, self.submit)

    def roll_shot(self) -> None:
        from tui.dialogs.roll_dialog import push_roll_dialog
        from tui.systems.saga.adapters import SagaShotAdapter, typed_into

        def done(result: Any) -> None:
            if result is not None:
                command, dice = result
                self.submit(typed_into(command, dice))

        push_roll_dialog(self.app, SagaShotAdapter(self.state), done)

    def open_melee(self) -> None:
        from tui.systems.saga.melee_dialog import MeleeDialog

        if self.melee_dialog is not None and self.melee_dialog.is_attached:
            return
        self.melee_dialog = MeleeDialog(self)

        def closed(_: Any) -> None:
            self.melee_dialog = None

        self.app.push_screen(self.melee_dialog, closed)

    # ------------------------------------------------------------------ fatigue, table, settings
    def action_adjust_fatigue(self) -> None:
        from engine.rulesets.saga.queries import refused_now

        u = self._unit()
        if u:
            changes = [c.AdjustFatigue(u.id, d, why) for why in ("a SAGA ability", "GM correction") for d in (1, -1)]
            self.ask(
                f"{u.name}: fatigue {u.fatigue}/{u.limit} — change it (not a Rest, not a spend):",
                [Choice(ch, f"{ch.delta:+d} ({ch.reason})", str(refused_now(self.state, ch) or "")) for ch in changes]
                + [Choice(None, "No change")],
                self.submit,
            )

    def action_terrain(self) -> None:
        from tui.dialogs.prompt import TextPrompt

        s = self.state
        u = s.unit(self.selected) if self.selected and s.has_unit(self.selected) else None

        def add_building(size: str) -> None:
            def named(name: str | None) -> None:
                if name:
                    self.submit(c.AddBuilding(f"building-{len(s.buildings) + 1}", name, size))

            self.app.push_screen(TextPrompt(f"Name of the {size} building:", placeholder="Barn"), named)

        choices = [
            Choice(lambda: add_building("normal"), "Add a building (holds 8 models, §6)"),
            Choice(lambda: add_building("large"), "Add a large building (holds 12 models, §6)"),
            Choice(self._add_terrain, "Add a terrain piece (type, height, going, cover, §5.1)"),
        ]
        if u is not None:
            from engine.rulesets.saga.queries import refused_now

            choices += [
                Choice(
                    lambda b=b: self.submit(c.PlaceInBuilding(u.id, b.id)),
                    f"Put {u.name} in ⌂ {b.name}",
                    str(refused_now(s, c.PlaceInBuilding(u.id, b.id)) or ""),  # a full building: greyed, with why
                )
                for b in s.buildings
                if b.id != u.building
            ]
            if u.building:
                choices.append(
                    Choice(lambda: self.submit(c.PlaceInBuilding(u.id, None)), f"Take {u.name} out of its building")
                )
        self.ask(
            "Buildings and terrain (the GM sets them; the engine checks capacity and limits):",
            choices,
            lambda run: run(),
        )

    def _add_terrain(self) -> None:
        from tui.dialogs.prompt import TextPrompt

        picks: dict[str, str] = {}
        steps = [
            ("type", "Type", ("area", "linear")),
            ("height", "Height", ("low", "high")),
            ("going", "Going", ("open", "broken")),
            ("cover", "Cover", ("none", "light", "hard")),
        ]

        def next_step(i: int) -> None:
            if i == len(steps):
                n = len(self.state.terrain) + 1

                def named(name: str | None) -> None:
                    if name is not None:
                        self.submit(c.SetTerrain(f"terrain-{n}", name or f"Terrain {n}", **picks))

                self.app.push_screen(TextPrompt("Name of the terrain piece:", placeholder=f"Wood {n}"), named)
                return
            key, title, values = steps[i]

            def chosen(v: str) -> None:
                picks[key] = v
                next_step(i + 1)

            self.ask(f"Terrain piece: {title}", [Choice(v, v) for v in values], chosen)

        next_step(0)

    def action_unit_card(self) -> None:
        from tui.systems.saga.unit_card_screen import UnitCardScreen

        u = self._unit()
        if u:
            self.app.push_screen(UnitCardScreen(self.state, u.id))
