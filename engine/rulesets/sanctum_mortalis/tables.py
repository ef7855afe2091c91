"""Sanctum Mortalis rule data: weapons, armour, archetypes, skills, cards, items, tables.

Every number the rules use lives here, named after the rule it comes from
(section numbers are the app's short rule ids; ``citations.py`` gives the book's
section and page). Keys are ASCII
slugs of the English names; ``aliases`` lets a roster use the Polish source names.
"""

from __future__ import annotations

import unicodedata
from types import MappingProxyType
from typing import Iterable, Mapping, Protocol, TypeVar

from engine.records import Record, field


class _Keyed(Protocol):
    @property
    def key(self) -> str: ...


class _Named(_Keyed, Protocol):
    @property
    def name(self) -> str: ...

    @property
    def source(self) -> str: ...


_K = TypeVar("_K", bound=_Keyed)


def slug(text: str) -> str:
    """ "Strzał z bliska" -> "strzal-z-bliska"; used for keys and alias lookups."""
    text = text.replace("ł", "l").replace("Ł", "L")
    norm = unicodedata.normalize("NFKD", text)
    ascii_text = "".join(c for c in norm if not unicodedata.combining(c)).lower()
    out = []
    for ch in ascii_text:
        out.append(ch if ch.isalnum() else "-")
    return "-".join(p for p in "".join(out).split("-") if p)


def _index(items: Iterable[_K]) -> Mapping[str, _K]:
    table: dict[str, _K] = {}
    for item in items:
        table[item.key] = item
    return MappingProxyType(table)


def _aliases(items: Iterable[_Named]) -> Mapping[str, str]:
    out: dict[str, str] = {}
    for item in items:
        out[item.key] = item.key
        out[slug(item.name)] = item.key
        out[slug(item.source)] = item.key
        for a in getattr(item, "aliases", ()):
            out[slug(a)] = item.key
    return MappingProxyType(out)


# --------------------------------------------------------------------------- profile
BASE_PROFILE = MappingProxyType({"S": 4, "W": 0, "C": 7, "O": 5})
"""§3.1: every archetype model and Volunteer starts S4 W0 C7 O5."""
PET_PROFILE = MappingProxyType({"S": 5, "W": 0, "C": 0, "O": 5})
"""§15.6: war pets."""
SMALL_GUY_SHIFT = MappingProxyType({"S": +1, "O": -1})
"""§15.5: small guys S +1, O −1."""
MAX_ADVANCES = MappingProxyType({"S": 1, "O": 1, "W": 3, "C": 3})
"""§3.2 / §19.3: maximum advances per characteristic."""
THIRD_ADVANCE_NEEDS = MappingProxyType({"W": "fencing-master", "C": "marksman"})
"""§19.3: the third W advance needs Fechmistrz, the third C advance Wprawny strzelec."""
STAT_NAMES = MappingProxyType({"S": "Speed", "W": "Fight", "C": "Accuracy", "O": "Toughness"})


# --------------------------------------------------------------------------- weapons
class RangedWeapon(Record):
    """§10.5. ``shot_penalties[i]`` is the Accuracy change of shot i+1 in one action."""

    key: str
    name: str
    source: str
    weapon_class: str  # "light" | "heavy"
    hands: int
    range: int
    shot_penalties: tuple[int, ...]
    toughness: int  # ΔT of the target
    per_round: bool = False  # primitive missile weapon: 1 shot per round [SM-A45]
    template: bool = False  # flamer
    no_long_range_penalty: bool = False  # sniper rifle
    spread: int = 0  # heavy rifle: extra shots at targets within this many inches of the first
    melee_extra: bool = False  # pistols count as an additional weapon in melee (§8.5)
    family: str = ""  # "firearm" | "energy" | "rocket" | "flamer" | "primitive" (mods fit by family)
    aliases: tuple[str, ...] = ()

    @property
    def shots(self) -> int:
        return len(self.shot_penalties)

    @property
    def heavy(self) -> bool:
        return self.weapon_class == "heavy"


RANGED_WEAPONS = _index(
    [
        RangedWeapon(
            "primitive",
            "Primitive missile weapon",
            "Prymitywna broń miotająca",
            "light",
            2,
            12,
            (0,),
            +1,
            per_round=True,
            family="primitive",
            aliases=("bow", "crossbow"),
        ),
        RangedWeapon(
            "assault-pistol",
            "Assault pistol",
            "Pistolet szturmowy",
            "light",
            1,
            12,
            (0, -1),
            0,
            melee_extra=True,
            family="firearm",
        ),
        RangedWeapon(
            "assault-rifle", "Assault rifle", "Karabin szturmowy", "light", 2, 24, (0, -1, -2), 0, family="firearm"
        ),
        RangedWeapon(
            "energy-pistol",
            "Energy pistol",
            "Pistolet energetyczny",
            "light",
            1,
            10,
            (0,),
            -1,
            melee_extra=True,
            family="energy",
        ),
        RangedWeapon(
            "energy-rifle", "Energy rifle", "Karabin energetyczny", "light", 2, 21, (0, -1), -1, family="energy"
        ),
        RangedWeapon(
            "sniper-rifle",
            "Sniper rifle",
            "Karabin snajperski",
            "light",
            2,
            40,
            (0,),
            -1,
            no_long_range_penalty=True,
            family="firearm",
        ),
        RangedWeapon(
            "heavy-rifle", "Heavy rifle", "Ciężki karabin", "heavy", 2, 21, (0, -1, -2), -1, spread=3, family="firearm"
        ),
        RangedWeapon(
            "energy-cannon", "Energy cannon", "Działo energetyczne", "heavy", 2, 21, (0, -1), -2, family="energy"
        ),
        RangedWeapon(
            "rocket-launcher", "Rocket launcher", "Wyrzutnia rakiet", "heavy", 2, 24, (0,), -3, family="rocket"
        ),
        RangedWeapon("flamer", "Flamer", "Miotacz", "heavy", 2, 8, (), +1, template=True, family="flamer"),
    ]
)
HEAVY_WEAPONS = tuple(k for k, w in RANGED_WEAPONS.items() if w.heavy)
PISTOLS = ("assault-pistol", "energy-pistol")
THROWN_KNIFE = RangedWeapon(
    "thrown-knife", "Thrown knife", "nóż (Głowa w dół!)", "light", 1, 6, (0,), +1, family="thrown"
)
"""§12.2 "Heads down!": range 6", target's Toughness +1, all shooting modifiers apply."""
FLAMER_RADIUS = 3
"""§10.7: every model within 3" of the flamer's target is hit too."""


