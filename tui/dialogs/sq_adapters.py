"""Roll adapters for Star Quest (the generic roll dialog, ``roll_dialog``).

Every number and every chance comes from the engine's ``engine.rulesets.star_quest.view``
(``shot_preview``, ``shot_detail``, ``attack_preview``, ``pending``, ``morale_preview``,
``skill_options``); nothing here decides a rule. Typed dice go into the command's
``faces`` (``typed_into``) so the engine checks how many were typed.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from rich.text import Text

from engine.odds import percent
from engine.rulesets.star_quest import commands as c, view

from .roll_dialog import Flag, RollPreview


@dataclass(frozen=True)
class Line:
    """One line of a roll's numbers (``kind`` "info"), or a yes/no the GM toggles
    (``kind`` "toggle": cover, Stealth range)."""

    key: str
    label: str
    rule: str = ""
    value: int = 0
    kind: str = "info"
    active: bool = True
    state: str = ""
    note: str = ""


def dist_text(dist: Mapping[int, Any], what: str) -> Text:
    """"wounds 0:44.4%  1:55.6%  (mean 0.56)" (chances under 0.05% left out)."""
    mean = sum(k * p for k, p in dist.items())
    out = Text.assemble((what, "bold"), " ")
    out.append("  ".join(f"{k}:{percent(p)}" for k, p in sorted(dist.items()) if p * 2000 >= 1))
    out.append(f"  (mean {float(mean):.2f})", style="dim")
    return out


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


def typed_into(command: Any, dice: Any) -> Any:
    """Typed dice go into the command's ``faces``."""
    faces = getattr(dice, "faces", None)
    if faces is not None and hasattr(command, "faces"):
        return replace(command, faces=tuple(faces))
    return command


class ShotAdapter:
    """A shot about to be declared: cover and Stealth range toggled, exact hits and wounds;
    the dice typed are the hit dice (the screen submits ``Shoot`` then ``RollHits``)."""

    flags: tuple[Flag, ...] = ()
    options_title = "The shot — a/b toggle cover and Stealth range; type the hit dice below:"

    def __init__(self, state: Any, unit: str, weapon: str, target: str) -> None:
        self.state, self.unit, self.weapon, self.target = state, unit, weapon, target
        u, tgt = state.unit(unit), state.unit(target)
        self.title = f"{u.name} shoots {tgt.name} with {weapon}"
        self.count = u.models * u.spec.weapon(weapon).attacks
        self.dice_hint = (f"the {self.count} hit dice rolled, e.g. {' '.join(['4'] * self.count)} "
                          "— or empty for the app's roll")

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return c.Shoot(self.unit, self.weapon, self.target, cover="cover" in toggles,
                       stealth_range="stealth" in toggles)

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        cover, stealth = "cover" in toggles, "stealth" in toggles
        options = (Line("cover", "The target is in cover", "§9, §14", kind="toggle", active=cover),
                   Line("stealth", "The target is more than 9\" away (Stealth)", "§17 Stealth", kind="toggle",
                        active=stealth))
        lines = view.shot_detail(self.state, self.unit, self.weapon, self.target, cover, stealth)
        options += tuple(Line(f"line{i}", text) for i, text in enumerate(lines))
        odds = view.shot_preview(self.state, self.unit, self.weapon, self.target, cover, stealth)
        return RollPreview(options, odds_text(odds), "", self.count)


