"""SAGA rule data: unit classes, distance bands, fatigue triggers and spends, melee and
defence thresholds, buildings, terrain.

Every number the rules use lives here, named after the rule it comes from (section
numbers are the app's short rule ids; ``citations.py`` gives the book's heading). Values the source text does not give
([SAGA-M1] attack dice, [SAGA-M4] Armour, [SAGA-M7] band lengths, [SAGA-M9] shooting) are in
``HOUSE_DEFAULTS``: they are the defaults of battle settings, always shown as
"house default, not from the source text".
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from engine.records import Record

from .terms import band as band_term

# -- §2.1 unit classes -------------------------------------------------------------
LEVY = "levy"
WARRIORS = "warriors"
HEARTHGUARD = "hearthguard"
WARLORD = "warlord"
CLASSES = (LEVY, WARRIORS, HEARTHGUARD, WARLORD)
CLASS_NAMES: Mapping[str, str] = MappingProxyType(
    {LEVY: "Levy", WARRIORS: "Warriors", HEARTHGUARD: "Hearthguard", WARLORD: "Warlord"}
)
FATIGUE_LIMIT: Mapping[str, int] = MappingProxyType({LEVY: 2, WARRIORS: 3, HEARTHGUARD: 4, WARLORD: 4})
"""§4.6 Fatigue limit (Предел усталости): exhausted at or above it."""

# -- §2.2 distance bands --------------------------------------------------------------
BANDS = ("VS", "S", "M", "L")
"""Shortest to longest; the engine reasons only with these names [SAGA-M7]."""
FOOT_MOVE = "M"
MOUNTED_MOVE = "L"
"""Inferred from the fatigue-spend example (§4.5: "M to S, L to M for mounted")."""
RETREAT_BAND = "S"
"""§3 step 8: every retreating model moves S."""
T4_RADIUS = "S"
"""§4.2 T4: friendly units within S of a unit destroyed in melee."""
MELEE_REACH = "VS"
"""[SAGA-A2] models within VS take part; §6 every attacker within VS of a building."""


def band_index(band: str) -> int:
    return BANDS.index(band)


def reduced_band(band: str, broken: bool = False) -> str:
    """§4.5 way 1: one band shorter (M→S, L→M); through broken terrain only VS [SAGA-A12].
    There is no band below VS: the spend is not offered at VS."""
    if broken:
        return "VS"
    i = band_index(band)
    if i == 0:
        raise ValueError("no band below VS [SAGA-A12]")
    return BANDS[i - 1]


# -- §4 fatigue ---------------------------------------------------------------------------
class Trigger(Record):
    """A way of gaining fatigue (each gives exactly one marker)."""

    key: str
    name: str
    rule: str


T1 = Trigger("T1", "Movement after a Movement or Shooting this turn", "§4.2")
T2 = Trigger("T2", "Shooting after a Movement or Shooting this turn", "§4.2")
T3 = Trigger("T3", "took part in a melee", "§4.2, §3 step 7")
T4 = Trigger("T4", f"a friendly unit within {band_term(T4_RADIUS)} was destroyed in melee", "§4.2, §3 step 6")
ABILITY_FATIGUE = Trigger("ability", "a declared ability causes fatigue", "§3 step 3 [SAGA-M5]")
TRIGGERS: Mapping[str, Trigger] = MappingProxyType({t.key: t for t in (T1, T2, T3, T4)})


class SpendUse(Record):
    """One of the four ways the opponent spends a unit's fatigue (§4.5)."""

    key: str
    name: str
    context: str
    """"move", "shot" or "melee": the once-per scope."""
    rule: str


SLOW_MOVE = SpendUse("slow_move", "slow its Movement by one band", "move", "§4.5 way 1")
SHOOTING_ARMOUR = SpendUse("shooting_armour", "+1 Armour to your unit it shoots at", "shot", "§4.5 way 2")
OWN_ARMOUR = SpendUse("own_armour", "+1 Armour to your unit against its attack dice", "melee", "§4.5 way 3")
ENEMY_ARMOUR = SpendUse("enemy_armour", "−1 to its Armour", "melee", "§4.5 way 4")
SPEND_USES: Mapping[str, SpendUse] = MappingProxyType(
    {u.key: u for u in (SLOW_MOVE, SHOOTING_ARMOUR, OWN_ARMOUR, ENEMY_ARMOUR)}
)

