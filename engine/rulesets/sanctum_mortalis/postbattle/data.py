"""Post-battle rule data that ``tables.py`` does not hold (yet).

``tables.py`` has the main loot table, the injury and level-up tables, the XP
thresholds, the items with their values and the Challenges. The k6 sub-tables of the
loot chain (§17.3–17.9), the medicines and neural implants as items, the skill
percentages of the post-battle step and the scenario rewards are named here, each with
its rule. Nothing in this module is a literal used only once in a function.
"""

from __future__ import annotations

from types import MappingProxyType

from .. import tables as t
from ..settings import CAMPAIGN_SETTINGS

# --------------------------------------------------------------------------- loot chain (§17)
WEAPON_MOD_GROUPS = ((1, 2, "weapon-modification"), (3, 6, "ammunition"))
"""§17.3 first k6: 1–2 lasting modification, 3–6 ammunition."""
WEAPON_MODIFICATIONS = ((1, 3, "high-energy-batteries"), (4, 5, "shot-stabiliser"), (6, 6, "precision-sight"))
"""§17.3 second k6 after 1–2."""
AMMUNITION = ((1, 4, "piercing-rounds"), (5, 5, "high-pressure-tanks"), (6, 6, "homing-missiles"))
"""§17.3 second k6 after 3–6."""
ARMOUR_MOD_TYPES = ((1, 1, "melee-weapon"), (2, 3, "light-armour"), (4, 5, "powered-armour"), (6, 6, "power-boost"))
"""§17.4 first k6. A 6 (Battle sarcophagus) is always Power boost, with no second roll."""
SARCOPHAGUS_FACE = 6
"""§17.4: the first-k6 face of the Battle sarcophagus row."""
MELEE_WEAPON_MODS = ((1, 3, "ultralight-alloy"), (4, 5, "impact-pattern"), (6, 6, "nano-blade"))
LIGHT_ARMOUR_MODS = ((1, 4, "armoured-fibres"), (5, 6, "force-field"))
POWERED_ARMOUR_MODS = ((1, 4, "polychitin"), (5, 6, "servomotors"))
"""§17.4 second k6 for each item type."""
SPECIAL_ITEM_TYPES = ((1, 2, "grenade"), (3, 4, "gadget"), (5, 5, "medicine"), (6, 6, "implant"))
"""§17.5 k6."""
GRENADE_TABLE = ((1, 2, "smoke-grenade"), (3, 4, "stun-grenade"), (5, 6, "frag-grenade"))
"""§17.6 k6."""
GADGET_TABLE = (
    (1, 1, "suppression-filter"),
    (2, 2, "camouflage"),
    (3, 3, "masking-protocol"),
    (4, 4, "skill-implant"),
    (5, 5, "bio-detector"),
    (6, 6, "cyber-part"),
)
"""§17.7 k6. A 6 is a cyber-part of the player's choice (``CYBER_PARTS``)."""
CYBER_PART = "cyber-part"
"""§17.7: the gadget-table find that becomes one cyber-part of the player's choice."""
CYBER_PARTS = tuple(k for k, item in t.ITEMS.items() if item.kind == "cyber")
"""§17.7: Eye implant, Cyber-prosthetic arm, Leg exoskeleton, Artificial organs."""
CYBER_PART_VALUE = 10
"""§17.7: every cyber-part is worth 10tk."""
MEDICINE_TABLE = (
    (2, 5, "combat-medkit"),
    (6, 7, "surgical-automaton"),
    (8, 9, "medical-nanobots"),
    (10, 12, "ghost-catcher"),
)
"""§17.8: a **2k6** roll (the book's header says k6; the text and ranges say 2k6)."""
IMPLANT_TABLE = ((1, 4, "memory-implant"), (5, 6, "cognitive-implant"))
"""§17.9 k6."""

MEDICINES = MappingProxyType(
    {
        item.key: item
        for item in (
            t.Item(
                "combat-medkit",
                "Combat medkit",
                "Bojowy zestaw medyczny",
                "medicine",
                None,
                "Pay for one medical care for free (a re-roll on the injury table).",
                slot=False,
            ),
            t.Item(
                "surgical-automaton",
                "Surgical automaton",
                "Automat chirurgiczny",
                "medicine",
                None,
                "Heal a model needing care for free, as if it rolled 7–10.",
                slot=False,
            ),
            t.Item(
                "medical-nanobots",
                "Medical nanobots",
                "Nanoboty medyczne",
                "medicine",
                None,
                "Heal a model needing care for free and give it +1 XP, as if it rolled 11–12.",
                slot=False,
            ),
            t.Item(
                "ghost-catcher",
                "Ghost-catcher",
                "Duchołap",
                "medicine",
                None,
                "Save a dying model from death [SM-A17].",
                slot=False,
            ),
        )
    }
)
"""§17.8 medicines as items: kept in the stash, never bought or sold (no value)."""
NEURAL_IMPLANTS = MappingProxyType(
    {
        item.key: item
        for item in (
            t.Item(
                "memory-implant",
                "Memory implant",
                "Implant Pamięciowy",
                "implant",
                None,
                "+1 XP to one model.",
                slot=False,
            ),
            t.Item(
                "cognitive-implant",
                "Cognitive implant",
                "Implant Poznawczy",
                "implant",
                None,
                "+2 XP to one model.",
                slot=False,
            ),
        )
    }
)
"""§17.9 neural implants as items: never bought or sold (no value)."""
IMPLANT_XP = MappingProxyType({"memory-implant": 1, "cognitive-implant": 2})
"""§17.9: XP an implant gives."""

