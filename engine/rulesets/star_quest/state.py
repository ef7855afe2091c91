"""Star Quest battle state: frozen records changed only by ``evolve``.

The round (number, phase, who has activated) lives apart from the units (§19). At most
one activation is open; inside it an attack, a melee, a pending power offer, a morale
queue or an AI flow-chart walk may be waiting for the GM.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.formatting import possessive
from engine.records import GhostModel, Record, changed, field

from . import tables as t
from .roster import MissionSpec, UnitSpec


class SpellModifier(Record):
    """A cast spell's modifier to a unit's Quality or Defense rolls (``SpellEffect``):
    ``value`` +1 is one better, as cover's +1; it lasts ``until`` the end of the "round"
    (§5 step 4) or the "battle"."""

    stat: str
    value: int
    spell: str
    caster: str
    """The caster's name, as the card and the roll breakdown say it."""
    until: str = "round"

    @property
    def label(self) -> str:
        return f"{possessive(self.caster)} {self.spell}"

    def to_dict(self) -> dict[str, Any]:
        return {"stat": self.stat, "value": self.value, "spell": self.spell, "caster": self.caster, "until": self.until}


class UnitState(Record):
    """A hero or an AI unit in the battle (§19).

    ``wounds``: wounds on each model still in play (a hero always has one entry);
    ``took``: wounds taken in the current activation (morale, §12.1); ``loss_before``:
    its loss when the current activation began ([SQ-A18] R2/R3); ``fear``: the Fear(X)
    of a melee attacker that wounded it in this activation.
    """

    id: str
    spec: UnitSpec
    wounds: tuple[int, ...]
    pp: int = 0
    unconscious: bool = False
    shaken: bool = False
    fatigued: bool = False
    statuses: tuple[str, ...] = ()
    tokens: int = 0
    limited_used: tuple[str, ...] = ()
    on_table: bool = True
    arrives: int | None = None
    """AI Ambush: the round it arrives (§17, [SQ-A27])."""
    activated: bool = False
    revived_round: int | None = None
    took: int = 0
    loss_before: int = 0
    fear: int = 0
    adjustments: tuple[tuple[str, int, str, str], ...] = ()
    cast_round: tuple[str, ...] = ()
    """Spells tried this round (one attempt per spell per round, ``cast_attempts``, [SQ-A29](a))."""
    in_dangerous: bool | None = None
    """Whether the unit stands in dangerous terrain, as the GM last said at the AI chart's †2
    (its dice rolled: True; "no": False) — where it activates (§14), so kept until it moves
    (its own move, moving into a melee, a push, a fall, arriving); None: not known."""
    spell_mods: tuple[SpellModifier, ...] = ()
    """Modifiers from spells cast on it (Ward's +1 Defense…), counted in its rolls until they end."""
    """GM corrections of Quality or Defense (``engine.corrections.Adjustment``): already
    counted in ``spec``; listed so the card says why, and a round's undone when it ends."""

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def hero(self) -> bool:
        return self.spec.hero

    @property
    def side(self) -> str:
        return t.HEROES if self.spec.hero else t.AI

    @property
    def models(self) -> int:
        return len(self.wounds)

    @property
    def alive(self) -> bool:
        return bool(self.wounds)

    @property
    def active(self) -> bool:
        """On the table, alive and (for a hero) conscious: counts for the AI (§10)."""
        return self.alive and self.on_table and not self.unconscious

    @property
    def start(self) -> int:
        """What half-strength is measured against (§12.1): models, or Tough for one model."""
        return self.spec.models if self.spec.models > 1 else self.spec.tough

    @property
    def loss(self) -> int:
        """Models lost (multi-model unit) or wounds taken (single model)."""
        if self.spec.models > 1:
            return self.spec.models - self.models
        return self.wounds[0] if self.wounds else self.spec.tough

    @property
    def fatigued_now(self) -> bool:
        """§11.3: a Shaken unit counts as fatigued."""
        return self.fatigued or self.shaken


class Activation(Record):
    """The open activation (§6, §16.2): what the unit has done so far."""

    unit: str
    side: str
    statuses: tuple[str, ...] = ()
    """Status conditions still to resolve at the start of the activation (§18)."""
    actions: tuple[str, ...] = ()
    extras: int = 0
    skill_used: bool = False
    skill_credits: int = 0
    moved: bool = False
    fired: tuple[str, ...] = ()
    attacked: bool = False
    shot_target: str | None = None
    charged: bool = False
    counter_attackers: tuple[str, ...] = ()
    cast: tuple[str, ...] = ()
    dangerous: int = 0
    """Models of the unit that rolled for dangerous terrain in this activation (at most one
    roll per model, [SQ-A22](b))."""
    shaken_recovery: bool = False
    over: bool = False
    """No more actions (Rest, a fall, Skip): only ending the activation is open."""
    ending: bool = False
    ai_action: str | None = None

    @property
    def action_taken(self) -> bool:
        return bool(self.actions)

    @property
    def held(self) -> bool:
        return t.HOLD in self.actions

    @property
    def can_shoot(self) -> bool:
        return any(a in t.MAY_SHOOT for a in self.actions)


class RoundState(Record):
    """The round (§5): number, phase (setup | heroes | ai | end)."""

    number: int = 0
    phase: str = "setup"
    order: tuple[str, ...] = ()
    """Units in the order they activated this round."""
    ai_order: tuple[str, ...] = ()
    """The AI order the GM fixed at the start of the AI phase (``ai_order`` "fixed", [SQ-A5])."""


