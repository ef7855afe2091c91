"""Sanctum Mortalis battle settings: every AMBIGUITY of the reference, visible.

The recommended reading (§26 of the reference) is each setting's default; the GM
sees every setting in the battle's settings screen and may change it (a logged
event). A reading the app cannot apply (the GM measures or places it on the table,
or the rules leave only one sensible reading) is a note: one reading, shown with why,
never offered as a choice (``SettingSpec.is_note``). MISSING items that need GM data
are noted where they apply. ``CAMPAIGN_SETTINGS``: the readings only the post-battle
sequence uses, shown in the campaign's settings screen.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.ruleset import Choice, SettingSpec, house_reading

from .terms import card_term, challenge_term, scenario_term, skill_term, term, trick_term

ON = Choice("on", "on")
OFF = Choice("off", "off")


def _s(
    key: str, title: str, ref: str, section: str, choices: Iterable[Any], default: str, note: str = ""
) -> SettingSpec:
    return SettingSpec(
        key, title, ref, section, tuple(Choice(*c) if isinstance(c, tuple) else c for c in choices), default, note
    )


def _note(key: str, title: str, ref: str, section: str, reading: tuple[str, str], why: str) -> SettingSpec:
    """A reading shown as a note (``reading``: its value and label): ``why`` says what the
    app or the GM does, and where the GM applies another reading."""
    return SettingSpec(key, title, ref, section, (Choice(*reading),), reading[0], why)


SETTINGS: tuple[SettingSpec, ...] = (
    _s(
        "support_example",
        "Support when A attacks 1 in the book's example",
        "SM-A1",
        "§8.3",
        [("rule", "follow the rule (+1)"), ("example", "follow the example (+0)")],
        "rule",
    ),
    _s(
        "defender_support",
        "Does the defender also get support?",
        "SM-A2",
        "§8.3",
        [("both", "both sides"), ("attacker", "attacker only")],
        "both",
    ),
    _s("guns_as_hand_weapons", "Guns count as hand weapons in melee (−1 T)", "SM-A3", "§8.5", [ON, OFF], "off"),
    _s(
        "withdraw_tie",
        "Withdraw: a tie counts as",
        "SM-A4",
        "§8.4",
        [("fail", "not winning (no more actions)"), ("win", "winning")],
        "fail",
    ),
    _s(
        "past_the_shield",
        f"{skill_term('past-the-shield')}: the shield against its hits gives",
        "SM-A5",
        "§20.3",
        [("zero", "+0"), ("one", "+1 (skill does nothing)")],
        "zero",
    ),
    _s(
        "aimed_shot_drop",
        f"{skill_term('aimed-shot')} drops the",
        "SM-A6",
        "§20.3",
        [("highest", "highest die (helps the shooter)"), ("lowest", "lowest die (literal text)")],
        "highest",
    ),
    _s(
        "deadly_blow_penalty",
        f"{skill_term('deadly-blow')} loser's −1 applies to",
        "SM-A7",
        "§20.2",
        [("value", "the Toughness value"), ("roll", "the roll total (helps)")],
        "value",
    ),
    _s(
        "powered_needs_servomotors",
        "Powered armour needs Servomotors for Speed skills",
        "SM-A8",
        "§17.4",
        [ON, OFF],
        "on",
    ),
    _s(
        "captain_reroll",
        f"Captain / {trick_term('matrix-error')} re-roll",
        "SM-A9",
        "§15.2",
        [("one-die", "one die"), ("whole", "the whole roll")],
        "one-die",
    ),
    _s(
        "injury_on_any_removal",
        f"Models removed by falls or {skill_term('master-shot')} roll for injuries",
        "SM-A10",
        "§7.5",
        [ON, OFF],
        "on",
    ),
    _s("specialists_heroic", "Specialists may use heroic plays", "SM-A11", "§12.1", [ON, OFF], "on"),
    _note(
        "mother_lasts",
        f"{card_term('your-mother-too')} lasts",
        "SM-A12",
        "§12.2",
        ("round", "until the end of the round"),
        "The card has no stated length; the one sensible reading (the round) is the one the app applies.",
    ),
    _note(
        "what_timing",
        f"{card_term('what-are-you-gonna-do')} is declared",
        "SM-A13",
        "§12.2",
        ("after-hit", "after the hit, before the save"),
        "It is used when hit, so the app offers it between the hit and the Toughness roll.",
    ),
    _s(
        "looking_pickup_free",
        f"{card_term('looking-for-me')} pick-up costs no action",
        "SM-A14",
        "§12.2",
        [ON, OFF],
        "on",
    ),
    _s(
        "overwatch_salvo",
        f"{term('Overwatch')} shot is",
        "SM-A15",
        "§11.3",
        [("salvo", "a full shooting action"), ("single", "one shot")],
        "salvo",
    ),
    _s(
        "masking_both",
        "Masking protocol when moved and acted",
        "SM-A16",
        "§17.7",
        [("acted", "−1 (any non-Move action)"), ("moved", "−2")],
        "acted",
    ),
    _note(
        "ghost_catcher_result",
        "After the Ghost-catcher the model has",
        "SM-A17",
        "§17.8",
        ("light", "Light injuries"),
        "The text names no other state; the post-battle sequence applies Light injuries.",
    ),
    _s(
        "serious_wound_pick",
        "Serious injury wound is picked by",
        "SM-A18",
        "§18.2",
        [("owner", "the owner"), ("random", "a random roll")],
        "owner",
    ),
    _s(
        "medicine_on_care",
        "Medicines on a result from care",
        "SM-A19",
        "§17.8",
        [("recommended", "Automaton/Nanobots yes, Medkit no"), ("none", "none")],
        "recommended",
    ),
    _s(
        "extra_technology",
        'Challenge "additional technology"',
        "SM-A20",
        "§23.7",
        [("vp-and-loot", "+1 VP and +1 loot roll"), ("loot", "loot roll only")],
        "vp-and-loot",
    ),
    _s(
        "special_marker_loot",
        f"{term('Special marker')} loot rolls",
        "SM-A21",
        "§23.5",
        [("4", "4 loot rolls"), ("1", "1 loot roll")],
        "4",
    ),
    _note(
        "vp_tie",
        "A tie on VP",
        "SM-A22",
        "§14",
        ("draw", "a draw"),
        f"The rules name no tie-break; in {scenario_term('pride')} each side gets the loser's reward.",
    ),
    _s(
        "scenario_starter_rounds",
        "Scenario's first player applies to",
        "SM-A23",
        "§5.1",
        [("round1", "round 1 only"), ("all", "every round")],
        "round1",
    ),
    _s(
        "carried_at_end",
        "Markers held by models on the table at the end",
        "SM-A24",
        "§14",
        [("collected", "count as collected"), ("lost", "do not count")],
        "collected",
    ),
    _s("neutrals_side", "Independent models count as a side for the end condition", "SM-A25", "§14", [OFF, ON], "off"),
    _note(
        "shooting_hits",
        "What counts as a shooting hit",
        "SM-A26",
        "§9.3",
        ("ranged-knife-spiecie", f"ranged weapons, thrown knife, {trick_term('short-circuit')}"),
        "The app counts these as shooting hits wherever a rule asks (Force field, Polychitin: shooting hits only).",
    ),
    _s("jet_pack_action", "Jet pack move is the Move action", "SM-A27", "§22.5", [ON, OFF], "on"),
    _s(
        "natural_rolls",
        "Natural results count only on plain 2-dice rolls; double criticals cancel",
        "SM-A28",
        "§2.4",
        [ON, OFF],
        "on",
    ),
    _s(
        "protective_shield_optional", f"{trick_term('protective-shield')} is optional", "SM-A29", "§21", [ON, OFF], "on"
    ),
    _s(
        "dispel_optional",
        f"{skill_term('dispel')} is optional and only against enemy tricks",
        "SM-A30",
        "§20.4",
        [ON, OFF],
        "on",
    ),
    _note(
        "power_wave_radius",
        f"{trick_term('power-wave')} radius (inches)",
        "SM-A31",
        "§21",
        ("4", '4"'),
        "The GM measures the radius on the table and names the models it reaches; the app cannot measure.",
    ),
    _note(
        "hack_range",
        f"{trick_term('hack')} range",
        "SM-A32",
        "§21",
        ("any", "any distance, in sight"),
        "The GM judges line of sight on the table; the app asks no range.",
    ),
    _s(
        "defence_order_self",
        f"{skill_term('defence-order')} also marks the model itself",
        "SM-A33",
        "§20.2",
        [OFF, ON],
        "off",
    ),
    _s("mixed_pistols", "Gunslinger may carry one pistol of each type", "SM-A34", "§10.5", [OFF, ON], "off"),
    _s(
        "offhand_options",
        "Off-hand 5tk options per model",
        "SM-A35",
        "§15.3",
        [("one", "one only"), ("many", "any number")],
        "one",
    ),
    _s(
        "heavy_after_move",
        'Heavy weapon "after a Move" means',
        "SM-A36",
        "§10.6",
        [("round", "a Move this round"), ("ever", "a Move this activation")],
        "round",
    ),
    _s(
        "haggling_technology",
        f"{skill_term('haggling')} +20% on auto-sold technologies",
        "SM-A37",
        "§20.5",
        [ON, OFF],
        "on",
    ),
    _s(
        "small_guy_discount",
        "Small-guy discount covers",
        "SM-A38",
        "§15.5",
        [("archetype", "archetype, options, surcharge"), ("all", "everything")],
        "archetype",
    ),
    _note(
        "neutral_lowest_t",
        'Independent models\' "lowest Toughness" is',
        "SM-A39",
        "§13",
        ("effective", "the effective value"),
        "The GM picks an independent model's target among the models it can reach on the table: the one "
        "with the lowest Toughness it would roll against this attack (armour and shield included). "
        "The other reading (the profile value) is the GM's to apply.",
    ),
    _s(
        "initiative_count",
        "Counting models for who starts",
        "SM-A40",
        "§5.1",
        [("table", "models on the table, Volunteers included"), ("roster", "models in the roster")],
        "table",
    ),
    _s(
        "special_items_strength",
        "Special items counted for band strength",
        "SM-A41",
        "§15.9",
        [("recommended", "not climbing gear, not stash items"), ("all", "every item")],
        "recommended",
    ),
    _note(
        "hidden_data_take",
        f'{challenge_term("hidden-data")} "take it" means',
        "SM-A42",
        "§23.7",
        ("end-in-hands", "it ends the game in your hands"),
        "The Challenge is met when the data ends the battle carried by one of your models.",
    ),
    _s("doubt_replace", f"{card_term('doubt')}: the owner may replace the action", "SM-A43", "§12.3", [ON, OFF], "on"),
    _note(
        "fall_landing",
        "A surviving faller",
        "SM-A44",
        "§7.5",
        ("on", "lands at the foot and keeps moving"),
        "The GM places the model at the foot of the drop and finishes its Move with the distance left; "
        "the app does not track positions or the distance left in a Move. The other reading (a failed "
        "jump ends the Move) is the GM's to apply.",
    ),
    _s(
        "primitive_per_round",
        "Primitive weapon fires once per round even with a bonus action",
        "SM-A45",
        "§10.5",
        [ON, OFF],
        "on",
    ),
    _s("retired_gear", "Gear of a retired model goes to the stash", "SM-A46", "§18.2", [ON, OFF], "on"),
    _s(
        "acceleration_friendly",
        f"{trick_term('acceleration')} only on friendly models",
        "SM-A47",
        "§21",
        [ON, OFF],
        "on",
    ),
    _note(
        "interception_markers",
        f"{scenario_term('interception')} markers are placed",
        "SM-A48",
        "§23.5",
        ("on", f"special marker at the centre, the 3 others in turns, as in {scenario_term('slaughter')}"),
        "The players place the markers on the table; the app does not. Another way of placing them is "
        "the players' to agree.",
    ),
    house_reading(
        "SM-M1", "independent models' profiles and order (no scenario uses them)", "§13", "the roster gives them"
    ),
    house_reading(
        "SM-M2", '"all scenario objectives are done", not defined per scenario', "§14", "the GM ends the battle"
    ),
    house_reading(
        "SM-M3",
        "the Medic's and Chaplain's own rules; the trainer",
        "§15.4",
        f"Specialist status only; a trainer is a model with {skill_term('beast-master')}",
    ),
    house_reading("SM-M4", "the optional scenarios for a roll of 6", "§23.1", "the players choose a scenario"),
)

CAMPAIGN_SETTINGS: tuple[SettingSpec, ...] = (
    _s(
        "care_skill_condition",
        f'"Ended the battle needing medical care" ({skill_term("medic")}, {skill_term("haggling")}, {skill_term("fence")}, {skill_term("tech-hunter")}, {skill_term("searching")})',
        "SM-L1",
        "§18.2",
        [("wounded", "removed from play (rolls for injury)"), ("care-result", "an injury roll of 2–6")],
        "wounded",
        "A reading the reference does not index. Recommended: a model removed from play needs care "
        "(known when the battle ends, before the loot step); the other reading: only a model whose "
        "injury roll came up 2–6 (a result that needs care or kills).",
    ),
    _s(
        "fence_scope",
        f'{skill_term("fence")}\'s "special items" when buying',
        "SM-L2",
        "§20.5",
        [("all", "every item from the loot tables"), ("slot-items", "special-item slot items only")],
        "all",
        "A reading the reference does not index: §22.3 calls everything bought there special equipment; "
        "the other reading takes only grenades, gadgets, cyber-parts and ammunition.",
    ),
)
"""The post-battle sequence's own readings (campaign settings; a battle does not use them)."""

SETTINGS_BY_KEY = {s.key: s for s in SETTINGS}
CAMPAIGN_SETTINGS_BY_KEY = {s.key: s for s in CAMPAIGN_SETTINGS}


def defaults() -> dict[str, str]:
    return {s.key: s.default for s in SETTINGS}
