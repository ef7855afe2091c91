"""xK6 rule data: every number the sheet gives, named after the rule it comes from.

Section numbers are the app's short rule ids; ``citations.py`` gives the sheet's
headings. What the sheet does not give
(model cards, the movement table, the weapon table, the wound track: [XK-M1]–[XK-M4])
comes from roster files, never from here.
"""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType
from typing import Mapping

from engine.records import Record
from engine.terms import Term, term_table


class RuleValue(Record):
    """A modifier the sheet gives: ``label`` (what), ``value`` (signed), ``rule`` (where)."""

    key: str
    label: str
    value: int
    rule: str


SIDES = ("A", "B")

# -- the sheet's abbreviations, as the GM reads them ---------------------------------------------
TRAIT_TERMS: Mapping[str, Term] = term_table(
    Term("Indirect fire", "IF"),
    Term("Area", "AE"),
    Term("Template", "FT"),
    Term("Limited ammunition", "LA"),
    Term("Melee", "M"),
    Term("Incendiary", "SB"),
)
"""§16 each trait's name as the GM reads it, by the sheet's letters (``TRAITS`` says what
it does): "Melee (M)", never a bare "M"."""
_TRAIT_BY_CODE: Mapping[str, Term] = MappingProxyType({x.original: x for x in TRAIT_TERMS.values()})

WEAPON_COLUMNS: Mapping[str, Term] = MappingProxyType(
    {
        "Acc": Term("Accuracy", "Acc"),
        "DAM": Term("Damage", "DAM"),
        "ROF": Term("Rate of fire", "ROF"),
        "Mags": Term("Magazines", "Mags"),
    }
)
"""[XK-M3] the weapon table's columns, by the sheet's abbreviations: "Rate of fire (ROF)"."""


def trait_shown(trait: str) -> str:
    """ "Melee (M)", "Area 2\" (AE 2)": a weapon trait by its name, the sheet's letters beside."""
    code, _, n = trait.partition(" ")
    x = _TRAIT_BY_CODE.get(code)
    if x is None:
        return trait
    return f'{x.english} {n}" ({trait})' if n else x.shown


ATTACK_KINDS: Mapping[str, str] = MappingProxyType(
    {"direct": "direct fire", "indirect": "indirect fire", "melee": "melee"}
)
"""§8, §9 the kinds of attack by the engine's names."""

# -- §3 the pool, §4 tests ---------------------------------------------------------------------------
POOL_RULE = "§3"
EXTRA_SIX_BONUS = 1
"""§3: +1 for every 6 after the first."""
SIX_BASE = 5
"""§3: with n sixes the result is 5 + n."""
OPPOSED_RULE = "§4.1"
THRESHOLD_RULE = "§4.2"
ONE_DIE_RULE = "§4.3"

SL_SHOWN = "success level (SL)"
"""§1, §4: the glossary's term with the letters the dialogs and the log use for it."""


def sl_shown(sl: int) -> str:
    """ "success level (SL) 3": a success level said in words, the letters beside (§4)."""
    return f"{SL_SHOWN} {sl}"


# -- §5 initiative and activation options ---------------------------------------------------------
INITIATIVE_RULE = "§5.1"
MOVE_ATTACK = "move-attack"
MOVE_DESIGNATE = "move-designate"
HOLD = "hold"
RELOAD = "reload"
SKILL = "skill"
OPTIONS: Mapping[str, str] = MappingProxyType(
    {
        MOVE_ATTACK: "move and attack",
        MOVE_DESIGNATE: "move and designate a target for indirect fire",
        HOLD: "hold the action for a reaction",
        RELOAD: "reload a weapon",
        SKILL: "an action granted by a skill",
    }
)
"""§5.2: the five activation options, in the sheet's order."""
MOVING_OPTIONS = (MOVE_ATTACK, MOVE_DESIGNATE)

# -- §6 movement ------------------------------------------------------------------------------------
TERRAIN_FACTOR: Mapping[str, Fraction] = MappingProxyType(
    {"normal": Fraction(1), "difficult": Fraction(1, 2), "very-difficult": Fraction(1, 3)}
)
"""§6.2: speed factor per terrain (a speed of 6" is 3" in difficult, 2" in very difficult)."""
MOVE_RULE = "§6.1"

# -- §7 cover and visibility --------------------------------------------------------------------------
COVER: Mapping[str, RuleValue] = MappingProxyType(
    {
        "open": RuleValue("cover", "target in the open", +1, "§7"),
        "soft": RuleValue("cover", "target in soft cover", -1, "§7"),
        "hard": RuleValue("cover", "target in hard cover", -2, "§7"),
    }
)
HIDDEN = RuleValue("hidden", "target not visible (indirect fire only)", -2, "§7 [XK-A8](d)")
COVERS = ("open", "soft", "hard", "hidden")