class Offer(Record):
    """A power-point option the players answer before anything else happens.

    ``kind``: pass (a failed Str/Dex/Wil test, 2 PP), hero-skill (2 PP to pass, or the
    mandatory 1 PP), ignore-shaken, cast, stop-fall, jump; ``detail``: what follows.
    """

    kind: str
    unit: str
    cost: int
    text: str
    detail: Mapping[str, Any] = field(default_factory=dict)


class HitGroup(Record):
    """Hits waiting for Defense rolls on one unit: ``rending`` of them at Rending AP."""

    unit: str
    hits: int
    rending: int = 0


class PendingAttack(Record):
    """One weapon's attack being resolved (§9): ``stage`` hits → blocks → regeneration.

    ``kind``: shoot | melee | counter | impact | fall; ``models``: attacking models;
    ``moved``/``stealth``/``cover``/``charging``: the GM's answers that set modifiers.
    """

    attacker: str
    target: str
    weapon: str
    kind: str
    attacks: int
    stage: str = "hits"
    moved: bool = False
    stealth: bool = False
    cover: bool = False
    cover_from: str = "inside"
    """Where the cover comes from: "inside" terrain or "behind" line-of-sight blockers
    (Indirect ignores the latter, §14, §17 Indirect)."""
    charging: bool = False
    blast_models: int | None = None
    blast_units: tuple[str, ...] = ()
    groups: tuple[HitGroup, ...] = ()
    wounds: int = 0
    dealt: int = 0
    fall_ap: int = 0


class Melee(Record):
    """A melee (§11.1): ``stage`` counter | impact | charger | defender | done, ``index``
    the next weapon of that stage; models taking part as the GM entered them (§11.2)."""

    charger: str
    defender: str
    charger_models: int
    defender_models: int
    stage: str = "counter"
    index: int = 0


class AIWalk(Record):
    """An AI activation walking the flow chart (§16.2): the node waiting for an answer,
    the path so far as (node, answer, by) — ``by`` "gm" or "auto" — and the proposal."""

    unit: str
    node: str
    path: tuple[tuple[str, str, str], ...] = ()
    proposal: str | None = None


class BattleState(Record):
    """Everything about a Star Quest battle at one moment."""

    settings: Mapping[str, str]
    units: tuple[UnitState, ...]
    mission: MissionSpec
    turn: RoundState = RoundState()
    activation: Activation | None = None
    attack: PendingAttack | None = None
    queued: tuple[PendingAttack, ...] = ()
    """Attacks started while another was open (wounds from any source waiting for their
    Regeneration rolls, a spell's hits after its wounds): each opens, in order, when the one
    before is resolved, so no wound misses its Regeneration roll (§17 Regeneration)."""
    melee: Melee | None = None
    offer: Offer | None = None
    morale: tuple[str, ...] = ()
    ai: AIWalk | None = None
    revealed: tuple[str, ...] = ()
    band_names: tuple[tuple[str, str], ...] = ()
    """(side key, name): the party's and the enemies' roster names, as the sides are called."""
    dangerous_terrain: bool | None = None
    """What the GM declared about dangerous terrain on the table (``DeclareTerrain``);
    None: as the mission says (``dangerous_on_table``)."""

    @property
    def dangerous_on_table(self) -> bool | None:
        """Whether the table has dangerous terrain (§14): the GM's word, else the mission's;
        None: nobody said, so the AI chart asks (†2)."""
        return self.dangerous_terrain if self.dangerous_terrain is not None else self.mission.dangerous_terrain

    @property
    def round(self) -> int:
        return self.turn.number

    @property
    def busy(self) -> str:
        """What must be answered first: offer, attack, morale, ai or ""."""
        if self.offer:
            return "offer"
        if self.attack:
            return "attack"
        if self.morale:
            return "morale"
        if self.ai and self.ai.proposal is None:
            return "ai"
        return ""

    def setting(self, key: str) -> str:
        return self.settings.get(key, "")

    def has_unit(self, unit_id: str) -> bool:
        return any(u.id == unit_id for u in self.units)

    def unit(self, unit_id: str) -> UnitState:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def heroes(self) -> tuple[UnitState, ...]:
        return tuple(u for u in self.units if u.hero)

    def enemies(self) -> tuple[UnitState, ...]:
        return tuple(u for u in self.units if not u.hero)

    def conscious_heroes(self) -> tuple[UnitState, ...]:
        return tuple(u for u in self.heroes() if u.active)

    def with_unit(self, unit_id: str, **changes: Any) -> "BattleState":
        """A copy with unit ``unit_id`` changed; ``GhostModel`` if the battle has none such."""
        if not any(u.id == unit_id for u in self.units):
            raise GhostModel("unit", unit_id)
        return changed(self, units=tuple(changed(u, **changes) if u.id == unit_id else u for u in self.units))

    def with_units(self, fn: Callable[[UnitState], UnitState]) -> "BattleState":
        return changed(self, units=tuple(fn(u) for u in self.units))


def build_unit(spec: UnitSpec, on_table: bool = True) -> UnitState:
    return UnitState(
        id=spec.id, spec=spec, wounds=(0,) * spec.models, pp=spec.power_start if spec.hero else 0, on_table=on_table
    )
