"""Sanctum Mortalis battle state: frozen records changed only by ``evolve``.

Turn order lives apart from model state (``TurnOrder``). Model ids are battle-wide:
``"A.kara-vex"`` (side, dot, roster id); independent models use side ``"N"``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

from engine.formatting import plural
from engine.records import GhostModel, Record, changed, field

from .roster import BandRoster, ModelSpec
from .terms import challenge_term, term

SIDES = ("A", "B")
NEUTRAL = "N"

ON_TABLE = "on-table"
OUT_OF_ACTION = "out-of-action"
LEFT_TABLE = "left-table"

DEFENSIVE_STANCE = "defensive-stance"
OVERWATCH = "overwatch"
HIDDEN = "hidden"
MARKERS = (DEFENSIVE_STANCE, OVERWATCH, HIDDEN)
MARKER_SYMBOLS = MappingProxyType({DEFENSIVE_STANCE: "◆", OVERWATCH: "◎", HIDDEN: "◌"})
MARKER_ENGLISH = MappingProxyType({DEFENSIVE_STANCE: "Defensive stance", OVERWATCH: "Overwatch", HIDDEN: "Hiding"})
"""Each marker's English name alone: for a text that names it in Polish already (its rule
cited beside it is the book's section of that name: "Pozycja obronna (Defensive stance)")."""
MARKER_NAMES = MappingProxyType({k: term(name) for k, name in MARKER_ENGLISH.items()})
"""Each marker as shown: "Overwatch (Strzał z ukrycia)" (§11)."""


class ModelState(Record):
    """One model in the battle."""

    id: str
    side: str
    spec: ModelSpec
    status: str = ON_TABLE
    activated: bool = False
    """Has had its activation this round."""
    moves: int = 0
    """Move actions taken this round."""
    others: int = 0
    """Non-Move actions taken this round."""
    action_cap: int = 2
    """Actions allowed this round (Zastój, stun, Dekoncentracja, Włam lower it)."""
    first_action: str = ""
    """"move" or "other": the model's first action this round (Zryw)."""
    climbed: bool = False
    jumped: bool = False
    no_shooting: bool = False
    """Rozbłysk: no Shooting actions this round."""
    aimed: bool = False
    """Wymierzony strzał used this round: no Move afterwards."""
    move_only: str = ""
    """Why the model may take only Move actions this round ("stun": a stun grenade,
    "smoke": inside a smoke grenade's cloud, §17.6); "" when it may act freely."""
    bonus_action: bool = False
    """Przyspieszenie: one bonus action once all the player's models have moved."""
    markers: frozenset[str] = frozenset()
    tech_markers: int = 0
    special_marker: bool = False
    engaged_with: frozenset[str] = frozenset()
    xp_gained: int = 0
    kills: tuple[str, ...] = ()
    removed_by: str | None = None
    removal_cause: str = ""
    infected: bool = False
    once_used: frozenset[str] = frozenset()
    """Once-per-battle things used: "captain-reroll", "jet-pack"."""
    trick_charges: tuple[tuple[str, int], ...] = ()
    carried_off: int = 0
    charged: frozenset[str] = frozenset()
    """Enemies this model engaged with a Move this round (Brudne zagrywki, §20.2)."""
    next_move: int = 0
    """To mnie szukasz?: the next Move goes to any reachable place within this many inches."""
    barred: frozenset[str] = frozenset()
    """Zwątpienie: actions it may not take this round (it must take a different one)."""
    looking_pickup: bool = False
    """Its last action was the To mnie szukasz? move: a pick-up now is part of the play [SM-A14]."""
    borrowed: str = ""
    """Gryź to!: the beaten enemy's ranged weapon it fires one salvo with, no action."""
    taunting: bool = False
    """I Twoją matkę też!: enemies that see it must shoot it or no one, this round [SM-A12]."""
    salvo: tuple[str, int] | None = None
    """The weapon being fired in the current Shooting action and shots fired so far."""
    salvo_aim: tuple[str, tuple[str, ...], tuple[str, ...]] | None = None
    """(target, toggles, declined) of the last shot fired: the next shot of the same
    Shooting action at the same target starts from them (``view.salvo_carried``). Read
    only while ``salvo`` has shots fired, so it is never reset."""
    salvo_targets: tuple[str, ...] = ()
    """The target of each shot of the current Shooting action, in order (one target per
    action; the heavy rifle's spread and a second pistol aside, ``salvo.py``). Read only
    while ``salvo`` has shots fired."""
    salvo_overwatch: bool = False
    """The current Shooting action is an Overwatch shot [SM-A15]: its later shots too."""
    round_flags: frozenset[str] = frozenset()
    """Once-per-round things done this round: "fired:<weapon>" (a primitive weapon fires
    once per round [SM-A45]), "collector" (Zbieracz's free pick-up, §20.1)."""
    carry_partner: str | None = None
    """The friend carrying the special marker together with this model (§23.5): both
    bear its limits; the marker itself is counted on the one whose ``special_marker`` is set."""
    hidden_data: bool = False
    """Carries its own side's Ukryte dane marker (§23.7)."""

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def on_table(self) -> bool:
        return self.status == ON_TABLE

    @property
    def engaged(self) -> bool:
        return bool(self.engaged_with)

    @property
    def actions_used(self) -> int:
        return self.moves + self.others

    @property
    def actions_left(self) -> int:
        extra = 1 if self.bonus_action else 0
        return max(0, self.action_cap - self.actions_used) + extra

    def charges(self, trick: str) -> int:
        return dict(self.trick_charges).get(trick, 0)


