"""xK6 battle settings: every AMBIGUITY (and the MISSING items with a recommended default)
of the rules sheet as a visible choice.

The recommended reading is each setting's default; the reference id (``XK-A8``) is shown
with it. A setting with one choice still appears, so the GM sees which reading applies.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.ruleset import Choice, SettingSpec, house_reading

ON = ("on", "on")
OFF = ("off", "off")


def _s(
    key: str, title: str, ref: str, section: str, choices: Iterable[Any], default: str, note: str = ""
) -> SettingSpec:
    return SettingSpec(key, title, ref, section, tuple(Choice(*c) for c in choices), default, note)


SETTINGS: tuple[SettingSpec, ...] = (
    _s(
        "skill_zero",
        "A test with skill level 0",
        "XK-A1",
        "§3",
        [("refuse", 'refused: "skill level 0: no dice"')],
        "refuse",
    ),
    _s(
        "initiative_every_turn",
        "Initiative is rolled",
        "XK-A2",
        "§5.1",
        [("every-turn", "every turn"), ("first-turn", "on the first turn only; the same player chooses after")],
        "every-turn",
        "(a) the player, not the model, chooses; (e) the turn ends when every model has activated",
    ),
    _s(
        "initiative_ties",
        "Initiative tie",
        "XK-A2",
        "§5.1",
        [("reroll", "both re-roll"), ("keep-chooser", "the previous chooser chooses again (first turn: re-roll)")],
        "reroll",
    ),
    _s(
        "run_out",
        "One side has no model left to activate",
        "XK-A2",
        "§5.1",
        [
            ("in-a-row", "the other side activates its remaining models one after another"),
            ("turn-ends", "the turn ends"),
        ],
        "in-a-row",
    ),
    _s(
        "if_spotter",
        "Indirect fire needs a designated target",
        "XK-A3",
        "§5.2",
        [OFF, ON],
        "off",
        "option 2 is recorded as a designation event either way",
    ),
    _s("if_needs_att_cell", '"–" in the Att row also forbids indirect fire', "XK-A3", "§5.2", [ON, OFF], "on"),
    _s(
        "attacks_per_activation",
        "Attacks per activation",
        "XK-A4",
        "§5.2",
        [("one", "one attack with one weapon"), ("one-per-weapon", "one attack with each weapon")],
        "one",
    ),
    _s(
        "speed_is_maximum",
        "A speed is",
        "XK-A5",
        "§6.1",
        [
            ("maximum", "a maximum: the column's modifiers apply however far the model moves"),
            ("exact", "an exact distance"),
        ],
        "maximum",
        "informational: the GM measures",
    ),
    _s(
        "non_move_speed",
        "Activations without a move (and before the first)",
        "XK-A6",
        "§6.1",
        [("speed-0", 'use the 0" column'), ("none", "no movement modifiers")],
        "speed-0",
    ),
    _s(
        "mixed_terrain",
        "Moves across several kinds of terrain",
        "XK-A7",
        "§6.2",
        [("per-inch", 'each inch of difficult costs 2", very difficult 3"')],
        "per-inch",
        "informational: the GM measures; the engine records the speed",
    ),
    _s("cover_in_melee", "Cover counts in melee", "XK-A8", "§7 (b)", [ON, OFF], "on"),
    _s("cover_vs_if", "Cover counts against indirect fire", "XK-A8", "§7 (c)", [OFF, ON], "off"),
    _s(
        "hidden_if_penalty",
        "−2 for a target the firer cannot see",
        "XK-A8",
        "§7 (d)",
        [("if-hit-test", "on the indirect-fire hit test"), ("none", "not applied")],
        "if-hit-test",
    ),
    _s(
        "crossfire",
        "Crossfire",
        "XK-A9",
        "§8.2",
        [("gm-toggle", "a GM toggle on each attack, suggested after another attack this turn")],
        "gm-toggle",
    ),
    _s(
        "if_defender_mods",
        "Defender's modifiers in the indirect-fire damage step",
        "XK-A10",
        "§9",
        [("own-state", "its own state: speed Def row, stun, wounds"), ("none", "none: bare Def")],
        "own-state",
    ),
    _s(
        "area_friendly",
        "Friendly models inside an area",
        "XK-A11",
        "§10 (a)",
        [("included", "are attacked too"), ("excluded", "are not attacked")],
        "included",
    ),
    _s(
        "area_radius",
        "A weapon with AE n and ROF put into radius",
        "XK-A11",
        "§10 (b)",
        [("add", "radius = n + ROF in radius"), ("larger", "the larger of the two")],
        "add",
    ),
    _s(
        "stealth_area",
        "Stealth against an area attack",
        "XK-A11",
        "§10 (c), [XK-A18]",
        [("centre-only", "only the centre model may roll"), ("none", "no model may roll")],
        "centre-only",
    ),
    _s(
        "rof_declared",
        "ROF use is declared",
        "XK-A12",
        "§11",
        [("before-roll", "before the attack roll (required)")],
        "before-roll",
    ),
    _s(
        "ammo_result",
        "The ammunition check reads",
        "XK-A13",
        "§12.1 (a)",
        [("test-result", "the unmodified test result"), ("any-die", "any single die")],
        "test-result",
    ),
    _s(
        "ammo_emptying_attack",
        "The attack that empties the magazine",
        "XK-A13",
        "§12.1 (c)",
        [("resolves", "still takes effect"), ("void", "has no effect")],
        "resolves",
    ),
    _s(
        "reload_uses_mags",
        "Reloading uses up one of the weapon's Mags",
        "XK-A14",
        "§12.2 (a)",
        [("yes", "yes; refused at 0 Mags"), ("no", "no: Mags never run out")],
        "yes",
    ),
    _s("la_depletion", "The depletion table applies to LA weapons", "XK-A14", "§12.2 (b)", [OFF, ON], "off"),
    _s(
        "stun_one_die",
        "Stun −1 on one-die rolls",
        "XK-A15",
        "§13",
        [("medic-stealth", "on Medic and Stealth rolls (not initiative or burning)"), ("none", "on none")],
        "medic-stealth",
    ),
    _s(
        "held_lasts",
        "A held action lasts",
        "XK-A16",
        "§14 (a)",
        [("next-activation", "until used or the model's next activation"), ("end-of-turn", "until the turn ends")],
        "next-activation",
    ),
    _s(
        "reaction_triggers",
        "Reactions answer",
        "XK-A16",
        "§14 (d)",
        [("enemy", "actions by enemy models only"), ("any", "actions by any model")],
        "enemy",
        "(b) the GM picks the moment; (c) a reaction move sets the speed column",
    ),
    _s(
        "reaction_shoot",
        'A reaction "shoot" is',
        "XK-A16",
        "§14 (e)",
        [("ranged", "a ranged attack only"), ("any-attack", "any attack, melee included")],
        "ranged",
    ),
    _s("cp_cost", "Command points per effect", "XK-A17", "§15 (a)", [("1", "1"), ("2", "2")], "1"),
    _s(
        "cp_friendly",
        "A command point may help",
        "XK-A17",
        "§15 (b)",
        [("friendly", "friendly models only"), ("any", 'any model within 6"')],
        "friendly",
    ),
    _s("cp_reroll_again", "A re-rolled test may be re-rolled again", "XK-A17", "§15 (c)", [OFF, ON], "off"),
    _s(
        "cp_activation",
        "An activation bought with a command point",
        "XK-A17",
        "§15 (d)",
        [
            ("bonus", "is a bonus, right after the current one"),
            ("replaces", "replaces the side's next normal activation"),
        ],
        "bonus",
    ),
    _s("stealth_ammo", "Ammunition is checked when Stealth avoids the attack", "XK-A18", "§16", [ON, OFF], "on"),
    _s("stealth_vs_if", "Stealth helps against indirect fire", "XK-A18", "§16", [OFF, ON], "off"),
    _s(
        "beyond_range",
        "Attacks beyond maximum range",
        "XK-A19",
        "§18",
        [("refuse", "refused unless the GM overrides the attack"), ("allow", "allowed")],
        "refuse",
    ),
    _s(
        "melee_reach",
        "Melee reach",
        "XK-M7",
        "§8.2",
        [("base-contact", "an M weapon attacks a model in base contact (the GM confirms)")],
        "base-contact",
    ),
    _s(
        "medic_contact",
        "Medic range",
        "XK-M12",
        "§16",
        [("base-contact", "base contact (the GM confirms)")],
        "base-contact",
    ),
    _s("medic_self", "A Medic may heal itself", "XK-M12", "§16", [ON, OFF], "on"),
    *(
        house_reading(ref, meaning, section, reading)
        for ref, meaning, section, reading in (
            ("XK-M1", "model cards (skills, Command, command points, Armour, wounds, traits)", "§2", "the roster file"),
            ("XK-M2", 'the movement table (speeds, Att/Def modifiers, "–")', "§6.1", "the roster file"),
            ("XK-M3", "the weapon table (ranges, Acc, DAM, ROF, Mags, traits)", "§18", "the roster file"),
            ("XK-M4", "the damage (wound) modifier table", "§17", "the roster file"),
            ("XK-M5", "other skills and skill actions", "§16", "the GM's call (the Medic is the sheet's only one)"),
            ("XK-M6", "deployment, table size, game length, victory", "§2", "agreed before the game"),
            ("XK-M8", "how to pick a random scatter direction", "§9", "the GM rolls the direction on the table"),
            ("XK-M9", "what a scattered or empty-point shot hits", "§9", "the GM names the models it hits"),
            ("XK-M10", "how many rounds an LA weapon carries", "§12.2", "the roster's la_rounds"),
            ("XK-M11", "the FT template's shape and size", "§16", "the GM lists the models under the template"),
        )
    ),
)
SETTINGS_BY_KEY = {s.key: s for s in SETTINGS}


def defaults() -> dict[str, str]:
    return {s.key: s.default for s in SETTINGS}
