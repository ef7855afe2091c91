"""What the GM's keys do on the post-battle screen: rolls (through the roll dialog),
choices, level-ups, ending a step, writing the updated rosters and
starting the next battle. Every rule question goes to ``campaign.view``; every change
goes to the session as an engine command. File I/O runs in thread workers that report
by messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from rich.text import Text
from textual.message import Message

from engine.rulesets.sanctum_mortalis.campaign import EndStep, view
from engine.rulesets.sanctum_mortalis.campaign import commands as c


class RosterWritten(Message):
    """A band's roster was written to ``path`` (``error``: why not)."""

    def __init__(self, band: str, path: str, error: str = "") -> None:
        super().__init__()
        self.band = band
        self.path = path
        self.error = error


class NextBattleFailed(Message):
    """The next battle could not be created: ``text`` says why, in one line."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class PostBattleCommands:
    """Mixin of ``PostBattleScreen``: its actions (keys from ``tui.actions``)."""

    session: Any
    submit: Callable[..., None]  # provided by the screen (``SessionScreen.submit``)
    band_index: int
    next_wanted: bool
    # provided by the screen (``PostBattleScreen``, ``SessionScreen``, Textual's ``Screen``):
    state: Any
    band: Any
    app: Any
    set_status: Callable[[Any], None]
    redraw: Callable[[], None]
    notify: Callable[..., None]
    post_message: Callable[[Message], bool]
    run_worker: Callable[..., Any]

    # ------------------------------------------------------------------ rows of the list
    def do_row(self, row: tuple[str, Any]) -> None:
        """⏎ on a row: roll it, choose it, or spend a level-up."""
        kind, value = row
        if kind == "roll":
            self.open_roll(value)
        elif kind == "advance":
            self.choose_advance(value)
        elif kind == "choice":
            if value.kind == "form" and isinstance(value.command, c.Recruit):
                self.open_recruit()
                return
            rolled = view.roll_of(self.state, self.band, value.command)
            if rolled is not None:
                self.open_roll(rolled)
            else:
                self.submit(value.command)

    def open_roll(self, due: Any) -> None:
        """The roll dialog for a roll (its exact odds): typed dice, or r for the app's roll."""
        from tui.dialogs.roll_dialog import push_roll_dialog
        from tui.systems.sanctum_mortalis.campaign.adapters import CampaignRollAdapter

        def rolled(result: Any) -> None:
            if result is not None:
                command, dice = result
                self.submit(command, dice)

        push_roll_dialog(self.app, CampaignRollAdapter(due), rolled)

    def open_recruit(self) -> None:
        """The recruit form (§22.2): what the band may recruit, priced by the engine as the
        GM fills it in; the command it gives goes to the session."""
        from tui.systems.sanctum_mortalis.campaign.recruit_form import RecruitForm

        state, band = self.state, self.band
        menu = view.recruit_menu(state, band)
        if not menu.open:
            self.notify(
                f"{menu.why} ({menu.rule})" if menu.rule else menu.why,
                title="Not allowed",
                severity="warning",
                timeout=6,
            )
            return

        def recruited(command: Any) -> None:
            if command is not None:
                self.submit(command)

        self.app.push_screen(
            RecruitForm(state.band(band).name, menu, lambda order: view.recruit_quote(state, band, order, menu)),
            recruited,
        )

    def choose_advance(self, model: str) -> None:
        """What the model's level-up may be spent on: open ones, and why not the others
        (its level-up roll first, if it is still due)."""
        from tui.screens.picker_screen import Choice, PickerScreen
        from tui.systems.sanctum_mortalis.campaign.screen import refusal

        waiting = next((d for d in view.due(self.state, self.band) if d.model == model), None)
        if waiting is not None:  # its level-up roll comes first (§19.3)
            self.open_roll(waiting)
            return
        options = view.advance_options(self.state, self.band, model)
        choices = [
            Choice(o.command, o.label, "" if o.allowed else refusal(o))
            for o in sorted(options, key=lambda o: not o.allowed)
        ]
        name = next((m.name for m in view.band_summary(self.state, self.band).models if m.id == model), model)

        def chosen(command: Any) -> None:
            if command is not None:
                self.submit(command)

        self.app.push_screen(PickerScreen(f"{name}: spend a level-up on", choices), chosen)

    # ------------------------------------------------------------------ keys
    def action_next_band(self) -> None:
        if self.state.bands:
            self.band_index = (self.band_index + 1) % len(self.state.bands)
            self.redraw()
            self.set_status(Text.assemble(("Band: ", "bold"), self.state.band(self.band).name))

    def action_roll_due(self) -> None:
        waiting = view.due(self.state, self.band)
        if not waiting:
            self.notify("Nothing to roll for this band now.", timeout=4)
            return
        self.open_roll(waiting[0])

    def action_settings(self) -> None:
        """The campaign's settings: the battle readings (each battle takes them) and the
        post-battle sequence's own (``settings.CAMPAIGN_SETTINGS``)."""
        from tui.screens.settings_screen import SettingsScreen

        def chosen(result: Any) -> None:
            if result:
                self.submit(c.ChangeSetting(*result))

        title = "Campaign settings (rule readings; each battle takes them)"
        self.app.push_screen(SettingsScreen(self.session.settings, self.state.settings, title), chosen)

    def action_end_step(self) -> None:
        if view.step(self.state, self.band) is None:
            self.notify("No post-battle sequence is running: the bands are between battles.", timeout=5)
            return
        self.submit(EndStep(self.band))

    def still_running(self) -> list[str]:
        """The bands whose post-battle sequence is not done yet."""
        state = self.state
        return [b.name for b in state.bands if (s := view.step(state, b.key)) is not None and s.key != "done"]

    # ------------------------------------------------------------------ rosters
    def action_write_rosters(self) -> None:
        """Ask where each band's roster goes (default ``<band-slug>.toml`` in the saves
        folder), then write them in a worker."""
        state = self.state
        running = self.still_running()
        if running:
            self.notify(f"Finish the post-battle sequence first ({', '.join(running)}).", severity="warning", timeout=6)
            return
        self._ask_roster_path([b.key for b in state.bands])

    def _ask_roster_path(self, left: list[str]) -> None:
        from tui.dialogs.prompt import TextPrompt

        if not left:
            return
        band, rest = left[0], left[1:]
        name = self.state.band(band).name
        default = str(self.session.path.parent / f"{band}.toml")

        def answered(text: Any) -> None:
            if text:
                self.write_roster(band, Path(text).expanduser())
            self._ask_roster_path(rest)

        self.app.push_screen(
            TextPrompt(f"Write the updated roster of {name} to:", default, hint="⏎ write · esc skip this band"),
            answered,
        )

    def write_roster(self, band: str, path: Path) -> None:
        """Write the band's roster as it is now (TOML for ``skirmish check``), in a worker."""
        from engine.rulesets.sanctum_mortalis.roster_write import write_roster

        text = write_roster(self.state.band(band).roster, campaign=True)

        def work() -> None:
            import saves

            try:
                saves.write_roster(path, text)
            except saves.SaveError as err:
                self.post_message(RosterWritten(band, str(path), str(err)))
                return
            self.post_message(RosterWritten(band, str(path)))

        self.run_worker(work, name=f"roster-{band}", group="rosters", thread=True, exit_on_error=False)

    def on_roster_written(self, message: RosterWritten) -> None:  # by name: @on skips mixins
        if message.error:
            self.set_status(Text.assemble(("✗ Roster not written: ", "bold red"), message.error))
            self.notify(message.error, title="Could not write the roster", severity="error", timeout=12)
        else:
            self.set_status(Text.assemble(("✓ Roster written: ", "bold green"), message.path))
            self.notify(f"{self.state.band(message.band).name}: {message.path}", title="Roster written", timeout=5)

    # ------------------------------------------------------------------ the next battle
    def action_next_battle(self) -> None:
        """Start the next battle from the bands as they are now; first choose (or roll)
        the scenario if none is set."""
        state = self.state
        nb = view.next_battle(state)
        if state.post is not None:
            self.next_wanted = False
            self.notify(f"Not yet: {nb.why}.", severity="warning", timeout=5)
            return
        if nb.ready:
            self.next_wanted = False
            self.start_next_battle()
            return
        self.next_wanted = True
        self._pick_scenario()

    def _pick_scenario(self) -> None:
        from tui.screens.picker_screen import Choice, PickerScreen

        options = [
            o for o in view.choices(self.state, self.band) if isinstance(o.command, (c.RollScenario, c.ChooseScenario))
        ]
        choices = [Choice(o, o.label, "" if o.allowed else o.why) for o in options]

        def chosen(option: Any) -> None:
            if option is None:
                self.next_wanted = False
                return
            self.do_row(("choice", option))

        self.app.push_screen(PickerScreen("The next battle: its scenario (§23.1)", choices), chosen)

    def start_next_battle(self) -> None:
        """Create the next battle's save (a worker) and open it in place of the campaign."""
        from tui.messages import BattleOpened

        state, campaign = self.state, self.session.path
        self.set_status(Text("Creating the next battle…", style="italic"))

        def work() -> None:
            import saves
            from tui.session import OpenError
            from tui.systems import screen_class
            from tui.systems.sanctum_mortalis.campaign.opening import next_battle

            try:
                session = next_battle(campaign.parent, state, campaign=campaign)
            except OpenError as err:
                self.post_message(NextBattleFailed(str(err)))
                return
            saves.remember_last_battle(campaign.parent, session.path)
            self.app.post_message(BattleOpened(session, screen_class(session.battle.ruleset.name)))

        self.run_worker(work, name="next-battle", group="open", thread=True, exit_on_error=False)

    def on_next_battle_failed(self, message: NextBattleFailed) -> None:
        self.set_status(Text.assemble(("✗ ", "bold red"), message.text))
        self.notify(message.text, title="Could not start the next battle", severity="error", timeout=10)