class MeleeWeapon(Record):
    """§8.5."""

    key: str
    name: str
    source: str
    toughness: int  # the loser's ΔT when this weapon wins
    fight: int = 0  # the owner's Fight bonus
    two_handed: bool = False
    aliases: tuple[str, ...] = ()


MELEE_WEAPONS = _index(
    [
        MeleeWeapon("hand-weapon", "Hand weapon", "Broń ręczna", -1),
        MeleeWeapon(
            "two-handed", "Two-handed weapon", "Broń dwuręczna", -2, two_handed=True, aliases=("two-handed-weapon",)
        ),
        MeleeWeapon(
            "additional-weapon", "Additional weapon", "Dodatkowa broń", 0, fight=+1, aliases=("additional-hand-weapon",)
        ),
    ]
)
PET_ATTACK_TOUGHNESS = 0
"""§15.6: a war pet's melee attack does not change the target's Toughness."""


# --------------------------------------------------------------------------- armour
class Armour(Record):
    """§9.2."""

    key: str
    name: str
    source: str
    toughness: int
    speed: int = 0
    large_target: bool = False
    weight: int = 0  # order for "Z drogi!": none < light < powered < sarcophagus
    aliases: tuple[str, ...] = ()


ARMOURS = _index(
    [
        Armour("none", "No armour", "brak", 0, weight=0),
        Armour("light", "Light armour", "Lekki pancerz", +1, weight=1),
        Armour("powered", "Powered armour", "Pancerz wspomagany", +2, weight=2),
        Armour("sarcophagus", "Battle sarcophagus", "Sarkofag bojowy", +3, speed=-1, large_target=True, weight=3),
    ]
)
SHIELD_TOUGHNESS = +1
"""§9.2: a shield gives +1 Toughness."""
LARGE_TARGET_ACCURACY = +1
"""§3.3: shots at a Large target get +1 Accuracy."""


# --------------------------------------------------------------------------- archetypes
class Archetype(Record):
    """§15.3 Soldier archetypes (and war pets, §15.6). Loadouts are the allowed
    alternatives; ``options`` are off-hand purchases (one of them, [SM-A35])."""

    key: str
    name: str
    source: str
    cost: int
    ranged: tuple[tuple[str, ...], ...]
    melee: tuple[tuple[str, ...], ...]
    armour: str
    armour_swaps: Mapping[str, int] = field(default_factory=dict)
    options: Mapping[str, int] = field(default_factory=dict)  # off-hand: additional-weapon / shield / two-handed swap
    sniper_swap: int | None = None
    specialist_base: bool = False
    pet: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def has_heavy(self) -> bool:
        return any(w in HEAVY_WEAPONS for loadout in self.ranged for w in loadout)


_ARMOUR_SWAPS = MappingProxyType({"powered": 10, "sarcophagus": 25})
_ARMOUR_POWERED = MappingProxyType({"powered": 10})
_HEAVY_CHOICES = tuple((w,) for w in HEAVY_WEAPONS)

ARCHETYPES = _index(
    [
        Archetype("savage", "Savage", "Dzikus", 10, (("primitive",),), (("hand-weapon",),), "light"),
        Archetype(
            "swordsman",
            "Swordsman",
            "Szermierz",
            10,
            ((),),
            (("hand-weapon",),),
            "light",
            _ARMOUR_SWAPS,
            MappingProxyType({"additional-weapon": 5, "shield": 5, "two-handed": 5}),
            specialist_base=True,
        ),
        Archetype(
            "officer",
            "Officer",
            "Funkcjonariusz",
            15,
            (("assault-pistol",), ("energy-pistol",)),
            ((),),
            "light",
            _ARMOUR_SWAPS,
            MappingProxyType({"additional-weapon": 5, "shield": 5}),
            specialist_base=True,
        ),
        Archetype(
            "gunslinger",
            "Gunslinger",
            "Rewolwerowiec",
            20,
            (("assault-pistol", "assault-pistol"), ("energy-pistol", "energy-pistol")),
            ((),),
            "light",
            _ARMOUR_SWAPS,
        ),
        Archetype(
            "trooper",
            "Trooper",
            "Szturmowiec",
            20,
            (("assault-rifle",), ("energy-rifle",)),
            ((),),
            "light",
            _ARMOUR_POWERED,
            sniper_swap=5,
            specialist_base=True,
        ),
        Archetype(
            "drop-trooper",
            "Drop trooper",
            "Desantowiec",
            25,
            (("assault-rifle",), ("energy-rifle",)),
            (("hand-weapon", "additional-weapon"), ("two-handed",)),
            "light",
            _ARMOUR_POWERED,
        ),
        Archetype(
            "support",
            "Support",
            "Wsparcie",
            30,
            _HEAVY_CHOICES,
            ((),),
            "light",
            _ARMOUR_POWERED,
            aliases=("heavy-gunner",),
        ),
        Archetype(
            "destroyer",
            "Destroyer",
            "Niszczyciel",
            55,
            _HEAVY_CHOICES,
            ((),),
            "sarcophagus",
            MappingProxyType({}),
            MappingProxyType({"additional-weapon": 5, "shield": 5}),
        ),
        Archetype("war-pet", "War pet", "Zwierzak bojowy", 5, ((),), ((),), "none", pet=True, aliases=("pet",)),
    ]
)
VOLUNTEER = Archetype("volunteer", "Volunteer", "Ochotnik", 0, (("assault-rifle",),), ((),), "light")
"""§15.9: S4 W0 C7 O5, assault rifle, light armour; no more gear."""


