"""The pending melee (§3): a record that advances step by step through commands.

Attack dice, hits and Armour modifiers are kept **per unit** (a ``Pool``); a side
is usually one unit [SAGA-M3]. Each pool rolls against the Armour of the enemy unit it
attacks (``Pool.target``; by default the enemy side's first, *primary* unit), and a
side's casualties are split across its units as their owner chooses (by default the
primary unit first): house handling of [SAGA-M3], whose joining rules are not in the
source text.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from engine.records import Record, changed, field
from engine.rolls import Die

ATTACKER = "attacker"
DEFENDER = "defender"
ROLES = (ATTACKER, DEFENDER)

STAGES: Mapping[str, int] = MappingProxyType(
    {
        "choose-defender": 1,
        "participants": 1,
        "trade": 2,
        "abilities-attacker": 3,
        "abilities-defender": 3,
        "attack-roll": 4,
        "defence-roll": 5,
        "casualties": 6,
        "within-s": 6,
        "retreat": 8,
    }
)
"""Stage of the melee record -> the source's step number. "defence-roll": the attack
dice are known (attack re-rolls still open); "casualties": the defence dice are known
(defence re-rolls still open)."""


def other(role: str) -> str:
    return DEFENDER if role == ATTACKER else ATTACKER


class Spend(Record):
    """One fatigue marker spent: ``by`` the side spending, from enemy ``unit``, for ``use``
    (``tables.SPEND_USES``); ``for_unit`` the unit that benefits, if any."""

    by: str
    unit: str
    use: str
    for_unit: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"by": self.by, "unit": self.unit, "use": self.use, "for_unit": self.for_unit}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Spend":
        return cls(data["by"], data["unit"], data["use"], data.get("for_unit"))


class Pool(Record):
    """One unit's attack dice through steps 1–3.

    ``models``: models taking part (GM-entered [SAGA-A2]); ``entered``: a dice count the GM
    typed instead of models × dice per model [SAGA-M1]; ``step1``: after exhaustion halving;
    ``step3``: at the start of step 3 (after the trade); ``final``: after abilities and
    the doubling cap.
    """

    unit: str
    role: str
    models: int
    entered: int | None = None
    joined: bool = False
    """Added by the GM to a side [SAGA-M3]: joining rules not in the source text."""
    target: str | None = None
    """The enemy unit these dice attack [SAGA-M3] (None: the enemy side's first unit)."""
    step1: int = 0
    halved: int = 0
    step3: int = 0
    final: int = 0
    lost_to_cap: int = 0


class Ability(Record):
    """A user-entered melee ability (the battle boards are [SAGA-M5]): the step it acts in and
    its effect. ``fatigue_to``: units that gain 1 fatigue when it acts; ``saga_dice`` is
    only logged."""

    name: str
    role: str
    unit: str
    acts_in: int = 3
    attack_dice: int = 0
    defence_dice: int = 0
    reroll_attack: int = 0
    reroll_defence: int = 0
    own_armour: int = 0
    enemy_armour: int = 0
    fatigue_to: tuple[str, ...] = ()
    saga_dice: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "role": self.role,
            "unit": self.unit,
            "acts_in": self.acts_in,
            "attack_dice": self.attack_dice,
            "defence_dice": self.defence_dice,
            "reroll_attack": self.reroll_attack,
            "reroll_defence": self.reroll_defence,
            "own_armour": self.own_armour,
            "enemy_armour": self.enemy_armour,
            "fatigue_to": list(self.fatigue_to),
            "saga_dice": self.saga_dice,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Ability":
        return cls(**{**dict(data), "fatigue_to": tuple(data.get("fatigue_to", ()))})


def dice_from(data: list[Any]) -> tuple[Die, ...]:
    return tuple(Die.from_dict(d) for d in data)


class Melee(Record):
    """A melee being resolved. ``attacker`` and ``defender`` are side keys; per-role
    mappings (``hits`` etc.) are keyed "attacker" / "defender": ``hits[role]`` the hits
    that role scored, ``defence[role]`` the defence dice it rolled, ``uncancelled[role]``
    the uncancelled hits it suffered, ``casualties[role]`` the models it lost."""

    attacker: str
    defender: str
    stage: str
    pools: tuple[Pool, ...]
    building: str | None = None
    charge: str | None = None
    """The unit whose Move to engage started this melee, if any."""
    candidates: tuple[str, ...] = ()
    """Enemy units inside the building, when the Defender must choose (§6)."""
    cover: tuple[int, int] | None = None
    """(defending models in contact, of them behind hard cover), GM-entered (§3.9)."""
    traded: bool | None = None
    trade_bonus: int = 0
    abilities: tuple[Ability, ...] = ()
    spends: tuple[Spend, ...] = ()
    armour: Mapping[str, int] = field(default_factory=dict)
    """Unit -> the effective Armour its attack dice rolled against (step 4)."""
    attack: Mapping[str, tuple[Die, ...]] = field(default_factory=dict)
    """Unit -> its attack dice (step 4)."""
    hits: Mapping[str, int] = field(default_factory=dict)
    defence: Mapping[str, tuple[Die, ...]] = field(default_factory=dict)
    save_on: Mapping[str, int] = field(default_factory=dict)
    rerolls_used: Mapping[str, int] = field(default_factory=dict)
    """"attacker.attack" / "defender.defence"... -> dice re-rolled so far."""
    uncancelled: Mapping[str, int] = field(default_factory=dict)
    casualties: Mapping[str, int] = field(default_factory=dict)
    destroyed: tuple[str, ...] = ()
    within_s: tuple[str, ...] = ()
    """Destroyed units whose T4 checklist the GM has not answered yet."""
    lost: tuple[str, ...] = ()
    """Declared benefits lost when their step came ("SAGA dice not returned")."""

    @property
    def step(self) -> int:
        return STAGES[self.stage]

    def side_of(self, role: str) -> str:
        return self.attacker if role == ATTACKER else self.defender

    def role_of_side(self, side: str) -> str:
        return ATTACKER if side == self.attacker else DEFENDER

    def pools_of(self, role: str) -> tuple[Pool, ...]:
        return tuple(p for p in self.pools if p.role == role)

    def primary(self, role: str) -> str:
        return self.pools_of(role)[0].unit

    def target_of(self, unit: str) -> str:
        """The enemy unit ``unit``'s attack dice roll against [SAGA-M3]: the one it was aimed
        at, else the enemy side's first unit."""
        pool = self.pool_of_unit(unit)
        enemies = [p.unit for p in self.pools_of(other(pool.role))]
        return pool.target if pool.target in enemies else enemies[0]

    @property
    def several(self) -> bool:
        """More than one unit on a side [SAGA-M3]."""
        return any(len(self.pools_of(r)) > 1 for r in ROLES)

    def pool(self, unit: str) -> Pool | None:
        return next((p for p in self.pools if p.unit == unit), None)

    def pool_of_unit(self, unit: str) -> Pool:
        """The pool of a unit known to fight in this melee; KeyError for any other unit."""
        found = self.pool(unit)
        if found is None:
            raise KeyError(f"unit '{unit}' has no pool in this melee")
        return found

    def units(self) -> tuple[str, ...]:
        return tuple(p.unit for p in self.pools)

    def abilities_of(self, role: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.role == role)

    def spends_by(self, side: str) -> tuple[Spend, ...]:
        return tuple(s for s in self.spends if s.by == side)

    def with_pool(self, unit: str, **changes: Any) -> "Melee":
        return changed(self, pools=tuple(changed(p, **changes) if p.unit == unit else p for p in self.pools))

    def rerolls_allowed(self, role: str, phase: str) -> int:
        """Dice the role may still re-roll in ``phase`` ("attack" or "defence")."""
        field_name = "reroll_attack" if phase == "attack" else "reroll_defence"
        granted: int = sum(getattr(a, field_name) for a in self.abilities_of(role))
        return granted - self.rerolls_used.get(f"{role}.{phase}", 0)