REST_REMOVES = 1
"""§4.4 Rest removes one fatigue marker."""

# -- §3 melee -----------------------------------------------------------------------------
MELEE_STEPS: Mapping[int, str] = MappingProxyType(
    {
        1: "Attack dice",
        2: "Trade attack dice for defence",
        3: "Abilities and fatigue",
        4: "Attack roll",
        5: "Defence roll",
        6: "Casualties",
        7: "Fatigue",
        8: "Retreat",
    }
)
ABILITY_CAP_FACTOR = 2
"""§3 step 3: final attack dice at most twice the count before abilities."""
DEFENCE_CAP_FACTOR = 2
"""§3 step 5: never more defence dice than twice the opponent's hits."""
DEFENCE_SAVE = 5
"""§3 step 5: a defence die cancels a hit on 5+."""
HARD_COVER_SAVE = 4
"""§3.9: a Defender behind hard cover cancels on 4+."""


def trade(n: int) -> tuple[int, int, int]:
    """§3 step 2: (removed, kept, bonus defence dice) when the Defender trades ``n`` dice."""
    removed = -(-n // 2)
    return removed, n - removed, -(-removed // 2)


def capped_attack(before: int, bonus: int, base: int | None = None) -> int:
    """§3 step 3 doubling cap: ``min(before + bonus, 2 × base)`` (base = before [SAGA-A3])."""
    base = before if base is None else base
    return max(0, min(before + bonus, ABILITY_CAP_FACTOR * base))


def defence_dice(opp_hits: int, extra: int) -> int:
    """§3 step 5: one per hit plus extras, never more than twice the hits."""
    return max(0, min(opp_hits + extra, DEFENCE_CAP_FACTOR * opp_hits))


def hard_cover_in_melee(in_contact: int, covered: int) -> bool:
    """§3.9: at least 2/3 of the defending models in contact behind hard cover."""
    return in_contact > 0 and 3 * covered >= 2 * in_contact


def exhaustion_loss(n: int, rounding: str = "lose-up") -> int:
    """§4.6 [SAGA-A5]: dice an exhausted unit loses: ceil(n/2) by default, floor(n/2) if "lose-down"."""
    return n // 2 if rounding == "lose-down" else -(-n // 2)


# -- §6 buildings, §5 terrain ----------------------------------------------------------------
BUILDING_CAPACITY: Mapping[str, int] = MappingProxyType({"normal": 8, "large": 12})
TERRAIN_TYPES = ("area", "linear")
HEIGHTS = ("low", "high")
GOINGS = ("open", "broken")
COVERS = ("none", "light", "hard")

# -- house defaults for what the source does not give -------------------------------------------
HOUSE_NOTE = "house default, not from the source text"
HOUSE_DEFAULTS: Mapping[str, Mapping[str, int]] = MappingProxyType(
    {
        "armour_melee": MappingProxyType({LEVY: 3, WARRIORS: 4, HEARTHGUARD: 5, WARLORD: 5}),  # [SAGA-M4]
        "armour_shooting": MappingProxyType({LEVY: 3, WARRIORS: 4, HEARTHGUARD: 5, WARLORD: 5}),  # [SAGA-M4]
        "attack_dice": MappingProxyType({LEVY: 1, WARRIORS: 1, HEARTHGUARD: 2, WARLORD: 4}),  # [SAGA-M1]
        "shooting_dice": MappingProxyType({LEVY: 1, WARRIORS: 1, HEARTHGUARD: 1, WARLORD: 1}),  # [SAGA-M9]
    }
)
"""Per-class values the roster may leave out; each is a battle setting's default."""
PROFILE_FIELDS = tuple(HOUSE_DEFAULTS)
PROFILE_REFS: Mapping[str, str] = MappingProxyType(
    {"armour_melee": "M4", "armour_shooting": "M4", "attack_dice": "M1", "shooting_dice": "M9"}
)
BAND_INCHES: Mapping[str, int] = MappingProxyType({"VS": 2, "S": 4, "M": 6, "L": 12})
"""[SAGA-M7] lengths of the bands in inches: house default."""
SHOOTING_SAVE = 5
"""[SAGA-M9] house default: a shooting defence die cancels on 5+, as in melee."""
SHOOTING_COVER_ARMOUR: Mapping[str, int] = MappingProxyType({"none": 0, "light": 1, "hard": 2})
"""[SAGA-M9] house default: cover adds this to the target's shooting Armour."""
