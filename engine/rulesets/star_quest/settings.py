"""Star Quest battle settings: every AMBIGUITY of the reference as a visible choice.

The recommended reading of each [SQ-An] item is the default; the alternative readings
are the other choices. A setting with one choice still appears, so the GM sees which
reading is applied.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Mapping

from engine.ruleset import Choice, SettingSpec, house_reading


def _s(
    key: str, title: str, ref: str, section: str, choices: Iterable[Any], default: str, note: str = ""
) -> SettingSpec:
    return SettingSpec(key, title, ref, section, tuple(Choice(*c) for c in choices), default, note)


SETTINGS: tuple[SettingSpec, ...] = (
    _s(
        "scale",
        "Table scale (every distance is multiplied)",
        "SQ-A1",
        "§2",
        [
            ("1", "full scale (4'×4')"),
            ("1/2", "half scale: every distance halved, jump/fall thresholds too"),
            ("1/2-moves", "half scale: moves and ranges halved, jump/fall thresholds not"),
        ],
        "1",
    ),
    _s(
        "natural_scope",
        "Natural 6 succeeds / natural 1 fails applies to",
        "SQ-A2",
        "§4.2",
        [
            ("all", "every d6 roll against a target (casting, Fearless, Regeneration, Impact)"),
            ("stat-tests", "stat tests only"),
        ],
        "all",
    ),
    _s(
        "d3_input",
        "A typed D3 is",
        "SQ-A3",
        "§4.5",
        [("d6", "a d6 face, halved and rounded up (1–2→1, 3–4→2, 5–6→3)"), ("d3", "a D3 face 1–3")],
        "d6",
    ),
    _s(
        "start_order",
        "Order of the start-of-round steps",
        "SQ-A4",
        "§5",
        [
            ("listed", "spell tokens, player Ambush, AI Ambush, mission events"),
            ("mission-first", "mission events first, then tokens and Ambush"),
        ],
        "listed",
    ),
    _s(
        "ai_order",
        "AI activation order",
        "SQ-A5",
        "§5, §16.1",
        [
            ("gm-each", "before each AI activation the GM picks the unit now nearest a conscious hero"),
            ("fixed", "the GM fixes the whole order at the start of the AI phase"),
        ],
        "gm-each",
        "ties: the GM chooses",
    ),
    _s(
        "extra_actions",
        "2-PP extra actions per activation",
        "SQ-A6",
        "§6.1",
        [("once", "once per activation"), ("unlimited", "no limit")],
        "once",
    ),
    _s(
        "exhaustion",
        "Exhaustion: spending more PP than the hero has",
        "SQ-A7",
        "§7.3",
        [
            ("whole-cost", "Reading 1: the whole cost becomes wounds, the pool is not touched"),
            ("shortfall", "Reading 2: the pool drops to 0, the shortfall becomes wounds"),
        ],
        "whole-cost",
    ),
    _s(
        "diseased_exhaustion",
        "Diseased wounds count",
        "SQ-A8",
        "§7.3, §18",
        [("pool", "only PP actually taken from the pool"), ("cost", "the whole cost, even when short")],
        "pool",
    ),
    _s(
        "one_inch_rule",
        'The 1" rule applies to',
        "SQ-A9",
        "§8",
        [("any", "any other unit (reminder only)"), ("enemy", "enemy units only (reminder only)")],
        "any",
    ),
    _s(
        "move_order",
        "Order of move changes",
        "SQ-A10",
        "§8",
        [
            ("fast-crippled-cap", 'base → ±Fast/Slow → ×½ Crippled → 6" difficult cap'),
            ("crippled-fast-cap", 'base → ×½ Crippled → ±Fast/Slow → 6" difficult cap'),
        ],
        "fast-crippled-cap",
    ),
    _s(
        "targets",
        "Shooting targets",
        "SQ-A11",
        "§9",
        [("per-weapon", "each weapon picks its target"), ("per-unit", "one target per unit and activation")],
        "per-weapon",
    ),
    _s(
        "allocation",
        "Wounds in a multi-model unit",
        "SQ-A12",
        "§9",
        [("one-until-dead", "on one model until it dies, then the next")],
        "one-until-dead",
        "the defender's controller picks the model; the models of a unit share one profile",
    ),
    _s(
        "rending_ap",
        "Rending natural-6 hit on a weapon with AP",
        "SQ-A13",
        "§9",
        [("higher", "the higher of AP(4) and the weapon's AP"), ("add", "the weapon's AP plus 4")],
        "higher",
    ),
    _s(
        "bane_reroll",
        "Bane: natural-6 blocks are re-rolled",
        "SQ-A14",
        "§9",
        [("once", "once; the new face stands"), ("repeat", "again while they show 6")],
        "once",
    ),
    _s(
        "deadly_regeneration",
        "Deadly and Regeneration",
        "SQ-A15",
        "§9",
        [
            ("multiply-first", "multiply first, then one Regeneration roll per wound"),
            ("regenerate-first", "one Regeneration roll per unblocked hit, then multiply"),
        ],
        "multiply-first",
    ),
    _s(
        "wound_cap",
        "A hero's wounds",
        "SQ-A16",
        "§10",
        [("cap", "capped at its Tough"), ("no-cap", "keep counting past Tough")],
        "cap",
    ),
    _s(
        "revived_activation",
        "A hero revived before its activation",
        "SQ-A16",
        "§10",
        [("may-activate", "may activate normally this round"), ("idle", "stays idle this round")],
        "may-activate",
    ),
    _s(
        "counter_timing",
        "Counter weapons",
        "SQ-A17",
        "§11.1",
        [
            ("first-only", "strike once, before the charger (Impact included)"),
            ("first-and-again", "strike first and again in the counter-attack"),
        ],
        "first-only",
    ),
    _s(
        "counter_fatigue",
        "A defender whose Counter strike ends the melee (the charger unconscious or destroyed)",
        "SQ-A17",
        "§11.1, §11.3",
        [
            ("counter-attack", "not fatigued: its counter-attack (step 6) never came"),
            ("counter-strike", "fatigued: the Counter strike counts as striking back"),
        ],
        "counter-attack",
        "a defender that reaches step 6 is fatigued, even with only Counter weapons",
    ),
    _s(
        "morale_reading",
        "Which losses trigger a morale test",
        "SQ-A18",
        "§12.1",
        [
            ("R1", "R1: took a wound this activation and total loss ≥ half"),
            ("R2", "R2: loss in this activation alone ≥ half"),
            ("R3", "R3: only when the total first reaches half"),
        ],
        "R1",
    ),
    _s(
        "fear_count",
        "Fear(X) against a multi-model unit",
        "SQ-A19",
        "§12.1",
        [
            ("same-count", "add X to the count the threshold uses (models lost)"),
            ("single-only", "only against single-model units"),
        ],
        "same-count",
    ),
    _s(
        "villain_quality",
        'Villain\'s "higher" Quality',
        "SQ-A20",
        "§12.2",
        [("better", "better: the lower target number"), ("literal", "the higher target number")],
        "better",
    ),
    _s(
        "shaken_autofail",
        "Automatic morale failure while Shaken",
        "SQ-A21",
        "§12.3",
        [("stands", "stands: no Fearless roll, no PP asked"), ("fearless", "Fearless may still save it")],
        "stands",
    ),
    _s(
        "dangerous_dice",
        "Dangerous terrain dice",
        "SQ-A22",
        "§14",
        [("tough", "Tough dice per model"), ("one", "one die per model")],
        "tough",
        "at most one roll per model per activation; a Flying model still rolls when it activates there",
    ),
    _s("jump_limit", "Longest jump", "SQ-A23", "§15.1", [("6", '6" for gaps and drops'), ("none", "no limit")], "6"),
    _s(
        "unstoppable",
        "Unstoppable ignores",
        "SQ-A24",
        "§17",
        [
            ("hit-penalties", "negative modifiers on its hit rolls (cover still applies)"),
            ("hit-penalties-and-cover", "negative hit modifiers and the target's cover"),
        ],
        "hit-penalties",
    ),
    _s("zero_advance_hold", 'A 0" Advance counts as Hold', "SQ-A25", "§16.2", [("on", "on"), ("off", "off")], "on"),
    _s(
        "no_objective",
        "AI Question 3 without an AI objective",
        "SQ-A25",
        "§16.2",
        [("skip", 'treat as "Yes" (skip) and warn'), ("ask", "the GM answers")],
        "skip",
    ),
    _s(
        "immobile_ai",
        "Immobile AI units",
        "SQ-A26",
        "§16.2",
        [("hold-shoot", "Hold, and shoot the nearest conscious hero in range")],
        "hold-shoot",
    ),
    _s(
        "ai_ambush",
        "AI Ambush arrival",
        "SQ-A27",
        "§17",
        [
            ("r+d3", "wave deployed in round r arrives at the start of round r + D3"),
            ("r+d3+1", "after D3 full rounds: round r + D3 + 1"),
        ],
        "r+d3",
    ),
    _s(
        "blast_split",
        "Blast split",
        "SQ-A28",
        "§17",
        [
            ("even", "as evenly as possible (differ by at most 1), the target included"),
            ("any", "any split the players choose"),
        ],
        "even",
    ),
    _s(
        "cast_attempts",
        "One attempt per spell",
        "SQ-A29",
        "§17",
        [("activation", "per activation"), ("round", "per round")],
        "activation",
    ),
    _s(
        "ai_cast_tokens",
        "An AI Caster spends",
        "SQ-A29",
        "§17",
        [("all", "the spell's value plus every remaining token as +1"), ("value", "only the spell's value")],
        "all",
    ),
    _s(
        "ai_impaired",
        "AI models and Impaired",
        "SQ-A30",
        "§18",
        [
            ("cannot", "AI models cannot remove Impaired"),
            ("auto", "removed automatically at activation"),
            ("gm", "the GM decides"),
        ],
        "cannot",
    ),
    *(
        house_reading(ref, meaning, section, reading)
        for ref, meaning, section, reading in (
            (
                "SQ-M1",
                "the campaign book: missions, AI objectives, waves, search tokens, victory",
                "§2",
                "the mission file",
            ),
            ("SQ-M2", "unit, hero and weapon profiles", "§3", "the roster file"),
            ("SQ-M3", "a hero's power maximum and starting power", "§7", "the roster file"),
            ("SQ-M4", "the list of hero skills", "§13.2", "the roster file"),
            (
                "SQ-M5",
                "spell lists and values; how the AI picks a spell's target",
                "§3",
                "the roster file; the GM picks",
            ),
            ("SQ-M6", "Str/Dex/Wil of AI units (for status conditions)", "§18", "the roster file, else the GM's call"),
            ("SQ-M7", "what inflicts status conditions and power loss", "§18", "the GM sets them"),
            (
                "SQ-M8",
                "every hero unconscious; the end of the mission",
                "§10",
                "the mission file; the app warns the GM",
            ),
            ("SQ-M9", "what makes up an AI group and a wave", "§16.3", "the mission and roster files"),
        )
    ),
)
SETTINGS_BY_KEY = {s.key: s for s in SETTINGS}


def defaults() -> dict[str, str]:
    return {s.key: s.default for s in SETTINGS}


def scale_factor(settings: Mapping[str, str], threshold: bool = False) -> Fraction:
    """The distance factor [SQ-A1]; ``threshold`` for the jump/fall 3"-step thresholds."""
    value = settings.get("scale", "1")
    if value == "1":
        return Fraction(1)
    if value == "1/2-moves" and threshold:
        return Fraction(1)
    return Fraction(1, 2)