class SideState(Record):
    """A player's side: band, cards spent, victory points."""

    key: str
    band: BandRoster
    cards_used: tuple[str, ...] = ()
    vp: int = 0
    markers_collected: int = 0
    role: str = ""
    challenges: tuple[str, ...] = ()
    """The keys of the Challenges this side took (§23.7)."""
    challenge_picks: tuple[tuple[str, str, str], ...] = ()
    """(key, own model id, enemy model id) of each Challenge taken ("" where none is named)."""
    challenges_broken: frozenset[str] = frozenset()
    """Challenges already failed during the battle (Stoicyzm, Bez fajerwerków, Sfochowany pacyfista)."""
    hidden_data_taken: bool = False
    """Its Ukryte dane marker was carried off the table by one of its models."""

    @property
    def name(self) -> str:
        return self.band.name


class TurnOrder(Record):
    """Round, who started and why, whose activation it is.

    ``phase``: "setup" (before round 1), "choose-first" (a roll-off winner must pick),
    "activations", "neutrals", "round-over", "ended".
    """

    round: int = 0
    phase: str = "setup"
    first: str | None = None
    reason: str = ""
    rolloff: dict[str, Any] | None = None
    chooser: str | None = None
    to_act: str | None = None
    active_model: str | None = None


class PendingSave(Record):
    """A hit waiting for its Toughness roll: who, against what, and how it was hit."""

    model: str
    attacker: str | None
    attack: str  # "shooting" | "melee" | "other"
    weapon: str
    context: dict[str, Any] = field(default_factory=dict)


class LastRoll(Record):
    """The most recent roll, the only one a re-roll may change (§2.2)."""

    kind: str  # "shot" | "save" | "melee" | "jump" | "fall"
    roller: str
    record: dict[str, Any]
    context: dict[str, Any] = field(default_factory=dict)


class ThrownGrenade(Record):
    """A grenade in the air: who threw which one, and whether the Accuracy roll hit
    (a miss lands 3" nearer or farther, the next player's choice, §17.6)."""

    model: str
    grenade: str
    hit: bool