class Specialist(Record):
    """§15.4: built on a Swordsman, Officer or Trooper, plus a surcharge."""

    key: str
    name: str
    source: str
    surcharge: int
    no_sarcophagus: bool
    no_sniper: bool
    starting_skills: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()


SPECIALISTS = _index(
    [
        Specialist("medic", "Medic", "Sanitariusz", 0, True, True, aliases=("orderly",)),
        Specialist(
            "technomancer", "Technomancer", "Technomanta", 5, True, True, starting_skills=("technomancer-tricks",)
        ),
        Specialist(
            "chaplain", "Military chaplain", "Kapelan Wojskowy", 10, False, True, aliases=("military-chaplain",)
        ),
    ]
)
SPECIALIST_BASES = ("swordsman", "officer", "trooper")

BAND_MAX_MODELS = 7
"""§15.1: at most 7 models (war pets over 7 only through Pan zwierząt)."""
BEAST_MASTER_EXTRA_PETS = 2
"""§20.4: a band with a trainer may buy two war pets above the 7-model limit."""
STARTING_BUDGET = 150
"""§15.1: 150tk for the starting band."""
SMALL_GUY_DISCOUNT = (4, 5)
"""§15.5: small guys cost 20% less (× 4/5) — archetype, table options, surcharge [SM-A38]."""
CAPTAIN_XP = 4
VETERAN_XP = 2
VETERANS = 2
"""§15.2: the Captain starts with 4 XP, two Veterans with 2 XP each."""
SPECIAL_ITEM_SLOTS = 2
"""§15.7: up to two special items per model (climbing gear and jet pack count)."""
XP_PER_CREDIT_COST = 15
"""§22.2: XP bought at recruitment costs 15tk each."""
MAX_XP = 50
LEVEL_THRESHOLDS = (2, 4, 6, 8, 10, 13, 16, 19, 22, 25, 28, 31, 34, 38, 42, 46, 50)
"""§19.2: a level at each threshold."""


def level_for(xp: int) -> int:
    """§19.2: the number of thresholds ≤ XP."""
    return sum(1 for t in LEVEL_THRESHOLDS if t <= xp)


# --------------------------------------------------------------------------- skills
class Skill(Record):
    """§20. ``category``: speed / combat / shooting / knowledge / rogue."""

    key: str
    name: str
    source: str
    category: str
    effect: str
    aliases: tuple[str, ...] = ()


SKILL_CATEGORIES = MappingProxyType(
    {
        "speed": "Speed skills (Szybkościowe): not for sarcophagus models or models with a heavy ranged weapon",
        "combat": "Combat skills (Bojowe): all models",
        "shooting": "Shooting skills (Strzeleckie): models with a ranged weapon",
        "knowledge": "Knowledge skills (Wiedza): Specialists only",
        "rogue": "Rogue skills (Łotrowskie): light armour, no shield, not Specialists",
    }
)

