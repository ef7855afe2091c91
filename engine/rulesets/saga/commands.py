"""SAGA commands: what a GM can ask the app to do.

Each command is a frozen record; ``decide`` turns it into events or a rejection.
Sides are "A" and "B"; units are battle ids like "A.hirdmen". Dice the GM typed
can come in the command (``faces`` fields) or as the ``TypedDice`` source.
"""

from __future__ import annotations

from engine.records import Record


# -- turns and settings ---------------------------------------------------------------------
class StartTurn(Record):
    """Begin the next player turn; ``side`` is required for the first turn, then
    defaults to the other player (turn structure is [SAGA-M5])."""

    side: str | None = None


class EndTurn(Record):
    """End the current player turn. While a move, shot or melee is open the GM is asked
    first; ``force`` (the GM said so): it is cancelled and the turn ends."""

    force: bool = False


class ChangeSetting(Record):
    """Change a battle setting (an AMBIGUITY reading or a house default)."""

    key: str
    value: str


# -- activations ----------------------------------------------------------------------------------
class Activate(Record):
    """Activate a unit: ``kind`` move | charge | shoot | rest.

    ``source`` "saga" marks an activation by a SAGA ability (the only way to act in the
    opponent's turn); ``allows_rest`` whether that ability lets an exhausted unit Rest
    (if not, the activation is cancelled, §4.6); ``causes_fatigue`` the ability says the
    activation tires the unit even in the opponent's turn. ``target``: the enemy unit
    charged or shot at, or a building id for a charge. ``broken``: the move crosses
    broken terrain. ``cover``: the shooting target's cover (none | light | hard);
    ``dice``: shooting dice typed instead of models × dice per model. ``los``: the terrain
    on the shooting line, each piece (type, height, how it meets the line: one of
    ``terrain.CROSSINGS``), as the GM sees it (§5.2; empty: nothing on the line);
    ``los_override``: the GM rules the line clear anyway (logged, [SAGA-A14]).
    """

    unit: str
    kind: str
    target: str | None = None
    source: str = "normal"
    allows_rest: bool = True
    causes_fatigue: bool = False
    broken: bool = False
    cover: str = "none"
    dice: int | None = None
    los: tuple[tuple[str, str, str], ...] = ()
    los_override: bool = False


class SpendFatigue(Record):
    """``by`` (a side) removes one fatigue from the enemy ``unit`` for ``use``
    (slow_move | shooting_armour | own_armour | enemy_armour). ``for_unit``: in melee,
    the spender's unit that gets +1 Armour (default: its primary unit)."""

    by: str
    unit: str
    use: str
    for_unit: str | None = None


class CompleteMove(Record):
    """Finish the pending Movement. ``band``: the band moved when broken terrain decides
    it without a spend [SAGA-M8]; ``contact``: a charge reached the enemy; ``enter``: a
    building entered; ``leave``: the unit leaves its building."""

    band: str | None = None
    contact: bool = True
    enter: str | None = None
    leave: bool = False


class AdjustFatigue(Record):
    """A fatigue change that is not a Rest or a spend (a SAGA ability, a GM correction)."""

    unit: str
    delta: int
    reason: str = ""


# -- shooting (house procedure [SAGA-M9]) ----------------------------------------------------------
class RollShot(Record):
    """Roll the pending shot's attack dice against the target's shooting Armour."""

    faces: tuple[int, ...] | None = None


class RollShotDefence(Record):
    """The target rolls one defence die per hit; uncancelled hits are casualties."""

    faces: tuple[int, ...] | None = None


# -- melee ----------------------------------------------------------------------------------------
class Engage(Record):
    """Start a melee without a Move to engage (an ability, or the GM catching up):
    ``attacker`` unit engages ``defender``, a unit or a building id [SAGA-M2]."""

    attacker: str
    defender: str


class ChooseDefender(Record):
    """§6: the Defender picks which of its units inside the building defends."""

    unit: str


class JoinMelee(Record):
    """The GM adds a second unit to a side in step 1 [SAGA-M3] (joining rules not in source).
    ``target``: the enemy unit it attacks (None: the enemy side's first unit)."""

    unit: str
    target: str | None = None


class AimPool(Record):
    """Step 1, more than one unit on a side [SAGA-M3]: ``unit``'s attack dice go against enemy
    ``target`` (they roll against its Armour)."""

    unit: str
    target: str


class SetParticipants(Record):
    """Step 1 [SAGA-M1] [SAGA-A2]: how many of ``unit``'s models take part, or the attack dice
    count typed directly (``dice``)."""

    unit: str
    models: int | None = None
    dice: int | None = None


class SetMeleeCover(Record):
    """§3.9: defending models in contact and how many are behind hard cover."""

    in_contact: int
    covered: int


class ConfirmAttackDice(Record):
    """Close step 1: exhaustion halving applies now (§4.6 [SAGA-A5] [SAGA-A6])."""


class TradeDice(Record):
    """Step 2: the Defender trades half its attack dice for defence dice, or not."""

    trade: bool


class DeclareAbility(Record):
    """Step 3: a Melee ability of the side now declaring (see ``melee_state.Ability``)."""

    name: str
    unit: str | None = None
    acts_in: int = 3
    attack_dice: int = 0
    defence_dice: int = 0
    reroll_attack: int = 0
    reroll_defence: int = 0
    own_armour: int = 0
    enemy_armour: int = 0
    fatigue_to: tuple[str, ...] = ()
    saga_dice: int = 0


class EndDeclarations(Record):
    """Step 3: the side now declaring is done (Attacker first, then Defender)."""


class RollAttacks(Record):
    """Step 4: both sides roll; ``attacker`` / ``defender`` are faces the GM typed."""

    attacker: tuple[int, ...] | None = None
    defender: tuple[int, ...] | None = None


class Reroll(Record):
    """Re-roll dice a declared ability allows: ``side``'s ``phase`` ("attack" or
    "defence") dice at ``indices`` (0-based, in the order shown); ``faces`` typed."""

    side: str
    phase: str
    indices: tuple[int, ...]
    faces: tuple[int, ...] | None = None


class RollDefence(Record):
    """Step 5: both sides roll their defence dice."""

    attacker: tuple[int, ...] | None = None
    defender: tuple[int, ...] | None = None


class RemoveCasualties(Record):
    """Step 6: remove models, Defender first. ``split``: (unit, count) pairs when a
    side has more than one unit (default: its primary unit first)."""

    split: tuple[tuple[str, int], ...] = ()


class MarkWithinS(Record):
    """Step 6, T4 [SAGA-A10]: the friendly units that were within S of the destroyed unit."""

    units: tuple[str, ...] = ()


class ResolveRetreat(Record):
    """Step 8: whether the retreating unit can move all its models legally, and if not
    whether the winner can; ``ruling`` the GM's choice where the text is silent
    ([SAGA-A7] "no-retreat", [SAGA-A16] "defenders-leave" | "no-retreat")."""

    loser_can_retreat: bool = True
    winner_can_retreat: bool = True
    ruling: str = ""


# -- table ----------------------------------------------------------------------------------------
class AddBuilding(Record):
    """Put a building on the table (§6): ``size`` normal (8) | large (12)."""

    id: str
    name: str
    size: str = "normal"


class SetTerrain(Record):
    """Add or replace a terrain piece (§5.1); checked against the text's limits."""

    id: str
    name: str
    type: str
    height: str
    going: str
    cover: str = "none"


class PlaceInBuilding(Record):
    """Set-up or GM correction: put ``unit`` in ``building`` (None: outside)."""

    unit: str
    building: str | None