class AttackAdapter:
    """The pending attack's next roll: hit dice, Defense rolls or Regeneration."""

    flags: tuple[Flag, ...] = ()
    options_title = "The numbers of this roll:"
    COMMANDS = {"hits": c.RollHits, "blocks": c.RollBlocks, "regeneration": c.RollRegeneration}
    WHAT = {"hits": "hit dice", "blocks": "Defense dice", "regeneration": "Regeneration dice"}

    def __init__(self, state: Any) -> None:
        self.state = state
        a = state.attack
        self.stage = a.stage
        self.count = {"hits": a.attacks, "blocks": a.groups[0].hits if a.groups else 0,
                      "regeneration": a.wounds}[a.stage]
        who = state.unit(a.groups[0].unit).name if a.groups and a.stage != "hits" else state.unit(a.attacker).name
        self.title = (f"{state.unit(a.attacker).name}'s {a.weapon} ({a.kind}) at {state.unit(a.target).name}: "
                      + (self.WHAT[a.stage] if a.stage == "hits" else f"{who}'s {self.WHAT[a.stage]}"))
        self.dice_hint = (f"{who}: the {self.count} {self.WHAT[a.stage]} rolled, e.g. "
                          f"{' '.join(['4'] * max(1, self.count))} — or empty for the app's roll")

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return self.COMMANDS[self.stage]()

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        p = view.pending(self.state)
        options = tuple(Line(f"line{i}", text) for i, text in enumerate(p.lines if p else ()))
        return RollPreview(options, odds_text(view.attack_preview(self.state)), "", self.count)


class MoraleAdapter:
    """The first waiting morale test (the second die is Fearless, if it fails)."""

    flags: tuple[Flag, ...] = ()
    options_title = "Morale test (§12):"

    def __init__(self, state: Any) -> None:
        self.state = state
        self.unit = state.morale[0]
        self.title = f"Morale test: {state.unit(self.unit).name}"
        self.dice_hint = "the die rolled (a second one for Fearless) — or empty for the app's roll"

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return c.RollMorale()

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        p = view.pending(self.state)
        options = tuple(Line(f"line{i}", text) for i, text in enumerate(p.lines if p else ()))
        chance = view.morale_preview(self.state, self.unit)
        odds = Text.assemble(("passes ", "bold"), (percent(chance), "bold green"), "   ",
                             ("Shaken ", "bold"), (percent(1 - chance), "bold red"))
        return RollPreview(options, odds, "", None)


class DieAdapter:
    """One die for a command with ``faces`` (a skill test, a status test, a cast):
    the chance from the engine when it has one."""

    flags: tuple[Flag, ...] = ()
    options_title = "The test:"

    def __init__(self, title: str, command: Any, lines: tuple[str, ...] = (), chance: Any = None,
                 dice: int = 1, odds: Text | None = None) -> None:
        self.title = title
        self.base = command
        self.lines = lines
        self.chance = chance
        self.dice = dice
        self.odds = odds
        self.dice_hint = ("the die rolled, e.g. 4" if dice == 1 else f"the {dice} dice rolled, e.g. 4 2") + \
            " — or empty for the app's roll"

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return self.base

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        options = tuple(Line(f"line{i}", text) for i, text in enumerate(self.lines))
        odds = self.odds or (Text.assemble(("passes ", "bold"), (percent(self.chance), "bold green"))
                             if self.chance is not None else Text(""))
        return RollPreview(options, odds, "", self.dice)


class CastAdapter:
    """A hero tries a spell: each toggle spends one more spell token (+1 each); the exact
    chance to cast comes from ``view.cast_preview``."""

    flags: tuple[Flag, ...] = ()
    options_title = "The cast — letters add spell tokens (+1 each); type the die below:"

    def __init__(self, state: Any, unit: str, spell: Any) -> None:
        self.state, self.unit, self.spell = state, unit, spell
        u = state.unit(unit)
        self.spare = max(0, u.tokens - spell.value)
        self.title = f"{u.name} casts {spell.name} (value {spell.value}, {u.tokens} token(s))"
        self.dice_hint = "the die rolled, e.g. 4 — or empty for the app's roll"

    def _extra(self, toggles: frozenset[str]) -> int:
        return sum(1 for k in toggles if k.startswith("token"))

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return c.Cast(self.unit, self.spell.name, extra_tokens=self._extra(toggles))

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        options = tuple(Line(f"token{i}", "One more spell token", "§17 Caster", value=1, kind="modifier",
                             active=f"token{i}" in toggles) for i in range(self.spare))
        options += (Line("effect", self.spell.effect or "the GM resolves the effect"),)
        chance = view.cast_preview(self.state, self.unit, self._extra(toggles))
        odds = Text.assemble(("casts ", "bold"), (percent(chance), "bold green"))
        return RollPreview(options, odds, "", 1)
