"""SAGA battle settings: every AMBIGUITY of the reference as a visible choice, and every
MISSING value the GM must supply (per-class Armour and dice, band lengths, shooting).

The recommended reading (§7 of the reference) is each setting's default. Values not
from the source text carry "house default, not from the source text" in their note.
A setting with one choice still appears, so the GM sees which reading is applied.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.ruleset import Choice, SettingSpec, house_reading

from . import tables as t
from .terms import band as band_term

ON = Choice("on", "on")
OFF = Choice("off", "off")


def _s(
    key: str, title: str, ref: str, section: str, choices: Iterable[Any], default: str, note: str = ""
) -> SettingSpec:
    return SettingSpec(
        key, title, ref, section, tuple(Choice(*c) if isinstance(c, tuple) else c for c in choices), default, note
    )


def _numbers(lo: int, hi: int, prefix: str = "", suffix: str = "") -> list[tuple[str, str]]:
    return [(str(v), f"{prefix}{v}{suffix}") for v in range(lo, hi + 1)]


AMBIGUITIES: tuple[SettingSpec, ...] = (
    _s(
        "trade_dice_roll",
        "Step-2 set-aside defence dice are rolled in",
        "SAGA-A1",
        "§3 step 2",
        [("step5", "the step-5 defence roll")],
        "step5",
        'the text says "step 4"; step 5 counts them, so they join the defence roll',
    ),
    _s(
        "participation",
        "Who takes part in melee",
        "SAGA-A2",
        "§3 step 1",
        [("gm-enters", "the GM enters the models taking part")],
        "gm-enters",
        f"literal text: models in contact with an enemy model, or within {band_term(t.MELEE_REACH)} of an enemy that is in contact",
    ),
    _s(
        "defender_cap_base",
        "Defender's doubling cap is measured from",
        "SAGA-A3",
        "§3 step 3",
        [("step3", "its dice at the start of step 3"), ("before-step2", "its dice before step 2")],
        "step3",
    ),
    _s(
        "armour_limits",
        "Modified Armour",
        "SAGA-A4",
        "§3 step 4",
        [("literal", "no limits: ≤1 always hits, ≥7 never hits")],
        "literal",
        "the breakdown warns when effective Armour is outside 2–6",
    ),
    _s(
        "exhaustion_rounding",
        "An exhausted unit loses half its attack dice",
        "SAGA-A5",
        "§4.6",
        [("lose-up", "rounded up (keeps half rounded down)"), ("lose-down", "rounded down")],
        "lose-up",
    ),
    _s("exhausted_attacker_halved", "Also halve an exhausted Attacker", "SAGA-A6", "§4.6", [OFF, ON], "off"),
    _s(
        "no_legal_retreat",
        "Neither side can retreat",
        "SAGA-A7",
        "§3 step 8",
        [("gm-ruling", 'the GM records "no legal retreat"; both stay')],
        "gm-ruling",
    ),
    _s(
        "retreat_distance",
        "Retreat move",
        "SAGA-A8",
        "§3 step 8",
        [
            (
                "checklist",
                f"a checklist: {band_term(t.RETREAT_BAND)} away, outside {band_term(t.MELEE_REACH)} of enemies, in formation",
            )
        ],
        "checklist",
    ),
    _s(
        "t1_counts",
        "Earlier activations that count for T1/T2",
        "SAGA-A9",
        "§4.2",
        [
            ("move-shoot", "Movement or Shooting only (Rest does not count)"),
            ("any-activation", "any earlier activation"),
        ],
        "move-shoot",
    ),
    _s(
        "t4_within_s",
        f'T4 "within {band_term(t.T4_RADIUS)}"',
        "SAGA-A10",
        "§4.2",
        [("gm-checklist", f"the GM ticks the units within {band_term(t.T4_RADIUS)}")],
        "gm-checklist",
    ),
    _s(
        "enemy_armour_limit",
        "−1 enemy Armour spend in multi-unit melee",
        "SAGA-A11",
        "§4.5",
        [("once-per-melee", "once per side per melee"), ("per-enemy-unit", "once per enemy unit")],
        "once-per-melee",
    ),
    _s(
        "below_vs",
        "Moves below VS; difficult = broken terrain",
        "SAGA-A12",
        "§4.5",
        [("vs-floor", "no band below VS; broken with a spend moves VS")],
        "vs-floor",
    ),
    _s(
        "cancelled_refund",
        "SAGA dice when an exhausted unit's activation is cancelled",
        "SAGA-A13",
        "§4.6",
        [("none", "not refunded (the GM adjusts by hand)")],
        "none",
    ),
    _s(
        "los_inside_high_area",
        "LoS from or into a point inside high area terrain",
        "SAGA-A14",
        "§5.2",
        [("not-blocked", "not blocked by that piece"), ("blocked", "blocked")],
        "not-blocked",
    ),
    _s(
        "building_participants",
        "Defenders of a building who take part",
        "SAGA-A15",
        "§6",
        [("all-models", "all models of the chosen unit")],
        "all-models",
        "the GM can change the count",
    ),
    _s(
        "building_retreat_impossible",
        "Attacker must leave a building but cannot",
        "SAGA-A16",
        "§6",
        [("ask-gm", "ask the GM, showing both rules")],
        "ask-gm",
    ),
)


def _profile_settings() -> tuple[SettingSpec, ...]:
    out = []
    titles = {
        "armour_melee": "Armour in melee",
        "armour_shooting": "Armour against shooting",
        "attack_dice": "Melee attack dice per model",
        "shooting_dice": "Shooting attack dice per model",
    }
    for field in t.PROFILE_FIELDS:
        ref = t.PROFILE_REFS[field]
        lo, hi = (1, 7) if field.startswith("armour") else (0, 12)
        for cls in t.CLASSES:
            out.append(
                _s(
                    f"{field}.{cls}",
                    f"{titles[field]}: {t.CLASS_NAMES[cls]} (roster default)",
                    f"SAGA-{ref}",
                    "§2.1",
                    _numbers(lo, hi),
                    str(t.HOUSE_DEFAULTS[field][cls]),
                    f"{t.HOUSE_NOTE} [SAGA-{ref}]; used when the roster leaves it out",
                )
            )
    for band in t.BANDS:
        out.append(
            _s(
                f"band.{band}",
                f"Length of {band_term(band)}",
                "SAGA-M7",
                "§2.2",
                _numbers(1, 24, suffix='"'),
                str(t.BAND_INCHES[band]),
                f"{t.HOUSE_NOTE} [SAGA-M7]; the engine reasons only with band names",
            )
        )
    out.append(
        _s(
            "shooting_save",
            "Shooting: a defence die cancels on",
            "SAGA-M9",
            "§4.5",
            _numbers(2, 6, suffix="+"),
            str(t.SHOOTING_SAVE),
            f"{t.HOUSE_NOTE} [SAGA-M9]: shooting procedure",
        )
    )
    for cover in ("light", "hard"):
        out.append(
            _s(
                f"shooting_cover.{cover}",
                f"Shooting: {cover} cover adds to the target's Armour",
                "SAGA-M9",
                "§5.1",
                _numbers(0, 3, prefix="+"),
                str(t.SHOOTING_COVER_ARMOUR[cover]),
                f"{t.HOUSE_NOTE} [SAGA-M9]: cover in shooting is on p. 22, not in the source",
            )
        )
    out.append(
        _s(
            "openings_only",
            "Buildings: move and shoot only through doors and windows",
            "SAGA-B1",  # the players' option in the buildings chapter (no [A]/[M] id): an id, not "§6"
            "§6",
            [OFF, ON],
            "off",
            "agreed before the game; informational, logged",
        )
    )
    return tuple(out)


HOUSE_READINGS: tuple[SettingSpec, ...] = (
    house_reading(
        "SAGA-M2",
        'the engaging move and "attack only one unit"',
        "§3.0",
        "the GM moves the unit into contact with the one enemy unit it engages",
    ),
    house_reading(
        "SAGA-M3",
        "melee with more than one unit on a side (e.g. the Warlord joining)",
        "§3.0",
        "the GM's call: a unit joins a side, its dice rolled against each enemy unit's Armour",
    ),
    house_reading(
        "SAGA-M5",
        "battle boards, SAGA dice, ability texts, activation and turn structure",
        "§3",
        "the GM starts each turn, activates the units and types each ability's effect",
    ),
    house_reading(
        "SAGA-M6",
        "the definition of unit formation",
        "§3",
        "keep formation: the GM removes and moves models on the table",
    ),
    house_reading(
        "SAGA-M8",
        "how broken terrain slows movement (p. 17)",
        "§5.1",
        "the GM moves the unit on the table; the engine only logs the terrain entered",
    ),
    house_reading("SAGA-M10", "occupying a building after clearing it", "§6", "the GM's call, logged"),
)
"""The MISSING items the app fills with a house default and no setting of its own."""

SETTINGS: tuple[SettingSpec, ...] = AMBIGUITIES + _profile_settings() + HOUSE_READINGS
SETTINGS_BY_KEY = {s.key: s for s in SETTINGS}


def defaults() -> dict[str, str]:
    return {s.key: s.default for s in SETTINGS}