SKILLS = _index(
    [
        Skill("runner", "Runner", "Biegacz", "speed", 'No −1" on the second Move of the round.'),
        Skill("sprint", "Sprint", "Zryw", "speed", "+1 Speed when the Move is the model's first action."),
        Skill(
            "collector", "Collector", "Zbieracz", "speed", 'Picks up a marker within 1" with no action, once per round.'
        ),
        Skill("sure-footed", "Sure-footed", "Pewny krok", "speed", 'No −1" in difficult terrain.'),
        Skill("climber", "Climber", "Wspinacz", "speed", 'Climbs 1" of height per 1" of Speed.'),
        Skill("acrobat", "Acrobat", "Akrobata", "speed", 'Jumps 4" gaps; jumping down adds 1 instead of 2.'),
        Skill("art-of-falling", "Art of falling", "Sztuka spadania", "speed", "Falling: removed only if 2k6 < h."),
        Skill("scout", "Scout", "Zwiadowca", "speed", "Deploys up to 3× as far from the edge."),
        Skill("fencing-master", "Fencing master", "Fechmistrz", "combat", "Needed for the third Fight advance."),
        Skill("crowd-fighter", "Crowd fighter", "Walka w tłumie", "combat", "The opponent gets 1 less Support."),
        Skill("agile", "Agile", "Zwinny", "combat", "−1 Fight to an opponent with a two-handed or heavy weapon."),
        Skill("feint", "Feint", "Finta", "combat", "The opponent's shield gives nothing in melee against it."),
        Skill("disarm", "Disarm", "Wytrącenie", "combat", "The opponent's additional weapon gives no +1 Fight."),
        Skill(
            "soft-spot-strike",
            "Soft-spot strike",
            "Cios w miękkie",
            "combat",
            "Sarcophagus gives +2 not +3 T in melee against it.",
        ),
        Skill("battle-frenzy", "Battle frenzy", "Szał bojowy", "combat", "+1 Fight when it is the attacker."),
        Skill("lucky", "Lucky", "Szczęściarz", "combat", "Shooters get −1 Accuracy against it while not engaged."),
        Skill("assist", "Assist", "Asysta", "combat", "Supporting gives +2 instead of +1 (does not stack)."),
        Skill(
            "effective-parry",
            "Effective parry",
            "Skuteczna zasłona",
            "combat",
            "Defending: 3 dice drop the lowest, +1 with a shield; deals no damage.",
        ),
        Skill(
            "deadly-blow",
            "Deadly blow",
            "Zabójczy cios",
            "combat",
            "Attacking: 3 dice drop the lowest; −1 T if it loses.",
        ),
        Skill("critical-hit", "Critical hit", "Trafienie krytyczne", "combat", "A natural 12 wins the melee."),
        Skill("duellist", "Duellist", "Zwadźca", "combat", "One on one: re-roll one die of its melee roll."),
        Skill(
            "dirty-tricks",
            "Dirty tricks",
            "Brudne zagrywki",
            "combat",
            "A charger that attacks at once re-rolls a die you choose.",
        ),
        Skill(
            "defence-order",
            "Defence order",
            "Rozkaz obrony",
            "combat",
            'Action: unengaged friends within 3" get Defensive stance.',
        ),
        Skill(
            "protection",
            "Protection",
            "Ochrona",
            "combat",
            'Friends within 1" get +1 T against shooting (shield only).',
        ),
        Skill("caution", "Caution", "Ostrożność", "combat", 'Cover is −3 against it from more than 12".'),
        Skill("marksman", "Marksman", "Wprawny strzelec", "shooting", "Needed for the third Accuracy advance."),
        Skill(
            "master-shot",
            "Master shot",
            "Mistrzowski strzał",
            "shooting",
            "Natural double 1 removes the target, no save.",
        ),
        Skill("hip-fire", "Hip fire", "Strzał z biodra", "shooting", "Heavy weapon after a Move at −2 C."),
        Skill("steady-hand", "Steady hand", "Pewna ręka", "shooting", "No −1 C after a Move; Hip fire becomes −1."),
        Skill(
            "past-the-shield",
            "Past the shield",
            "Poza tarczę",
            "shooting",
            "Shields give less against its hits [SM-A5].",
        ),
        Skill("good-eye", "Good eye", "Dobre oko", "shooting", 'No −1 C beyond 12".'),
        Skill(
            "aimed-shot",
            "Aimed shot",
            "Wymierzony strzał",
            "shooting",
            "Not moved: 3 dice drop one [SM-A6]; uses both actions.",
        ),
        Skill("hunter", "Hunter", "Łowca", "shooting", "+1 C from Overwatch."),
        Skill("sentinel", "Sentinel", "Wartownik", "shooting", 'From ≥2" higher: target −1 T.'),
        Skill("point-blank", "Point-blank", "Strzał z bliska", "shooting", 'Target under 6": re-roll one die.'),
        Skill("beast-master", "Beast master", "Pan zwierząt", "knowledge", "Two war pets above the 7-model limit."),
        Skill("medic", "Medic", "Medyk", "knowledge", "Medical care costs 20% less."),
        Skill(
            "technomancer-tricks",
            "Technomancer tricks",
            "Sztuczki technomantów",
            "knowledge",
            "May learn tricks; the first is free.",
        ),
        Skill("dispel", "Dispel", "Rozproszenie", "knowledge", '2k6 ≥ 8 dispels a trick within 8" in sight.'),
        Skill("theft", "Theft", "Kradzież", "rogue", "Win a melee: take a marker instead of hitting."),
        Skill("escape", "Escape", "Ucieczka", "rogue", 'Break out of melee; after a win, break off 1".'),
        Skill("haggling", "Haggling", "Targowanie", "rogue", "Found items sell for +20%."),
        Skill("fence", "Fence", "Paser", "rogue", "Special items cost 20% less."),
        Skill("tech-hunter", "Tech hunter", "Łowca technologii", "rogue", "Re-roll one die of a 2k6 loot roll."),
        Skill("searching", "Searching", "Przeszukiwanie", "rogue", "±1 to a single-k6 loot roll."),
        Skill("hiding", "Hiding", "Ukrycie", "rogue", "Action: Hiding marker behind half cover."),
        Skill("stalking", "Stalking", "Skradanie", "rogue", "Hidden model keeps Hiding through a Move."),
        Skill("captain", "Captain", "Kapitan", "trait", "Once per battle, re-roll one roll [SM-A9]."),
    ]
)


# --------------------------------------------------------------------------- tricks
class Trick(Record):
    """§21 Technomancer tricks."""

    key: str
    name: str
    source: str
    charges: int
    action: bool
    range: int | None
    effect: str
    aliases: tuple[str, ...] = ()


TRICKS = _index(
    [
        Trick(
            "short-circuit",
            "Short circuit",
            "Spięcie",
            2,
            True,
            8,
            "Hit as if C = 12 with all shooting modifiers; target saves at +1 T.",
        ),
        Trick(
            "displacement", "Displacement", "Przemieszczenie", 2, True, 8, 'Push an enemy 3" away (not sarcophagus).'
        ),
        Trick(
            "protective-shield",
            "Protective shield",
            "Tarcza ochronna",
            2,
            False,
            0,
            "Shot at: the Toughness test passes automatically.",
        ),
        Trick(
            "deconcentration",
            "Deconcentration",
            "Dekoncentracja",
            2,
            True,
            14,
            "The victim loses one action this round.",
        ),
        Trick(
            "matrix-error", "Matrix error", "Błąd matrycy", 1, False, 12, "Force an enemy to re-roll a roll [SM-A9]."
        ),
        Trick("flash", "Flash", "Rozbłysk", 2, True, 16, "The victim may not shoot this round."),
        Trick(
            "acceleration",
            "Acceleration",
            "Przyspieszenie",
            1,
            True,
            6,
            "A friend gets one bonus action after all have moved.",
        ),
        Trick("power-wave", "Power wave", "Fala Mocy", 1, True, 4, 'Push models near the caster out to 4" [SM-A31].'),
        Trick(
            "drone-strike",
            "Drone strike",
            "Atak Drona",
            1,
            True,
            14,
            "Automatic hit; Toughness test with no shield bonus.",
        ),
        Trick(
            "infection", "Infection", "Zakażenie", 1, True, 14, "−1 to every characteristic for the rest of the battle."
        ),
        Trick("adrenaline", "Adrenaline", "Adrenalina", 1, False, 8, "A failed Toughness test counts as passed."),
        Trick("energy-barrier", "Energy barrier", "Bariera energetyczna", 1, True, 16, 'A 4"×2" barrier blocks sight.'),
        Trick("lava", "Lava", "Lawa", 1, True, 14, '3" pool: Toughness test or removed; Move only inside.'),
        Trick("hack", "Hack", "Włam", 1, True, None, "A sarcophagus model takes no action this round."),
    ]
)


