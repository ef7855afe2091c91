"""Sanctum Mortalis commands: what a GM can ask the app to do.

Each command is a frozen record; ``decide`` turns it into events or a rejection.
``toggles`` are the keys of situational modifiers the GM switched on (see the
roll procedures' option lists); ``declined`` are automatic ones switched off.
"""

from __future__ import annotations

from engine.records import Record


class StartRound(Record):
    """Begin the next round: decide who starts (§5.1)."""


class ChooseFirst(Record):
    """The player who won the right to decide names the side that starts."""

    side: str


class Activate(Record):
    """Start a model's activation."""

    model: str


class EndActivation(Record):
    """End the active model's activation; play passes as §5.1 says. With a roll still
    pending it is refused as ambiguous unless ``force`` (the GM said so)."""

    force: bool = False


class EndRound(Record):
    """Close the round once every model has acted (or the GM says so)."""

    force: bool = False


class Move(Record):
    """A Move action. ``inches`` is what the model moved (checked against its allowance)."""

    model: str
    inches: float | None = None
    difficult: bool = False
    climb: float = 0.0
    """Inches of height climbed (costs 2" per inch without climbing gear / Wspinacz)."""
    engage: tuple[str, ...] = ()
    """Enemy models the move ends in contact with (a charge)."""
    jet_pack: bool = False
    ladder: bool = False
    """The climb is up or down a ladder: 1" of Speed per inch of height (§7.3)."""
    gap: float = 0.0
    """Width of a gap jumped in this Move (§7.4): at most 3" (4" with Akrobata), no wider
    than the run-up (1" standing), once per round."""
    run_up: float | None = None
    """Inches moved in this Move before the jump (None: the GM saw enough run-up)."""
    leaves_smoke: bool = False
    """The Move takes the model out of a smoke cloud: it may act freely again (§17.6)."""
    leaves_lava: bool = False
    """The Move takes the model out of Lawa's burning pool: it may act freely again (§21)."""


class JumpDown(Record):
    """Jump down from ``height`` inches as part of a Move (§7.5); a failure rolls the fall."""

    model: str
    height: float
    hold: bool = False
    """On a failure, wait while a re-roll is offered (the Captain, §2.2) before the fall;
    ``AcceptDrop`` then rolls it."""


class Fall(Record):
    """A fall for another reason (pushed, Pierwotny strach...)."""

    model: str
    height: float
    cause: str = ""
    hold: bool = False
    """On a failure, wait while a re-roll is offered before removing the model;
    ``AcceptDrop`` then removes it."""


class AcceptDrop(Record):
    """Accept the held failure of ``model``'s jump down or fall (§7.5): a jump's fall is
    rolled (held in turn while a re-roll is offered); a fall removes the model."""

    model: str


class Shoot(Record):
    """One shot of a Shooting action (multi-shot weapons fire shot by shot)."""

    shooter: str
    target: str
    weapon: str
    toggles: frozenset[str] = frozenset()
    declined: frozenset[str] = frozenset()
    template: tuple[str, ...] = ()
    """A flamer's other victims (§10.7): every model on the line to the target (friends
    included) and within 3" of it, as the GM names them; each makes its Toughness roll."""
    distance: float | None = None
    overwatch: bool = False
    crowd: tuple[str, ...] = ()
    """Shooting into a crowd: the whole group; a hit picks the saver at random."""
    spread: bool = False
    """The GM confirms this target is within 3" of the action's first target (the heavy
    rifle's other targets, §10.5; ``salvo.py``)."""
    dispeller: str | None = None
    """Spięcie (a trick shot, §21): the enemy with Rozproszenie who rolls against it first
    (§20.4); dispelled, the charge and the action are spent and no shot is made."""


class EndSalvo(Record):
    """Stop firing the current weapon (remaining shots are not taken)."""

    model: str


class Save(Record):
    """Roll the pending Toughness save of ``model``."""

    model: str
    toggles: frozenset[str] = frozenset()
    declined: frozenset[str] = frozenset()
    card: str | None = None
    """A heroic play declared for this roll ("what-are-you-gonna-do", "woohoo")."""
    hold: bool = False
    """On a failure, wait for a re-roll ("Nic mi nie jest!", the Captain) before removing
    the model; a second ``Save`` accepts the failure."""


class Reroll(Record):
    """Re-roll one die of the last roll (Captain, "Nic mi nie jest!", Strzał z bliska...)."""

    model: str
    die: int
    source: str


class Attack(Record):
    """A melee Attack action (§8.2): both roll, the higher total hits."""

    attacker: str
    defender: str
    toggles: frozenset[str] = frozenset()
    declined: frozenset[str] = frozenset()
    withdraw: bool = False


