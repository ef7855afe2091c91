"""The GM's commands on the battle screen: each registry action turned into an engine
command for the selected model (asking first when the command needs a choice).

A mixin of ``BattleScreen``: it uses ``self.session``, ``self.state``, ``self.selected``
and ``self.set_status``. It never decides a rule; the engine accepts or refuses and the
screen shows which.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from rich.text import Text
from textual.message import Message

from engine.formatting import plural
from engine.rulesets.sanctum_mortalis.state import DEFENSIVE_STANCE, HIDDEN, OVERWATCH
from engine.rulesets.sanctum_mortalis.terms import challenge_term, skill_term, trick_term
from tui.dialogs.kept_rows import PickerUnderTheTop
from tui.messages import BattleChanged, CommandRefused
from tui.screens.game_commands import GameCommands
from tui.screens.picker_screen import Choice, confirm, harmless
from tui.systems.sanctum_mortalis import display as d
from tui.systems.sanctum_mortalis.gear import GearCommands
from tui.systems.sanctum_mortalis.keys import BATTLE_KEYS


class _Commands:
    """The engine's command classes (``c.Move`` ...), imported on first use: the battle
    screen is drawn before any command is made (their module is not needed to draw it)."""

    def __getattr__(self, name: str) -> Any:
        from engine.rulesets.sanctum_mortalis import commands

        return getattr(commands, name)


c = _Commands()


def _change_setting(key: str, value: str) -> Any:
    return c.ChangeSetting(key, value)


class PostBattleFailed(Message):
    """The post-battle sequence could not start: ``text`` in one line; ``offer_new``: the
    battle's campaign save is missing or damaged, so a new campaign may be started instead."""

    def __init__(self, text: str, offer_new: bool = False) -> None:
        super().__init__()
        self.text = text
        self.offer_new = offer_new