# --------------------------------------------------------------------------- event cards
class EventCard(Record):
    """§12. ``kind``: "heroic" (own models) or "offensive" (enemy models)."""

    key: str
    name: str
    source: str
    kind: str
    timing: str
    effect: str
    any_model: bool = False  # "Nic mi nie jest!" is for any model
    aliases: tuple[str, ...] = ()


EVENT_CARDS = _index(
    [
        EventCard(
            "your-mother-too",
            "And your mother too!",
            "I Twoją matkę też!",
            "heroic",
            "Any time; no action.",
            "Enemies that see it and could choose must shoot it or not shoot, until the end of the round [SM-A12].",
        ),
        EventCard(
            "looking-for-me",
            "Looking for me?",
            "To mnie szukasz?",
            "heroic",
            "As part of a Move action.",
            'Move to any reachable place within 8"; may engage or pick up a marker [SM-A14].',
        ),
        EventCard(
            "bite-this",
            "Bite this!",
            "Gryź to!",
            "heroic",
            "After winning a melee against a model with a ranged weapon.",
            "Instead of hitting, fire a full salvo from the enemy's weapon.",
        ),
        EventCard(
            "woohoo",
            "Woohoo!",
            "Woohoo!",
            "heroic",
            "Taking an Overwatch shot meant for another.",
            "Its Toughness roll uses 3 dice, dropping the highest.",
        ),
        EventCard(
            "what-are-you-gonna-do",
            "What are you gonna do?!",
            "I co mi zrobisz?!",
            "heroic",
            "Hit by an enemy shooter, before the Toughness roll [SM-A13].",
            "Toughness is 7 for this roll; nothing changes it.",
        ),
        EventCard(
            "you-only-die-once",
            "You only die once!",
            "Raz kozie śmierć!",
            "heroic",
            'Within 1" of a 4"+ edge, about to be hit by a shooter.',
            "Jump down instead of the Toughness test; a failed jump falls.",
        ),
        EventCard(
            "show-me-kitty",
            "Show me what's inside, kitty!",
            "Pokaż kotku, co masz w środku!",
            "heroic",
            "Attacking a sarcophagus model in melee.",
            "+2 Fight; if it wins, the target's Toughness −2 more.",
        ),
        EventCard(
            "heads-down",
            "Heads down!",
            "Głowa w dół!",
            "heroic",
            "Any time, no action.",
            "Throw a knife (6\", T +1) at a fighting friend's opponent.",
        ),
        EventCard(
            "out-of-the-way",
            "Out of the way!",
            "Z drogi!",
            "heroic",
            "Won a melee but failed to wound; heavier armour (or same with a shield).",
            'Push the opponent 2"; both no longer engaged.',
        ),
        EventCard(
            "im-fine",
            "I'm fine!",
            "Nic mi nie jest!",
            "heroic",
            "A failed Toughness roll.",
            "Re-roll one die of that roll.",
            any_model=True,
        ),
        EventCard(
            "primal-fear",
            "Primal fear",
            "Pierwotny strach",
            "offensive",
            "Any time.",
            'The model must move 3" at once; its owner picks the direction.',
        ),
        EventCard(
            "stall",
            "Stall",
            "Zastój",
            "offensive",
            "Any time.",
            "The model has one action this round (none if it used one).",
        ),
        EventCard(
            "distraction",
            "Distraction",
            "Rozproszenie",
            "offensive",
            "Any time.",
            "Remove a Defensive stance or Overwatch marker, or stop one Intercept.",
        ),
        EventCard(
            "doubt",
            "Doubt",
            "Zwątpienie",
            "offensive",
            "As the opponent declares an action.",
            "The model must take a different action or none [SM-A43].",
        ),
        EventCard(
            "stumble",
            "Stumble",
            "Potknięcie",
            "offensive",
            "As the model is about to Move.",
            'It moves straight ahead 3" instead; the Move is used [SM-A43].',
        ),
    ]
)
HEROIC_PLAYS = tuple(k for k, c in EVENT_CARDS.items() if c.kind == "heroic")
OFFENSIVE_EVENTS = tuple(k for k, c in EVENT_CARDS.items() if c.kind == "offensive")
MAX_OFFENSIVE_EVENTS = 3
"""§12.3: at most three different offensive events per battle, each once."""


# --------------------------------------------------------------------------- special items
class Item(Record):
    """§17.5–17.7, §22.4–22.5: special items and mods. ``value`` in tk (None: not traded)."""

    key: str
    name: str
    source: str
    kind: str  # grenade | gadget | ammo | weapon-mod | armour-mod | melee-mod | sarcophagus-mod | gear | medicine | implant | cyber
    value: int | None
    effect: str
    fits: tuple[str, ...] = ()  # weapons / armours it fits
    slot: bool = True  # uses one of the two special-item slots
    aliases: tuple[str, ...] = ()


_ENERGY = ("energy-pistol", "energy-rifle", "energy-cannon")
_LIGHT = tuple(k for k, w in RANGED_WEAPONS.items() if not w.heavy)
_FIREARMS = ("assault-pistol", "assault-rifle", "sniper-rifle", "heavy-rifle")

