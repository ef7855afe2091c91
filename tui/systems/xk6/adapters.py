"""Roll adapters for the other xK6 rolls on the generic roll dialog: the initiative
(``StartTurn`` / ``RollInitiative``), a command point's re-roll of a test of the open
attack (``SpendCommandPoint``), the burning die at the start of an activation
(``Activate``), the Medic's die (``Heal``) and the Def dice of the models where indirect
fire landed (``Land``). Numbers come from ``engine.rulesets.xk6.view``.

Each adapter says how many dice it takes (``check_dice``: a wrong count is refused in
the dialog) and puts the typed faces into its command (``typed``).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.dice import wrong_dice_count
from engine.formatting import possessive
from engine.odds import percent
from engine.records import changed
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view
from tui.dialogs.options import RollOption
from tui.dialogs.roll_dialog import Flag, RollAdapter, RollPreview
from tui.systems.xk6.attack_dialog import SL_HEAD, dist_text, mods_text, wounds_text


def count_problem(faces: Any, need: int, what: str) -> str:
    """ "" if ``need`` faces were typed, else a one-line reason."""
    if len(faces) == need:
        return ""
    return wrong_dice_count(faces, need, what)


def _chance(p: Any) -> str:
    return f"{percent(p)} ({p.numerator}/{p.denominator})"


class InitiativeAdapter(RollAdapter):
    """§5.1: both players roll 1d6 + their band's highest Command; the higher total chooses."""

    flags: tuple[Flag, ...] = ()
    options_title = "Initiative: 1d6 + the highest Command in play, each player (§5.1):"

    def __init__(self, state: Any, again: bool = False) -> None:
        self.state = state
        self.again = again
        a, b = state.side_name("A"), state.side_name("B")
        self.title = (
            f"Turn {state.turn.number}: initiative tied, roll again"
            if again
            else f"Turn {state.turn.number + 1}: initiative"
        )
        self.dice_hint = f"{a} die, then {b} die (e.g. 4 2) — or empty ⏎: the app rolls"

    def command(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> Any:
        return c.RollInitiative() if self.again else c.StartTurn()

    def preview(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> RollPreview:
        p = view.initiative_preview(self.state)
        name = self.state.side_name
        options = tuple(
            RollOption(s, f"{name(s)}: 1d6 + highest Command {p.commands[s]}", "§5.1 [XK-A2]") for s in ("A", "B")
        )
        odds = Text.assemble(
            (f"{name('A')} ", "bold"),
            (percent(p.p_a), "bold green"),
            " · ",
            ("tie, roll again ", "bold"),
            percent(p.p_tie),
            " · ",
            (f"{name('B')} ", "bold"),
            (percent(p.p_b), "bold green"),
            ("   chance to choose who activates first", "dim"),
        )
        return RollPreview(options, odds, "", 2)

    def check_dice(self, faces: Any) -> str:
        return count_problem(faces, 2, "the initiative (one die each)")

    def typed(self, command: Any, dice: Any) -> Any:
        return typed_into(command, dice)


class RerollAdapter(RollAdapter):
    """A command point re-rolls one model's test in the open attack (§15)."""

    flags: tuple[Flag, ...] = ()
    options_title = "The test as rolled (the new faces replace it, whatever they show):"

    def __init__(self, state: Any, option: Any) -> None:
        self.state = state
        self.option = option
        commander, model = state.model(option.commander), state.model(option.model)
        a = state.attack
        self.stealth = option.test == "stealth"
        self.medic = option.test == "medic"
        self.attacker = not (self.stealth or self.medic) and model.id == a.attacker
        if self.stealth or self.medic:
            self.count = 1
        else:
            self.count = a.att_dice if self.attacker else a.target(model.id).def_dice
        what = "Stealth" if self.stealth else "Medic" if self.medic else "Att" if self.attacker else "Def"
        self.title = f"{commander.name} spends a command point: {model.name} re-rolls its {what} test (§15)"
        self.dice_hint = f"{model.name} {self.count} new {what} dice — or empty ⏎: the app rolls"

    def command(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> Any:
        return c.SpendCommandPoint(self.option.commander, "reroll", self.option.model, test=self.option.test)

    def preview(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> RollPreview:
        from tui.systems.xk6.attack_panel import pair_text

        if self.medic:
            target, face = self.state.turn.active.failed_heal
            p = view.medic_reroll_chance(self.state, self.option.model)
            odds = Text(
                f"The Medic die showed {face}: {self.state.model(target).name} is not healed. Its re-roll heals "
                f"with {percent(p)} ({p.numerator}/{p.denominator}); the new face stands.",
                style="bold",
            )
            return RollPreview((), odds, self.option.problem, 1)
        if self.stealth:
            x = self.state.attack.target(self.option.model)
            p = view.stealth_reroll_chance(self.state, self.option.model)
            odds = Text(
                f"The Stealth die showed {x.stealth_face}: the attack goes ahead. Its re-roll avoids the attack "
                f"with {percent(p)} ({p.numerator}/{p.denominator}); the new face stands.",
                style="bold",
            )
            return RollPreview((), odds, self.option.problem, 1)
        pending = view.pending_view(self.state)
        records = pending.records if pending else ()
        mine = [r for r in records if self.attacker or (r.detail or {}).get("defender_id") == self.option.model]
        options = tuple(RollOption(f"r{i}", pair_text(self.state, r).plain) for i, r in enumerate(mine))
        return RollPreview(options, self._odds(), self.option.problem, self.count)

    def _odds(self) -> Text:
        """The attacker's chance before the roll and after this re-roll, the other pool's result
        standing (``view.reroll_chances``)."""
        model = self.state.model(self.option.model)
        pool = "Att" if self.attacker else "Def"
        odds = Text()
        for r in view.reroll_chances(self.state, self.option.model):
            other = self.state.attack.attacker if not self.attacker else r.defender
            against = f" against {possessive(self.state.model(other).name)} {r.kept}, which stands" if other else ""
            odds.append(f"Re-rolling {possessive(model.name)} {pool} dice{against}: ", style="bold")
            odds.append(f"the attacker succeeds with {_chance(r.after)}", style="bold green")
            if r.after in (0, 1):
                odds.append(" whatever the new dice show", style="bold")
            odds.append(f" (before the roll: {_chance(r.before)}).\n", style="dim")
        return odds

    def check_dice(self, faces: Any) -> str:
        return count_problem(faces, self.count, "the re-roll")

    def typed(self, command: Any, dice: Any) -> Any:
        return typed_into(command, dice)


def typed_into(command: Any, dice: Any) -> Any:
    """Typed dice go into the command's ``faces`` so the engine checks their count exactly."""
    faces = getattr(dice, "faces", None)
    if faces is not None and hasattr(command, "faces"):
        return changed(command, faces=tuple(faces))
    return command


class OneCommandAdapter(RollAdapter):
    """A roll whose command is fixed when the dialog opens (``base``): the dialog's
    toggles change nothing but the dice typed into it."""

    def __init__(self, state: Any, command: Any) -> None:
        self.state = state
        self.base = command

    def command(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> Any:
        return self.base


class BurningAdapter(OneCommandAdapter):
    """§16 SB: a burning model rolls one die at the start of its activation (``Activate`` with
    ``burn_face``); the activation is sent with the die, so nothing is rolled unasked."""

    flags: tuple[Flag, ...] = ()
    options_title = "The burning roll (§16 SB) — not a test, so no modifier applies:"

    def __init__(self, state: Any, command: c.Activate) -> None:
        super().__init__(state, command)
        m = state.model(command.model)
        self.title = f"{m.name} is burning: the burning die first, at the start of its activation"
        self.dice_hint = f"{possessive(m.name)} burning die (1d6) — or empty ⏎: the app rolls"

    def preview(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> RollPreview:
        p = view.burning_preview(self.state, self.base)
        options = (
            RollOption("out", f"1–{p.out_max}: the fire goes out", "§16 SB"),
            RollOption(
                "wound",
                f"{p.out_max + 1}–6: loses {p.wounds_lost} wound (Armour does not count), keeps burning",
                "§16 SB",
            ),
            RollOption("mods", "no modifier: burning is not a test (a stun does not count)", "[XK-A15]"),
        )
        odds = Text.assemble(
            ("fire goes out ", "bold"),
            (_chance(p.p_out), "bold green"),
            " · ",
            ("loses a wound ", "bold"),
            (_chance(p.p_wound), "bold red"),
        )
        if p.p_taken_out:
            odds.append_text(Text.assemble(" · ", ("taken out of play ", "bold"), _chance(p.p_taken_out)))
        return RollPreview(options, odds, p.problem, 1)

    def check_dice(self, faces: Any) -> str:
        return count_problem(faces, 1, "the burning roll")

    def typed(self, command: Any, dice: Any) -> Any:
        faces = getattr(dice, "faces", None)
        return changed(command, burn_face=faces[0]) if faces else command


class MedicAdapter(OneCommandAdapter):
    """§16 Medic X: one die above X heals 1 wound of a friendly model in base contact (``Heal``)."""

    flags: tuple[Flag, ...] = ()
    options_title = "The Medic's roll (§16 Medic, §4.3): one die above the Medic value:"

    def __init__(self, state: Any, command: c.Heal) -> None:
        super().__init__(state, command)
        act = state.turn.active
        medic = state.model(act.model) if act is not None else None
        self.medic = medic.name if medic is not None else "?"
        target = state.model(command.target).name
        self.title = f"{self.medic} heals {target} (Medic, base contact)"
        self.dice_hint = f"{possessive(self.medic)} Medic die (1d6) — or empty ⏎: the app rolls"

    def preview(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> RollPreview:
        p = view.heal_preview(self.state, self.base)
        target = self.state.model(self.base.target).name
        options = [
            RollOption("medic", f"Medic {p.above}: a die above {p.above} heals 1 wound of {target}", "§16 Medic §4.3")
        ]
        options += [RollOption(m.key or m.label, f"{m.label} {m.value:+d}", m.rule) for m in p.mods]
        if not p.mods:
            options.append(RollOption("mods", "no modifier applies", "§13 [XK-A15]"))
        needs = f"heals on {p.needs}+ " if p.needs <= 6 else "no face heals "
        odds = Text.assemble(
            (needs, "bold"), (_chance(p.p_heal), "bold green"), " · ", ("fails ", "bold"), _chance(1 - p.p_heal)
        )
        return RollPreview(tuple(options), odds, p.problem, 1)

    def check_dice(self, faces: Any) -> str:
        return count_problem(faces, 1, "the Medic's roll")

    def typed(self, command: Any, dice: Any) -> Any:
        faces = getattr(dice, "faces", None)
        return changed(command, face=faces[0]) if faces else command


DIRECTIONS = ("", "N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""The scatter directions a letter cycles through ([XK-M8]: the GM enters it; "" not yet)."""
LANDING_COVERS = ("open", "soft", "hard")


class LandingAdapter(OneCommandAdapter):
    """§9 steps 2–4: each model where indirect fire landed rolls its Def against the attacker's
    unmodified result, already rolled (``Land``); typed: a Stealth die if one may roll
    ([XK-A18]), then each model's Def dice in the order listed."""

    flags: tuple[Flag, ...] = ()
    options_title = "Each defender's Def pool and modifiers (§9 step 2 [XK-A10]):"

    def __init__(self, state: Any, command: c.Land) -> None:
        super().__init__(state, command)
        a = state.attack
        weapon = state.weapon_spec(a.attacker, a.weapon)
        self.title = f"{possessive(state.model(a.attacker).name)} {weapon.name} landed: the Def rolls"
        self.counts: tuple[tuple[str, int, str], ...] = ()
        self.dice_names = self.dice_hint = self.problem = ""
        self.targets = list(command.targets)
        self.direction = command.direction
        self.scattered = not a.hit

    def press(self, key: str) -> None:
        """Cycle a model's cover (recorded, §7) or the scatter direction entered ([XK-M8])."""
        if key == "direction":
            self.direction = DIRECTIONS[(DIRECTIONS.index(self.direction) + 1) % len(DIRECTIONS)]
            return
        i = int(key.partition(":")[2])
        x = self.targets[i]
        self.targets[i] = changed(x, cover=LANDING_COVERS[(LANDING_COVERS.index(x.cover) + 1) % len(LANDING_COVERS)])

    def command(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> c.Land:
        return changed(self.base, targets=tuple(self.targets), direction=self.direction)

    def _judgements(self) -> list[RollOption]:
        out = []
        if self.scattered:
            shown = self.direction or "not entered yet"
            out.append(RollOption("direction", f"Scatter direction: {shown}", "§9 [XK-M8]", kind="set"))
        for i, x in enumerate(self.targets):
            out.append(
                RollOption(
                    f"cover:{i}",
                    f"{self.state.model(x.model).name}: {x.cover} (recorded; {view.landing_cover_note(self.state)})",
                    "§7 [XK-A8](c)",
                    kind="set",
                )
            )
        return out

    def preview(
        self,
        toggles: frozenset[str] = frozenset(),
        declined: frozenset[str] = frozenset(),
        flags: dict[str, bool] | None = None,
    ) -> RollPreview:
        p = view.landing_preview(self.state, self.command())
        self.problem = p.problem if p is not None else "no indirect fire is waiting for where it landed"
        if p is None:
            return RollPreview((), Text(""), self.problem)
        options: list[RollOption] = self._judgements()
        odds = Text()
        for i, pair in enumerate(p.pairs):
            d = self.state.model(pair.target)
            options.append(
                RollOption(
                    f"def:{i}", f"{d.name}: Def {pair.def_dice} dice against the unmodified {p.unmodified}", "§9 step 2"
                )
            )
            options += [
                RollOption(
                    f"mod:{i}:{j}",
                    f"{'' if m.label.startswith(d.name) else d.name + ': '}{m.label} {m.value:+d}",
                    m.rule,
                )
                for j, m in enumerate(pair.def_mods)
            ]
            if i:
                odds.append("\n")
            odds.append("Def ", style="bold")
            odds.append(f"{d.name} {pair.def_dice} dice {mods_text(pair.def_mods)} v unmodified {p.unmodified}\n")
            odds.append(SL_HEAD, style="bold")
            odds.append(dist_text(pair.sl_distribution))
            odds.append(f"   success {_chance(pair.p_success)}", style="bold red")
            odds.append(
                f"\n    wounds (DAM {p.dam} v Armour {d.spec.armour}): {wounds_text(pair.wound_distribution, d)}"
            )
            if pair.stealth_chance is not None:
                odds.append(
                    f"\n    {possessive(d.name)} Stealth avoids it first: {percent(pair.stealth_chance)}", style="cyan"
                )
        self.counts = p.dice
        self.dice_names = ", ".join(
            f"{possessive(self.state.model(mid).name)} Stealth die"
            if what == "Stealth"
            else f"{self.state.model(mid).name} {n} Def"
            for mid, n, what in p.dice
        )
        self.dice_hint = f"{self.dice_names} (empty ⏎: the app rolls)"
        return RollPreview(tuple(options), odds, p.problem, sum(n for _, n, _ in p.dice))

    def check_dice(self, faces: Any) -> str:
        if self.problem:  # nothing to roll: the engine would refuse the landing itself
            return self.problem
        need = sum(n for _, n, _ in self.counts)
        return count_problem(faces, need, f"the landing ({self.dice_names})")

    def typed(self, command: Any, dice: Any) -> Any:
        faces = list(getattr(dice, "faces", None) or ())
        if not faces:
            return command
        targets = list(command.targets)
        index = {x.model: i for i, x in enumerate(targets)}
        for mid, n, what in self.counts:
            i = index[mid]
            taken, faces = faces[:n], faces[n:]
            if what == "Stealth":
                targets[i] = changed(targets[i], stealth_face=taken[0])
            else:
                targets[i] = changed(targets[i], faces=tuple(taken))
        return changed(command, targets=tuple(targets))