# --------------------------------------------------------------------------- injuries (§18)
INJURY_NAMES = MappingProxyType(
    {
        "death": ("Death", "Śmierć"),
        "critical": ("Critically wounded", "Ciężko ranny"),
        "serious": ("Serious injuries", "Poważne obrażenia"),
        "amnesia": ("Amnesia", "Amnezja"),
        "light": ("Light injuries", "Lekkie obrażenia"),
        "lesson": ("Lesson learned", "Nauczka na przyszłość"),
    }
)
"""§18.1 result names (English, source)."""
LESSON_LEARNED_XP = 1
"""§18.1: Lesson learned adds 1 XP at once."""
NANOBOTS_XP = 1
"""§17.8: Medical nanobots heal and give +1 XP."""
MEDIC_DISCOUNT = (4, 5)
"""§18.2 Medyk: medical care costs 20% less (× 4/5: 15 → 12, 10 → 8, 5 → 4)."""

# --------------------------------------------------------------------------- trading (§20.5, §22)
HAGGLING_BONUS = (6, 5)
"""§20.5 Targowanie: found items sell for +20% (× 6/5; values are multiples of 5)."""
FENCE_DISCOUNT = (4, 5)
"""§20.5 Paser: special items cost 20% less (× 4/5, applied to each item's price)."""
PURCHASE_TABLES = MappingProxyType(
    {
        "weapon-mod": "ranged weapon modifications",
        "ammo": "ranged weapon modifications",
        "melee-mod": "armour and melee weapon modifications",
        "armour-mod": "armour and melee weapon modifications",
        "sarcophagus-mod": "armour and melee weapon modifications",
        "grenade": "grenades",
        "gadget": "gadgets",
        "cyber": "gadgets",
    }
)
"""§22.3: item kind -> the table it is bought from (at most one item per table per battle)."""
RECRUITMENT_ONLY = ("jet-pack",)
"""§22.5: the Jet pack must be bought when the model is recruited."""
NOT_SOLD = ("climbing-gear", "jet-pack")
"""§22.4: Climbing gear cannot be sold; §22.5: a Jet pack can never be taken off or given away."""

# --------------------------------------------------------------------------- experience (§19)
XP_PER_KILL = 1
XP_PER_MARKER = 1
"""§19.1: 1 XP per enemy defeated and per technology marker carried off the table."""
INTERCEPTION_CARRY_XP = MappingProxyType({1: 2, 2: 1})
"""§23.5: the special marker carried off alone gives 2 XP; carried by two, 1 XP each."""
PRIDE_EXIT_XP = 1
"""§23.6: 1 XP to each model that gets off the table."""

# --------------------------------------------------------------------------- scenarios (§23)
SCENARIO_CHOICE_FACE = 6
"""§23.1: a 6 on the scenario roll lets the roller choose."""
SCENARIO_CHOOSE = "choose"
"""The result of the scenario roll's 6."""
PRIDE_WINNER_REWARD = (30, 3)
PRIDE_LOSER_REWARD = (20, 2)
"""§23.6: (tk, loot rolls) for Duma's winner and loser; on a tie both get the loser's [SM-A22]."""
PREDATOR_FREE_KILLS = 1
"""§23.7 Predator: the first enemy defeated gives nothing extra."""
CHALLENGE_REWARDS = MappingProxyType(
    {
        "extermination": (1, 1, 0, "any one model"),
        "lesson": (1, 1, 0, "any one model"),
        "courier": (1, 1, 1, "the courier"),
        "predator": (0, 0, 0, "the predator"),
        "get-the-geezer": (1, 1, 0, "the model that removed it"),
        "exclude-eggheads": (1, 0, 0, ""),
        "eggheads-duel": (1, 1, 1, "the Specialist that defeated it"),
        "hidden-data": (1, 0, 1, ""),
        "hunt": (1, 1, 1, "the chosen model"),
        "bounty-hunters": (1, 0, 1, ""),
        "stoicism": (1, 1, 0, "any one model"),
        "sulking-pacifist": (1, 1, 0, "the pacifist"),
        "prudence": (1, 1, 0, "any one model"),
        "no-fireworks": (1, 1, 0, "any one Specialist"),
    }
)
"""§23.7: (VP, XP, additional technologies, who gets the XP) of each Challenge when met.
Predator's reward depends on the kills (``challenges.predator_reward``)."""
PRUDENCE_MAX_LOST = 2
"""§23.7 Przezorność: lose at most two models."""
SPECIALIST_CHALLENGES = ("exclude-eggheads", "eggheads-duel")
"""§23.7: Challenges that need an enemy Specialist (Pojedynek jajogłowych: your own too)."""

# --------------------------------------------------------------------------- readings not in settings.py
LOCAL_SETTINGS = MappingProxyType({s.key: s.default for s in CAMPAIGN_SETTINGS})
"""Readings only this package needs: ``settings.CAMPAIGN_SETTINGS`` (the campaign's settings
screen shows them; a battle does not use them), their defaults here.

``care_skill_condition``: what "did not end the battle needing medical care" (§18.2 Medyk,
§20.5 Targowanie, Paser, Łowca technologii, Przeszukiwanie) means.
``"wounded"`` (default): the model was removed and rolls on the injury table — known when
the battle ends, before the loot step (§16). ``"care-result"``: its injury roll came up
2–6 (a result that needs care or kills).
``fence_scope``: what Paser's "special items" (§20.5) covers when buying. ``"all"``
(default): every item bought from the loot tables (§22.3 lists "special equipment" as
everything bought there, mods included). ``"slot-items"``: only items that use a
special-item slot (grenades, gadgets, cyber-parts, ammunition, §15.7)."""
LOCAL_SETTING_CHOICES = MappingProxyType({s.key: tuple(c.value for c in s.choices) for s in CAMPAIGN_SETTINGS})