ITEMS = _index(
    [
        Item(
            "smoke-grenade",
            "Smoke grenade",
            "Granat dymny",
            "grenade",
            5,
            '2" blast blocks sight; Move only inside; gone next round.',
        ),
        Item(
            "stun-grenade",
            "Stun grenade",
            "Granat ogłuszający",
            "grenade",
            5,
            "Models in the blast: one action, a Move.",
        ),
        Item(
            "frag-grenade",
            "Frag grenade",
            "Granat rozrywający",
            "grenade",
            5,
            'Automatic hit on every model in the 2" blast.',
        ),
        Item("suppression-filter", "Suppression filter", "Filtr tłumiący", "gadget", 5, "Immune to stun grenades."),
        Item("camouflage", "Camouflage", "Kamuflaż", "gadget", 10, "Shots at the owner −1 C."),
        Item(
            "masking-protocol",
            "Masking protocol",
            "Protokół maskujący",
            "gadget",
            20,
            "−3/−2/−1 C to shooters [SM-A16].",
        ),
        Item(
            "skill-implant",
            "Skill implant",
            "Wszczep umiejętności",
            "gadget",
            20,
            "Holds one Speed skill the owner may use.",
        ),
        Item("bio-detector", "Bio-detector", "Biowykrywacz", "gadget", 15, "Ignores Camouflage and Masking protocol."),
        Item("eye-implant", "Eye implant", "Implant oka", "cyber", 10, "Cancels Damaged eye."),
        Item("cyber-arm", "Cyber-prosthetic arm", "Cyberproteza ręki", "cyber", 10, "Cancels Damaged arm."),
        Item("leg-exoskeleton", "Leg exoskeleton", "Egzoszkielet nogi", "cyber", 10, "Cancels Damaged leg."),
        Item("artificial-organs", "Artificial organs", "Sztuczne organy", "cyber", 10, "Cancels Deep scars."),
        Item(
            "high-energy-batteries",
            "High-energy batteries",
            "Baterie wysokoenergetyczne",
            "weapon-mod",
            10,
            '+3" range.',
            _ENERGY,
            slot=False,
        ),
        Item(
            "shot-stabiliser",
            "Shot stabiliser",
            "Stabilizator wystrzału",
            "weapon-mod",
            15,
            "No shot-after-Move penalty.",
            _LIGHT,
            slot=False,
        ),
        Item(
            "precision-sight",
            "Precision sight",
            "Celownik precyzyjny",
            "weapon-mod",
            20,
            '+1 C under 12".',
            _LIGHT,
            slot=False,
        ),
        Item("piercing-rounds", "Piercing rounds", "Pociski przebijające", "ammo", 5, "Target's T −1 more.", _FIREARMS),
        Item(
            "high-pressure-tanks",
            "High-pressure tanks",
            "Zbiorniki wysokociśnieniowe",
            "ammo",
            5,
            "Flamer targets lose +1 T.",
            ("flamer",),
        ),
        Item(
            "homing-missiles",
            "Homing missiles",
            "Pociski samonaprowadzające",
            "ammo",
            5,
            "No obstacle modifier; cover −1.",
            ("rocket-launcher",),
        ),
        Item(
            "ultralight-alloy",
            "Ultralight alloy",
            "Ultralekki stop",
            "melee-mod",
            5,
            "Fight +1.",
            ("hand-weapon", "two-handed"),
            slot=False,
        ),
        Item(
            "impact-pattern",
            "Impact pattern",
            "Wzór impaktowy",
            "melee-mod",
            10,
            "Opponent's T −1.",
            ("hand-weapon", "two-handed"),
            slot=False,
        ),
        Item(
            "nano-blade",
            "Nano-blade",
            "Nanoostrze",
            "melee-mod",
            15,
            "Fight +1 and opponent's T −1.",
            ("hand-weapon", "two-handed"),
            slot=False,
        ),
        Item(
            "armoured-fibres", "Armoured fibres", "Pancerne włókna", "armour-mod", 15, "T +1.", ("light",), slot=False
        ),
        Item(
            "force-field",
            "Force field",
            "Pole siłowe",
            "armour-mod",
            20,
            "T +2 against shooting hits.",
            ("light",),
            slot=False,
        ),
        Item(
            "polychitin",
            "Polychitin",
            "Polichityna",
            "armour-mod",
            15,
            "T +1 against shooting hits.",
            ("powered",),
            slot=False,
        ),
        Item(
            "servomotors",
            "Servomotors",
            "Serwomotory",
            "armour-mod",
            15,
            "May use Speed skills [SM-A8].",
            ("powered",),
            slot=False,
        ),
        Item(
            "power-boost",
            "Power boost",
            "Zwiększenie mocy",
            "sarcophagus-mod",
            15,
            "No −1 Speed from the sarcophagus.",
            ("sarcophagus",),
            slot=False,
        ),
        Item(
            "climbing-gear",
            "Climbing gear",
            "Sprzęt wspinaczkowy",
            "gear",
            5,
            'Climb 1" per 1" of Speed; not sarcophagus.',
        ),
        Item("jet-pack", "Jet pack", "Plecak odrzutowy", "gear", 10, 'Once per battle: fly 10" [SM-A27].'),
    ]
)
CLIMBING_GEAR_COST = 5
JET_PACK_COST = 10
BUY_PRICE_MULTIPLIER = 3
"""§22.3: items are bought for 3× their listed value."""