class Engage(Record):
    """Put two enemy models in contact (charge or Intercept)."""

    model: str
    enemy: str
    intercept: bool = False


class Disengage(Record):
    """Two models are no longer in contact (pushed apart, Z drogi!, lava)."""

    model: str
    enemy: str


class PlaceMarker(Record):
    """Defensive stance, Overwatch or Hiding as the model's second action (§11)."""

    model: str
    marker: str


class RemoveMarker(Record):
    """A marker goes (an enemy appeared in sight, seen without cover...)."""

    model: str
    marker: str
    reason: str = ""


class OtherAction(Record):
    """Any other action the rules say needs one (throwing a grenade, casting, Rozkaz obrony...)."""

    model: str
    what: str


class PickUpTech(Record):
    """Pick up a technology marker within 1" (an action; Zbieracz free once per round).
    ``hidden``: the side's own Ukryte dane marker (§23.7)."""

    model: str
    special: bool = False
    free: bool = False
    hidden: bool = False


class TakeChallenge(Record):
    """Before round 1, ``side`` takes a Challenge (§23.7): ``model`` is the own model it
    names (Kurier, Predator, Sfochowany pacyfista, Polowanie), ``target`` the enemy model
    (Dorwać dziada!, Łowcy nagród, Wykluczenie jajogłowych, Polowanie)."""

    side: str
    challenge: str
    model: str = ""
    target: str = ""


class CarryTogether(Record):
    """``partner``, a friend in contact with the carrier of the special marker, carries it
    together with it (no Speed penalty; both bear its other limits, §23.5); with
    ``join=False`` the partner lets go and the carrier carries it alone."""

    carrier: str
    partner: str
    join: bool = True


class LeaveTable(Record):
    """The model leaves across a table edge (§7.7)."""

    model: str
    edge: str = ""


class RemoveModel(Record):
    """The GM removes a model (a roll resolved at the table, lava, a rule the app does not model)."""

    model: str
    by: str | None = None
    cause: str = "removed by the GM"


class PlayCard(Record):
    """Play an event card: a heroic play on an own model or an offensive event on an enemy."""

    side: str
    card: str
    model: str
    note: str = ""
    height: float = 0.0
    """Raz kozie śmierć!: the edge it jumps down from (4" or more); Z drogi!: a drop
    behind the pushed opponent (0: none), which it falls."""
    action: str = ""
    """Zwątpienie: the action the opponent declared ("move", "shoot", "attack"...);
    Rozproszenie: what it stops ("defensive-stance", "overwatch", "intercept")."""
    weapon: str = ""
    """Gryź to!: which of the beaten enemy's ranged weapons it fires (empty: its only one)."""


class InsteadOfHitting(Record):
    """The melee winner does not hit (§20.5): Kradzież ("theft") takes the loser's
    technology marker, Ucieczka ("escape") breaks off 1" away; no Toughness roll."""

    model: str
    instead: str


class DefenceOrder(Record):
    """Rozkaz obrony (§20.2): the model spends its non-Move action and every listed
    unengaged friend within 3" gets a Defensive stance at once, spending nothing."""

    model: str
    friends: tuple[str, ...] = ()


class CastTrick(Record):
    """Cast a Technomancer trick (uses a charge; most need the non-Move action)."""

    model: str
    trick: str
    target: str | None = None
    victims: tuple[str, ...] = ()
    """Models under the trick's area that the GM names (Lawa: every model in the 3" pool):
    each makes its Toughness test (§21)."""
    dispeller: str | None = None
    """A model with Rozproszenie that rolls to dispel the trick (§20.4): 2k6 ≥ 8 cancels it."""


class ChangeSetting(Record):
    """Change a battle setting (an AMBIGUITY reading)."""

    key: str
    value: str


class AwardVP(Record):
    """Victory points for an objective the app does not track (a Challenge, a scenario goal)."""

    side: str
    vp: int
    reason: str


class EndBattle(Record):
    """End the battle now (objectives done [SM-M2], or the GM says so)."""

    reason: str = "the GM ended the battle"


class ThrowGrenade(Record):
    """Throw a grenade at a point within 8" (§17.6): an action, and an Accuracy roll with
    no modifiers (2k6 < the thrower's current C). The blast follows (``GrenadeBlast``)."""

    model: str
    grenade: str
    distance: float | None = None


class GrenadeBlast(Record):
    """The thrown grenade goes off (§17.6): ``models`` are those in its 2" blast (the GM
    says); after a miss ``scatter`` is the next player's choice, "nearer" or "farther"."""

    models: tuple[str, ...] = ()
    scatter: str = ""