class BattleState(Record):
    """Everything about a Sanctum Mortalis battle at one moment."""

    scenario: str
    settings: Mapping[str, str]
    models: tuple[ModelState, ...]
    sides: tuple[SideState, ...]
    order: TurnOrder = TurnOrder()
    markers_on_table: int = 0
    special_marker_on_table: bool = False
    hidden_data_on_table: frozenset[str] = frozenset()
    """The sides whose Ukryte dane marker lies on the table (§23.7)."""
    pending: tuple[PendingSave, ...] = ()
    last_roll: LastRoll | None = None
    grenade: ThrownGrenade | None = None
    """A grenade thrown whose blast the GM has not placed yet (§17.6)."""
    smoke: tuple[str, ...] = ()
    """Smoke markers on the table (§17.6), each described; they go at the start of the next round."""
    ended: bool = False
    result: dict[str, Any] | None = None
    seed_note: str = ""

    # ------------------------------------------------------------------ lookups
    @property
    def round(self) -> int:
        return self.order.round

    def model(self, model_id: str) -> ModelState:
        for m in self.models:
            if m.id == model_id:
                return m
        raise KeyError(model_id)

    def has_model(self, model_id: str) -> bool:
        return any(m.id == model_id for m in self.models)

    def side(self, key: str) -> SideState:
        for s in self.sides:
            if s.key == key:
                return s
        raise KeyError(key)

    def models_of(self, side: str) -> tuple[ModelState, ...]:
        return tuple(m for m in self.models if m.side == side)

    def on_table(self, side: str | None = None) -> tuple[ModelState, ...]:
        return tuple(m for m in self.models if m.on_table and (side is None or m.side == side))

    def waiting(self, side: str) -> tuple[ModelState, ...]:
        """Models of ``side`` on the table that have not activated this round."""
        return tuple(m for m in self.on_table(side) if not m.activated)

    def opponent(self, side: str) -> str:
        return "B" if side == "A" else "A"

    def setting(self, key: str) -> str:
        return self.settings.get(key, "")

    # ------------------------------------------------------------------ changes
    def with_model(self, model_id: str, **changes: Any) -> "BattleState":
        models = self.models
        for i, m in enumerate(models):
            if m.id == model_id:  # ids are unique: one copy, the rest shared
                return changed(self, models=(*models[:i], changed(m, **changes), *models[i + 1 :]))
        raise GhostModel("model", model_id)

    def with_models(self, fn: Callable[[ModelState], ModelState]) -> "BattleState":
        return changed(self, models=tuple(fn(m) for m in self.models))

    def with_side(self, key: str, **changes: Any) -> "BattleState":
        return changed(self, sides=tuple(changed(s, **changes) if s.key == key else s for s in self.sides))

    def with_order(self, **changes: Any) -> "BattleState":
        return changed(self, order=changed(self.order, **changes))


def marker_badges(m: ModelState) -> list[tuple[str, str, str]]:
    """(symbol, name, style key) for every marker on the model, technology markers included."""
    out = [(MARKER_SYMBOLS[k], MARKER_NAMES[k], k) for k in sorted(m.markers)]
    if m.tech_markers:
        out.append(
            (
                f"✦{m.tech_markers}" if m.tech_markers > 1 else "✦",
                f"{plural(m.tech_markers, 'technology marker')}",
                "tech",
            )
        )
    if m.special_marker or m.carry_partner:
        out.append(("★", "the special marker" + (" (carried together)" if m.carry_partner else ""), "special"))
    if m.hidden_data:
        out.append(("✧", f"its side's {challenge_term('hidden-data')} marker", "tech"))
    return out


def model_id(side: str, spec: ModelSpec) -> str:
    return f"{side}.{spec.id}"


def build_models(side: str, specs: Iterable[ModelSpec]) -> tuple[ModelState, ...]:
    from .tables import TRICKS

    out = []
    for spec in specs:
        charges = tuple((t, TRICKS[t].charges) for t in spec.tricks if t in TRICKS)
        out.append(ModelState(id=model_id(side, spec), side=side, spec=spec, trick_charges=charges))
    return tuple(out)