# Situational numbers used by the procedures -------------------------------------------
SHOT_AFTER_MOVE = -1
LONG_RANGE = -1
LONG_RANGE_FROM = 12
OBSTACLE = -1
COVER = -2
CAUTION_COVER = -3
HOMING_COVER = -1
CAMOUFLAGE = -1
MASKING_PROTOCOL = MappingProxyType({"idle": -3, "moved": -2, "acted": -1})
LUCKY = -1
PRECISION_SIGHT = +1
HUNTER = +1
HIP_FIRE = -2
HIP_FIRE_STEADY = -1
POINT_BLANK_UNDER = 6
SENTINEL_TOUGHNESS = -1
PIERCING_TOUGHNESS = -1
FORCE_FIELD = +2
POLYCHITIN = +1
ARMOURED_FIBRES = +1
PROTECTION = +1
DEFENSIVE_STANCE_FIGHT = +1
DEFENSIVE_STANCE_TOUGHNESS = +1
BATTLE_FRENZY = +1
AGILE = -1
ASSIST = +2
SUPPORT = +1
SPECIAL_MARKER_FIGHT = -2
SPECIAL_MARKER_SPEED = -2
SHOW_ME_KITTY_FIGHT = +2
SHOW_ME_KITTY_TOUGHNESS = -2
SOFT_SPOT_SARCOPHAGUS = +2
DEADLY_BLOW_LOSER = -1
EFFECTIVE_PARRY_SHIELD = +1
WHAT_ARE_YOU_GONNA_DO_T = 7
SHORT_CIRCUIT_C = 12
SHORT_CIRCUIT_T = +1
INFECTION = -1
WOUND_PENALTY = -1
TOUGHNESS_ALWAYS_FAILS = 11
"""§9.1: a total of 11 or 12 always fails."""
SECOND_MOVE = -1
DIFFICULT_TERRAIN = -1
SPRINT = +1
JUMP_MAX = 3
JUMP_MAX_ACROBAT = 4
STANDING_JUMP = 1
JUMP_DOWN_ADD = 2
JUMP_DOWN_ADD_ACROBAT = 1
FALL_ADD = 2
FALL_ADD_ART = 0
ENGAGED_WITHIN = 1
DISPEL_TARGET = 8
GRENADE_RANGE = 8
GRENADE_BLAST = 2
GRENADE_SCATTER = 3


class OtherAction(Record):
    """An action the dashboard offers under "Other action" (it costs an action and is
    logged; the GM plays out its effect at the table). ``needs_item``: an item of this
    kind must be carried; ``needs_skill``: the skill must be known; ``needs_any_item``:
    some item must be carried."""

    label: str
    rule: str
    needs_item: str = ""
    needs_skill: str = ""
    needs_any_item: bool = False


OTHER_ACTIONS = (
    OtherAction("throws a grenade", "§17.6", needs_item="grenade"),
    OtherAction("gives Defence order (Rozkaz obrony)", "§20.2", needs_skill="defence-order"),
    OtherAction("uses an item", "§17", needs_any_item=True),
    OtherAction("another action", "§6"),
)
ACTIONS_PER_ROUND = 2


# --------------------------------------------------------------------------- wounds
class Wound(Record):
    """§18.1 Serious injuries: one stat −1; cancelled by a cyber-part."""

    key: str
    name: str
    source: str
    stat: str
    cyber: str
    aliases: tuple[str, ...] = ()


WOUNDS = _index(
    [
        Wound("damaged-leg", "Damaged leg", "Uszkodzona noga", "S", "leg-exoskeleton"),
        Wound("damaged-arm", "Damaged arm", "Uszkodzone ramię", "W", "cyber-arm"),
        Wound("damaged-eye", "Damaged eye", "Niesprawne oko", "C", "eye-implant"),
        Wound("deep-scars", "Deep scars", "Głębokie blizny", "O", "artificial-organs"),
    ]
)
WOUNDS_TO_RETIRE = 3

# --------------------------------------------------------------------------- campaign tables
LOOT_TABLE = (
    (2, 3, "tech-5"),
    (4, 5, "tech-10"),
    (6, 6, "tech-15"),
    (7, 8, "weapon-mod"),
    (9, 10, "armour-mod"),
    (11, 12, "special-item"),
)
"""§17.1 main loot table (2k6)."""
TECHNOLOGY_VALUES = MappingProxyType({"tech-5": 5, "tech-10": 10, "tech-15": 15})
INJURY_TABLE = (
    (2, 3, "death", None),
    (4, 4, "critical", 15),
    (5, 5, "serious", 10),
    (6, 6, "amnesia", 5),
    (7, 10, "light", None),
    (11, 12, "lesson", None),
)
"""§18.1 injury table (2k6): result and medical care cost."""
LEVEL_UP_TABLE = ((2, 7, "stat-or-skill"), (8, 12, "skill"))
"""§19.3: low rolls give the wider choice."""


# --------------------------------------------------------------------------- scenarios
class Scenario(Record):
    """§23. ``starter``: how round 1's first player is decided [SM-A23]."""

    key: str
    number: int
    name: str
    source: str
    markers: int
    roles: bool
    starter: str  # "roll-low" | "defender" | "attacker"
    setup: str
    special: str
    victory: str
    reward: str
    special_marker: bool = False
    leave_only_opponent_edge: bool = False
    defender_cannot_carry_off: bool = False
    models_off_table_score: bool = False


