"""Roll adapters for Star Quest (the generic roll dialog, ``roll_dialog``).

Every number and every chance comes from the engine's ``engine.rulesets.star_quest.view``
(``shot_preview``, ``shot_detail``, ``attack_preview``, ``pending``, ``morale_preview``,
``skill_options``, ``ai_cast_preview``); nothing here decides a rule. Typed dice go into
the command (``typed_into``: its ``faces``, an Ambush ``d3``, a Scurry D3, a random
spell's die), and before the dialog closes ``check_dice`` asks the engine
(``view.dice_problem``) whether they fit: a die missing or too many is said in the
dialog, so a typo never reaches the battle.
"""

from __future__ import annotations

from typing import Any, Mapping

from rich.text import Text

from engine.dice import wrong_dice_count
from engine.formatting import plural, possessive
from engine.odds import percent
from engine.records import changed
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view
from tui.dialogs.options import RollOption
from tui.dialogs.options import distribution_text as dist_text
from tui.dialogs.roll_dialog import Flag, RollAdapter, RollPreview


def odds_text(odds: Any) -> Text:
    """An attack's exact odds: hits, then wounds (an ``AttackOdds``), or wounds only."""
    if odds is None:
        return Text("")
    if isinstance(odds, Mapping):
        return dist_text(odds, "wounds")
    out = dist_text(odds.hits, "hits  ")
    out.append("\n")
    out.append_text(dist_text(odds.wounds, "wounds"))
    out.append(f"\none die hits {percent(odds.hit_chance)}, a hit is blocked {percent(odds.block)}", style="dim")
    return out


def with_faces(command: Any, faces: Any) -> Any:
    """The command with the faces typed: the Ambush delays of a round start (``d3``); a
    skill test, then its D3 (Scurry); otherwise the command's ``faces``."""
    faces = tuple(faces)
    if isinstance(command, c.StartRound):
        return changed(command, d3=faces)
    if isinstance(command, c.UseSkill) and len(faces) > 1:
        return changed(command, faces=faces[:1], d3=faces[1])
    if hasattr(command, "faces"):
        return changed(command, faces=faces)
    return command


def typed_into(command: Any, dice: Any) -> Any:
    """Typed dice (the dialog's ``TypedDice``) go into the command (``with_faces``)."""
    faces = getattr(dice, "faces", None)
    return with_faces(command, faces) if faces is not None else command


