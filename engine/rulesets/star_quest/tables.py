"""Star Quest rule data: actions and move distances, power costs, special rules, status
conditions, morale, jumping and falling, casting.

Every number the rules use lives here, named after the rule it comes from (section
numbers are the app's short rule ids; ``citations.py`` gives the book's heading). Profiles, skills, spells and missions
are not in the source ([SQ-M1]–[SQ-M9]); they come from roster and mission files.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from engine.records import Record

# -- sides and phases (§5) ----------------------------------------------------------
HEROES = "heroes"
AI = "ai"
PHASES = ("setup", "heroes", "ai", "end")
PARTY_SIZE = (2, 4)
"""§2: 2–4 heroes."""

# -- stats (§3, §4) ------------------------------------------------------------------
QUALITY, DEFENSE = "quality", "defense"
STR, DEX, WIL = "str", "dex", "wil"
HERO_STATS = (STR, DEX, WIL)
STAT_NAMES: Mapping[str, str] = MappingProxyType(
    {QUALITY: "Quality", DEFENSE: "Defense", STR: "Str", DEX: "Dex", WIL: "Wil"}
)
TARGET_RANGE = (2, 6)
"""[SQ-M2]: targets are 2+ to 6+."""
NATURAL_SUCCESS = 6
NATURAL_FAILURE = 1
"""§4.1: a natural 6 always succeeds, a natural 1 always fails."""

# -- actions (§6.1, §8) ----------------------------------------------------------------
REST, HOLD, ADVANCE, RUSH, CHARGE, SKILL = "rest", "hold", "advance", "rush", "charge", "skill"
ACTIONS = (REST, HOLD, ADVANCE, RUSH, CHARGE, SKILL)
ACTION_NAMES: Mapping[str, str] = MappingProxyType(
    {REST: "Rest", HOLD: "Hold", ADVANCE: "Advance", RUSH: "Rush", CHARGE: "Charge", SKILL: "Skill"}
)
BASE_MOVE: Mapping[str, int] = MappingProxyType({REST: 0, HOLD: 0, ADVANCE: 6, RUSH: 12, CHARGE: 12, SKILL: 0})
"""§6.1 action table: the move of each action, in inches."""
FAST_BONUS: Mapping[str, int] = MappingProxyType({ADVANCE: 2, RUSH: 4, CHARGE: 4})
SLOW_MALUS: Mapping[str, int] = MappingProxyType({ADVANCE: -2, RUSH: -4, CHARGE: -4})
"""§17 Fast / Slow."""
MAY_SHOOT = (HOLD, ADVANCE)
"""§6.1: Hold and Advance may shoot; Rush may not."""
DIFFICULT_CAP = 6
"""§8 / §14: a move crossing difficult terrain is at most 6"."""
CRIPPLED_FACTOR = (1, 2)
"""§18 Crippled halves the move."""
REVIVE_RANGE = 3
DEFENDER_MOVE = 3
MELEE_REACH = (2, 4)
"""§11.1: 2" horizontally, 4" vertically."""
SEPARATION = 1

# -- power points (§7) -------------------------------------------------------------------
EXTRA_ACTION_COST = 2
BUY_PASS_COST = 2
IGNORE_SHAKEN_COST = 2
REVIVE_COST = 2
STOP_FALL_COST = 2
HERO_SKILL_FAIL_COST = 1
CAST_PP_PER_VALUE = 2
REVIVE_HEALS = 3
"""§10: the unconscious hero loses 3 of its wounds."""

# -- morale (§12) ------------------------------------------------------------------------
NEVER_SHAKEN_TOUGH = 9
"""§12.2: enemies with Tough 9+ never become Shaken; they take D3 wounds."""
FEARLESS_ON = 4
VILLAIN_RANGE = 12


# -- special rules (§17) -------------------------------------------------------------------
class SpecialRule(Record):
    """A special rule of §17: ``name`` (English), ``source`` (Polish), ``has_x`` takes a
    value, ``on`` unit or weapon (where rosters may list it), ``summary``."""

    name: str
    source: str
    has_x: bool
    on: str
    summary: str