# -- §8 direct attack modifiers -------------------------------------------------------------------
RANGE: Mapping[str, RuleValue] = MappingProxyType(
    {
        "optimal": RuleValue("range", "optimal range", 0, "§18"),
        "maximum": RuleValue("range", "maximum range", -1, "§18"),
    }
)
RANGE_BANDS = ("optimal", "maximum", "beyond")
STUN = RuleValue("stun", "stunned", -1, "§13")
CROSSFIRE = RuleValue("crossfire", "crossfire", -1, "§8.2 [XK-A9]")
REAR = RuleValue("rear", "attack from behind", -1, "§8.2")
CLOSE_RANGE = RuleValue("close_range", f'ranged weapon within 3" (not {trait_shown("M")})', -1, "§8.2 [XK-M7]")
CLOSE_RANGE_INCHES = 3
DIRECT_RULE = "§8"
MELEE_RULE = "§8 [XK-M7]"

# -- §9 indirect fire ------------------------------------------------------------------------------
IF_THRESHOLD = 4
"""§9 step 1: threshold test, threshold 4 (a modified 5 or more hits)."""
SCATTER_DIE = 6
"""§9: a miss scatters 1d6 inches in a direction the GM enters [XK-M8]."""
INDIRECT_RULE = "§9"

# -- §12 ammunition ---------------------------------------------------------------------------------
AMMO_RULE = "§12.1"
EMPTIES_ON: Mapping[str, int] = MappingProxyType(
    {"none": 1, "less-than-half": 2, "half-or-more": 3, "all": 4, "rof1": 3}
)
"""§12.1: the magazine empties on an unmodified result of this value or less."""
AMMO_ROW_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "none": "ROF not used",
        "less-than-half": "less than half the ROF used",
        "half-or-more": "half the ROF or more used, but not all",
        "all": "the full ROF used",
        "rof1": "ROF 1 weapon using its 1 (special row)",
    }
)
"""§12.1 the table's rows, each as the ROF used in the attack (its left column)."""


def ammo_row(rof: int, used: int) -> str:
    """§12.1 [XK-A13](b): the depletion row for ``used`` of ``rof``; the special row first."""
    if rof == 1 and used == 1:
        return "rof1"
    if used <= 0:
        return "none"
    if used >= rof:
        return "all"
    return "half-or-more" if 2 * used >= rof else "less-than-half"


def empties_on(rof: int, used: int) -> int:
    """The highest unmodified result that empties the magazine."""
    return EMPTIES_ON[ammo_row(rof, used)]


# -- §16 traits ---------------------------------------------------------------------------------------
TRAITS: Mapping[str, str] = MappingProxyType(
    {
        "IF": "can fire indirectly (§9)",
        "AE": "area attack, radius n inches (§10)",
        "FT": "template: attacks every model under it (§16 [XK-M11])",
        "LA": "limited ammunition (§12.2)",
        "M": "can be used in melee (§8.2)",
        "SB": "incendiary: a model hit with SL > 0 starts burning (§16)",
    }
)


def rof_use(rof_dam: int, rof_area: int) -> str:
    """§11 a declared ROF split as the GM reads it: "rate of fire +2 to damage, +1 to radius",
    "rate of fire not used"."""
    used = [f"+{n} to {what}" for n, what in ((rof_dam, "damage"), (rof_area, "radius")) if n]
    return f"{WEAPON_COLUMNS['ROF'].english.lower()} {', '.join(used) if used else 'not used'}"


BURN_OUT_MAX = 4
"""§16 SB: at the start of its activation a burning model rolls 1d6: 1–4 the fire goes out."""
BURN_WOUNDS = 1
"""§16 SB: 5–6 loses 1 wound (Armour does not reduce it) and keeps burning."""
HEAL_WOUNDS = 1
"""§16 Medic: heals 1 wound."""
SKILL_TRAITS = ("Medic", "Stealth")

# -- §15 command ---------------------------------------------------------------------------------------
COMMAND_RANGE_INCHES = 6
"""§15: a point is spent on the commander itself or a model within 6"."""
CP_USES: Mapping[str, str] = MappingProxyType({"reroll": "re-roll a test", "activation": "activate a model"})
COMMAND_RULE = "§15"

# -- §17 damage -------------------------------------------------------------------------------------------
DAMAGE_RULE = "§17"


def wounds_from(damage: int, armour: int) -> int:
    """§17: one wound for each full Armour's worth of damage (Armour ≥ 1, checked by the roster)."""
    return max(0, damage) // armour


def terrain_speed(inches: Fraction | int | float, terrain: str) -> Fraction:
    """§6.2: the distance a speed allows in ``terrain`` (no rounding, [XK-A5])."""
    return Fraction(inches).limit_denominator(1000) * TERRAIN_FACTOR[terrain]
