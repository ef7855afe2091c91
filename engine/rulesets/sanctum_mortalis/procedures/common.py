"""Shared pieces of the Sanctum Mortalis roll procedures.

* ``Option`` — one modifier (or dice rule) that could apply to a roll, with its state.
* ``ProcedureRefused`` — the documented error a procedure raises for a roll the rules
  forbid (the battle layer turns it into a ``Rejected``).
* GM toggles: ``toggles`` holds the keys the GM switched on, ``declined`` the keys of
  automatic (or default-on) options the GM switched off — the same convention as the
  battle commands (``Shoot.toggles`` / ``Shoot.declined``).
* Model facts the procedures share: skills, Speed-skill eligibility, heroic-play
  eligibility, the cached effective profile.
"""

from __future__ import annotations

from functools import lru_cache
from typing import AbstractSet, Literal, Mapping, NamedTuple

from engine.rolls import Modifier
from engine.ruleset import Rejected, RejectionKind

from .. import tables as t
from ..profile import Profile, effective_profile
from ..roster import ModelSpec
from ..settings import SETTINGS_BY_KEY
from ..terms import card_term

OptionState = Literal["auto", "on", "off"]
OptionKind = Literal["modifier", "dice", "reroll", "set", "auto-pass", "info"]

SHORT_CIRCUIT = t.RangedWeapon(
    "short-circuit", "Short circuit", "Spięcie", "light", 0, 8, (0,), t.SHORT_CIRCUIT_T, family="trick"
)
"""§21 Spięcie as a pseudo ranged weapon: range 8", one roll, target's Toughness +1 (additive
constant of this package; the trick itself is ``tables.TRICKS["short-circuit"]``)."""
HIGH_ENERGY_BATTERIES_RANGE = 3
"""§17.3: High-energy batteries give energy weapons +3" range (not in tables.py)."""
SENTINEL_HEIGHT = 2
"""§20.3 Wartownik: the shooter stands at least 2" higher than the target."""
CAUTION_FROM = 12
"""§20.2 Ostrożność: cover is −3 when the shooter is more than 12" away."""
NATURAL_DOUBLE_ONE = 1
NATURAL_CRITICAL = 6


class Option(NamedTuple):
    """One thing that could change a roll, as the TUI lists it.

    ``key``: stable id the GM toggles (``Shoot.toggles`` / ``declined``); ``label`` and
    ``rule``: what and where; ``value``: the signed change when it applies (0 for a
    cancelled modifier, whose label says what cancels it, and for dice / re-roll
    options); ``state``: ``"auto"`` (derived from the situation and applied), ``"on"`` /
    ``"off"`` (a GM toggle, or a declined automatic option, which shows as ``"off"``);
    ``default``: the state with no GM input; ``kind``: ``modifier`` (adds ``value``),
    ``dice`` (changes the dice: extra die), ``reroll`` (a declared re-roll counted in the
    odds), ``set`` (sets the stat to ``value``), ``auto-pass``, ``info``; ``side``:
    ``"attacker"`` / ``"defender"`` in melee; ``note``: anything the GM should know.

    An immutable named tuple rather than a record: option lists are rebuilt on
    every key press, and a named tuple is about three times cheaper to build.
    """

    key: str
    label: str
    value: int
    rule: str
    state: OptionState
    kind: OptionKind = "modifier"
    side: str = ""
    default: OptionState = "auto"
    note: str = ""

    @property
    def active(self) -> bool:
        """Applied to the roll now."""
        return self.state != "off"

    @property
    def toggleable(self) -> bool:
        """Switching it changes something (``info`` options only explain)."""
        return self.kind != "info"

    def modifier(self) -> Modifier:
        return Modifier(self.label, self.value, self.rule, self.key)


class ProcedureRefused(ValueError):
    """A roll the rules do not allow (or a malformed request).

    ``reason``: a sentence for the GM; ``rule``: the reference (``"§10.6 [SM-A36]"``);
    ``kind``: ``"illegal"`` (not allowed now) or ``"malformed"`` (unknown weapon...).
    """

    def __init__(self, reason: str, rule: str = "", kind: RejectionKind = "illegal") -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule
        self.kind = kind

    def as_rejected(self) -> Rejected:
        return Rejected(self.reason, self.rule, self.kind)


# --------------------------------------------------------------------------- toggles
def is_on(key: str, toggles: AbstractSet[str], declined: AbstractSet[str], default: bool) -> bool:
    """A toggle's state: declined wins, then switched on, then the default."""
    if key in declined:
        return False
    if key in toggles:
        return True
    return default


def auto(
    key: str,
    label: str,
    value: int,
    rule: str,
    declined: AbstractSet[str],
    *,
    kind: OptionKind = "modifier",
    side: str = "",
    note: str = "",
) -> Option:
    """An option derived from the situation (the GM may still decline it)."""
    state: OptionState = "off" if key in declined else "auto"
    return Option(key, label, value, rule, state, kind, side, "auto", note)


