"""What generic code may read of a Sanctum Mortalis battle (``engine.ruleset.BattleSummary``),
and a model's roster line ("Captain, Technomancer Trooper, 4 XP")."""

from __future__ import annotations

from engine.ruleset import BattleSummary, MemberSummary, SideSummary

from . import tables as t
from .roster import ModelSpec
from .state import BattleState


def describe(spec: ModelSpec) -> str:
    """ "Captain, Technomancer Trooper, 4 XP" style text for a roster line."""
    parts = []
    if spec.captain:
        parts.append("Captain")
    if spec.neutral:
        parts.append(f"independent {spec.neutral_type or 'model'}")
    elif spec.volunteer:
        parts.append("Volunteer")
    else:
        arch = t.ARCHETYPES.get(spec.archetype)
        name = arch.name if arch else spec.archetype
        specialist = t.SPECIALISTS.get(spec.specialist or "")
        name = f"{specialist.name} {name}" if specialist else name
        parts.append(f"small {name}" if spec.small else name)
    if spec.xp:
        parts.append(f"{spec.xp} XP")
    parts += [t.WOUNDS[w].name if w in t.WOUNDS else w for w in spec.wounds]
    if spec.stashed:
        parts.append("in the stash")
    return ", ".join(parts)


def roster_line(spec: ModelSpec) -> str:
    """A model as the report lists it: "Kara Vex (Captain, Technomancer Trooper, 4 XP)"."""
    kind = describe(spec).replace("-", " ")
    return f"{spec.name} ({kind})" if kind else spec.name


def summary(state: BattleState) -> BattleSummary:
    """The battle's sides, models, round and whose turn it is."""
    return BattleSummary(
        round=state.order.round,
        sides=tuple(SideSummary(s.key, s.band.name, s.band.player, s.vp) for s in state.sides),
        members=tuple(
            MemberSummary(m.id, m.name, m.side, roster_line(m.spec), out=not m.on_table, xp=m.xp_gained)
            for m in state.models
        ),
        active_side=state.order.to_act,
        result="ended" if state.ended else None,
    )