SPECIAL_RULES: Mapping[str, SpecialRule] = MappingProxyType(
    {
        r.name: r
        for r in (
            SpecialRule("Ambush", "Zasadzka", False, "unit", "set aside; arrives later (§17)"),
            SpecialRule("AP", "AP", True, "weapon", "−X to the target's Defense rolls"),
            SpecialRule("Bane", "Zguba", False, "weapon", "ignores Regeneration; natural-6 blocks are re-rolled"),
            SpecialRule("Blast", "Wybuch", True, "weapon", "ignores cover; each hit becomes X hits"),
            SpecialRule("Caster", "Mag", True, "unit", "gains X spell tokens each round (max 6)"),
            SpecialRule("Counter", "Kontra", False, "weapon", "strikes first when charged; −1 Impact die per model"),
            SpecialRule("Deadly", "Zabójczy", True, "weapon", "all wounds on one model, multiplied by X"),
            SpecialRule("Fast", "Szybki", False, "unit", '+2" Advance, +4" Rush and Charge'),
            SpecialRule("Fear", "Przerażający", True, "unit", "counts as X more wounds for melee morale"),
            SpecialRule("Fearless", "Nieustraszony", False, "unit", "a failed morale test passes on 4+"),
            SpecialRule("Flying", "Latający", False, "unit", "ignores terrain while moving; passes jumps"),
            SpecialRule("Furious", "Furia", False, "unit", "charging: natural 6s to hit in melee give +1 hit"),
            SpecialRule("Immobile", "Nieruchomy", False, "unit", "may only Hold"),
            SpecialRule("Impact", "Impakt", True, "unit", "after a charge, unless fatigued, X dice hit on 2+"),
            SpecialRule(
                "Indirect", "Niebezpośredni", False, "weapon", "−1 to hit after moving; no line of sight needed"
            ),
            SpecialRule("Limited", "Ograniczony", False, "weapon", "once per mission"),
            SpecialRule("Regeneration", "Regeneracja", False, "unit", "each wound is ignored on 5+"),
            SpecialRule("Relentless", "Nieustępliwy", False, "unit", "Hold and shoot: natural 6s to hit give +1 hit"),
            SpecialRule("Reliable", "Niezawodny", False, "weapon", "attacks at Quality 2+"),
            SpecialRule("Rending", "Rozdzierający", False, "weapon", "ignores Regeneration; natural-6 hits get AP(4)"),
            SpecialRule("Scout", "Zwiadowca", False, "unit", 'may move up to 12" after deployment'),
            SpecialRule("Slow", "Powolny", False, "unit", '−2" Advance, −4" Rush and Charge'),
            SpecialRule("Stealth", "Maskowanie", False, "unit", '−1 to hit when shot from more than 9"'),
            SpecialRule("Strider", "Wszędolaz", False, "unit", "ignores difficult terrain; jump tests on 2+"),
            SpecialRule("Surge", "Przypływ", False, "weapon", "natural 6s to hit give +1 hit"),
            SpecialRule("Thrust", "Pchnięcie", False, "weapon", "charging: +1 to hit and AP +1 in melee"),
            SpecialRule(
                "Unstoppable", "Niepowstrzymany", False, "weapon", "ignores Regeneration and negative modifiers"
            ),
            SpecialRule("Villain", "Złoczyńca", False, "unit", 'AI units within 12" may test morale on its Quality'),
        )
    }
)
RULE_ALIASES: Mapping[str, str] = MappingProxyType(
    {"immobilie": "Immobile", "rendering": "Rending", "przyptwyl": "Surge", "przypływ": "Surge"}
)
"""Source spellings (§0) accepted in rosters."""
EXTRA_HIT_RULES = ("Surge", "Furious", "Relentless")
"""§9 step 3: each natural 6 to hit gives one extra hit (only the original counts as a 6)."""
IGNORES_REGENERATION = ("Bane", "Rending", "Unstoppable")
RENDING_AP = 4
STEALTH_RANGE = 9
HINDER_RANGE = 18
BLAST_RADIUS = 3
IMPACT_HITS_ON = 2
REGENERATION_ON = 5
MAX_TOKENS = 6
CAST_ON = 4
AI_OBJECTIVE_RANGE = 3
AI_AMBUSH_RANGE = 6
PLAYER_AMBUSH_RANGE = 9

# -- status conditions (§18) -------------------------------------------------------------
AFFLICTED, CRIPPLED, DISEASED, IMPAIRED = "afflicted", "crippled", "diseased", "impaired"
STATUSES = (AFFLICTED, CRIPPLED, DISEASED, IMPAIRED)
STATUS_NAMES: Mapping[str, str] = MappingProxyType(
    {AFFLICTED: "Afflicted", CRIPPLED: "Crippled", DISEASED: "Diseased", IMPAIRED: "Impaired"}
)
STATUS_TEST: Mapping[str, str] = MappingProxyType({AFFLICTED: STR, CRIPPLED: DEX, DISEASED: WIL})
"""§18: the stat tested at the start of activation to remove it (Impaired is not tested: pay D3 PP)."""
AFFLICTED_WOUNDS = 1


# -- common skills (§13.1) -----------------------------------------------------------------
class CommonSkill(Record):
    """A common skill: ``stat`` tested (None: no test), what it needs and does."""

    key: str
    name: str
    stat: str | None
    needs: str
    effect: str


COMMON_SKILLS: Mapping[str, CommonSkill] = MappingProxyType(
    {
        s.key: s
        for s in (
            CommonSkill("discover", "Discover", WIL, 'a search token in line of sight within 6"', "reveal that token"),
            CommonSkill(
                "discover-adjacent",
                'Discover (within 1")',
                None,
                'a search token within 1"',
                "reveal and pick up the token",
            ),
            CommonSkill("push", "Push", STR, 'one enemy unit within 3"', 'the target is pushed 2" directly away'),
            CommonSkill("scurry", "Scurry", DEX, "—", 'the hero moves up to D3"'),
        )
    }
)
PUSH_DISTANCE = 2

# -- jumping and falling (§15) -------------------------------------------------------------
JUMP_STEP = 3
"""One extra Dex test for each full 3" of the jump."""
JUMP_LIMIT = 6
FREE_GAP = 1
FREE_DROP = 3
FALL_MIN = 2
"""A fall from less than 2" has no effect."""
FALL_AP_STEP = 3
STRIDER_JUMP_ON = 2

# -- D3 ([SQ-A3]) --------------------------------------------------------------------------
D3_FROM_D6: Mapping[int, int] = MappingProxyType({1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3})


def d3_of(face: int) -> int:
    """A d6 face halved and rounded up [SQ-A3]."""
    return D3_FROM_D6[face]
