"""Sanctum Mortalis rosters: TOML parsing with lines, band building (§15), cost, band strength.

Rule cases mark the line they expect a problem on with ``# <-``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from demo_rosters import demo_roster_paths
from hypothesis import example, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from engine.rulesets.sanctum_mortalis import band_building as bb
from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis.profile import effective_profile
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec
from engine.rulesets.sanctum_mortalis.roster_toml import (
    RosterError,
    check_roster,
    parse_roster,
    read_roster,
    scan_lines,
)
from saves.rosters import read_roster_text

FIXTURES = Path(__file__).parent / "fixtures"

BASE = """band = "Test Band"
player = "Tess"

[[model]]
name = "Cap"
archetype = "trooper"
captain = true
ranged = ["assault-rifle"]
xp = 4
skills = ["point-blank", "good-eye"]
"""
"""A legal starting band of one model (20tk): each case adds the models it needs."""


def band(*blocks: str, top: str = "") -> str:
    return top + BASE + "".join("\n" + b.strip("\n") + "\n" for b in blocks)


def marked_line(text: str) -> int:
    lines = [n for n, line in enumerate(text.splitlines(), 1) if line.rstrip().endswith("# <-")]
    assert len(lines) == 1, "mark exactly one line with # <-"
    return lines[0]


def errors(text: str, settings: dict[str, str] | None = None) -> list[bb.Problem]:
    return [p for p in check_roster(text, "test.toml", settings).problems if p.severity == bb.ERROR]


def spec(name: str, archetype: str, **kw) -> ModelSpec:
    return ModelSpec(id=t.slug(name), name=name, archetype=archetype, **kw)


CAMPAIGN = "campaign = true\n"

RULE_CASES = [
    # (id, blocks, top, settings, message fragment, rule)
    (
        "§15.1 at most seven models",
        ["[[model]]\nname = 'Dog %d'\narchetype = 'war-pet'" % i for i in range(6)]
        + ["[[model]]  # <-\nname = 'Dog 6'\narchetype = 'war-pet'"],
        "",
        None,
        "the team has 8 models; at most 7",
        "§15.1",
    ),
    (
        "§15.2 one Captain only",
        ["[[model]]\nname = 'Other'\narchetype = 'trooper'\nranged = ['assault-rifle']\ncaptain = true  # <-\nxp = 4"],
        "",
        None,
        "only one model may be the Captain; Cap already is",
        "§15.2",
    ),
    (
        "§15.2 two Veterans only",
        ["[[model]]\nname = 'V%d'\narchetype = 'swordsman'\nxp = 2" % i for i in (1, 2)]
        + ["[[model]]\nname = 'V3'\narchetype = 'swordsman'\nxp = 2  # <-"],
        "",
        None,
        "only 2 Veterans start with 2 XP (V1 and V2 already do)",
        "§15.2",
    ),
    (
        "§15.2 starting XP is 0 or 2",
        ["[[model]]\nname = 'Old'\narchetype = 'swordsman'\nxp = 5  # <-"],
        "",
        None,
        "a model of a starting band has 0 XP, or 2 XP",
        "§15.2",
    ),
    (
        "§15.3 ranged loadout",
        ["[[model]]\nname = 'Gun'\narchetype = 'trooper'\nranged = ['heavy-rifle']  # <-"],
        "",
        None,
        "a Trooper's ranged weapons are assault-rifle or energy-rifle (sniper-rifle +5tk), not heavy-rifle",
        "§15.3",
    ),
    (
        "§15.3 option not offered",
        ["[[model]]\nname = 'Og'\narchetype = 'savage'\noptions = ['shield']  # <-"],
        "",
        None,
        "a Savage may not take the shield option (its options: none)",
        "§15.3",
    ),
    (
        "§15.3 one off-hand option",
        ["[[model]]\nname = 'Bo'\narchetype = 'swordsman'\noptions = ['shield', 'additional-weapon']  # <-"],
        "",
        None,
        "one off-hand option per model (additional-weapon, shield given)",
        "§15.3 [SM-A35]",
    ),
    (
        "§8.5 two-handed stops other options",
        ["[[model]]\nname = 'Bo'\narchetype = 'swordsman'\noptions = ['two-handed', 'shield']  # <-"],
        "",
        {"offhand_options": "many"},
        "a two-handed weapon stops the use of any other weapon or a shield",
        "§8.5, §15.3",
    ),
    (
        "§15.3 armour swap",
        ["[[model]]\nname = 'Tin'\narchetype = 'trooper'\nranged = ['assault-rifle']\narmour = 'sarcophagus'  # <-"],
        "",
        None,
        "a Trooper wears light armour or swaps it for powered +10tk, not sarcophagus",
        "§15.3",
    ),
    (
        "§15.3 drop trooper picks melee",
        ["[[model]]  # <-\nname = 'Para'\narchetype = 'drop-trooper'\nranged = ['assault-rifle']"],
        "",
        None,
        "a Drop trooper's melee weapons are hand-weapon + additional-weapon or two-handed",
        "§15.3",
    ),
    (
        "§15.3 [SM-A34] one kind of pistol",
        ["[[model]]\nname = 'Dex'\narchetype = 'gunslinger'\nranged = ['assault-pistol', 'energy-pistol']  # <-"],
        "",
        None,
        "a Gunslinger's ranged weapons are",
        "§15.3 [SM-A34]",
    ),
    (
        "§15.4 Specialist base archetype",
        [
            "[[model]]\nname = 'Doc'\narchetype = 'gunslinger'\n"
            "ranged = ['assault-pistol', 'assault-pistol']\nspecialist = 'medic'  # <-"
        ],
        "",
        None,
        "a Medic is built on a Swordsman, Officer or Trooper, not a Gunslinger",
        "§15.4",
    ),
    (
        "§15.4 Medic takes no sarcophagus",
        ["[[model]]\nname = 'Doc'\narchetype = 'swordsman'\nspecialist = 'medic'\narmour = 'sarcophagus'  # <-"],
        "",
        None,
        "a Medic may not take a Battle sarcophagus",
        "§15.4",
    ),
    (
        "§15.4 no sniper for a Chaplain",
        ["[[model]]\nname = 'Fr'\narchetype = 'trooper'\nspecialist = 'chaplain'\nranged = ['sniper-rifle']  # <-"],
        "",
        None,
        "a Military chaplain may not take a sniper rifle",
        "§15.4",
    ),
    (
        "§15.4 one of each Specialist",
        [
            "[[model]]\nname = 'Doc'\narchetype = 'swordsman'\nspecialist = 'medic'",
            "[[model]]\nname = 'Nurse'\narchetype = 'officer'\nranged = ['energy-pistol']\n"
            "specialist = 'Sanitariusz'  # <-",
        ],
        "",
        None,
        "the band already has a Medic (Doc); at most one of each Specialist",
        "§15.4",
    ),
    (
        "§15.4 Technomancer starts with a trick",
        ["[[model]]  # <-\nname = 'Tek'\narchetype = 'swordsman'\nspecialist = 'technomancer'"],
        "",
        None,
        "a Technomancer starts with one trick of your choice",
        "§15.4",
    ),
    (
        "§15.5 no small Destroyer",
        ["[[model]]\nname = 'Tot'\narchetype = 'destroyer'\nranged = ['flamer']\nsmall = true  # <-"],
        "",
        None,
        "a Small guy may not be a Destroyer",
        "§15.5",
    ),
    (
        "§15.5 no small sarcophagus",
        ["[[model]]\nname = 'Tot'\narchetype = 'swordsman'\nsmall = true\narmour = 'sarcophagus'  # <-"],
        "",
        None,
        "a Small guy may not buy a Battle sarcophagus",
        "§15.5",
    ),
    (
        "§15.5 small guys never advance Speed",
        ["[[model]]\nname = 'Tot'\narchetype = 'swordsman'\nsmall = true\nxp = 2\nadvances = { S = 1 }  # <-"],
        CAMPAIGN,
        None,
        "a Small guy may not advance Speed (S)",
        "§15.5",
    ),
    (
        "§15.6 war pets have no equipment",
        ["[[model]]\nname = 'Rex'\narchetype = 'war-pet'\nitems = ['climbing-gear']  # <-"],
        "",
        None,
        "war pets have no equipment",
        "§15.6",
    ),
    (
        "§15.6 war pets gain no XP",
        ["[[model]]\nname = 'Rex'\narchetype = 'war-pet'\nxp = 1  # <-"],
        CAMPAIGN,
        None,
        "war pets gain no XP",
        "§15.6",
    ),
    (
        "§15.7 two special items",
        [
            "[[model]]\nname = 'Pack'\narchetype = 'trooper'\nranged = ['assault-rifle']\n"
            "items = ['frag-grenade', 'smoke-grenade', 'camouflage']  # <-"
        ],
        CAMPAIGN,
        None,
        "Pack carries 3 special items; at most 2",
        "§15.7",
    ),
    (
        "§15.7 a mod is not an item",
        [
            "[[model]]\nname = 'Aim'\narchetype = 'trooper'\nranged = ['assault-rifle']\n"
            "items = ['precision-sight']  # <-"
        ],
        CAMPAIGN,
        None,
        "precision-sight is a lasting modification: list it under mods",
        "§15.7",
    ),
    (
        "§15.1 starting bands buy no grenades",
        ["[[model]]\nname = 'Bang'\narchetype = 'trooper'\nranged = ['assault-rifle']\nitems = ['frag-grenade']  # <-"],
        "",
        None,
        "a starting band buys only Climbing gear and Jet packs with its models, not frag-grenade",
        "§15.1",
    ),
    (
        "§15.1 starting bands have no mods",
        [
            "[[model]]\nname = 'Aim'\narchetype = 'trooper'\n"
            "ranged = ['assault-rifle']\nmods = ['precision-sight']  # <-"
        ],
        "",
        None,
        "a starting band has no modifications yet",
        "§15.1",
    ),
    (
        "§22.4 no climbing gear in a sarcophagus",
        ["[[model]]\nname = 'Tank'\narchetype = 'destroyer'\nranged = ['flamer']\nitems = ['climbing-gear']  # <-"],
        "",
        None,
        "Climbing gear is not for models in a Battle sarcophagus",
        "§22.4",
    ),
    (
        "§17.7 no Masking protocol in a sarcophagus",
        ["[[model]]\nname = 'Tank'\narchetype = 'destroyer'\nranged = ['flamer']\nitems = ['masking-protocol']  # <-"],
        CAMPAIGN,
        None,
        "the Masking protocol is not for models in a Battle sarcophagus",
        "§17.7",
    ),
    (
        "§17.3 ammunition fits its weapon",
        [
            "[[model]]\nname = 'Zap'\narchetype = 'trooper'\n"
            "ranged = ['energy-rifle']\nitems = ['piercing-rounds']  # <-"
        ],
        CAMPAIGN,
        None,
        "Piercing rounds fits assault-pistol, assault-rifle, sniper-rifle, heavy-rifle",
        "§17.3",
    ),
    (
        "§17.4 a mod fits its gear",
        ["[[model]]\nname = 'Zap'\narchetype = 'trooper'\nranged = ['energy-rifle']\nmods = ['servomotors']  # <-"],
        CAMPAIGN,
        None,
        "Servomotors fits powered; Zap has none of them",
        "§17.3–17.4",
    ),
    (
        "§17.3 one mod per weapon",
        [
            "[[model]]\nname = 'Zap'\narchetype = 'trooper'\nranged = ['energy-rifle']\n"
            "mods = ['precision-sight', 'shot-stabiliser']  # <-"
        ],
        CAMPAIGN,
        None,
        "at most one modification per weapon or armour",
        "§17.3–17.4",
    ),
    (
        "§20.1 no Speed skills in a sarcophagus",
        ["[[model]]\nname = 'Tank'\narchetype = 'destroyer'\nranged = ['flamer']\nxp = 2\nskills = ['sprint']  # <-"],
        "",
        None,
        "Tank cannot learn Sprint (sprint): Speed skills are not for models in a Battle sarcophagus",
        "§20.1",
    ),
    (
        "§20.1 no Speed skills with a heavy weapon",
        ["[[model]]\nname = 'Hvy'\narchetype = 'support'\nranged = ['flamer']\nxp = 2\nskills = ['runner']  # <-"],
        "",
        None,
        "Speed skills are not for models with a heavy ranged weapon",
        "§20.1",
    ),
    (
        "§17.4 [SM-A8] powered armour needs Servomotors",
        [
            "[[model]]\nname = 'Pow'\narchetype = 'trooper'\n"
            "ranged = ['assault-rifle']\narmour = 'powered'\nxp = 2\n"
            "skills = ['sprint']  # <-"
        ],
        "",
        None,
        "a model in powered armour needs Servomotors for Speed skills",
        "§17.4 [SM-A8]",
    ),
    (
        "§20.3 Shooting skills need a ranged weapon",
        ["[[model]]\nname = 'Bo'\narchetype = 'swordsman'\nxp = 2\nskills = ['point-blank']  # <-"],
        "",
        None,
        "Shooting skills need a ranged weapon",
        "§20.3",
    ),
    (
        "§20.4 Knowledge skills for Specialists",
        ["[[model]]\nname = 'Jo'\narchetype = 'trooper'\nranged = ['assault-rifle']\nxp = 2\nskills = ['Medyk']  # <-"],
        "",
        None,
        "Jo cannot learn Medic (medic): Knowledge skills are for Specialists only",
        "§20.4",
    ),
    (
        "§20.5 Rogue skills need no shield",
        ["[[model]]\nname = 'Bo'\narchetype = 'swordsman'\noptions = ['shield']\nxp = 2\nskills = ['hiding']  # <-"],
        "",
        None,
        "Rogue skills are not for models with a shield",
        "§20.5",
    ),
    (
        "§20.5 Rogue skills need light armour",
        [
            "[[model]]\nname = 'Pow'\narchetype = 'trooper'\n"
            "ranged = ['assault-rifle']\narmour = 'powered'\nxp = 2\n"
            "skills = ['theft']  # <-"
        ],
        "",
        None,
        "Rogue skills need light armour",
        "§20.5",
    ),
    (
        "§20.5 no Rogue skills for Specialists",
        ["[[model]]\nname = 'Doc'\narchetype = 'swordsman'\nspecialist = 'medic'\nxp = 2\nskills = ['escape']  # <-"],
        "",
        None,
        "Specialists may not learn Rogue skills",
        "§20.5",
    ),
    (
        "§20.2 no Assist in a sarcophagus",
        ["[[model]]\nname = 'Tank'\narchetype = 'destroyer'\nranged = ['flamer']\nxp = 2\nskills = ['assist']  # <-"],
        "",
        None,
        "Assist (Asysta) is not for models in a Battle sarcophagus",
        "§20.2",
    ),
    (
        "§20.2 Protection needs a shield",
        ["[[model]]\nname = 'Bo'\narchetype = 'swordsman'\nxp = 2\nskills = ['protection']  # <-"],
        "",
        None,
        "Protection (Ochrona) is only for models with a shield",
        "§20.2",
    ),
    (
        "§21 tricks need Technomancer tricks",
        ["[[model]]\nname = 'Jo'\narchetype = 'trooper'\nranged = ['assault-rifle']\nxp = 2\ntricks = ['flash']  # <-"],
        "",
        None,
        "tricks need the skill Technomancer tricks",
        "§21",
    ),
    (
        "§3.2 advance maximum",
        [
            "[[model]]\nname = 'Ace'\narchetype = 'trooper'\nranged = ['assault-rifle']\n"
            "xp = 10\nskills = ['marksman']\nadvances = { C = 4 }  # <-"
        ],
        CAMPAIGN,
        None,
        "Accuracy (C) may be advanced at most 3 times, not 4",
        "§3.2",
    ),
    (
        "§19.3 third Fight advance needs Fencing master",
        ["[[model]]\nname = 'Ace'\narchetype = 'swordsman'\nxp = 6\nadvances = { W = 3 }  # <-"],
        CAMPAIGN,
        None,
        "the third Fight advance needs the skill Fencing master (fencing-master)",
        "§19.3",
    ),
    (
        "§19.3 one pick per level",
        ["[[model]]\nname = 'Vet'\narchetype = 'swordsman'\nxp = 2\nskills = ['lucky', 'agile']  # <-"],
        "",
        None,
        "Vet: 2 advances, skills and tricks need level 2, but 2 XP is level 1",
        "§19.3",
    ),
    (
        "§18.1 a wound only once",
        ["[[model]]\nname = 'Hurt'\narchetype = 'swordsman'\nwounds = ['damaged-leg', 'Uszkodzona noga']  # <-"],
        CAMPAIGN,
        None,
        "the same wound twice",
        "§18.1",
    ),
    (
        "§18.1 three wounds retire a model",
        [
            "[[model]]\nname = 'Hurt'\narchetype = 'swordsman'\n"
            "wounds = ['damaged-leg', 'damaged-arm', 'deep-scars']  # <-"
        ],
        CAMPAIGN,
        None,
        "Hurt has 3 wounds: a model with 3 retires",
        "§18.1",
    ),
    (
        "§15.1 starting bands have no wounds",
        ["[[model]]\nname = 'Hurt'\narchetype = 'swordsman'\nwounds = ['deep-scars']  # <-"],
        "",
        None,
        "a starting band has no wounds yet",
        "§15.1",
    ),
    (
        "§19.1 at most 50 XP",
        ["[[model]]\nname = 'Old'\narchetype = 'swordsman'\nxp = 51  # <-"],
        CAMPAIGN,
        None,
        "XP is 0 to 50, not 51",
        "§19.1",
    ),
    (
        "§15.9 Volunteers take no other gear",
        ["[[model]]\nname = 'Vol'\nvolunteer = true\nranged = ['energy-rifle']  # <-"],
        "",
        None,
        "a Volunteer has an assault rifle and light armour and cannot be given more gear",
        "§15.9",
    ),
    (
        "§13 [SM-M1] independent models need a profile",
        ["[[model]]  # <-\nname = 'Mutant'\nneutral = true\nneutral_type = 'fighting'\nmelee = ['hand-weapon']"],
        "",
        None,
        "an independent model needs its profile",
        "§13 [SM-M1]",
    ),
    (
        "§15.3 unknown archetype with a suggestion",
        ["[[model]]\nname = 'X'\narchetype = 'Szturmowiek'  # <-"],
        "",
        None,
        "unknown archetype 'Szturmowiek' — did you mean 'trooper'?",
        "§15.3",
    ),
    (
        "§20 unknown skill with a suggestion",
        ["[[model]]\nname = 'X'\narchetype = 'swordsman'\nxp = 2\nskills = ['agil']  # <-"],
        "",
        None,
        "unknown skill 'agil' — did you mean 'agile'?",
        "§20",
    ),
    (
        "§17.5 unknown item with a suggestion",
        ["[[model]]\nname = 'X'\narchetype = 'swordsman'\nitems = ['climbing-gera']  # <-"],
        "",
        None,
        "unknown item 'climbing-gera' — did you mean 'climbing-gear'?",
        "§17.5",
    ),
]


def _id(text: str) -> str:
    """Test ids in ASCII (pytest escapes "§")."""
    return text.replace("§", "rule ").replace("–", "-")


@pytest.mark.parametrize(
    "blocks, top, settings, fragment, rule", [pytest.param(*case[1:], id=_id(case[0])) for case in RULE_CASES]
)
def test_each_band_building_rule_reports_one_problem_on_the_marked_line(blocks, top, settings, fragment, rule):
    text = band(*blocks, top=top)
    found = errors(text, settings)
    assert [(p.line, p.rule) for p in found] == [(marked_line(text), rule)], found
    assert fragment in found[0].message


FORMAT_CASES = [
    (
        "armor",
        ["[[model]]\nname = 'X'\narchetype = 'swordsman'\narmor = 'powered'  # <-"],
        "unknown field 'armor' — did you mean 'armour'?",
    ),
    (
        "wrong type",
        ["[[model]]\nname = 'X'\narchetype = 'swordsman'\nxp = '2'  # <-"],
        "X: xp must be a whole number, not text",
    ),
    (
        "unknown option",
        ["[[model]]\nname = 'X'\narchetype = 'swordsman'\noptions = ['sheild']  # <-"],
        "X: unknown option 'sheild' — did you mean 'shield'?",
    ),
    (
        "top-level key in a model",
        ["[[model]]\nname = 'X'\narchetype = 'swordsman'\nplayer = 'Ann'  # <-"],
        "field 'player' belongs at the top of the roster",
    ),
    (
        "list expected",
        ["[[model]]\nname = 'X'\narchetype = 'swordsman'\nskills = 3  # <-"],
        "X: skills must be a list of names in quotes",
    ),
]


@pytest.mark.parametrize("blocks, fragment", [pytest.param(*c[1:], id=c[0]) for c in FORMAT_CASES])
def test_format_mistakes_point_at_their_line(blocks, fragment):
    text = band(*blocks)
    found = errors(text)
    assert [p.line for p in found] == [marked_line(text)], found
    assert fragment in found[0].message


def test_a_model_field_above_the_first_model_is_explained():
    found = errors(band(top="archetype = 'trooper'\n"))
    assert [(p.line, p.message) for p in found] == [
        (1, "field 'archetype' belongs to a model: put it after a [[model]] line")
    ]


def test_a_toml_syntax_error_reports_tomllib_line_and_column():
    parsed = check_roster('band = "X"\n\n[[model]]\nname = "Y\narchetype = "trooper"\n')
    assert parsed.roster is None and not parsed.ok
    [problem] = parsed.problems
    assert problem.line == 4 and problem.message.startswith("not valid TOML: ") and "line 4, column" in problem.message


def test_single_bracket_model_table_is_explained():
    found = errors(
        'band = "X"\n\n[model]\nname = "Y"\narchetype = "trooper"\nranged = ["assault-rifle"]\ncaptain = true\nxp = 4\n'
    )
    assert [(p.line, p.message) for p in found] == [(3, "write [[model]] (two brackets) at the start of each model")]


def test_a_roster_with_no_models_and_no_band_name_says_so():
    assert [p.message for p in errors('player = "Ann"\n')] == [
        "the roster has no models: add a [[model]] block for each",
        'the band has no name: add band = "..." at the top',
    ]


def test_a_war_pet_cannot_be_the_captain():
    text = CAMPAIGN + band("[[model]]\nname = 'Rex'\narchetype = 'war-pet'\ncaptain = true  # <-").replace(
        "captain = true\nranged", "ranged"
    )
    assert [(p.line, p.message) for p in errors(text)] == [
        (marked_line(text), "Rex is a war pet and cannot be the Captain")
    ]


def test_a_starting_band_needs_a_captain_but_a_campaign_band_may_have_lost_it():
    text = band().replace("captain = true\n", "").replace("xp = 4", "xp = 2").replace(', "good-eye"', "")
    assert [(p.line, p.message) for p in errors(text)] == [(1, "no model is the Captain: mark one with captain = true")]
    assert errors(CAMPAIGN + text) == []


# ----------------------------------------------------------------------------- the broken fixture
def test_the_broken_band_fixture_has_its_problems_on_the_known_lines():
    parsed = check_roster(read_roster_text(FIXTURES / "broken-band.toml"), "broken-band.toml")
    assert [(p.line, p.rule, p.severity) for p in parsed.problems] == [
        (3, "§15.2", "warning"),  # no Veterans
        (3, "§15.1", "error"),  # 159tk over the budget
        (11, "§15.2", "error"),  # Captain with 3 XP
        (17, "§15.4", "error"),  # sniper rifle on a Technomancer
        (24, "§15.4", "error"),  # second Technomancer
        (31, "§15.5", "error"),  # small Destroyer
        (33, "§22.4", "error"),  # climbing gear in a sarcophagus
        (38, "", "error"),  # armor
        (39, "§15.3 [SM-A35]", "error"),  # two off-hand options
        (40, "§20", "error"),  # point-blnk
        (41, "§15.1", "error"),  # grenade in a starting band
    ]
    assert parsed.problems[1].message == "the band costs 159tk, 9tk over the 150tk starting budget"
    assert not parsed.ok


def test_parse_roster_raises_one_line_naming_the_first_errors_and_keeps_them_all():
    with pytest.raises(RosterError) as caught:
        parse_roster(read_roster_text(FIXTURES / "broken-band.toml"), "broken-band.toml")
    assert str(caught.value) == (
        "broken-band.toml: line 3: the band costs 159tk, 9tk over the 150tk starting budget (§15.1); "
        "line 11: Boss: the Captain of a starting band has 4 XP, not 3 (§15.2); "
        "line 17: Techie One: a Technomancer may not take a sniper rifle (§15.4); and 7 more (skirmish check lists them)"
    )
    assert len(caught.value.problems) == 11


def test_read_roster_reports_format_problems_only():
    parsed = read_roster(read_roster_text(FIXTURES / "broken-band.toml"))
    assert [(p.line, p.message) for p in parsed.problems] == [(38, "unknown field 'armor' — did you mean 'armour'?")]


def test_the_campaign_fixture_is_a_legal_campaign_band():
    parsed = check_roster(read_roster_text(FIXTURES / "campaign-band.toml"))
    assert parsed.problems == () and parsed.campaign
    assert bb.band_strength(parsed.roster) == 4 * 3 + (10 + 6 + 3) + 2 * 8


# ----------------------------------------------------------------------------- demo rosters
@pytest.mark.parametrize("path", demo_roster_paths(), ids=lambda p: p.name)
def test_demo_roster_is_a_legal_band_of_five_to_seven_models_at_a_starting_cost(path):
    parsed = check_roster(read_roster_text(path), str(path))
    assert parsed.problems == ()
    # a campaign band (its grenade is loot, for the demo's b), bought as a starting band
    assert parsed.campaign and 5 <= len(parsed.roster.models) <= 7
    assert 140 <= bb.band_cost(parsed.roster) <= 150


def test_there_are_two_demo_rosters_and_together_they_show_the_band_building_rules():
    paths = demo_roster_paths()
    assert [p.name for p in paths] == ["crimson-saints.toml", "iron-wolves.toml"]
    models = [m for p in paths for m in parse_roster(read_roster_text(p)).models]
    assert sum(m.captain for m in models) == 2 and sum(m.xp == 2 for m in models) == 4
    assert any(m.specialist == "technomancer" and m.tricks for m in models)
    assert any(set(m.ranged) & set(t.PISTOLS) for m in models)
    assert any(set(m.ranged) & {"assault-rifle", "energy-rifle"} for m in models)
    assert any(m.shield for m in models) and any("two-handed" in m.melee for m in models)
    assert any(set(m.ranged) & set(t.HEAVY_WEAPONS) for m in models)
    assert any(m.small for m in models) and any(m.pet for m in models)
    assert any("climbing-gear" in m.items for m in models) and any("jet-pack" in m.items for m in models)


# ----------------------------------------------------------------------------- WE13 costs
def test_we13_technomancer_trooper_in_powered_armour_costs_35tk():
    m = spec(
        "Tek",
        "trooper",
        specialist="technomancer",
        ranged=("energy-rifle",),
        armour="powered",
        skills=("technomancer-tricks",),
        tricks=("flash",),
    )
    assert [(c.label, c.tk) for c in bb.cost_terms(m)] == [
        ("Trooper", 20),
        ("Powered armour", 10),
        ("Technomancer surcharge", 5),
    ]
    assert bb.model_cost(m) == 35


def test_we13_destroyer_with_a_shield_costs_60tk():
    assert bb.model_cost(spec("D", "destroyer", ranged=("heavy-rifle",), armour="sarcophagus", shield=True)) == 60


def test_we13_small_swordsman_with_a_shield_costs_12tk_and_has_s5_w0_c7_o4():
    m = spec("Pip", "swordsman", small=True, melee=("hand-weapon",), shield=True)
    assert bb.model_cost(m) == 12
    assert effective_profile(m).values() == {"S": 5, "W": 0, "C": 7, "O": 4}


WE13_BAND = """band = "WE13"
[[model]]
name = "Hulk"
archetype = "Niszczyciel"
ranged = ["rocket-launcher"]
captain = true
xp = 4
[[model]]
name = "Tek"
archetype = "Szturmowiec"
specialist = "Technomanta"
ranged = ["energy-rifle"]
armour = "powered"
tricks = ["flash"]
xp = 2
[[model]]
name = "T1"
archetype = "trooper"
ranged = ["assault-rifle"]
xp = 2
[[model]]
name = "T2"
archetype = "trooper"
ranged = ["assault-rifle"]
[[model]]
name = "T3"
archetype = "trooper"
ranged = ["energy-rifle"]
"""


def test_we13_a_destroyer_a_technomancer_and_three_troopers_are_a_legal_150tk_band():
    parsed = check_roster(WE13_BAND)
    assert parsed.problems == ()
    assert len(parsed.roster.models) == 5 and bb.band_cost(parsed.roster) == 150


def test_we13_a_second_technomancer_is_refused():
    text = WE13_BAND.replace(
        'name = "T3"\narchetype = "trooper"\nranged = ["energy-rifle"]',
        'name = "T3"\narchetype = "swordsman"\nspecialist = "technomancer"\ntricks = ["flash"]',
    )
    assert [(p.line, p.rule) for p in errors(text)] == [(28, "§15.4")]


def test_we13_a_small_destroyer_is_refused():
    text = WE13_BAND.replace('archetype = "Niszczyciel"', 'archetype = "Niszczyciel"\nsmall = true')
    assert [(p.line, p.rule) for p in errors(text)] == [(5, "§15.5")]


def test_sniper_swap_costs_5tk_and_a_small_guy_pays_four_fifths_of_everything_in_the_table():
    sniper = spec("S", "trooper", ranged=("sniper-rifle",), armour="powered")
    assert bb.model_cost(sniper) == 35
    assert bb.model_cost(spec("S", "trooper", ranged=("sniper-rifle",), armour="powered", small=True)) == 28


@pytest.mark.parametrize(
    "discount, expected",
    [("archetype", 8 + 5 + 10), ("all", (10 + 5 + 10) * 4 // 5)],
    ids=["SM-A38 gear is not discounted", "SM-A38 setting all discounts gear"],
)
def test_small_guy_discount_and_recruitment_gear(discount, expected):
    m = spec("Pip", "swordsman", small=True, melee=("hand-weapon",), items=("climbing-gear", "jet-pack"))
    assert bb.model_cost(m, {"small_guy_discount": discount}) == expected


def test_sm_a35_setting_many_allows_and_charges_two_off_hand_options():
    text = band("[[model]]\nname = 'Bo'\narchetype = 'swordsman'\noptions = ['shield', 'additional-weapon']")
    many = {"offhand_options": "many"}
    parsed = check_roster(text, settings=many)
    assert errors(text, many) == []
    assert bb.model_cost(parsed.roster.models[1], many) == 20


def test_sm_a8_servomotors_or_the_setting_off_let_powered_armour_learn_speed_skills():
    pow_block = (
        "[[model]]\nname = 'Pow'\narchetype = 'trooper'\nranged = ['assault-rifle']\narmour = 'powered'\n"
        "xp = 2\nskills = ['sprint']"
    )
    assert errors(band(pow_block), {"powered_needs_servomotors": "off"}) == []
    assert errors(band(pow_block + "\nmods = ['servomotors']", top=CAMPAIGN)) == []


def test_sm_a34_setting_allows_one_pistol_of_each_kind():
    text = band("[[model]]\nname = 'Dex'\narchetype = 'gunslinger'\nranged = ['assault-pistol', 'energy-pistol']")
    assert errors(text, {"mixed_pistols": "on"}) == []


def test_beast_master_lets_two_war_pets_go_over_seven_models():
    trainer = (
        "[[model]]\nname = 'Tamer'\narchetype = 'swordsman'\nspecialist = 'chaplain'\nxp = 2\nskills = ['beast-master']"
    )
    pets = ["[[model]]\nname = 'Dog %d'\narchetype = 'war-pet'" % i for i in range(7)]
    assert errors(band(trainer, *pets)) == []  # 9 models: 7 + 2 war pets over the limit
    found = errors(band(trainer, *pets, "[[model]]\nname = 'Dog 9'\narchetype = 'war-pet'"))
    assert [p.rule for p in found] == ["§15.1, §20.4"]


def test_budget_and_campaign_flags_change_the_budget_check():
    rich = band(*["[[model]]\nname = 'D%d'\narchetype = 'destroyer'\nranged = ['flamer']" % i for i in range(3)])
    assert [p.message for p in errors(rich)] == ["the band costs 185tk, 35tk over the 150tk starting budget"]
    assert errors("budget = 300\n" + rich) == []
    assert errors(CAMPAIGN + rich) == []
    assert [p.message for p in errors(CAMPAIGN + "budget = 300\n" + rich)] == [
        "budget is for a starting band; a campaign band has none (remove budget, or campaign = true)"
    ]


# ----------------------------------------------------------------------------- WE12 strength
def test_we12_band_strength_and_volunteers():
    items = [("frag-grenade",), ("camouflage",), ("smoke-grenade",)] + [()] * 4
    xps = [4, 4, 4, 4, 2, 2, 0]
    band_a = BandRoster(
        "A",
        models=tuple(
            spec(f"A{i}", "trooper", ranged=("assault-rifle",), xp=x, items=it)
            for i, (x, it) in enumerate(zip(xps, items))
        ),
    )
    band_b = BandRoster(
        "B",
        models=(
            spec("B0", "trooper", ranged=("assault-rifle",), xp=4),
            *(spec(f"B{i}", "swordsman", melee=("hand-weapon",)) for i in (1, 2, 3)),
            spec("Rex", "war-pet", armour="none"),
        ),
    )
    assert sum(xps) == 20
    assert bb.band_strength(band_a) == 7 * 3 + 20 + 3 * 2 == 47
    assert bb.band_strength(band_b) == 15 + 4 == 19
    assert bb.volunteer_count(19, 47) == 1 and bb.volunteer_count(47, 19) == 0
    assert bb.volunteer_count(0, 30) == 2 and bb.volunteer_count(0, 14) == 0


@pytest.mark.parametrize(
    "setting, expected",
    [("recommended", 3 * 1 + 2 * 3), ("all", 3 * 1 + 2 * 4 + 2 * 1)],
    ids=["SM-A41 no climbing gear or stash", "SM-A41 setting all counts every item"],
)
def test_sm_a41_which_items_count_for_band_strength(setting, expected):
    m = spec(
        "M",
        "trooper",
        ranged=("energy-rifle",),
        armour="powered",
        items=("climbing-gear", "jet-pack"),
        mods=("polychitin", "high-energy-batteries"),
    )
    roster = BandRoster("B", models=(m,), stash=("smoke-grenade",))
    assert bb.band_strength(roster, {"special_items_strength": setting}) == expected


def test_volunteers_and_independent_models_are_not_band_members():
    roster = BandRoster(
        "B",
        models=(
            spec("Vol", "volunteer", volunteer=True, ranged=("assault-rifle",)),
            spec(
                "Mut",
                "independent",
                neutral=True,
                neutral_type="fighting",
                profile_override=(("S", 4), ("W", 1), ("C", 0), ("O", 6)),
            ),
        ),
    )
    assert bb.band_strength(roster) == 0 and bb.band_cost(roster) == 0
    assert bb.validate(roster, campaign=True) == []


# ----------------------------------------------------------------------------- parsing
def test_polish_names_options_and_starting_skills_become_table_keys():
    text = band(
        "[[model]]\nname = 'Siostra'\narchetype = 'Szermierz'\nspecialist = 'Technomanta'\n"
        "options = ['Broń dwuręczna']\ntricks = ['Spięcie']",
        "[[model]]\nname = 'Oficer'\narchetype = 'Funkcjonariusz'\nranged = ['Pistolet energetyczny']\n"
        "options = ['hand-weapon']\narmour = 'Pancerz wspomagany'",
    )
    parsed = check_roster(text)
    assert errors(text) == []
    sister, officer = parsed.roster.models[1:]
    assert (sister.archetype, sister.specialist, sister.melee, sister.tricks) == (
        "swordsman",
        "technomancer",
        ("two-handed",),
        ("short-circuit",),
    )
    assert sister.skills == ("technomancer-tricks",)
    assert (officer.ranged, officer.melee, officer.armour, officer.shield) == (
        ("energy-pistol",),
        ("hand-weapon",),
        "powered",
        False,
    )


@pytest.mark.parametrize(
    "archetype, options, melee, shield",
    [
        ("swordsman", "[]", ("hand-weapon",), False),
        ("swordsman", "['additional-weapon']", ("hand-weapon", "additional-weapon"), False),
        ("swordsman", "['shield']", ("hand-weapon",), True),
        ("swordsman", "['two-handed']", ("two-handed",), False),
        ("destroyer", "['additional-weapon']", ("hand-weapon",), False),
    ],
    ids=[
        "rule 15.3 plain",
        "rule 15.3 additional weapon",
        "rule 15.3 shield",
        "rule 15.3 two-handed swap",
        "rule 15.3 destroyer's hand weapon",
    ],
)
def test_off_hand_options_are_folded_into_the_real_melee_weapons(archetype, options, melee, shield):
    ranged = "\nranged = ['flamer']" if archetype == "destroyer" else ""
    roster = parse_roster(band(f"[[model]]\nname = 'M'\narchetype = '{archetype}'{ranged}\noptions = {options}"))
    model = roster.models[1]
    assert (model.melee, model.shield) == (melee, shield)
    assert bb.model_options(model) == tuple(o for o in bb.OFFHAND_OPTIONS if o in options)


def test_melee_written_after_options_is_accepted_as_is():
    text = band("[[model]]\nname = 'M'\narchetype = 'swordsman'\nmelee = ['two-handed']\noptions = ['two-handed']")
    parsed = check_roster(text)
    assert errors(text) == [] and parsed.roster.models[1].melee == ("two-handed",)


def test_model_ids_are_unique_slugs_and_lines_point_at_the_headers():
    roster = parse_roster(
        band(
            "[[model]]\nname = 'Kára Vex'\narchetype = 'swordsman'",
            "[[model]]\nname = 'Kara  Vex'\narchetype = 'swordsman'",
        )
    )
    assert [(m.id, m.line) for m in roster.models] == [("cap", 4), ("kara-vex", 12), ("kara-vex-2", 16)]


def test_parsed_rosters_survive_the_dict_round_trip_used_by_saves():
    roster = parse_roster(read_roster_text(FIXTURES / "campaign-band.toml"))
    assert BandRoster.from_dict(roster.to_dict()) == roster


def test_the_line_scanner_follows_subtables_dotted_keys_and_multiline_values():
    text = (
        'band = "X"  # [not a header]\n'
        'notes = """\n[[model]]\nname = "fake"\n"""\n'
        "[[model]]\n"
        'name = "A"\n'
        'skills = [\n  "agile",\n  "lucky",\n]\n'
        "advances.W = 1\n"
        "[model.profile]\n"
        "S = 4\n"
        "[[model]]\n"
        '"name" = "B"\n'
    )
    lines = scan_lines(text)
    assert lines.top == {"band": 1, "notes": 2, "model": 6}
    assert lines.models == (
        {"header": 6, "name": 7, "skills": 8, "advances": 12, "profile": 13},
        {"header": 15, "name": 16},
    )


def test_a_line_break_toml_does_not_know_leaves_the_line_numbers_as_the_file_has_them():
    # \x85 (NEL), \x1e and \u2028 end a line for str.splitlines, not for TOML or an editor
    for odd in ("\x85", "\x1e", "\u2028"):
        text = f'# a comment with {odd} inside\nband = "X"\n[[model]]\nname = "A"\nband = "late"\n'
        lines = scan_lines(text)
        assert lines.top == {"band": 2, "model": 3} and lines.models == ({"header": 3, "name": 4, "band": 5},)
        assert all(p.line <= 5 for p in check_roster(text).problems)


# ----------------------------------------------------------------------------- properties
_DEMO_LINES = read_roster_text(demo_roster_paths()[0]).splitlines()


@hsettings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["drop", "dup", "swap", "garble"]),
            st.integers(0, len(_DEMO_LINES) - 1),
            st.text(max_size=8),
        ),
        max_size=4,
    )
)
@example(edits=[("drop", 0, ""), ("swap", 38, ""), ("garble", 0, "\x85")])  # NEL is no line end in TOML
@example(edits=[("garble", 82, "\n=")])  # junk with a newline adds a line: the file is longer than the list
def test_checking_a_damaged_roster_never_raises_and_every_problem_points_into_the_file(edits):
    lines = list(_DEMO_LINES)
    for op, i, junk in edits:
        i %= max(1, len(lines))
        if not lines:
            break
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "swap":
            lines[i], lines[-1] = lines[-1], lines[i]
        else:
            lines[i] = lines[i][: len(lines[i]) // 2] + junk
    text = "\n".join(lines)
    parsed = check_roster(text)
    for problem in parsed.problems:
        assert 0 <= problem.line <= text.count("\n") + 1 and problem.message


@given(st.text(max_size=200))
def test_checking_arbitrary_text_never_raises(text):
    assert isinstance(check_roster(text).problems, tuple)


def test_a_syntax_error_at_the_end_of_the_file_points_at_its_last_line():
    # tomllib reports an unclosed string "at end of document" on the line after the final
    # newline; the problem must point at a line the file has (hypothesis found line 84 of 83)
    from engine.rulesets.saga.roster_toml import RosterError as SagaError
    from engine.rulesets.saga.roster_toml import parse_roster
    from engine.rulesets.sanctum_mortalis.roster_toml import read_roster

    text = 'band = "X"\nplayer = "Y"\nnote = \'\n'
    assert [p.line for p in read_roster(text).problems] == [3]
    from engine.toml_lines import syntax_error_line

    at_end = tomllib.TOMLDecodeError('Expected "\'" (at end of document)')
    assert syntax_error_line(at_end, "a = 1\nb = '\x1e\n") == 2  # \x1e ends no TOML line (str.splitlines says 3)
    try:
        parse_roster(text, "w.toml")
    except SagaError as err:
        assert [line for line, _ in err.problems] == [3]
    else:
        raise AssertionError("a broken file must be refused")
