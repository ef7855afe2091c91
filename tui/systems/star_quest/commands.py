"""The GM's commands on the Star Quest screen: each registry action turned into an engine
command for the activating (or selected) unit, asking first when the command needs a
choice, and the follow-ups a new state asks for (``prompt_step``).

A mixin of ``StarQuestScreen``: it uses ``self.session``, ``self.state``, ``self.selected``
and ``self.set_status``. It never decides a rule: the choices and odds come from the
engine's ``view`` queries, and the engine accepts or refuses each command.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, ClassVar

from engine.formatting import plural
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import tables as t
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.terms import term
from tui.screens.game_commands import GameCommands
from tui.screens.picker_screen import Choice, PickerScreen


class StarQuestCommands(GameCommands):
    """``action_*`` methods for every ``sq``-scope registry action."""

    CHANGE_SETTING: ClassVar[Callable[[str, str], Any]] = c.ChangeSetting

    session: Any
    selected: str | None
    state: Any
    app: Any
    ai_dialog: Any

    # ------------------------------------------------------------------ helpers
    def _selected(self) -> Any | None:
        if not self.selected or not self.state.has_unit(self.selected):
            self.set_status("Select a hero or an AI unit first (tab to a pane, then j/k).")
            return None
        return self.state.unit(self.selected)

    def _actor(self, hero_only: bool = False) -> Any | None:
        """The unit whose activation is open, else the selected unit."""
        s = self.state
        u = s.unit(s.activation.unit) if s.activation else self._selected()
        if u is not None and hero_only and not u.hero:
            self.set_status(f"{u.name} is an AI unit: it acts through the flow chart (space).")
            return None
        return u

    def _may(self, action: str, u: Any) -> bool:
        """Whether the engine lets ``u`` take ``action`` now: asked before any picker or die;
        a refusal shows its reason and rule and nothing is submitted."""
        from engine.rulesets.star_quest.queries import can

        return not self.refused(can(self.state, action, u.id))

    def _roll(self, adapter: Any, then: Callable[[Any, Any], None]) -> None:
        from tui.dialogs.roll_dialog import push_roll_dialog

        def rolled(result: Any) -> None:
            if result is not None:
                then(*result)

        push_roll_dialog(self.app, adapter, rolled)

    def _typed(self, command: Any, dice: Any) -> None:
        from tui.systems.star_quest.adapters import typed_into

        self.submit(typed_into(command, dice))

    # ------------------------------------------------------------------ the round
    def action_start_round(self) -> None:
        """Start the round; when a wave's Ambush units roll their arrival (a D3 each), the
        roll dialog first: type the dice or let the app roll."""
        from rich.text import Text

        from engine.odds import percent
        from tui.systems.star_quest.adapters import DieAdapter

        s = self.state
        delayed = view.ambush_delays(s) if s.turn.phase in ("setup", "end") else ()
        if not delayed:
            self.submit(c.StartRound())
            return
        names = ", ".join(s.unit(u).name for u in delayed)
        lines = tuple(
            f"{ref} {title}: {reading}" for ref, title, reading in view.settings_in_force(s, ("ai_ambush", "d3_input"))
        )
        odds = Text.assemble(
            ("each D3: 1, 2 or 3, ", "bold"),
            (percent(Fraction(1, 3)), "bold green"),
            " each",
            (f"  ({len(delayed)} die/dice, in this order: {names})", "dim"),
        )
        self._roll(
            DieAdapter(
                f"Round {s.round + 1} starts: Ambush arrival of {names} (§17 Ambush)",
                c.StartRound(),
                lines,
                dice=len(delayed),
                odds=odds,
                state=s,
            ),
            self._typed,
        )

    def action_end_round(self) -> None:
        self.submit(c.EndRound())

    def action_activate(self) -> None:
        u = self._selected()
        if u is None:
            return
        s = self.state
        if u.hero or s.setting("ai_order") != "fixed" or s.turn.ai_order or s.turn.phase != t.AI:
            self.submit(c.ActivateHero(u.id) if u.hero else c.ActivateAI(u.id))
            return
        self.fix_ai_order((u.id,))

    def fix_ai_order(self, order: tuple[str, ...]) -> None:
        """Setting ``ai_order`` "fixed" [SQ-A5]: the GM gives the whole AI order, nearest a
        conscious hero first (the selected unit first), one pick at a time."""
        s = self.state
        left = [x for x in view.ai_to_activate(s) if x not in order]
        if len(left) <= 1:
            self.submit(c.ActivateAI(order[0], order=order + tuple(left)))
            return
        so_far = ", ".join(s.unit(x).name for x in order)
        self.ask(
            f"The AI order this round [SQ-A5] ({so_far}, …): which unit comes next?",
            [Choice(x, s.unit(x).name) for x in left],
            lambda x: self.fix_ai_order(order + (x,)),
        )

    def action_ambush(self) -> None:
        """The selected hero with Ambush: set aside before round 1, or placed from round 2
        (§5 step 1b, §17); the engine refuses anything else with its reason."""
        u = self._selected()
        if u is not None:
            self.submit(c.Ambush(u.id, place=not u.on_table))

    def action_end_activation(self) -> None:
        self.submit(c.EndActivation())

    # ------------------------------------------------------------------ a hero's action and skill
    def _activated(self, u: Any) -> list[Any]:
        """``ActivateHero`` first when no activation is open (any action activates the hero)."""
        return [c.ActivateHero(u.id)] if self.state.activation is None else []

    def action_take_action(self) -> None:
        u = self._actor(hero_only=True)
        if u is None or not self._may("act", u):
            return
        s = self.state
        line = next(h for h in view.hero_lines(s) if h.id == u.id)
        extra = bool(s.activation and s.activation.unit == u.id and s.activation.actions)
        first = self._activated(u)
        tag = f" — extra action, {t.EXTRA_ACTION_COST} PP" if extra else ""

        def go(command: Any) -> None:
            for cmd in first + [command]:
                self.submit(cmd)

        def charge(_: Any) -> None:
            targets = [
                Choice(e.id, f"{e.name} ({plural(e.models, 'model')})")
                for e in view.enemy_lines(s)
                if e.models and e.on_table
            ]
            self.ask(
                f"{u.name} charges ({line.moves.get(t.CHARGE, '')}) — which enemy unit?",
                targets,
                lambda target: go(c.TakeAction(u.id, t.CHARGE, extra=extra, target=target)),
                highlight=False,
            )

        def named(action: str) -> str:
            """The action's move as the view gives it, with the Polish name beside the English."""
            name = t.ACTION_NAMES[action]
            return line.moves.get(action, name).replace(name, term(name), 1)

        choices = [
            Choice(lambda: go(c.TakeAction(u.id, t.HOLD, extra=extra)), f"{term('Hold')} — may shoot{tag}"),
            Choice(
                lambda: go(c.TakeAction(u.id, t.ADVANCE, extra=extra)),
                f"{named(t.ADVANCE)} — may shoot{tag}",
            ),
            Choice(lambda: go(c.TakeAction(u.id, t.RUSH, extra=extra)), f"{named(t.RUSH)}{tag}"),
            Choice(lambda: charge(None), f"{named(t.CHARGE)} — then melee{tag}"),
            Choice(
                lambda: go(c.TakeAction(u.id, t.SKILL, extra=extra)), f"{term('Skill')} — one more skill action{tag}"
            ),
        ]
        if not extra:
            choices.append(
                Choice(
                    lambda: go(c.TakeAction(u.id, t.REST)),
                    f"{term('Rest')} — power points back to {line.power_max}, nothing else this activation",
                )
            )
        from engine.rulesets.star_quest.queries import refused_now

        actions = (t.HOLD, t.ADVANCE, t.RUSH, t.CHARGE, t.SKILL, t.REST)
        choices = [  # greyed with the engine's reason (an extra action already bought, too few PP...)
            Choice(ch.value, ch.label, str(refused_now(s, *first, c.TakeAction(u.id, a, extra=extra)) or ""))
            for ch, a in zip(choices, actions)
        ]
        self.ask(
            f"{u.name}: {'an extra action' if extra else 'the action'} (PP {line.pp}/{line.power_max})",
            choices,
            lambda run: run(),
        )

    def action_use_skill(self) -> None:
        from engine.odds import percent
        from tui.systems.star_quest.adapters import DieAdapter

        u = self._actor(hero_only=True)
        if u is None or not self._may("skill", u):
            return
        s = self.state
        first = self._activated(u)

        def targets(option: Any) -> list[Choice]:
            if option.needs == "token":
                return [
                    Choice(k, name, "already revealed" if k in s.revealed else "")
                    for k, name in s.mission.search_tokens
                ]
            if option.needs == "enemy":
                return [Choice(e.id, e.name) for e in view.enemy_lines(s) if e.models and e.on_table]
            return [Choice(h.id, h.name) for h in view.hero_lines(s) if not h.conscious]

        def run(option: Any, target: Any = None) -> None:
            command = c.UseSkill(u.id, option.key, target=target)
            for cmd in first:
                self.submit(cmd)
            if option.stat is None:
                self.submit(command)
                return
            adapter = DieAdapter(
                f"{u.name}: {option.name} ({t.STAT_NAMES[option.stat]} test)",
                command,
                (option.effect,),
                option.chance,
                state=self.state,
            )
            self._roll(adapter, self._typed)

        def chosen(option: Any) -> None:
            if option.needs:
                self.ask(f"{option.name}: which one?", targets(option), lambda target: run(option, target))
            else:
                run(option)

        choices = [
            Choice(
                o,
                f"{o.name} — "
                + (
                    f"{t.STAT_NAMES[o.stat]} test, passes {percent(o.chance)}"
                    if o.stat and o.chance is not None
                    else "no test"
                )
                + f": {o.effect}",
            )
            for o in view.skill_options(s, u.id)
        ]
        from engine.rulesets.star_quest.queries import refused_now

        choices = [  # greyed with the engine's reason before any target picker or die
            Choice(ch.value, ch.label, str(refused_now(s, *first, c.UseSkill(u.id, ch.value.key)) or ""))
            for ch in choices
        ]
        self.ask(f"{u.name}: skill action", choices, chosen)

    def action_cast(self) -> None:
        from engine.rulesets.star_quest.queries import refused_now
        from tui.systems.star_quest.adapters import CastAdapter

        u = self._actor()
        if u is None or not self._may("cast", u):
            return
        first = self._activated(u) if u.hero else []

        def cast_at(spell: Any, target: str | None) -> None:
            # the engine's refusal at this target, before the roll dialog and its die
            if self.refused(refused_now(self.state, *first, c.Cast(u.id, spell.name, target=target))):
                return
            for cmd in first:
                self.submit(cmd)
            self._roll(CastAdapter(self.state, u.id, spell, target), self._typed)

        def chosen(spell: Any) -> None:
            if spell.target not in ("enemy", "friend"):
                cast_at(spell, None)
                return
            targets = [Choice(x, self.state.unit(x).name) for x in view.spell_targets(self.state, u.id, spell)]
            if not targets:
                self.set_status(f"{spell.name} has no {spell.target} on the table to take effect on.")
                return
            self.ask(
                f"{spell.name}: on which {spell.target}? ({spell.effect})",
                targets,
                lambda x: cast_at(spell, x),
                highlight=False,  # a target, as for a shot or a charge: j/↓ to it, then ⏎
            )

        s = self.state

        def why_not(spell: Any) -> str:
            """The engine's refusal of this spell now (at its first target, if it takes one)."""
            targets = view.spell_targets(s, u.id, spell) if spell.target in ("enemy", "friend") else ()
            if spell.target in ("enemy", "friend") and not targets:
                return ""  # said when it is chosen: no target on the table
            cast = c.Cast(u.id, spell.name, target=targets[0] if targets else None)
            return str(refused_now(s, *first, cast) or "")

        self.ask(
            f"{u.name}: which spell? ({plural(u.tokens, 'spell token')})",
            [Choice(sp, f"{sp.name} (value {sp.value}): {sp.effect}", why_not(sp)) for sp in u.spec.spells],
            chosen,
        )

    # ------------------------------------------------------------------ shooting
    def action_shoot(self) -> None:
        u = self._actor()
        if u is not None and self._may("shoot", u):
            self.shoot_with(u.id)

    def shoot_with(self, unit_id: str) -> None:
        """Weapon, target, then the shot dialog (odds first); typed dice are the hit dice."""
        from tui.systems.star_quest.adapters import ShotAdapter

        s = self.state
        u = s.unit(unit_id)
        weapons = [w for w in u.spec.weapons if not w.melee]
        if not weapons:
            self.set_status(f"{u.name} has no ranged weapon.")
            return
        if u.hero:
            targets = [
                Choice(e.id, f"{e.name} ({plural(e.models, 'model')})")
                for e in view.enemy_lines(s)
                if e.models and e.on_table
            ]
        else:
            targets = [Choice(h.id, h.name) for h in view.hero_lines(s) if h.conscious]

        def fire(command: Any, dice: Any) -> None:
            self.submit(command)
            self._typed(c.RollHits(), dice)

        def target(weapon: str) -> None:
            self.ask(
                f"{u.name} shoots {weapon} at:",
                targets,
                lambda tgt: self._roll(ShotAdapter(self.state, u.id, weapon, tgt), fire),
                highlight=False,
            )

        if len(weapons) == 1:
            target(weapons[0].name)
        else:
            self.ask(f"{u.name} shoots with:", [Choice(w.name, w.name) for w in weapons], target)

    # ------------------------------------------------------------------ what is open
    def after_command(self, events: tuple[Any, ...]) -> None:
        """After a command is saved: an AI unit told to shoot is offered its shot; then
        whatever is open."""
        chosen = next((e for e in events if e.kind == "ai_action_chosen"), None)
        if (
            chosen is not None
            and chosen.payload.get("action") in ("hold-shoot", "advance-shoot")
            and not self.state.busy
            and self.app.screen is self
        ):
            self.shoot_with(chosen.payload["unit"])
            return
        self.prompt_step()

    def prompt_step(self) -> None:
        """Offer what the state waits for: the offer, the roll, the morale test, the
        status conditions, or the AI chart dialog."""
        from tui.systems.star_quest.adapters import AttackAdapter, MoraleAdapter

        if self.app.screen is not self:
            return
        s = self.state
        p = view.pending(s)
        if p is not None and p.kind == "offer":
            o = s.offer
            hurts = len(p.lines) > 1  # the engine says what paying costs beyond the PP
            choices = [
                Choice(True, f"Pay {o.cost} PP" + (" (wounds, see above)" if hurts else "")),
                Choice(False, "Decline"),
            ]

            def answered(accept: Any) -> None:
                if accept is not None:
                    self.submit(c.AnswerOffer(bool(accept)))

            # Decline starts highlighted: the harmless answer, so a stray ⏎ pays nothing.
            self.app.push_screen(PickerScreen(f"{p.title} — {' '.join(p.lines)}", choices, default=1), answered)
        elif p is not None and p.kind == "attack":
            self._roll(AttackAdapter(s), self._typed)
        elif p is not None and p.kind == "morale":
            self._roll(MoraleAdapter(s), self._typed)
        elif p is not None and p.kind == "status":
            status = s.activation.statuses[0]
            if status == t.IMPAIRED:
                unit = s.activation.unit
                self.ask(
                    f"{s.unit(unit).name} is Impaired (§18):",
                    [Choice(True, "Pay D3 PP to remove it"), Choice(False, "Keep it (−1 to all stat rolls)")],
                    lambda pay: self.impaired_paid(unit, bool(pay)),
                )
            else:
                self.status_test(s.activation.unit, status)
        elif view.ai_question(s) is not None and (p is not None or (s.activation and s.activation.ai_action is None)):
            self.open_ai_dialog()

    def impaired_paid(self, unit: str, pay: bool) -> None:
        """A hero pays D3 PP to remove Impaired (§18): the D3 through the roll dialog."""
        from rich.text import Text

        from engine.odds import percent
        from tui.systems.star_quest.adapters import DieAdapter

        s = self.state
        if not pay or not s.unit(unit).hero:
            self.submit(c.ResolveStatus(t.IMPAIRED, pay=pay))
            return
        lines = tuple(f"{ref} {title}: {reading}" for ref, title, reading in view.settings_in_force(s, ("d3_input",)))
        odds = Text.assemble(("D3 PP: 1, 2 or 3, ", "bold"), (percent(Fraction(1, 3)), "bold green"), " each")
        self._roll(
            DieAdapter(
                f"{s.unit(unit).name} pays D3 PP to remove Impaired (§18)",
                c.ResolveStatus(t.IMPAIRED, pay=True),
                lines,
                dice=1,
                odds=odds,
                state=s,
            ),
            self._typed,
        )

    def status_test(self, unit: str, status: str, target: int | None = None) -> None:
        """The test to remove a status condition (§18); an AI model without the stat asks
        the GM for the target number first [SQ-M6]."""
        from engine.odds import percent
        from tui.systems.star_quest.adapters import DieAdapter

        s = self.state
        name = t.STATUS_NAMES[status]
        chance = view.status_preview(s, unit, status, target)
        if chance is None:
            tested = t.STATUS_TEST[status]
            stat = t.STAT_NAMES[tested]
            self.ask(
                f"{s.unit(unit).name} has no {stat} in the roster: the target number of its test to remove "
                f"{name}? [SQ-M6]",
                [Choice(n, f"{n}+ (passes {percent(view.test_preview(s, unit, tested, n))})") for n in range(2, 7)],
                lambda n: self.status_test(unit, status, n),
            )
            return
        lines = (f"the GM's target number {target}+ [SQ-M6]",) if target is not None else ()
        self._roll(
            DieAdapter(
                f"{s.unit(unit).name}: test to remove {name} (§18)",
                c.ResolveStatus(status, target=target),
                lines,
                chance=chance,
                state=s,
            ),
            self._typed,
        )

    def open_ai_dialog(self) -> None:
        from tui.systems.star_quest.ai_flow_dialog import AIFlowDialog

        if self.ai_dialog is not None and self.ai_dialog.is_attached:
            return
        self.ai_dialog = AIFlowDialog(self)

        def closed(_: Any) -> None:
            self.ai_dialog = None

        self.app.push_screen(self.ai_dialog, closed)

    def action_continue_step(self) -> None:
        s = self.state
        if view.pending(s) is None and not (view.ai_question(s) and s.activation and s.activation.ai_action is None):
            self.set_status("Nothing is waiting: " + view.round_view(s).next_step)
            return
        self.prompt_step()

    # ------------------------------------------------------------------ terrain
    def action_hazard(self) -> None:
        """Jumping, falling and dangerous terrain for the selected unit (§14, §15): a jump's
        Dex tests and the dangerous-terrain dice go through the roll dialog (typed dice or
        the app's roll, the chance shown first); a fall has no roll of its own."""
        u = self._selected()
        if u is None:
            return
        from rich.text import Text

        from engine.odds import percent
        from engine.rulesets.star_quest.terrain import jump_preview
        from tui.systems.star_quest.adapters import DieAdapter

        s = self.state
        choices = []
        if u.hero:
            choices += [
                Choice(c.Jump(u.id, float(n)), f'Jump {n}" (a gap or a drop; Dex tests, 2 PP per failure)')
                for n in (2, 3, 4, 5, 6)
            ]
        choices += [Choice(c.Fall(u.id, float(n)), f'Falls or is pushed from {n}"') for n in (3, 4, 6, 9)]
        choices += self.dangerous_choices(u.id)

        from engine.rulesets.star_quest.queries import hazard_problem

        choices = [Choice(ch.value, ch.label, str(hazard_problem(s, ch.value) or "")) for ch in choices]
        if s.dangerous_on_table is False:  # the AI chart's †2 is answered no by itself
            choices.append(Choice(c.DeclareTerrain(True), "The table has dangerous terrain after all (†2 asked again)"))
        else:
            choices.append(
                Choice(c.DeclareTerrain(False), "No dangerous terrain anywhere on this table (†2 not asked)")
            )

        def roll(command: Any) -> None:
            if isinstance(command, c.Jump):
                tests, each, every = jump_preview(s, u.id, command.distance)
                odds = Text.assemble(
                    ("all pass ", "bold"),
                    (percent(every), "bold green"),
                    f" ({plural(tests, 'Dex test')}, each {percent(each)})",
                )
                self._roll(
                    DieAdapter(
                        f'{u.name} jumps {command.distance:g}" (§15.1)', command, dice=tests, odds=odds, state=s
                    ),
                    self._typed,
                )
            elif isinstance(command, c.DangerousTerrain):
                self.dangerous_roll(command)
            else:
                self.submit(command)

        self.ask(f"{u.name}: jump, fall or dangerous terrain", choices, roll)

    def dangerous_choices(self, unit_id: str) -> list[Choice]:
        """How many models of ``unit_id`` roll for dangerous terrain (§14, [SQ-A22])."""
        u = self.state.unit(unit_id)
        return [
            Choice(c.DangerousTerrain(u.id, n), f"Dangerous terrain: {plural(n, 'model')} (each 1 is a wound)")
            for n in range(1, min(u.models, 3) + 1)
        ]

    def dangerous_roll(self, command: Any) -> None:
        """The dangerous-terrain dice through the roll dialog, the chance of no wound first."""
        from rich.text import Text

        from engine.odds import percent
        from engine.rulesets.star_quest.terrain import dangerous_preview
        from tui.systems.star_quest.adapters import DieAdapter

        s = self.state
        n, unhurt = dangerous_preview(s, command.unit, command.models)
        odds = Text.assemble(("no wound ", "bold"), (percent(unhurt), "bold green"), f" ({n} dice, each 1 is a wound)")
        title = f"{s.unit(command.unit).name} in dangerous terrain (§14)"
        self._roll(DieAdapter(title, command, dice=n, odds=odds, state=s), self._typed)

    # ------------------------------------------------------------------ GM corrections
    def action_power(self) -> None:
        u = self._selected()
        if u is None:
            return
        if not u.hero:
            self.set_status("Only heroes have power points (§7).")
            return
        self.ask(
            f"{u.name} has {u.pp}/{u.spec.power_max} PP — loses (a GM correction; Exhaustion applies, §7.3):",
            [Choice(n, f"−{n} PP") for n in (1, 2, 3)] + [Choice(None, "No change")],
            lambda n: self.submit(c.LosePower(u.id, n, "GM correction")),
        )

    def action_status(self) -> None:
        u = self._selected()
        if u is None:
            return
        self.ask(
            f"{u.name}: status conditions (§18; what inflicts them is the GM's call [SQ-M7])",
            [
                Choice(
                    c.ApplyStatus(u.id, s, remove=s in u.statuses),
                    f"{'Remove' if s in u.statuses else 'Give'} {t.STATUS_NAMES[s]}",
                )
                for s in t.STATUSES
            ]
            + [Choice(None, "No change")],
            self.submit,
        )

    def action_wounds(self) -> None:
        from engine.rulesets.star_quest.queries import refused_now

        u = self._selected()
        if u is None:
            return
        self.ask(
            f"{u.name}: wounds from a source the app does not model (mission, spell effect)",
            [
                Choice(
                    cmd,
                    f"{cmd.amount:+d} {'wound' if abs(cmd.amount) == 1 else 'wounds'}",
                    str(refused_now(self.state, cmd) or ""),
                )
                for cmd in (c.AdjustWounds(u.id, n, "GM: mission or spell effect") for n in (1, 2, 3, -1))
            ]
            + [Choice(None, "No change")],
            self.submit,
        )

    def action_unit_card(self) -> None:
        from tui.systems.star_quest.card_screen import SQCardScreen

        u = self._selected()
        if u:
            self.app.push_screen(SQCardScreen(self.state, u.id))
