"""The roll dialog: every modifier that could apply (toggled by keys), the exact odds
as they change, then the app rolls (r) or the GM types the dice rolled on the table.

The dialog knows nothing of any rule: a ``RollAdapter`` (each system's ``adapters``) asks
the engine's view queries for the options and odds, and builds the command. Dismisses with
``(command, dice)`` — dice None means the app rolls — or None when cancelled.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from rich.console import Group
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from engine.dice import wrong_dice_count
from engine.records import Record, field
from tui.citations import Cite, as_is, citer
from tui.dialogs.dice_hint import HintedInput
from tui.dialogs.dismiss_once import DismissOnce
from tui.dialogs.modifier_row import ModifierRow, citer_short, fitted, full_citation, modifier_rows, option_parts
from tui.dialogs.options import OptionLine
from tui.dialogs.type_ahead import pass_on, waits

HOTKEYS = "abcdefgijklmnpstuxyz"
"""Modifier toggles: letters, so digits always go to the dice field (never r, q or a flag key)."""
FLAG_KEYS = "hovw"
"""Letters a ``Flag`` may use."""
DICE_PLACEHOLDER = "dice you rolled, e.g. 3 5 — or leave empty and press r / ⏎ for the app's roll"
ROLL_HINT = "letters: toggle · digits + ⏎: your dice · r or empty ⏎: the app rolls · esc: cancel"
"""The keys line of a roll dialog (an adapter's ``roll_hint`` replaces it)."""
KEPT = "skirmish-roll-dialog"
"""The name the app keeps its roll dialog under (``push_roll_dialog``)."""


class RollPreview(Record):
    """What the dialog shows for the current toggles.

    ``options``: the lines to list (``RollOption`` or the engine's options of its shape;
    ``active`` tells whether one applies); ``odds``: the odds line(s), or a ``Group`` of
    texts and ``modifier_row.TermLine`` s (a modifier of the numbers a line);
    ``refusal``: why the engine would refuse the roll now (empty if it would not);
    ``dice``: how many dice to type, if known.
    """

    options: tuple[OptionLine, ...] = ()
    odds: Text | Group = field(default_factory=Text)
    refusal: str = ""
    dice: int | None = None


class Flag(Record):
    """A yes/no choice of the command itself (not a modifier): ``key`` is the hotkey."""

    key: str
    name: str
    label: str
    value: bool = False


class RollAdapter:
    """What a roll dialog needs from one kind of roll: each system's adapters subclass it.

    ``title``: the dialog's title; ``flags``: yes/no choices of the command itself;
    ``options_title``: the line above the modifiers ("" for the usual one; say why some
    start ticked); ``dice_hint``: the dice field's placeholder ("" for one from the
    preview's count); ``roll_hint``: the keys line under the field ("" for ``ROLL_HINT``:
    say what ⏎ does if it does not roll); ``start_toggles`` / ``start_declined``: the
    toggles the dialog opens with (the shot before of the same Shooting action).
    """

    title: str = ""
    flags: tuple[Flag, ...] = ()
    options_title: str = ""
    dice_hint: str = ""
    roll_hint: str = ""
    start_toggles: Collection[str] = ()
    start_declined: Collection[str] = ()
    one_line_options: bool = False
    """Each option one line whatever it leaves out (a re-roll offer: its chance), its
    citation under the list where its line has no room (``ModifierRows.one_line``)."""

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        """Options and odds for these toggles (pure, cheap: called on every key)."""
        raise NotImplementedError

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        """The engine command for these toggles."""
        raise NotImplementedError

    def press(self, key: str) -> None:
        """A "set" option's letter: the adapter moves that choice to its next value (a cover,
        a direction); the next ``preview`` and ``command`` show it."""

    def check_dice(self, faces: Sequence[int]) -> str | None:
        """Why these typed faces cannot be this roll ("" if they can): the dialog shows it
        and stays open, so a typo never reaches the engine. None (the default): no check of
        the adapter's own; the dialog checks the count the preview gives."""
        return None


def count_problem(faces: Sequence[int], need: int | None) -> str:
    """Why ``faces`` are the wrong number of dice for a roll of ``need`` ("" if right or unknown)."""
    if need and len(faces) != need:
        return wrong_dice_count(faces, need)
    return ""


def starting_toggles(adapter: RollAdapter) -> tuple[set[str], set[str]]:
    """The toggles a roll opens with: none, or what the adapter carries over (``start_toggles``
    and ``start_declined``: the shot before of the same Shooting action)."""
    return set(adapter.start_toggles), set(adapter.start_declined)


def toggled(option: OptionLine, toggles: set[str], declined: set[str]) -> None:
    """Switch ``option``: an applied one is declined (or un-toggled), an unapplied one is
    switched on (or un-declined)."""
    key = option.key
    if option.active:
        if key in toggles:
            toggles.discard(key)
        else:
            declined.add(key)
    elif key in declined:
        declined.discard(key)
    else:
        toggles.add(key)


def option_line(index: int, option: OptionLine, letter: str | None = None, cite: Cite = as_is) -> Text:
    """One option as listed: its letter (``letter``, else the one at ``index``), tick,
    value, label, rule (``cite``: as the rulebook names it), on one ``Text`` (the dialog
    fits each line to its width: ``modifier_row``)."""
    hotkey = letter if letter is not None else (HOTKEYS[index] if index < len(HOTKEYS) else " ")
    left, note = option_parts(option, hotkey, cite)
    out = Text.assemble(left)
    out.append(f"  {cite(option.rule)}", style="dim")
    out.append_text(note)
    return out


class DiceInput(HintedInput):
    """The dice field: digits and separators are typed; a letter is a dialog key
    (toggle a modifier, a flag, r for the app's roll, q to cancel); ⏎ resolves the roll.

    Every key is taken in turn, here: ⏎ reads the field after every key typed before it
    (a terminal sends "5 5 ⏎" at once; a priority binding ran before the digits reached
    the field, and the app rolled instead), and a key typed after the roll is resolved
    goes on to what has the keys next (``type_ahead``: the next roll's dialog, the pane),
    never to this closing dialog (an ``r`` there replaced the typed dice by the app's roll).
    """

    answered = False
    """The roll is resolved or cancelled: later keys are passed on (``RollDialog.load``
    clears it when the kept dialog is reused)."""

    def on_key(self, event: events.Key) -> None:
        screen = self.screen
        if self.answered or not isinstance(screen, RollDialog) or screen.closing:
            pass_on(self.app, event)
        elif waits(self.app, event):  # after keys typed before it that are held
            return
        elif event.key == "enter":
            event.stop()
            event.prevent_default()
            screen.confirm()
        elif event.character and event.character.isalpha():
            event.stop()
            event.prevent_default()  # the Input's own key handling does not run
            screen.letter(event.character)


class RollDialog(DismissOnce, ModalScreen[Any]):
    """Modifiers, odds, dice."""

    BINDINGS = [
        Binding("escape,q", "cancel", "Cancel", id="skirmish.roll-cancel"),
        Binding("r", "app_roll", "App rolls", id="skirmish.roll-app"),
        Binding("space", "toggle_highlighted", "Toggle", id="skirmish.roll-toggle"),
        *(Binding(k, f"toggle_letter('{k}')", show=False, id=f"skirmish.roll-toggle-{k}") for k in HOTKEYS),
        *(Binding(k, f"flag_key('{k}')", show=False, id=f"skirmish.roll-flag-{k}") for k in FLAG_KEYS),
    ]

    DEFAULT_CSS = """
    RollDialog { align: center middle; background: $background 60%; }
    RollDialog > Vertical {
        width: 100; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; border-title-style: bold; background: $surface; padding: 0 1;
    }
    RollDialog #modifiers, RollDialog #modifiers:focus { height: auto; max-height: 12; border: none; padding: 0; }
    RollDialog #modifier-rule { color: $text-muted; }
    RollDialog #odds { padding: 1 0 0 0; }
    RollDialog #refusal { color: $error; }
    RollDialog #flags { color: $text-muted; }
    RollDialog #dice { margin: 1 0 0 0; }
    RollDialog #dice-hint { color: $text-muted; margin: 1 0 0 0; }
    RollDialog #dice.-under-hint { margin: 0; }
    RollDialog #roll-hint { color: $text-muted; }
    RollDialog.-short #odds, RollDialog.-short #dice-hint { padding: 0; margin: 0; }
    RollDialog.-short #dice { height: 1; border: none; padding: 0 1; margin: 0; background: $boost; }
    """

    TALL_BODY: Any = 12
    """The most rows the modifiers take under a host on a tall screen (``fit_under_the_top``)."""

    def __init__(self, adapter: RollAdapter, host: Any = None) -> None:
        super().__init__()
        self.adapter = adapter
        self.host = host
        """The battle screen under the dialog when it keeps its top bar and acting unit in
        view (``rows_kept_above_dialogs``): the dialog fills the rows under them, the
        modifiers scrolling; None: the dialog sits in the middle, as tall as its text."""
        self.toggles, self.declined = starting_toggles(adapter)
        self.flags = {f.name: f.value for f in adapter.flags}
        self.current = RollPreview()
        self.letters: dict[str, str] = {}
        """Each option's letter (by the option's key), kept while the dialog is open."""
        self.dice_hint = DICE_PLACEHOLDER
        """What to type in the dice field: its placeholder, or the line above it where the
        field is too narrow for it (``HintedInput``)."""

    previous: tuple[type, dict[str, str]] = (object, {})
    """The last roll's adapter type and letters: the next roll of the same kind (the next
    shot of a salvo) gives a modifier the letter it had."""

    def compose(self) -> ComposeResult:
        box = Vertical()
        box.border_title = Text(self.cite(self.adapter.title))  # a rule id in brackets is text, not markup
        with box:
            yield Static(self._options_title(), id="modifiers-title")
            yield OptionList(id="modifiers")
            yield Static("", id="modifier-rule")
            yield Static("", id="flags")
            yield Static("", id="odds")
            yield Static("", id="refusal")
            yield Static("", id="dice-hint")
            yield DiceInput(placeholder=DICE_PLACEHOLDER, id="dice", restrict=r"[0-9 ,;]*")
            yield Static(self.cite(self.adapter.roll_hint or ROLL_HINT), id="roll-hint")

    def on_mount(self) -> None:
        self.keep_the_top_visible()
        self.refresh_preview()
        self.query_one("#dice", Input).focus()

    def on_resize(self, event: events.Resize) -> None:
        self.keep_the_top_visible()

    def keep_the_top_visible(self) -> None:
        """Under a ``host``: fill the rows under its top bar and acting unit (they stay in
        view), the modifiers list taking the rows the rest leaves and scrolling; without
        one, in the middle as the CSS says."""
        from tui.dialogs.kept_rows import SHORT, fit_under_the_top

        box, body = self.query_one(Vertical), self.query_one("#modifiers", OptionList)
        if self.host is None:
            self.remove_class("-short")
            self.styles.align_vertical = None
            box.styles.width = box.styles.height = box.styles.max_height = None
            body.styles.height = body.styles.max_height = None
            return
        self.set_class(self.app.size.height < SHORT, "-short")
        self.styles.align_vertical = "bottom"
        fit_under_the_top(self, box, self.host.rows_kept_above_dialogs(), body, self.TALL_BODY)

    def load(self, adapter: RollAdapter, host: Any = None) -> None:
        """Ready this (kept, already drawn) dialog for another roll, as a new one would be."""
        self.adapter = adapter
        self.host = host
        self.keep_the_top_visible()
        self.toggles, self.declined = starting_toggles(adapter)
        self.flags = {f.name: f.value for f in adapter.flags}
        self.current = RollPreview()
        self.letters = {}
        self.query_one(Vertical).border_title = Text(self.cite(adapter.title))
        self.query_one("#modifiers-title", Static).update(self._options_title())
        self.query_one("#roll-hint", Static).update(self.cite(adapter.roll_hint or ROLL_HINT))
        dice = self.query_one("#dice", DiceInput)
        dice.answered = False
        dice.value = ""
        self.dice_hint = DICE_PLACEHOLDER
        self.query_one("#modifiers", OptionList).highlighted = None
        self.refresh_preview()
        self.set_focus(dice)

    def _options_title(self) -> Text:
        return Text(
            self.cite(
                self.adapter.options_title
                or "Modifiers — press a letter to toggle one; type the dice rolled on the table below:"
            )
        )

    def cite(self, text: str) -> str:
        """``text`` with each rule cited as the rulebook's section and page."""
        return citer(self.app)(text)

    # ------------------------------------------------------------------ closing
    closing = False
    """Dismissed, and not yet off the screen stack (a roll opened from this roll's
    result gets a dialog of its own)."""

    def dismiss(self, result: Any = None) -> Any:
        if not self.is_active:  # a key typed ahead, after this dialog closed
            return super().dismiss(result)
        self.closing = True
        self.query_one("#dice", DiceInput).answered = True
        RollDialog.previous = (type(self.adapter), dict(self.letters))
        return super().dismiss(result)

    def on_screen_suspend(self) -> None:
        self.closing = False

    # ------------------------------------------------------------------ preview
    def refresh_preview(self) -> None:
        listing = self.query_one("#modifiers", OptionList)
        keep = listing.highlighted
        self.current = self.adapter.preview(frozenset(self.toggles), frozenset(self.declined), dict(self.flags))
        self._assign_letters()
        cite = citer(self.app)
        rows = modifier_rows(
            self.current.options, self.letters, cite, citer_short(self.app), self.adapter.one_line_options
        )
        options = [Option(row, id=str(i)) for i, row in enumerate(rows)]
        listing.set_options(options or [Option(Text("No modifiers apply to this roll.", style="dim"), disabled=True)])
        if keep is not None and options:
            listing.highlighted = min(keep, len(options) - 1)
        self.show_full_citation()
        flags = Text()
        for flag in self.adapter.flags:
            on_ = self.flags[flag.name]
            flags.append(f"{flag.key} ", style="bold")
            flags.append("[✓] " if on_ else "[ ] ", style="bold green" if on_ else "dim")
            flags.append(f"{cite(flag.label)}   ")
        self.query_one("#flags", Static).update(flags)
        self.query_one("#flags", Static).display = bool(self.adapter.flags)
        self.query_one("#odds", Static).update(fitted(self.current.odds, cite, citer_short(self.app)))
        refusal = self.query_one("#refusal", Static)
        refusal.update(Text(f"Not possible now: {cite(self.current.refusal)}" if self.current.refusal else ""))
        refusal.display = bool(self.current.refusal)
        hint = self.adapter.dice_hint
        if hint:
            self.dice_hint = hint
        elif self.current.dice:
            self.dice_hint = (
                f"the {self.current.dice} dice you rolled, e.g. {' '.join(['3'] * self.current.dice)} "
                "— or leave empty for the app's roll"
            )
        # whole, in the field or on a line above it; without its tail where the keys line
        # says what an empty ⏎ does (ROLL_HINT: "r or empty ⏎: the app rolls")
        self.query_one("#dice", DiceInput).show_hint(self.dice_hint, tail_said=not self.adapter.roll_hint)

    @on(OptionList.OptionHighlighted, "#modifiers")
    def show_full_citation(self) -> None:
        """Under the list, the whole citation of the modifier highlighted when its line
        shows the compact one (no room beside the label)."""
        listing = self.query_one("#modifiers", OptionList)
        index = listing.highlighted
        footnote = self.query_one("#modifier-rule", Static)
        row = listing.get_option_at_index(index).prompt if index is not None and index < listing.option_count else None
        width = listing.scrollable_content_region.width
        shown = (
            isinstance(row, ModifierRow) and bool(row.citation) and 0 < width and not row.shows_whole_citation(width)
        )
        if shown and index is not None and index < len(self.current.options):
            footnote.update(full_citation(row, self.letters.get(self.current.options[index].key, " "), width))
        footnote.display = shown

    def _assign_letters(self) -> None:
        """A letter for each option new to the dialog: the one it had in the last roll of
        the same kind if free, else the first free one. An option keeps its letter while
        the dialog is open, though others come and go."""
        kind, before = RollDialog.previous
        remembered = before if kind is type(self.adapter) else {}
        taken = set(self.letters.values())
        for option in self.current.options:
            if option.key in self.letters:
                continue
            wanted = remembered.get(option.key)
            letter = (
                wanted
                if wanted is not None and wanted not in taken
                else next((k for k in HOTKEYS if k not in taken and k not in remembered.values()), None)
                or next((k for k in HOTKEYS if k not in taken), None)
            )
            if letter is not None:
                self.letters[option.key] = letter
                taken.add(letter)

    def letter_of(self, key: str) -> str:
        """The letter that toggles the option ``key``."""
        return self.letters[key]

    # ------------------------------------------------------------------ keys
    def action_toggle_letter(self, letter: str) -> None:
        index = next((i for i, o in enumerate(self.current.options) if self.letters.get(o.key) == letter), None)
        if index is not None:
            self.action_toggle_number(index)

    def action_toggle_number(self, index: int) -> None:
        if 0 <= index < len(self.current.options):
            option = self.current.options[index]
            if option.kind == "info":
                return
            if option.kind == "set":
                self.adapter.press(option.key)
            else:
                toggled(option, self.toggles, self.declined)
            self.query_one("#modifiers", OptionList).highlighted = index
            self.refresh_preview()

    def letter(self, key: str) -> None:
        """A letter typed while the dice field has focus: the same as its dialog key."""
        if key == "r":
            self.action_app_roll()
        elif key == "q":
            self.action_cancel()
        elif key in FLAG_KEYS:
            self.action_flag_key(key)
        elif key in HOTKEYS:
            self.action_toggle_letter(key)

    def action_toggle_highlighted(self) -> None:
        index = self.query_one("#modifiers", OptionList).highlighted
        if index is not None:
            self.action_toggle_number(index)

    def action_flag_key(self, key: str) -> None:
        for flag in self.adapter.flags:
            if flag.key == key:
                self.flags[flag.name] = not self.flags[flag.name]
                self.refresh_preview()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The dice field takes digits only, so letter keys are always commands; space is
        # a separator while typing dice and a toggle in the list.
        if action == "toggle_highlighted" and isinstance(self.focused, Input):
            return False
        return True

    def _command(self) -> Any:
        return self.adapter.command(frozenset(self.toggles), frozenset(self.declined), dict(self.flags))

    def action_app_roll(self) -> None:
        self.dismiss((self._command(), None))

    @on(OptionList.OptionSelected, "#modifiers")
    def _enter_in_list(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.confirm()

    @on(Input.Submitted, "#dice")
    def _enter_in_dice(self, event: Input.Submitted) -> None:
        event.stop()
        self.confirm()

    def confirm(self) -> None:
        """Typed dice if any (checked here, so a typo never reaches the engine), else the app rolls."""
        from engine.dice import DiceEntryError, TypedDice, parse_dice

        text = self.query_one("#dice", Input).value
        if not text.strip():
            self.action_app_roll()
            return
        try:
            faces = parse_dice(text, None)
        except DiceEntryError as err:
            faces, error = (), str(err)
        else:  # what is wrong with them: the adapter's check, else the count the preview gives
            own = self.adapter.check_dice(faces)
            error = own if own is not None else count_problem(faces, self.current.dice)
        if error:
            self.query_one("#refusal", Static).update(Text(f"Dice: {error}"))
            self.query_one("#refusal", Static).display = True
            return
        self.dismiss((self._command(), TypedDice(list(faces))))

    def action_cancel(self) -> None:
        """Close without rolling; with dice typed, ask first ("keep them" highlighted)."""
        typed = self.query_one("#dice", Input).value.strip()
        if not typed:
            self.dismiss(None)
            return
        ask_before_discarding(self, typed, lambda: self.dismiss(None))


def ask_before_discarding(screen: Any, typed: str, discard: Any) -> None:
    """Esc or q in a dialog with dice typed: ask, the harmless answer (keep them, back to
    the dialog) highlighted; ``discard()`` runs only on "Discard them"."""
    from tui.screens.picker_screen import confirm

    screen.app.push_screen(
        confirm(
            f"Close the roll and discard the dice you typed ({typed})?",
            "Discard them and close",
            "No: keep them (back to the roll)",
        ),
        lambda yes: discard() if yes else None,
    )


def push_roll_dialog(app: Any, adapter: RollAdapter, callback: Any, host: Any = None) -> RollDialog:
    """Open the roll dialog for ``adapter``; ``callback`` gets what it dismisses with;
    ``host``: the battle screen whose top bar and acting unit it leaves in view (``RollDialog.host``).

    The app keeps one dialog and readies it for each roll (``load``): closing a dialog
    that is kept costs no removal of its widgets and no new layout of the screen under
    it, so a roll's result is drawn sooner. A roll opened while the kept dialog is still
    on the screen stack (from a roll's result) gets a dialog of its own."""
    dialog: RollDialog | None = app.get_screen(KEPT) if app.is_screen_installed(KEPT) else None
    if dialog is None:
        dialog = RollDialog(adapter, host)
        app.install_screen(dialog, KEPT)
    elif dialog.closing or dialog in app.screen_stack:
        dialog = RollDialog(adapter, host)
    else:
        dialog.load(adapter, host)
    app.push_screen(dialog, callback)
    return dialog
