"""Campaign commands: what a GM asks between battles, in the order of the post-battle
sequence (§16). ``band`` is a campaign band key; ``model`` a roster model id.

Every roll comes from the ``DiceSource`` given to ``submit`` (the app's seeded roll or
the GM's typed dice); a rejected command changes nothing.
"""

from __future__ import annotations

from typing import Any

from engine.records import Record, field


# --------------------------------------------------------------------------- start
class StartPostBattle(Record):
    """Start the post-battle sequence from a finished battle's log: ``setup`` as the
    battle header holds it, ``entries`` its log entries (dicts or ``Event``s). ``sides``:
    campaign band key of sides "A" and "B" (default: matched by band name); ``ref``:
    where the battle's save is, for the battle list."""

    setup: dict[str, Any]
    entries: tuple[Any, ...]
    title: str = ""
    ref: str = ""
    sides: dict[str, str] = field(default_factory=dict)


class EndStep(Record):
    """Finish the band's current post-battle step and go to the next (§16 order)."""

    band: str


# --------------------------------------------------------------------------- challenges
class SettleChallenge(Record):
    """Say whether a Challenge the band took was met, and which model gets its XP
    (``xp_to``; Challenges naming a model give it to that model). Predator takes its
    kills and whether it stood from the log (``met`` is ignored, §23.7)."""

    band: str
    challenge: str
    met: bool
    xp_to: str = ""


# --------------------------------------------------------------------------- loot
class RollLoot(Record):
    """Roll the next table of the loot chain: the main 2k6 (§17.1) for a new loot roll,
    or the sub-table the last result leads to (§17.3–17.9)."""

    band: str


class HuntReroll(Record):
    """Łowca technologii (§20.5): re-roll die ``die`` (0 or 1) of the last 2k6 loot roll."""

    band: str
    die: int


class SearchShift(Record):
    """Przeszukiwanie (§20.5): move the last single-k6 loot roll by ``delta`` (−1 or +1)."""

    band: str
    delta: int


class KeepLoot(Record):
    """Settle the find: a technology is sold at once (§17.2); an item goes to the stash
    or is sold (``sell``). ``cyber_part``: which cyber-part a gadget roll of 6 is (§17.7)."""

    band: str
    sell: bool = False
    cyber_part: str = ""


# --------------------------------------------------------------------------- injuries
class RollInjury(Record):
    """Roll 2k6 on the injury table for a wounded model (§18.1)."""

    band: str
    model: str


class TreatInjury(Record):
    """``choice``: ``pay`` for medical care (roll again, §18.2) or a medicine from the
    stash (§17.8)."""

    band: str
    model: str
    choice: str


class ResolveInjury(Record):
    """Accept the current result's untreated effect (§18.1). ``wound``: the wound an
    untreated Serious injury adds when the owner picks ([SM-A18]); ``skill``: the skill
    an untreated Amnesia crosses off (needed when there is more than one)."""

    band: str
    model: str
    wound: str = ""
    skill: str = ""


class SetWounded(Record):
    """GM correction of the pre-fill: the model does (or does not) roll for injuries."""

    band: str
    model: str
    wounded: bool


# --------------------------------------------------------------------------- development
class AdjustXp(Record):
    """GM correction of the XP counted from the log (e.g. the special marker carried by
    two, §23.5): ``xp`` is added (negative takes back) before the XP is cashed in."""

    band: str
    model: str
    xp: int
    reason: str = "GM adjustment"


class UseImplant(Record):
    """Use a neural implant from the stash on a model (§17.9)."""

    band: str
    implant: str
    model: str


class RollLevelUp(Record):
    """Roll 2k6 for the model's lowest level gained and not rolled yet (§19.3)."""

    band: str
    model: str


class ChooseAdvance(Record):
    """Spend the model's earliest rolled level-up: raise ``stat`` (S, W, C, O), learn
    ``skill``, learn a ``trick`` (a skill pick, §21; with ``skill="technomancer-tricks"``
    the first trick comes free), or ``skip``."""

    band: str
    model: str
    stat: str = ""
    skill: str = ""
    trick: str = ""
    skip: bool = False


# --------------------------------------------------------------------------- purchases
class Recruit(Record):
    """Buy a new model (§22.2) with ``xp`` bought at 15tk each. ``model``: a
    ``ModelSpec`` dict (its id comes from its name); ``stash``: keep it in the stash
    rather than the team (§15.10, §22.2: more than 7 models may be bought for it)."""

    band: str
    model: dict[str, Any]
    xp: int = 0
    stash: bool = False


class MoveModel(Record):
    """Move a model between the battle team and the stash (§15.10: swapped freely
    between battles); ``to`` is ``"stash"`` or ``"team"``."""

    band: str
    model: str
    to: str = "stash"


class Dismiss(Record):
    """Cross a model off the roster; its special equipment goes to the stash (§22.1)."""

    band: str
    model: str


class Buy(Record):
    """Buy an item for 3× its value (§22.3) into the stash, or onto ``model``."""

    band: str
    item: str
    model: str = ""


class Sell(Record):
    """Sell an item from the stash, or from ``model``, for its value (§22.3)."""

    band: str
    item: str
    model: str = ""


class Equip(Record):
    """Give a model an item from the stash (§15.10)."""

    band: str
    item: str
    model: str


class Unequip(Record):
    """Put a model's item back in the stash (§15.10; never a Jet pack, §22.5)."""

    band: str
    item: str
    model: str


# --------------------------------------------------------------------------- next battle
class RollScenario(Record):
    """Roll for the next scenario between two bands (§23.1: the one with fewer models rolls)."""

    band_a: str
    band_b: str


class ChooseScenario(Record):
    """Name the next scenario (agreed, after a 6, or the swap to Jatka the opponent agreed to)."""

    scenario: str
    band_a: str = ""
    band_b: str = ""


class ChooseChallenge(Record):
    """Take a Challenge for the next battle (at most two, §23.7); ``model`` / ``target``
    for those that name one."""

    band: str
    challenge: str
    model: str = ""
    target: str = ""


class DrawChallenge(Record):
    """Draw a Challenge at random, evenly among those the band may still take (§23.7)."""

    band: str


class DropChallenge(Record):
    """Give up a Challenge chosen for the next battle."""

    band: str
    challenge: str


class ChangeSetting(Record):
    """Change one rule reading for the campaign (an AMBIGUITY setting, by its key)."""

    key: str
    value: str


class AddBand(Record):
    """Add a band to the campaign (a roster dict, its key the slug of its name)."""

    roster: dict[str, Any]


__all__ = [
    "AddBand",
    "AdjustXp",
    "Buy",
    "ChangeSetting",
    "ChooseAdvance",
    "ChooseChallenge",
    "ChooseScenario",
    "Dismiss",
    "DrawChallenge",
    "DropChallenge",
    "EndStep",
    "Equip",
    "HuntReroll",
    "KeepLoot",
    "MoveModel",
    "Recruit",
    "ResolveInjury",
    "RollInjury",
    "RollLevelUp",
    "RollLoot",
    "RollScenario",
    "SearchShift",
    "Sell",
    "SetWounded",
    "SettleChallenge",
    "StartPostBattle",
    "TreatInjury",
    "Unequip",
    "UseImplant",
]
