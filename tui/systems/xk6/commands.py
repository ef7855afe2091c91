"""The GM's commands on the xK6 screen: each registry action turned into an engine
command for the selected (or acting) model, asking first when the command needs a
choice, and the follow-ups a new state asks for (``after_command``).

A mixin of ``XK6Screen``: it uses ``self.session``, ``self.state``, ``self.selected``
and ``self.set_status``. It never decides a rule: what is possible comes from the
engine's ``view`` queries, and the engine accepts or refuses each command.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from engine.formatting import plural, possessive
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import tables as t
from engine.rulesets.xk6 import view
from engine.rulesets.xk6.tables import rof_use
from tui.screens.game_commands import GameCommands
from tui.screens.picker_screen import Choice

KIND_LABELS = t.ATTACK_KINDS
TERRAIN_LABELS = {"normal": "", "difficult": " through difficult terrain", "very-difficult": " through very difficult"}


def rof_label(sp: Any, magazine: bool) -> str:
    """ "Rate of fire +2 to damage: DAM 5 · empties on 1–4 (the full ROF)"."""
    used = rof_use(sp.rof_dam, sp.rof_area)
    head = used[:1].upper() + used[1:]
    radius = f', radius {sp.radius}"' if sp.radius else ""
    empties = f" · empties on {'1' if sp.empties_on == 1 else f'1–{sp.empties_on}'}" if magazine else ""
    return f"{head}: DAM {sp.dam}{radius}{empties}"


class XK6Commands(GameCommands):
    """``action_*`` methods for every ``xk6``-scope registry action."""

    CHANGE_SETTING: ClassVar[Callable[[str, str], Any]] = c.ChangeSetting

    session: Any
    selected: str | None
    state: Any
    app: Any

    # ------------------------------------------------------------------ helpers
    def _model(self) -> Any | None:
        if not self.selected or not self.state.has_model(self.selected):
            self.set_status("Select a model first (a model pane, then ↑↓).")
            return None
        return self.state.model(self.selected)

    def _line(self, model_id: str) -> Any:
        return next(x for x in view.model_lines(self.state) if x.id == model_id)

    def _acting(self) -> str | None:
        s = self.state
        return s.reaction or (s.turn.active.model if s.turn.active else None)

    def _dice_dialog(self, adapter: Any) -> None:
        """The roll dialog for ``adapter``: the exact odds first, then the typed dice (put into
        the command by the adapter) or the app's roll."""
        from tui.dialogs.roll_dialog import push_roll_dialog

        def rolled(result: Any) -> None:
            if result is not None:
                self.submit(adapter.typed(*result))

        push_roll_dialog(self.app, adapter, rolled, host=self)

    # ------------------------------------------------------------------ the turn
    def action_turn(self) -> None:
        from tui.systems.xk6.adapters import InitiativeAdapter

        s = self.state
        phase = s.turn.phase
        if phase == "choose":
            chooser = s.side_name(s.turn.chooser)
            self.ask(
                f"{chooser} won the initiative: which side activates the first model?",
                [Choice(side, f"{s.side_name(side)} activates first") for side in ("A", "B")],
                lambda side: self.submit(c.ChooseFirst(side)),
            )
        elif phase in ("setup", "between", "initiative"):
            self._dice_dialog(InitiativeAdapter(s, again=phase == "initiative"))
        else:
            self.submit(c.StartTurn())  # the engine says why not (the turn is still being played)

    def action_end_activation(self) -> None:
        self.submit(c.EndActivation())

    # ------------------------------------------------------------------ activations
    def action_activate(self) -> None:
        from engine.rulesets.xk6.queries import can as may

        m = self._model()
        if not m or self.refused(may(self.state, "activate", m.id)):
            return  # refused before the option picker: the engine's reason and rule show
        can = self._line(m.id).can
        choices = [
            Choice(opt, f"{i + 1}. {t.OPTIONS[opt]}", "" if opt in can else "not possible now")
            for i, opt in enumerate(t.OPTIONS)
        ]
        self.ask(f"{m.name} activates (§5.2):", choices, lambda opt: self._activate_with(m, opt))

    def _activate_with(self, m: Any, option: str) -> None:
        if option in t.MOVING_OPTIONS:
            choices = []
            for terrain in t.TERRAIN_FACTOR:
                for col in m.spec.speeds:
                    inches = float(t.terrain_speed(col.inches, terrain))
                    if terrain != "normal" and not inches:
                        continue  # standing still is the same on any ground
                    att = "no attack" if col.att is None else f"Att {col.att:+d}"
                    how = f'up to {inches:.3g}"' if col.inches else "standing still"  # §6.1 the 0" column
                    choices.append(
                        Choice(
                            c.Activate(m.id, option, speed=col.name, terrain=terrain),
                            f"{col.name}{TERRAIN_LABELS[terrain]}: {how} — {att}, Def {col.defence:+d}",
                        )
                    )
            self.ask(f"{m.name}: {t.OPTIONS[option]} — at which speed (§6)?", choices, self._start)
        elif option == t.RELOAD:
            weapons = [w for w in self._line(m.id).weapons if w.mags is not None]
            self.ask(
                f"{m.name} reloads (§12.2):",
                [
                    Choice(
                        c.Activate(m.id, t.RELOAD, weapon=w.id),
                        f"{w.name} ({w.status})",
                        "" if not w.loaded else "its magazine is loaded",
                    )
                    for w in weapons
                ],
                self._start,
            )
        else:
            self._start(c.Activate(m.id, option))

    def _start(self, cmd: c.Activate) -> None:
        """Activate; a burning model's burning die (§16 SB) is asked for first, never rolled unasked."""
        from tui.systems.xk6.adapters import BurningAdapter

        s = self.state
        if s.has_model(cmd.model) and s.model(cmd.model).burning:
            self._dice_dialog(BurningAdapter(s, cmd))
        else:
            self.submit(cmd)

    def after_command(self, events: Any) -> None:
        """Offer what the new state asks for: the skill action, a designation, where
        indirect fire landed."""
        if self.app.screen is not self:
            return
        for e in events:
            if e.kind == "model_activated" and e.payload.get("option") == t.SKILL:
                self.action_skill()
            elif e.kind == "model_activated" and e.payload.get("option") == t.MOVE_DESIGNATE:
                self.action_designate()
            elif e.kind == "attack_rolled" and self.state.attack is not None and self.state.attack.stage == "landed":
                self.land()

    def _may_act(self, action: str) -> Any | None:
        """The activated model, when the engine lets it take ``action`` ("designate",
        "skill") now; else its refusal is shown before any picker (None)."""
        from engine.rulesets.xk6.queries import can

        s = self.state
        act = s.turn.active
        mid = act.model if act is not None else (self.selected or "")
        if not s.has_model(mid):
            self.set_status("Activate a model first (a).")
            return None
        if self.refused(can(s, action, mid)):
            return None
        return s.model(mid)

    def action_designate(self) -> None:
        s = self.state
        m = self._may_act("designate")
        if m is None:
            return  # refused before the target picker: the engine's reason and rule show
        self.ask(
            f"{m.name} designates a target for indirect fire ([XK-A3]):",
            [Choice(x.id, x.name) for x in s.models if x.in_play and x.side != m.side],
            lambda target: self.submit(c.Designate(target=target)),
            highlight=False,
        )

    def action_skill(self) -> None:
        s = self.state
        m = self._may_act("skill")
        if m is None:
            return  # refused before the skill picker: the engine's reason and rule show
        choices = []
        if m.spec.medic is not None:
            choices += [
                Choice(
                    c.Heal(x.id),
                    f"Medic {m.spec.medic}: heal {x.name} ({x.wounds} wound{'s' * (x.wounds != 1)}; in base contact)",
                    "" if x.wounds else "no wounds",
                )
                for x in s.models_of(m.side)
            ]
        choices += [Choice(c.SkillAction(name), f"{name}: {effect}") for name, effect in m.spec.skills]
        self.ask(f"{possessive(m.name)} skill action (§5.2, §16):", choices, self._skill_chosen)

    def _skill_chosen(self, cmd: Any) -> None:
        from tui.systems.xk6.adapters import MedicAdapter

        if isinstance(cmd, c.Heal):
            self._dice_dialog(MedicAdapter(self.state, cmd))  # the Medic's die: typed or the app's
        else:
            self.submit(cmd)

    def action_react(self) -> None:
        s = self.state
        if s.reaction and s.attack is None:
            self.submit(c.EndReaction())
            return
        from engine.rulesets.xk6.queries import can

        m = self._model()
        if not m or self.refused(can(s, "react", m.id)):
            return  # refused before the reaction picker: the engine's reason and rule show
        trigger = s.turn.active.model
        choices = [Choice(c.React(m.id, "shoot", trigger), "shoots (then s: the attack)")]
        choices += [
            Choice(c.React(m.id, "move", trigger, speed=col.name), f'moves at {col.name} (up to {col.inches:g}")')
            for col in m.spec.speeds
        ]
        self.ask(f"{m.name} uses its held action against {s.model(trigger).name} (§14):", choices, self.submit)

    # ------------------------------------------------------------------ attacks
    def action_attack(self) -> None:
        s = self.state
        mid = self._acting() or self.selected
        if not mid or not s.has_model(mid):
            self.set_status("Activate a model first (a).")
            return
        from engine.rulesets.xk6.queries import can

        if self.refused(can(s, "attack", mid)):
            return  # refused before the weapon picker: the engine's reason and rule show
        m = s.model(mid)
        choices = [
            Choice(o, f"{o.name} — {KIND_LABELS[o.kind]}: {o.profile} [{o.status}]", o.problem)
            for o in view.attack_options(s, mid)
        ]
        self.ask(f"{m.name} attacks with (§8):", choices, lambda o: self._rof(m, o))

    def _rof(self, m: Any, option: Any) -> None:
        spec = self.state.weapon_spec(m.id, option.weapon)
        if spec.rof <= 0:
            self._targets(m, option, 0, 0)
            return
        choices = [Choice(sp, rof_label(sp, spec.magazine)) for sp in view.rof_splits(self.state, m.id, option.weapon)]
        self.ask(
            f"{spec.name}, rate of fire {spec.rof}: declare its use before the roll (§11):",
            choices,
            lambda sp: self._targets(m, option, sp.rof_dam, sp.rof_area, sp.radius),
        )

    def _targets(self, m: Any, option: Any, rof_dam: int, rof_area: int, radius: int | None = None) -> None:
        s = self.state
        spec = s.weapon_spec(m.id, option.weapon)
        area = (radius if radius is not None else spec.ae) > 0 or spec.has("FT")
        base = c.Attack(m.id, option.weapon, kind=option.kind, rof_dam=rof_dam, rof_area=rof_area)
        enemies = [x for x in s.models if x.in_play and x.side != m.side]
        choices = [Choice(x.id, x.name) for x in enemies]
        if option.kind == "indirect":
            choices.append(Choice("", "a point on the table (no model aimed at)"))

        def centre(target: str) -> None:
            chosen = [target] if target else []
            if area and option.kind != "indirect":
                self._more_in_area(m, base, chosen)
            else:
                self._roll(base, chosen)

        self.ask(
            f"{m.name} — {spec.name} ({KIND_LABELS[option.kind]}): at which model?", choices, centre, highlight=False
        )

    def _more_in_area(self, m: Any, base: c.Attack, chosen: list[str]) -> None:
        s = self.state
        others = [x for x in s.models if x.in_play and x.id != m.id and x.id not in chosen]
        choices = [Choice("done", f"Done: {len(chosen)} model{'s' * (len(chosen) != 1)} under the area")]
        choices += [Choice(x.id, f"{x.name} ({s.side_name(x.side)})") for x in others]

        def added(value: str) -> None:
            if value == "done":
                self._roll(base, chosen)
            else:
                self._more_in_area(m, base, chosen + [value])

        self.ask("Another model inside the area (§10)?", choices, added)

    def _roll(self, base: c.Attack, targets: list[str]) -> None:
        from engine.records import changed
        from tui.systems.xk6.attack_dialog import XK6AttackAdapter, XK6AttackDialog

        s = self.state
        cmd = changed(
            base, targets=tuple(c.Target(x, crossfire=view.crossfire_suggested(s, x, base.attacker)) for x in targets)
        )

        def done(result: Any) -> None:
            if result is not None:
                self.submit(result[0], result[1])

        self.app.push_screen(XK6AttackDialog(XK6AttackAdapter(s, cmd), host=self), done)

    def action_continue_step(self) -> None:
        a = self.state.attack
        if a is None:
            self.set_status("No attack is open: s attacks with the activated model.")
        elif a.stage == "landed":
            self.land()
        else:
            self.submit(c.ResolveAttack())

    def land(self, chosen: tuple[str, ...] = ()) -> None:
        """Indirect fire: the GM lists the models where it landed (§9 [XK-M9]), then their
        Def rolls in the roll dialog (typed or the app's)."""
        from tui.systems.xk6.adapters import LandingAdapter

        s = self.state
        a = s.attack
        hit = "hit the aim point" if a.hit else f'missed: scattered {a.scatter}" (the GM enters the direction)'
        choices = [Choice("done", f"Done: {len(chosen)} model{'s' * (len(chosen) != 1)} under the blast")]
        choices += [
            Choice(x.id, f"{x.name} ({s.side_name(x.side)})") for x in s.models if x.in_play and x.id not in chosen
        ]

        def added(value: str) -> None:
            if value == "done" and chosen:
                self._dice_dialog(LandingAdapter(self.state, c.Land(tuple(c.Target(x) for x in chosen))))
            elif value == "done":
                self.submit(c.Land())  # nobody under it: no die to roll
            else:
                self.land(chosen + (value,))

        self.ask(f'The shot {hit}. Which models are under it (radius {a.radius}")?', choices, added)

    # ------------------------------------------------------------------ command points
    def action_command_point(self) -> None:
        from tui.systems.xk6.adapters import RerollAdapter

        s = self.state
        options = view.cp_options(s)
        if not options:
            self.set_status("No commander in play has command points to spend (§15).")
            return

        def label(o: Any) -> str:
            who, model = s.model(o.commander), s.model(o.model)
            near = "" if o.model == o.commander else ' (within 6")'
            if o.use == "reroll":
                what = (
                    f"{o.test.title()} die"
                    if o.test
                    else "Att test"
                    if s.attack and o.model == s.attack.attacker
                    else "Def test"
                )
                return f"{who.name} (CP {who.command_points}): {model.name} re-rolls its {what}{near}"
            return f"{who.name} (CP {who.command_points}): an activation for {model.name}{near}"

        def chosen(o: Any) -> None:
            if o.use == "reroll":
                self._dice_dialog(RerollAdapter(self.state, o))
            else:
                self.submit(c.SpendCommandPoint(o.commander, o.use, o.model))

        what = "re-roll a test" if any(o.use == "reroll" for o in options) else "buy an activation"
        self.ask(f"Spend a command point (§15): {what}", [Choice(o, label(o), o.problem) for o in options], chosen)

    # ------------------------------------------------------------------ GM corrections, settings
    def action_wounds(self) -> None:
        m = self._model()
        if m:
            self.ask(
                f"{m.name}: {plural(m.wounds, 'wound')} — a GM correction:",
                [
                    Choice(c.AdjustWounds(m.id, 1, "GM"), "+1 wound"),
                    Choice(c.AdjustWounds(m.id, -1, "GM"), "−1 wound", "" if m.wounds else "no wounds"),
                    Choice(c.RemoveModel(m.id, "GM"), "Take it out of play", "" if m.in_play else "already out"),
                    Choice(None, "No change"),
                ],
                self.submit,
            )

    def action_model_card(self) -> None:
        from tui.systems.xk6.model_card_screen import XK6ModelCard

        m = self._model()
        if m:
            self.app.push_screen(XK6ModelCard(self.state, m.id))