def toggle(
    key: str,
    label: str,
    value: int,
    rule: str,
    toggles: AbstractSet[str],
    declined: AbstractSet[str],
    *,
    default: bool = False,
    kind: OptionKind = "modifier",
    side: str = "",
    note: str = "",
) -> Option:
    """A GM toggle with its default."""
    on = is_on(key, toggles, declined, default)
    return Option(key, label, value, rule, "on" if on else "off", kind, side, "on" if default else "off", note)


def active(options: tuple[Option, ...], key: str) -> bool:
    """Whether the option ``key`` is listed and applied (plain loops: this runs on every key press)."""
    for o in options:
        if o.key == key:
            return o.state != "off"
    return False


def modifiers_of(options: tuple[Option, ...], side: str = "") -> tuple[Modifier, ...]:
    """The active ``modifier`` options as roll terms."""
    return tuple(
        o.modifier() for o in options if o.kind == "modifier" and o.state != "off" and (not side or o.side == side)
    )


def sum_of(options: tuple[Option, ...], side: str = "") -> int:
    """The sum of the active ``modifier`` options (of one melee side if ``side``)."""
    total = 0
    for o in options:
        if o.kind == "modifier" and o.state != "off" and (not side or o.side == side):
            total += o.value
    return total


# --------------------------------------------------------------------------- settings
def setting(settings: Mapping[str, str] | None, key: str) -> str:
    """The GM's reading of an AMBIGUITY, or the recommended default."""
    if settings and key in settings:
        return settings[key]
    return SETTINGS_BY_KEY[key].default


def natural_plain(settings: Mapping[str, str] | None) -> bool:
    """[SM-A28]: a natural result counts only on a plain two-dice roll (no extra die, no re-roll)."""
    return setting(settings, "natural_rolls") == "on"


# --------------------------------------------------------------------------- model facts
@lru_cache(maxsize=4096)
def _cached_profile(model: ModelSpec, infected: bool) -> Profile:
    return effective_profile(model, infected)


def profile_of(model: ModelSpec, infected: bool = False) -> Profile:
    """``effective_profile``, cached (models are frozen records; one built with a list
    inside is not hashable and is simply worked out again)."""
    try:
        return _cached_profile(model, infected)
    except TypeError:
        return effective_profile(model, infected)


def has_skill(model: ModelSpec, key: str) -> bool:
    return key in model.skills


def heavy_armed(model: ModelSpec) -> bool:
    return any(w in t.HEAVY_WEAPONS for w in model.ranged)


def speed_skill(model: ModelSpec, key: str, settings: Mapping[str, str] | None = None) -> bool:
    """Whether the model knows and may use a Speed skill (§20.1, [SM-A8]).

    Not for sarcophagus models or models with a heavy ranged weapon; with the default
    [SM-A8] reading, powered armour needs Servomotors. A Skill implant (§17.7) gets round
    these limits (the roster lists the implanted skill among the model's skills).
    """
    if not has_skill(model, key):
        return False
    if "skill-implant" in model.items:
        return True
    if model.armour == "sarcophagus" or heavy_armed(model):
        return False
    if (
        model.armour == "powered"
        and "servomotors" not in model.mods
        and setting(settings, "powered_needs_servomotors") == "on"
    ):
        return False
    return True


def heroic_refusal(
    model: ModelSpec, play: str, used: AbstractSet[str], settings: Mapping[str, str] | None = None
) -> str | None:
    """Why ``model`` may not use heroic play ``play`` now (None if it may) — §12.1, [SM-A11].

    ``used``: the heroic plays its player has already used this battle (each once).
    """
    card = t.EVENT_CARDS[play]
    if play in used:
        return f"{card_term(card.key)} was already used this battle (each heroic play once per battle)"
    if card.any_model:
        return None
    if model.pet:
        return "war pets cannot use heroic plays"
    if model.armour == "sarcophagus":
        return "heroic plays are not for models in a Battle sarcophagus"
    if heavy_armed(model):
        return "heroic plays are not for models armed with a heavy weapon"
    if model.captain:
        return None
    if model.armour != "light":
        return "heroic plays are for soldiers in light armour and the Captain"
    if model.specialist and setting(settings, "specialists_heroic") == "off":
        return "Specialists may not use heroic plays (setting [SM-A11])"
    return None


def ranged_weapon(key: str) -> t.RangedWeapon:
    """A ranged weapon by key, including the thrown knife and Spięcie; malformed otherwise."""
    if key == t.THROWN_KNIFE.key:
        return t.THROWN_KNIFE
    if key == SHORT_CIRCUIT.key:
        return SHORT_CIRCUIT
    weapon = t.RANGED_WEAPONS.get(key)
    if weapon is None:
        raise ProcedureRefused(f"unknown ranged weapon '{key}'", "§10.5", "malformed")
    return weapon


def display_name(model: ModelSpec) -> str:
    return model.name or model.id