class Checked(RollAdapter):
    """``check_dice``: the engine says whether the faces typed fit this roll — every die
    typed, none too many, each a face of its die (``view.dice_problem``). The toggles
    last previewed build the command (the dialog previews on every change)."""

    state: Any
    _shown: tuple[frozenset[str], frozenset[str], dict[str, bool]] = (frozenset(), frozenset(), {})

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any: ...

    def shown(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> None:
        self._shown = (toggles, declined, dict(flags))

    def typed(self, command: Any, dice: Any) -> Any:
        return typed_into(command, dice)

    def commands_with(self, faces: tuple[int, ...]) -> list[Any]:
        return [with_faces(self.command(*self._shown), faces)]

    def check_dice(self, faces: Any) -> str:
        return view.dice_problem(self.state, self.commands_with(tuple(faces)))


class ShotAdapter(Checked):
    """A shot about to be declared: cover and Stealth range toggled, exact hits and wounds;
    the dice typed are the hit dice (the screen submits ``Shoot`` then ``RollHits``)."""

    flags: tuple[Flag, ...] = ()
    options_title = "The shot — a cover inside terrain, b Stealth range, c cover behind blockers; type the hit dice:"

    def __init__(self, state: Any, unit: str, weapon: str, target: str) -> None:
        self.state, self.unit, self.weapon, self.target = state, unit, weapon, target
        u, tgt = state.unit(unit), state.unit(target)
        self.title = f"{u.name} shoots {tgt.name} with {weapon}"
        self.count = u.models * u.spec.weapon(weapon).attacks
        self.dice_hint = (
            f"the {self.count} hit dice rolled, e.g. {' '.join(['4'] * self.count)} — or empty for the app's roll"
        )

    @staticmethod
    def _cover(toggles: frozenset[str]) -> tuple[bool, str]:
        """(in cover, where from): inside terrain counts against every weapon; cover only
        behind line-of-sight blockers not against Indirect (§14)."""
        return ("cover" in toggles or "cover_behind" in toggles), ("inside" if "cover" in toggles else "behind")

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        cover, where = self._cover(toggles)
        return c.Shoot(
            self.unit, self.weapon, self.target, cover=cover, stealth_range="stealth" in toggles, cover_from=where
        )

    def commands_with(self, faces: tuple[int, ...]) -> list[Any]:
        return [self.command(*self._shown), c.RollHits(faces)]

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        self.shown(toggles, declined, flags)
        (cover, where), stealth = self._cover(toggles), "stealth" in toggles
        options: tuple[RollOption, ...] = (
            RollOption("cover", "In cover inside terrain", "§9, §14", kind="toggle", active="cover" in toggles),
            RollOption("stealth", 'More than 9" away (Stealth)', "§17 Stealth", kind="toggle", active=stealth),
            RollOption(
                "cover_behind",
                "Cover only behind LoS blockers (not v Indirect)",
                "§14, §17 Indirect",
                kind="toggle",
                active="cover_behind" in toggles,
            ),
        )
        lines = view.shot_detail(self.state, self.unit, self.weapon, self.target, cover, stealth, where)
        options += tuple(RollOption(f"line{i}", text) for i, text in enumerate(lines))
        odds = view.shot_preview(self.state, self.unit, self.weapon, self.target, cover, stealth, cover_from=where)
        return RollPreview(options, odds_text(odds), "", self.count)


class AttackAdapter(Checked):
    """The pending attack's next roll: hit dice, Defense rolls (then any Bane re-rolls)
    or Regeneration."""

    flags: tuple[Flag, ...] = ()
    options_title = "The numbers of this roll:"
    COMMANDS = {"hits": c.RollHits, "blocks": c.RollBlocks, "regeneration": c.RollRegeneration}
    WHAT = {"hits": "hit dice", "blocks": "Defense dice", "regeneration": "Regeneration dice"}

    def __init__(self, state: Any) -> None:
        self.state = state
        a = state.attack
        self.stage = a.stage
        self.count = {"hits": a.attacks, "blocks": a.groups[0].hits if a.groups else 0, "regeneration": a.wounds}[
            a.stage
        ]
        who = state.unit(a.groups[0].unit).name if a.groups and a.stage != "hits" else state.unit(a.attacker).name
        self.title = (
            f"{possessive(state.unit(a.attacker).name)} {a.weapon} ({a.kind}) at {state.unit(a.target).name}: "
            + (self.WHAT[a.stage] if a.stage == "hits" else f"{possessive(who)} {self.WHAT[a.stage]}")
        )
        if a.kind == "wounds":
            self.title = f"{who}: {plural(a.wounds, 'wound')} from {a.weapon} — {self.WHAT[a.stage]} (§17 Regeneration)"
        self.dice_hint = (
            f"{who}: the {self.count} {self.WHAT[a.stage]} rolled, e.g. "
            f"{' '.join(['4'] * max(1, self.count))} — or empty for the app's roll"
        )

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return self.COMMANDS[self.stage]()

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        p = view.pending(self.state)
        options = tuple(RollOption(f"line{i}", text) for i, text in enumerate(p.lines if p else ()))
        return RollPreview(options, odds_text(view.attack_preview(self.state)), "", self.count)


class MoraleAdapter(Checked):
    """The first waiting morale test: the test die, then the Fearless die if it fails, then
    the D3 die of a Tough 9+ enemy; a letter names a Villain within 12" whose Quality an
    AI unit uses (§17 Villain, [SQ-A20])."""

    flags: tuple[Flag, ...] = ()
    options_title = 'Morale test (§12) — a letter: a Villain within 12" lends its Quality:'

    def __init__(self, state: Any) -> None:
        self.state = state
        self.unit = state.morale[0]
        u = state.unit(self.unit)
        self.title = f"Morale test: {u.name}"
        self.villains = (
            ()
            if u.hero
            else tuple(
                e
                for e in view.enemy_lines(state)
                if e.id != u.id and e.models and e.on_table and not e.shaken and state.unit(e.id).spec.has("Villain")
            )
        )
        self.dice_hint = (
            "the die rolled (then the Fearless die if it fails, then the D3 die of Tough 9+) "
            "— or empty for the app's roll"
        )

    def _villain(self, toggles: frozenset[str]) -> str | None:
        chosen = sorted(k[len("villain:") :] for k in toggles if k.startswith("villain:"))
        return chosen[0] if chosen else None

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return c.RollMorale(villain=self._villain(toggles))

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        self.shown(toggles, declined, flags)
        p = view.pending(self.state)
        options = tuple(
            RollOption(
                f"villain:{v.id}",
                f'{v.name} (Villain, Quality {v.quality}+) is within 12"',
                "§17 Villain [SQ-A20]",
                kind="toggle",
                active=f"villain:{v.id}" in toggles,
            )
            for v in self.villains
        )
        options += tuple(RollOption(f"line{i}", text) for i, text in enumerate(p.lines if p else ()))
        chance = view.morale_preview(self.state, self.unit, self._villain(toggles))
        odds = Text.assemble(
            ("passes ", "bold"),
            (percent(chance), "bold green"),
            "   ",
            ("fails ", "bold"),
            (percent(1 - chance), "bold red"),
        )
        several = sum(1 for k in toggles if k.startswith("villain:")) > 1
        return RollPreview(options, odds, "one Villain's Quality only: untick the others" if several else "", None)


class DieAdapter(Checked):
    """One die for a command with ``faces`` (a skill test, a status test, a cast), or
    ``dice`` of them: the chance from the engine when it has one. With ``state`` the
    engine checks the dice typed (``check_dice``); without, only their number."""

    flags: tuple[Flag, ...] = ()
    options_title = "The test:"

    def __init__(
        self,
        title: str,
        command: Any,
        lines: tuple[str, ...] = (),
        chance: Any = None,
        dice: int = 1,
        odds: Text | None = None,
        state: Any = None,
    ) -> None:
        self.state = state
        self.title = title
        self.base = command
        self.lines = lines
        self.chance = chance
        self.dice = dice
        self.odds = odds
        self.dice_hint = (
            "the die rolled, e.g. 4" if dice == 1 else f"the {dice} dice rolled, e.g. 4 2"
        ) + " — or empty for the app's roll"

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return self.base

    def check_dice(self, faces: Any) -> str:
        if self.state is not None:
            return super().check_dice(faces)
        if len(faces) != self.dice:
            return wrong_dice_count(faces, self.dice)
        return ""

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        options = tuple(RollOption(f"line{i}", text) for i, text in enumerate(self.lines))
        odds = self.odds or (
            Text.assemble(("passes ", "bold"), (percent(self.chance), "bold green"))
            if self.chance is not None
            else Text("")
        )
        return RollPreview(options, odds, "", self.dice)


class CastAdapter(Checked):
    """A hero tries a spell: each toggle spends one more spell token (+1 each); the exact
    chance to cast comes from ``view.cast_preview``."""

    flags: tuple[Flag, ...] = ()
    options_title = "The cast — letters add spell tokens (+1 each); type the die below:"

    def __init__(self, state: Any, unit: str, spell: Any, target: str | None = None) -> None:
        self.state, self.unit, self.spell, self.target = state, unit, spell, target
        u = state.unit(unit)
        self.spare = max(0, u.tokens - spell.value)
        at = f" at {state.unit(target).name}" if target else ""
        self.title = f"{u.name} casts {spell.name}{at} (value {spell.value}, {plural(u.tokens, 'token')})"
        self.dice_hint = "the die rolled, e.g. 4 — or empty for the app's roll"
        if not self.spare:
            self.options_title = "The cast — no spare spell token to add; type the die below:"

    def _extra(self, toggles: frozenset[str]) -> int:
        return sum(1 for k in toggles if k.startswith("token"))

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return c.Cast(self.unit, self.spell.name, extra_tokens=self._extra(toggles), target=self.target)

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        self.shown(toggles, declined, flags)
        options = tuple(
            RollOption(
                f"token{i}",
                "One more spell token",
                "§17 Caster",
                value=1,
                kind="modifier",
                active=f"token{i}" in toggles,
            )
            for i in range(self.spare)
        )
        options += (RollOption("effect", self.spell.effect or "the GM resolves the effect"),)
        chance = view.cast_preview(self.state, self.unit, self._extra(toggles))
        odds = Text.assemble(("casts ", "bold"), (percent(chance), "bold green"))
        return RollPreview(options, odds, "", 1)


class AICastAdapter(Checked):
    """An AI caster's random spell (§17 Caster (AI), [SQ-A29]): each face of the spell die
    with its spell, tokens and exact chance; letters spend heroes' spell tokens to hinder
    (−1 each, heroes within 18\"). Typed: the spell die (none for a single spell), then
    the casting die."""

    flags: tuple[Flag, ...] = ()
    options_title = 'The AI casts a random spell — letters: a hero within 18" spends a token to hinder (−1):'

    def __init__(self, state: Any, unit: str, target: str | None = None) -> None:
        self.state, self.unit, self.target = state, unit, target
        u = state.unit(unit)
        self.sides = len(u.spec.spells)
        self.hinderers = tuple(h for h in view.hero_lines(state) if h.tokens and h.conscious)
        if not self.hinderers:
            self.options_title = "The AI casts a random spell — no hero has a spell token to hinder with:"
        self.title = f"{u.name} casts a random spell ({plural(u.tokens, 'spell token')})"
        self.dice_hint = (
            f"the spell die (d{self.sides}), then the casting die, e.g. 1 4"
            if self.sides > 1
            else "the casting die, e.g. 4"
        ) + " — or empty for the app's roll"

    def _hinder(self, toggles: frozenset[str]) -> tuple[tuple[str, int], ...]:
        counts = {h.id: sum(1 for k in toggles if k.startswith(f"hinder:{h.id}:")) for h in self.hinderers}
        return tuple((hero, n) for hero, n in counts.items() if n)

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return c.Cast(self.unit, "random", hinder=self._hinder(toggles), target=self.target)

    def with_faces(self, command: Any, faces: tuple[int, ...]) -> Any:
        if self.sides > 1 and faces:
            return changed(command, spell_face=faces[0], faces=faces[1:])
        return changed(command, faces=faces)

    def typed(self, command: Any, dice: Any) -> Any:
        faces = getattr(dice, "faces", None)
        return self.with_faces(command, tuple(faces)) if faces is not None else command

    def commands_with(self, faces: tuple[int, ...]) -> list[Any]:
        return [self.with_faces(self.command(*self._shown), faces)]

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        self.shown(toggles, declined, flags)
        options = tuple(
            RollOption(
                f"hinder:{h.id}:{i}",
                f"{h.name} spends spell token {i + 1} of {h.tokens} to hinder",
                "§17 Caster [SQ-A29](e)",
                value=-1,
                kind="modifier",
                active=f"hinder:{h.id}:{i}" in toggles,
            )
            for h in self.hinderers
            for i in range(h.tokens)
        )
        hinder = sum(n for _, n in self._hinder(toggles))
        faces, chance = view.ai_cast_preview(self.state, self.unit, hinder)
        for f in faces:
            head = f"d{self.sides} = {f.face}: " if self.sides > 1 else "the only spell: "
            if f.test is None:
                text = f"{head}{f.spell.name} (value {f.spell.value}) — too few tokens: nothing is cast [SQ-A29](c)"
            else:
                terms = " ".join(f"{m.value:+d} {m.label}" for m in f.test.modifiers)
                text = (
                    f"{head}{f.spell.name} (value {f.spell.value}) — spends {plural(f.tokens, 'token')}, casts on "
                    f"{f.test.target}+ {terms}: {percent(f.chance)}"
                ).replace("  ", " ")
            options += (RollOption(f"spell{f.face}", text, "§17 Caster (AI)"),)
        odds = Text.assemble(
            ("casts ", "bold"),
            (percent(chance), "bold green"),
            (" (before the spell is drawn)" if self.sides > 1 else "", "dim"),
        )
        return RollPreview(options, odds, "", 2 if self.sides > 1 else 1)