class BattleCommands(GearCommands, GameCommands):
    """``action_*`` methods for every battle-scope registry action."""

    CHANGE_SETTING: ClassVar[Callable[[str, str], Any]] = _change_setting

    session: Any
    selected: str | None
    state: Any
    app: Any

    # ------------------------------------------------------------------ helpers
    def _model(self) -> Any | None:
        """The selected model, or None with a hint in the status line."""
        if self.reviewing():
            return None
        if not self.selected or not self.state.has_model(self.selected):
            self.set_status("Select a model first (a band pane, then ↑↓).")
            return None
        return self.state.model(self.selected)

    def _acting(self, action: str) -> Any | None:
        """The selected model if the engine lets it take ``action`` now (asked before any
        picker or dialog opens); else None, with the engine's reason and rule shown."""
        from engine.rulesets.sanctum_mortalis.queries import can

        m = self._model()
        if m is None or self.refused(can(self.state, action, m.id)):
            return None
        return m

    def ask(self, question: str, choices: list[Choice], then: Callable[[Any], None], highlight: bool = True) -> None:
        """Ask the GM; ``then(value)`` runs only if they chose something (a lone open
        answer is taken at once). ``highlight=False``: no answer starts highlighted, so
        only one the GM moves to is chosen (targets)."""
        if len(choices) == 1 and not choices[0].why_not:
            then(choices[0].value)
            return

        def done(value: Any) -> None:
            if value is not None:
                then(value)

        self.app.push_screen(
            PickerUnderTheTop(self, question, choices, highlight=highlight, default=harmless(choices)), done
        )

    def enemies(self, m: Any, engaged_only: bool = False) -> list[Any]:
        """Models on the table not on ``m``'s side (those engaged with it first)."""
        foes = [x for x in self.state.models if x.on_table and x.side != m.side]
        engaged = [x for x in foes if x.id in m.engaged_with]
        if engaged_only:
            return engaged
        return engaged + [x for x in foes if x.id not in m.engaged_with]

    # ------------------------------------------------------------------ turn flow
    def action_next_round(self) -> None:
        """Start the next round: a roll-off for who starts opens the roll dialog (type the
        table's dice or let the app roll); a round started by model count starts at once."""
        from engine.rulesets.sanctum_mortalis.view import round_start_preview
        from tui.systems.sanctum_mortalis.flows import roll

        state = self.state
        if state.order.phase == "choose-first":
            self.choose_first()
        elif not self.reviewing() and round_start_preview(state) is not None:
            roll(self, "round-start", c.StartRound())
        else:
            self.submit(c.StartRound())

    def choose_first(self) -> None:
        state = self.state
        from tui.systems.sanctum_mortalis.tracker import rolloff_dice

        chooser = d.side_name(state, state.order.chooser) if state.order.chooser else "The roll-off winner"
        choices = [Choice(s, f"{state.side(s).name} starts") for s in ("A", "B")]
        dice = rolloff_dice(state, state.order.rolloff)
        why = f"{state.order.reason}" + (f"\nDice: {dice}" if dice else "")
        self.ask(
            f"{why}\n\n{chooser} chooses who starts round {state.order.round}:",
            choices,
            lambda side: self.submit(c.ChooseFirst(side)),
        )

    def action_activate(self) -> None:
        m = self._model()
        if m:
            self.submit(c.Activate(m.id))

    def action_end_activation(self) -> None:
        self.submit(c.EndActivation())

    def action_end_round(self) -> None:
        self.submit(c.EndRound())

    def after_change(self, message: BattleChanged) -> None:
        """Follow-ups the new state asks for: who starts after a low roll-off; a hit's
        Toughness roll; once the battle has ended, the key of its post-battle sequence."""
        if (
            message.kind == "command"
            and self.state.order.phase == "choose-first"
            and any(e.kind == "round_started" for e in message.events)
        ):
            self.choose_first()
        offers = message.kind == "command" and self._offers_follow(message.events)
        if message.kind == "command" and not offers and self.blast_follows(message.events):
            self.grenade_blast()  # a grenade thrown: where it goes off and who is in the blast
        if offers:
            from tui.systems.sanctum_mortalis.flows import reroll

            reroll(self)  # a missed shot or a lost melee: its re-rolls first, then any save
        elif message.kind == "command" and (self._save_follows(message.events) or self._reroll_follows(message.events)):
            from tui.systems.sanctum_mortalis.flows import save

            save(self)  # the roll's own dialog may still be closing: the save gets one of its own
        elif message.kind == "command":
            from tui.systems.sanctum_mortalis.card_flows import after_melee_save

            after_melee_save(self, message.events)  # the winner's Z drogi! once the loser's roll passed
        if message.kind != "undo" and self.state.ended and any(e.kind == "battle_ended" for e in message.events):
            self.app.notify(
                f"{BATTLE_KEYS.key('post-battle')}: its post-battle sequence (loot, injuries, XP…).",
                title="The battle is over",
                timeout=8,
            )

    def _save_follows(self, events: Any) -> bool:
        """A hit chains into its Toughness roll (§9): the dialog opens at once after a shot
        or a melee that hits, and for the next of several pending saves once one is rolled;
        not over another dialog, nor while a failed roll waits for a re-roll."""
        from engine.rulesets.sanctum_mortalis.view import save_on_hold
        from tui.dialogs.roll_dialog import RollDialog

        if not self.state.pending or save_on_hold(self.state) or self.reviewing():
            return False
        if not any(e.kind in ("save_pending", "save_resolved", "rerolled") for e in events):
            return False
        top = self.app.screen
        return top is self or (isinstance(top, RollDialog) and top.closing)

    def _offers_follow(self, events: Any) -> bool:
        """A shot, melee roll or grenade throw that went against a model with a re-roll
        allowed (the Captain, Strzał z bliska, Zwadźca): the offers open at once, before
        any save or the grenade's blast."""
        from engine.rulesets.sanctum_mortalis.view import held_drop, reroll_offers
        from tui.dialogs.roll_dialog import RollDialog

        kinds = ("shot", "melee_rolled", "grenade_thrown") + (
            ("move_rolled", "rerolled") if held_drop(self.state) is not None else ()
        )
        if self.reviewing() or not any(e.kind in kinds for e in events):
            return False
        if not any(o.source != "matrix-error" for o in reroll_offers(self.state)):
            return False  # the opponent's Błąd matrycy waits for R: not after every success
        top = self.app.screen
        return top is self or (isinstance(top, RollDialog) and top.closing)

    def _reroll_follows(self, events: Any) -> bool:
        """A failed Toughness roll held while a re-roll is offered: its offers open at once."""
        from engine.rulesets.sanctum_mortalis.view import save_on_hold
        from tui.dialogs.roll_dialog import RollDialog

        if not save_on_hold(self.state) or self.reviewing():
            return False
        if not any(e.kind in ("save_rolled", "rerolled") for e in events):
            return False
        top = self.app.screen
        return top is self or (isinstance(top, RollDialog) and top.closing)

    def after_refusal(self, message: CommandRefused) -> bool:
        """Handle refusals that need a question; True when handled."""
        if (
            isinstance(message.command, c.EndRound)
            and message.rejected.kind == "ambiguous"
            and not message.command.force
        ):

            def force(answer: Any) -> None:
                if answer:
                    self.submit(c.EndRound(force=True))

            self.app.push_screen(confirm(f"{message.rejected.reason}?", "End the round now", "Keep playing"), force)
            return True
        return False

    # ------------------------------------------------------------------ model actions
    def action_move(self) -> None:
        """A Move (the allowance from the rules engine; the GM measures on the table):
        plain, through difficult terrain, a charge into contact, a jump down, a fall (their
        rolls in the roll dialog)."""
        from engine.rulesets.sanctum_mortalis.queries import can, refusal
        from tui.systems.sanctum_mortalis.flows import roll

        state = self.state
        m = self._acting("move-menu")  # the acting side's: a jump or a fall takes no action, so it opens
        if not m:
            return
        refused = can(self.state, "move", m.id)
        why = str(refused) if refused else ""  # a Move the rules forbid now is greyed with the reason

        def up_to(difficult: bool) -> str:
            try:
                from engine.rulesets.sanctum_mortalis.movement_actions import allowance

                inches, explain = allowance(self.state, m, difficult)
            except Exception:  # noqa: BLE001 - the label is a convenience
                return ""
            return f' — up to {inches}" ({explain})'

        choices = [
            Choice(c.Move(m.id), f"Move{up_to(False)}", why),
            Choice(c.Move(m.id, difficult=True), f"Move through difficult terrain{up_to(True)}", why),
        ]
        choices += [
            Choice(c.Move(m.id, engage=(x.id,)), f"Charge: end in contact with {x.name}", why)
            for x in self.enemies(m)
            if x.id not in m.engaged_with
        ]
        if "jet-pack" in m.spec.items:
            choices.append(Choice(c.Move(m.id, jet_pack=True), "Jet pack move (once per battle)", why))
        choices += self.move_extras(m, why)
        # each Move the engine would refuse (a jet pack used up...) greyed with its reason (a dry run)
        choices = [
            ch
            if ch.why_not or isinstance(ch.value, str)
            else Choice(ch.value, ch.label, str(refusal(state, ch.value) or ""))
            for ch in choices
        ]
        choices += [Choice("jump", "Jump down from a height…"), Choice("fall", "Falls from a height…")]

        def chosen(value: Any) -> None:
            if value in ("gap", "climb"):
                self.move_extra(m, value)
            elif value in ("jump", "fall"):
                heights = [Choice(h, f'{h}"') for h in range(1, 11)]
                make = (
                    (lambda h: c.JumpDown(m.id, float(h)))
                    if value == "jump"
                    else (lambda h: c.Fall(m.id, float(h), "pushed or fell"))
                )
                self.ask(f"{m.name}: from how high (inches)?", heights, lambda h: roll(self, "drop", make(h)))
            else:
                self.submit(value)

        self.ask(f"{m.name} moves:", choices, chosen)

    def action_contact(self) -> None:
        """Engagement the table shows: a charge that ended in contact, an Intercept, or
        models pushed apart."""
        from engine.rulesets.sanctum_mortalis.queries import refusal

        m = self._acting("contact")  # off the table, no enemy: refused before the question
        if not m:
            return
        foes = self.enemies(m)
        commands = [c.Disengage(m.id, x.id) for x in foes if x.id in m.engaged_with]
        commands += [c.Engage(m.id, x.id) for x in foes if x.id not in m.engaged_with]
        commands += [c.Engage(m.id, x.id, intercept=True) for x in foes if x.id not in m.engaged_with]
        names = {x.id: x.name for x in foes}

        def label(command: Any) -> str:
            if isinstance(command, c.Disengage):
                return f"No longer in contact with {names[command.enemy]}"
            if command.intercept:
                return f"Intercepts {names[command.enemy]} (no action)"
            return f"Engaged with {names[command.enemy]}"

        choices = [Choice(x, label(x), str(refusal(self.state, x) or "")) for x in commands]
        self.ask(f"{m.name}: contact", choices, self.submit)

    def _marker(self, marker: str) -> None:
        m = self._model()
        if m:
            self.submit(c.PlaceMarker(m.id, marker))

    def action_stance(self) -> None:
        self._marker(DEFENSIVE_STANCE)

    def action_overwatch(self) -> None:
        self._marker(OVERWATCH)

    def action_hide(self) -> None:
        self._marker(HIDDEN)

    def action_pick_up(self) -> None:
        m = self._acting("pick-up")
        if not m:
            return
        state = self.state
        choices = [Choice(c.PickUpTech(m.id), f"A technology marker {d.TECH_SYMBOL} (an action)")]
        if "collector" in m.spec.skills:
            from engine.rulesets.sanctum_mortalis.view import free_pickup_problem

            choices.append(
                Choice(
                    c.PickUpTech(m.id, free=True),
                    f"A technology marker, free with {skill_term('collector')} (once per round)",
                    free_pickup_problem(state, m.id),
                )
            )
        if state.special_marker_on_table:
            choices.append(Choice(c.PickUpTech(m.id, special=True), f"The special marker {d.SPECIAL_SYMBOL}"))
        from engine.rulesets.sanctum_mortalis.view import hidden_data_problem, special_carriers

        if state.hidden_data_on_table:
            choices.append(
                Choice(
                    c.PickUpTech(m.id, hidden=True),
                    f"Its side's {challenge_term('hidden-data')} marker",
                    hidden_data_problem(state, m.id),
                )
            )
        for carrier in special_carriers(state, m.id):
            choices.append(
                Choice(
                    c.CarryTogether(carrier.id, m.id),
                    f"Carry the special marker {d.SPECIAL_SYMBOL} together with {carrier.name} (in contact, §23.5)",
                )
            )
        if m.carry_partner:
            choices.append(Choice(c.CarryTogether(m.carry_partner, m.id, join=False), "Let go of the special marker"))
        from engine.rulesets.sanctum_mortalis.queries import refusal

        # no marker left on the table...: greyed with the engine's reason (a dry run)
        choices = [
            ch if ch.why_not else Choice(ch.value, ch.label, str(refusal(state, ch.value) or "")) for ch in choices
        ]
        self.ask(f"What does {m.name} pick up?", choices, self.submit)

    def action_leave_table(self) -> None:
        m = self._acting("leave")  # a Volunteer, an independent model...: refused before the question
        if m:
            from engine.rulesets.sanctum_mortalis.view import bears_special_marker

            yes = [Choice(c.LeaveTable(m.id), f"Yes, {m.name} leaves the table")]
            if bears_special_marker(self.state, m.id):  # it scores only across the carrier's own edge (§23.5)
                yes = [
                    Choice(c.LeaveTable(m.id, edge="own"), "Yes, across its own table edge: the special marker scores"),
                    Choice(
                        c.LeaveTable(m.id, edge="other"),
                        "Yes, across another edge: the special marker stays on the table",
                    ),
                ]
            self.ask(f"{m.name} leaves the table?", [*yes, Choice(None, "No")], self.submit)

    def action_remove_model(self) -> None:
        m = self._acting("remove")
        if not m:
            return
        choices = [Choice(c.RemoveModel(m.id), "Removed by the GM (no one gets XP)")]
        choices += [
            Choice(c.RemoveModel(m.id, by=x.id, cause=f"taken out by {x.name}"), f"Taken out by {x.name}")
            for x in self.enemies(m)
        ]
        choices.append(Choice(None, f"No: {m.name} stays in play"))
        self.ask(f"Remove {m.name} from play: who took it out?", choices, self.submit)

    def action_trick(self) -> None:
        from engine.rulesets.sanctum_mortalis import tables as t

        m = self._acting("trick")
        if not m:
            return
        known = [(k, n) for k, n in m.trick_charges]
        if not known:
            self.set_status(f"{m.name} knows no {skill_term('technomancer-tricks')} (§21).")
            return

        def cast(trick: Any) -> None:
            if trick is None:
                return
            if trick == "lava":  # a point on the ground: the GM names the models under the pool
                self.trick_cast(c.CastTrick(m.id, trick))
                return
            if trick == "short-circuit":  # a shot (§21): an enemy's Rozproszenie first, then the hit
                from tui.systems.sanctum_mortalis.flows import dispel_first

                enemies = [
                    Choice(x.id, f"{x.name} ({self.state.side(x.side).name})")
                    for x in self.state.on_table()
                    if x.side != m.side and x.side in ("A", "B")
                ]
                self.ask(
                    f'{trick_term("short-circuit")}: at whom (in line of sight, within 8")?',
                    enemies,
                    lambda x: dispel_first(self, c.Shoot(m.id, x, trick)),
                    highlight=False,
                )
                return
            targets = [Choice(c.CastTrick(m.id, trick, None), "No target / the caster itself")]
            targets += [
                Choice(c.CastTrick(m.id, trick, x.id), f"{x.name} ({self.state.side(x.side).name})")
                for x in self.state.models
                if x.on_table and x.side in ("A", "B")
            ]
            self.ask(f"{trick_term(trick)}: on whom?", targets, self.trick_cast)

        from engine.rulesets.sanctum_mortalis.queries import trick_refusal

        self.ask(
            f"Which trick does {m.name} cast?",
            [
                Choice(
                    k,
                    f"{trick_term(k)}, {plural(n, 'charge')} left — {t.TRICKS[k].effect}",
                    str(trick_refusal(self.state, m.id, k) or ""),  # no charge left: greyed before its target
                )
                for k, n in known
            ],
            cast,
        )

    def action_other_action(self) -> None:
        m = self._acting("other")
        if not m:
            return
        from engine.rulesets.sanctum_mortalis.view import other_actions

        def chosen(command: Any) -> None:
            if command.what.startswith("throws a grenade"):
                self.action_grenade()  # the throw's roll and its blast (§17.6), as b does
            elif command.what.startswith(f"gives {skill_term('defence-order')}"):
                from tui.systems.sanctum_mortalis.card_flows import defence_order

                defence_order(self, m)  # the friends get their stance from the engine
            else:
                self.submit(command)

        self.ask(
            f"Which action does {m.name} take? (its effect is played out at the table)",
            [Choice(c.OtherAction(m.id, what), what, why_not) for what, why_not in other_actions(self.state, m.id)],
            chosen,
        )

    def action_victory_points(self) -> None:
        choices: list[Choice] = []
        if self.state.order.round == 0:
            choices.append(Choice("challenge", "Take a Challenge (§23.7: before round 1)"))
        for side in self.state.sides:
            choices.append(Choice(c.AwardVP(side.key, 1, "awarded by the GM"), f"+1 VP to {side.name}"))
            choices.append(Choice(c.AwardVP(side.key, -1, "taken back by the GM"), f"−1 VP from {side.name}"))

        def chosen(value: Any) -> None:
            if value == "challenge":
                from tui.systems.sanctum_mortalis.challenge_flow import take_challenge

                take_challenge(self)
            else:
                self.submit(value)

        self.ask("Victory points (Challenges, scenario objectives):", choices, chosen)

    def action_end_battle(self) -> None:
        from engine.rulesets.sanctum_mortalis.queries import refusal

        if self.refused(refusal(self.state, c.EndBattle())):
            return  # already ended: refused before the question
        self.ask(
            "End the battle now? (§14: the side with more VP wins)",
            [
                Choice(c.EndBattle("the scenario's objectives are done"), "Yes: objectives done"),
                Choice(c.EndBattle(), "Yes: the GM ends it"),
                Choice(None, "No"),
            ],
            self.submit,
        )

    # ------------------------------------------------------------------ after the battle
    def action_post_battle(self) -> None:
        """The ended battle's post-battle sequence: recorded in the campaign that started
        it, else in a new campaign; then the campaign's post-battle screen."""
        if self.reviewing():
            return
        if not self.state.ended:
            self.set_status(
                f"The battle has not ended: {BATTLE_KEYS.key('end-battle')} ends it (§14), then "
                f"{BATTLE_KEYS.key('post-battle')} starts its post-battle sequence."
            )
            return
        if self.session.busy:
            self.set_status("Still saving the last command: try again in a moment.")
            return
        self.open_post_battle()

    def open_post_battle(self, new: bool = False) -> None:
        """Record the battle in its campaign (or a new one) and open it, in a worker."""
        from tui.messages import BattleOpened

        battle, folder = self.session.path, getattr(self.app.plan, "saves", None)
        self.set_status(Text("Starting the post-battle sequence…", style="italic"))

        def work() -> None:
            import saves
            from tui.session import OpenError, open_session
            from tui.systems import screen_class
            from tui.systems.sanctum_mortalis.campaign.opening import CampaignUnreadable, post_battle

            try:
                try:
                    directory = saves.data_dir(folder)
                except saves.SaveError:
                    directory = battle.parent
                path, note = post_battle(battle, directory, new=new)
                session = open_session(path)
            except OpenError as err:
                self.post_message(PostBattleFailed(str(err), isinstance(err, CampaignUnreadable)))
                return
            session.note = note
            saves.remember_last_battle(path.parent, session.path)
            self.app.post_message(BattleOpened(session, screen_class(session.battle.ruleset.name)))

        self.run_worker(work, name="post-battle", group="open", thread=True, exit_on_error=False)

    def on_post_battle_failed(self, message: PostBattleFailed) -> None:  # by name: @on skips mixins
        self.set_status(Text.assemble(("✗ ", "bold red"), message.text))
        if not message.offer_new:
            self.notify(message.text, title="No post-battle sequence", severity="error", timeout=12)
            return

        def answered(yes: Any) -> None:
            if yes:
                self.open_post_battle(new=True)

        self.app.push_screen(
            confirm(
                f"{message.text}. Start a new campaign from this battle instead?",
                "Start a new campaign",
                "No: leave everything as it is",
            ),
            answered,
        )

    # ------------------------------------------------------------------ cards
    def action_cards(self) -> None:
        from tui.systems.sanctum_mortalis.card_hand_screen import CardHandScreen

        def chosen(result: Any) -> None:
            if result:
                self.play_card(*result)

        self.app.push_screen(CardHandScreen(self.state, self.selected), chosen)

    def play_card(self, side: str, card: str, model_id: str) -> None:
        from tui.systems.sanctum_mortalis.card_flows import play_card

        play_card(self, side, card, model_id)

    # ------------------------------------------------------------------ log and settings
    def action_model_card(self) -> None:
        from tui.systems.sanctum_mortalis.model_card_screen import ModelCardScreen

        m = self._model()
        if m:
            self.app.push_screen(ModelCardScreen(self.state, m.id))

    # ------------------------------------------------------------------ rolls (dialogs)
    def action_shoot(self) -> None:
        from tui.systems.sanctum_mortalis.flows import shoot

        m = self._acting("shoot")
        if m:
            shoot(self, m)

    def action_fight(self) -> None:
        from tui.systems.sanctum_mortalis.flows import fight

        m = self._acting("fight")
        if m:
            fight(self, m, withdraw=False)

    def action_withdraw(self) -> None:
        from tui.systems.sanctum_mortalis.flows import fight

        m = self._acting("withdraw")
        if m:
            fight(self, m, withdraw=True)

    def action_save(self) -> None:
        from tui.systems.sanctum_mortalis.flows import save

        save(self)

    def action_reroll(self) -> None:
        from tui.systems.sanctum_mortalis.flows import reroll

        reroll(self)
