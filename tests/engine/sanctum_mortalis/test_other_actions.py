"""The "Other action" menu (``tables.OTHER_ACTIONS``): what a model cannot do is greyed
with the reason, and the engine refuses it too."""

from engine.battle import Battle, new_header
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup, view
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec


def _battle() -> Battle:
    a = BandRoster(
        "Wolves",
        "Ann",
        (
            ModelSpec(
                "kara",
                "Kara",
                "trooper",
                ranged=("assault-rifle",),
                captain=True,
                items=("frag-grenade",),
                skills=("defence-order",),
            ),
            ModelSpec("bo", "Bo", "swordsman", melee=("hand-weapon",)),
        ),
    )
    b = BandRoster("Saints", "Bob", (ModelSpec("xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True),))
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=3))
    battle.submit(c.StartRound())
    return battle


def test_the_menu_greys_what_the_model_lacks():
    battle = _battle()
    assert view.other_actions(battle.state, "A.kara") == [
        ("throws a grenade (§17.6)", ""),
        ("gives Defence order (Rozkaz obrony) (§20.2)", ""),
        ("uses an item (§17)", ""),
        ("another action (§6)", ""),
    ]
    assert view.other_actions(battle.state, "A.bo") == [
        ("throws a grenade (§17.6)", "Bo carries no grenade"),
        ("gives Defence order (Rozkaz obrony) (§20.2)", "Bo does not know Defence order (Rozkaz obrony)"),
        ("uses an item (§17)", "Bo carries no item"),
        ("another action (§6)", ""),
    ]


def test_the_engine_refuses_a_grenade_the_model_does_not_carry():
    battle = _battle()
    r = battle.submit(c.OtherAction("A.bo", "throws a grenade (§17.6)"))
    assert isinstance(r, Rejected) and r.reason == "Bo carries no grenade" and r.rule == "§17.6"
    assert not isinstance(battle.submit(c.OtherAction("A.kara", "throws a grenade (§17.6)")), Rejected)
    assert battle.entries[-1].text == "Kara: throws a grenade (§17.6)."


def test_the_gms_own_words_are_any_other_action():
    battle = _battle()
    assert not isinstance(battle.submit(c.OtherAction("A.bo", "opens the bunker door")), Rejected)
