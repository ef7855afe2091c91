"""xK6 battle state: frozen records changed only by ``evolve``.

Model ids are battle-wide: ``"A.vance"`` (side, dot, roster id). Turn order
(``TurnState``) lives apart from the models; the attack being resolved is
``PendingAttack`` (never more than one at a time).
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.records import GhostModel, Record, changed
from engine.rolls import Modifier

from .roster import Band, ModelSpec, SpeedColumn, WeaponSpec


def opponent(side: str) -> str:
    return "B" if side == "A" else "A"


class WeaponState(Record):
    """A carried weapon: ``loaded`` False is an empty magazine (§12.1); ``mags`` spare
    magazines left; ``rounds`` LA rounds left (None where the weapon has none)."""

    id: str
    loaded: bool = True
    mags: int | None = None
    rounds: int | None = None


class ModelState(Record):
    """One model in the battle (§20)."""

    id: str
    side: str
    spec: ModelSpec
    weapons: tuple[WeaponState, ...]
    command_points: int = 0
    wounds: int = 0
    out: bool = False
    stunned: bool = False
    burning: bool = False
    speed: str | None = None
    """The speed column chosen at its last moving activation or reaction move; None: no column
    chosen (the 0" column applies under [XK-A6])."""
    held: bool = False
    activated: bool = False
    adjustments: tuple[tuple[str, int, str, str], ...] = ()
    """GM corrections of Att, Def or Armour (``engine.corrections.Adjustment``): already
    counted in ``spec``; listed so the card says why, and a turn's undone when it ends."""

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def in_play(self) -> bool:
        return not self.out

    def weapon(self, weapon_id: str) -> WeaponState | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def weapon_state(self, weapon_id: str) -> WeaponState:
        """The state of a weapon of the model's profile (each has one, from ``build_models``)."""
        w = self.weapon(weapon_id)
        if w is None:
            raise KeyError(f"{self.id} has no weapon {weapon_id!r}")
        return w

    def with_weapon(self, weapon_id: str, **changes: Any) -> "ModelState":
        return changed(self, weapons=tuple(changed(w, **changes) if w.id == weapon_id else w for w in self.weapons))


class Activation(Record):
    """The activation under way: ``option`` one of ``tables.OPTIONS``; ``bonus`` bought with a
    command point; ``attacks`` weapon ids already used; ``acted`` its designation, reload or
    skill action is done."""

    model: str
    option: str
    speed: str | None = None
    bonus: bool = False
    attacks: tuple[str, ...] = ()
    acted: bool = False
    failed_heal: tuple[str, int] | None = None
    """(the model it tried to heal, the face) of this activation's failed Medic die, which a
    command point may still re-roll (§15, §16; None once re-rolled or healed)."""


class TurnState(Record):
    """Turn order (§5.1). ``phase``: setup | initiative (tied, roll again) | choose | activations |
    between. ``next_side``: whose normal activation is next; ``bonus``: models queued for an
    activation bought with a command point; ``attacked``: (defender, attacker) this turn."""

    number: int = 0
    phase: str = "setup"
    chooser: str | None = None
    first: str | None = None
    next_side: str | None = None
    active: Activation | None = None
    bonus: tuple[str, ...] = ()
    designations: tuple[tuple[str, str], ...] = ()
    attacked: tuple[tuple[str, str], ...] = ()
    initiative: tuple[tuple[str, int], ...] = ()


class TargetRoll(Record):
    """One defender of the pending attack: its modifiers, the attacker's modifiers for the pair,
    its Def faces (empty until rolled), and whether Stealth avoided the attack."""

    model: str
    cover: str = "open"
    att_mods: tuple[Modifier, ...] = ()
    def_mods: tuple[Modifier, ...] = ()
    def_dice: int = 0
    faces: tuple[int, ...] = ()
    replaced: tuple[int, ...] = ()
    rerolled: int = 0
    avoided: bool = False
    stealth_face: int | None = None
    stealth_rerolled: bool = False
    """Its Stealth die was re-rolled with a command point (never again)."""


class PendingAttack(Record):
    """The attack being resolved (§8–§12). ``kind``: direct | melee | indirect; ``stage``:
    landed (indirect: hit test rolled, the GM lists who is hit) | rolled (ready to resolve)."""

    attacker: str
    weapon: str
    kind: str
    stage: str
    dam: int
    rof_dam: int = 0
    rof_area: int = 0
    radius: int = 0
    att_dice: int = 0
    faces: tuple[int, ...] = ()
    replaced: tuple[int, ...] = ()
    rerolled: int = 0
    targets: tuple[TargetRoll, ...] = ()
    hit_mods: tuple[Modifier, ...] = ()
    hit: bool | None = None
    scatter: int | None = None
    direction: str = ""
    aim: str = ""
    reaction: bool = False
    empties_on: int = 1
    ammo_row: str = "none"
    checks_ammo: bool = True

    def target(self, model_id: str) -> TargetRoll | None:
        return next((x for x in self.targets if x.model == model_id), None)


class BattleState(Record):
    """Everything about an xK6 battle at one moment."""

    settings: Mapping[str, str]
    models: tuple[ModelState, ...]
    bands: Mapping[str, str]
    """Side -> band name."""
    turn: TurnState = TurnState()
    attack: PendingAttack | None = None
    reaction: str | None = None
    """The model taking its reaction "shoot" now (its attack is allowed outside its activation)."""

    @property
    def round(self) -> int:
        return self.turn.number

    def setting(self, key: str) -> str:
        return self.settings.get(key, "")

    def has_model(self, model_id: str) -> bool:
        return any(m.id == model_id for m in self.models)

    def model(self, model_id: str) -> ModelState:
        for m in self.models:
            if m.id == model_id:
                return m
        raise KeyError(model_id)

    def models_of(self, side: str, in_play: bool = True) -> tuple[ModelState, ...]:
        return tuple(m for m in self.models if m.side == side and (m.in_play or not in_play))

    def side_name(self, side: str) -> str:
        return self.bands.get(side, side)

    def waiting(self, side: str) -> tuple[ModelState, ...]:
        """Models of ``side`` still in play that have not activated this turn."""
        return tuple(m for m in self.models_of(side) if not m.activated)

    def column(self, model_id: str) -> SpeedColumn | None:
        """The speed column whose modifiers apply to the model now (§6.1 [XK-A6])."""
        m = self.model(model_id)
        if m.speed is not None:
            return m.spec.speed(m.speed)
        return m.spec.still if self.setting("non_move_speed") != "none" else None

    def weapon_spec(self, model_id: str, weapon_id: str) -> WeaponSpec:
        """A weapon the model carries (an attack's or an option's: checked when it was declared)."""
        spec = self.model(model_id).spec.weapon(weapon_id)
        if spec is None:
            raise KeyError(f"{model_id} has no weapon {weapon_id!r}")
        return spec

    def with_model(self, model_id: str, **changes: Any) -> "BattleState":
        """A copy with model ``model_id`` changed; ``GhostModel`` if the battle has none such."""
        if not any(m.id == model_id for m in self.models):
            raise GhostModel("model", model_id)
        return changed(self, models=tuple(changed(m, **changes) if m.id == model_id else m for m in self.models))

    def replace_model(self, new: ModelState) -> "BattleState":
        return changed(self, models=tuple(new if m.id == new.id else m for m in self.models))


def model_id(side: str, spec: ModelSpec) -> str:
    return f"{side}.{spec.id}"


def build_models(side: str, band: Band) -> tuple[ModelState, ...]:
    out = []
    for s in band.models:
        weapons = tuple(
            WeaponState(w.id, True, w.mags if w.magazine else None, w.la_rounds if w.limited else None)
            for w in s.weapons
        )
        out.append(ModelState(model_id(side, s), side, s, weapons, command_points=s.command_points))
    return tuple(out)


__all__ = [
    "Activation",
    "BattleState",
    "ModelState",
    "PendingAttack",
    "TargetRoll",
    "TurnState",
    "WeaponState",
    "build_models",
    "model_id",
    "opponent",
]