SCENARIOS = _index(
    [
        Scenario(
            "slaughter",
            1,
            "Slaughter",
            "Jatka",
            5,
            False,
            "roll-low",
            'Take turns placing terrain, then 5 technology markers at ground level, ≥6" from edges. Deploy in opposite corners within 6", one model at a time, the roller first.',
            "—",
            "1 marker carried off = 1 VP. A wiped-out band's markers go to the winner.",
            "20tk each + one loot roll per marker collected.",
        ),
        Scenario(
            "barricades",
            2,
            "Barricades",
            "Barykady",
            5,
            True,
            "defender",
            'Decide Attacker/Defender (both want the same: 2k6, lower decides). The Defender arranges terrain within 14" of his corner and places 5 markers there. Deploy within 6" of opposite corners, Defender first.',
            "No Defender model may leave the table carrying a marker.",
            "1 marker carried off = 1 VP. A wiped-out band's markers go to the winner.",
            "20tk each + one loot roll per marker collected.",
            defender_cannot_carry_off=True,
        ),
        Scenario(
            "surrounded",
            3,
            "Surrounded",
            "Otoczeni",
            5,
            True,
            "attacker",
            'The player with fewer models (Volunteers included) defends. No terrain within 6" of the centre but a centre marker; 5 markers around it. Defender deploys within 5" of the centre; Attacker within 5" of an edge and ≥8" from Defenders.',
            "—",
            "1 marker carried off = 1 VP. A wiped-out band's markers go to the winner.",
            "20tk each + one loot roll per marker collected.",
        ),
        Scenario(
            "interception",
            4,
            "Interception",
            "Przechwycenie",
            3,
            False,
            "roll-low",
            'No terrain within 6" of the centre but the special marker; 3 technology markers [SM-A48]. 2k6, the lower deploys first within 6" of an edge and starts.',
            'Special marker: a lone carrier has S −2", W −2, no shooting or tricks; carried together no Speed penalty. Off its own edge: 2 XP (1 XP each if two).',
            "1 marker carried off = 1 VP; the special marker counts as 4 [SM-A21].",
            "20tk each + one loot roll per marker collected.",
            special_marker=True,
        ),
        Scenario(
            "pride",
            5,
            "Pride",
            "Duma",
            0,
            False,
            "roll-low",
            'A 10"×28" strip, 4 pieces every 7"; the rest impassable; no markers. Deploy within 4" of the short edges, the side with more models first.',
            "Models may leave only across the opponent's edge.",
            "Each model (not Volunteers) off the opponent's edge = 1 VP.",
            "Winner 30tk + 3 loot rolls; loser 20tk + 2 loot rolls; 1 XP per model off the table.",
            leave_only_opponent_edge=True,
            models_off_table_score=True,
        ),
    ]
)
SCENARIO_REWARD = 20
SPECIAL_MARKER_VALUE = 4


def scenario_name(key: str) -> str:
    """§23: the English name of the scenario ``key`` ("surrounded" -> "Surrounded");
    a key the table does not know, as it is."""
    scenario = SCENARIOS.get(key)
    return scenario.name if scenario else key


class Challenge(Record):
    """§23.7."""

    key: str
    name: str
    source: str
    condition: str
    reward: str


CHALLENGES = _index(
    [
        Challenge(
            "extermination",
            "Extermination",
            "Eksterminacja",
            "Only your models are left at the end.",
            "1 VP + 1 XP to one model",
        ),
        Challenge(
            "lesson", "Lesson", "Nauczka", "At least half the opponent's models removed.", "1 VP + 1 XP to one model"
        ),
        Challenge(
            "courier",
            "Courier",
            "Kurier",
            "A chosen model leaves through the opponent's deployment zone.",
            "1 VP + 1 XP + 1 technology",
        ),
        Challenge(
            "predator",
            "Predator",
            "Predator",
            "A chosen model defeats enemies and stands at the end.",
            "From the 2nd kill: 1 VP + 1 XP each",
        ),
        Challenge(
            "get-the-geezer",
            "Get the geezer!",
            "Dorwać dziada!",
            "A named enemy is removed.",
            "1 VP + 1 XP to the model that did it",
        ),
        Challenge(
            "exclude-eggheads",
            "Exclude the eggheads",
            "Wykluczenie jajogłowych",
            "A named enemy Specialist is defeated.",
            "1 VP",
        ),
        Challenge(
            "eggheads-duel",
            "Eggheads' duel",
            "Pojedynek jajogłowych",
            "Your Specialist defeats an enemy Specialist.",
            "1 VP + 1 XP + 1 technology",
        ),
        Challenge(
            "hidden-data",
            "Hidden data",
            "Ukryte dane",
            "Take the extra marker the opponent places [SM-A42].",
            "1 VP + 1 technology",
        ),
        Challenge(
            "hunt", "Hunt", "Polowanie", "Your chosen model takes out a chosen enemy.", "1 VP + 1 XP + 1 technology"
        ),
        Challenge(
            "bounty-hunters", "Bounty hunters", "Łowcy nagród", "A named enemy is removed.", "1 VP + 1 technology"
        ),
        Challenge("stoicism", "Stoicism", "Stoicyzm", "No model takes more than one Move per round.", "1 VP + 1 XP"),
        Challenge(
            "sulking-pacifist",
            "Sulking pacifist",
            "Sfochowany pacyfista",
            "A chosen model harms no one and stands to the end.",
            "1 VP + 1 XP",
        ),
        Challenge("prudence", "Prudence", "Przezorność", "You lose at most two models.", "1 VP + 1 XP"),
        Challenge(
            "no-fireworks",
            "No fireworks",
            "Bez fajerwerków",
            "No trick used all battle.",
            "1 VP + 1 XP to a Specialist",
        ),
    ]
)
MAX_CHALLENGES = 2

# alias lookups ----------------------------------------------------------------------
ARCHETYPE_ALIASES = _aliases(ARCHETYPES.values())
SPECIALIST_ALIASES = _aliases(SPECIALISTS.values())
RANGED_ALIASES = _aliases(RANGED_WEAPONS.values())
MELEE_ALIASES = _aliases(MELEE_WEAPONS.values())
ARMOUR_ALIASES = _aliases(ARMOURS.values())
SKILL_ALIASES = _aliases(SKILLS.values())
TRICK_ALIASES = _aliases(TRICKS.values())
ITEM_ALIASES = _aliases(ITEMS.values())
WOUND_ALIASES = _aliases(WOUNDS.values())
CARD_ALIASES = _aliases(EVENT_CARDS.values())
SCENARIO_ALIASES = MappingProxyType(
    {**_aliases(SCENARIOS.values()), **{str(s.number): s.key for s in SCENARIOS.values()}}
)
CHALLENGE_ALIASES = _aliases(CHALLENGES.values())
