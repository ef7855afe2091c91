"""Przechwycenie's special marker (§23.5) beyond picking it up: carrying it together,
losing a bearer, and the carrier's own table edge.

* A friend in contact may carry it together with the carrier (``CarryTogether``): no
  Speed penalty, and both bear its other limits (Fight −2, no ranged weapons, no tricks:
  ``carries_special``). The marker is counted once, on the model whose
  ``special_marker`` is set; its partner has ``carry_partner``.
* A bearer removed from play: its partner carries on alone (the marker is not dropped).
* It belongs to the band only when carried off across the carrier's **own** table edge
  (``LeaveTable.edge == "own"``): 2 XP to a lone carrier, 1 XP each to two carrying it
  together, who leave together. Across another edge it scores nothing and stays on the
  table at that edge. With no edge given, the GM is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.events import EventDraft
from engine.formatting import possessive
from engine.ruleset import Rejected

from . import tables as t
from .state import BattleState, ModelState

if TYPE_CHECKING:
    from engine.dice import DiceSource

    from .commands import CarryTogether, LeaveTable

RULE = "§23.5"
OWN_EDGE = "own"
XP_ALONE = 2
XP_TOGETHER = 1


def carries_special(m: ModelState) -> bool:
    """The model bears the special marker's limits: it carries it, alone or together."""
    return m.special_marker or m.carry_partner is not None


def carry_together(state: BattleState, cmd: CarryTogether, dice: DiceSource) -> Rejected | list[EventDraft]:
    for mid in (cmd.carrier, cmd.partner):
        if not state.has_model(mid):
            return Rejected(f"no model '{mid}'", kind="malformed")
    carrier, partner = state.model(cmd.carrier), state.model(cmd.partner)
    if not cmd.join:
        if carrier.carry_partner != partner.id:
            return Rejected(f"{partner.name} is not carrying the special marker with {carrier.name}", RULE)
        return [
            EventDraft(
                "special_shared",
                {"carrier": carrier.id, "partner": partner.id, "join": False},
                actor=partner.id,
                text=f"{partner.name} lets go: {carrier.name} carries the special marker alone ({RULE}).",
            )
        ]
    if not carrier.special_marker:
        return Rejected(f"{carrier.name} does not carry the special marker", RULE)
    if carrier.carry_partner is not None:
        return Rejected(f"{carrier.name} already carries it with {state.model(carrier.carry_partner).name}", RULE)
    if partner.id == carrier.id or partner.side != carrier.side:
        return Rejected(f"{partner.name} is not a friend of {carrier.name}", RULE)
    if not (carrier.on_table and partner.on_table):
        return Rejected("both models must be on the table", RULE)
    if partner.spec.pet or partner.spec.volunteer:
        what = "war pet" if partner.spec.pet else "Volunteer"
        return Rejected(f"{partner.name} is a {what} and cannot carry markers", "§7.6")
    if carries_special(partner):
        return Rejected(f"{partner.name} already carries the special marker", RULE)
    return [
        EventDraft(
            "special_shared",
            {"carrier": carrier.id, "partner": partner.id, "join": True},
            actor=partner.id,
            text=(
                f"{partner.name}, in contact, carries the special marker together with {carrier.name}: "
                f"no Speed penalty, both Fight −2, no shooting or tricks ({RULE})."
            ),
        )
    ]


def shared(s: BattleState, p: dict[str, Any]) -> BattleState:
    """The reducer of ``special_shared``."""
    if p.get("join"):
        s = s.with_model(p["carrier"], carry_partner=p["partner"])
        return s.with_model(p["partner"], carry_partner=p["carrier"])
    s = s.with_model(p["carrier"], carry_partner=None)
    return s.with_model(p["partner"], carry_partner=None)


def hand_over(s: BattleState, m: ModelState) -> tuple[BattleState, ModelState]:
    """Before ``m`` leaves play (removed or off the table alone): a partner carrying the
    special marker with it carries on alone, the marker passing to it if ``m`` held it."""
    partner = m.carry_partner
    if partner is None or not s.has_model(partner):
        return s, m
    s = s.with_model(partner, carry_partner=None, special_marker=s.model(partner).special_marker or m.special_marker)
    s = s.with_model(m.id, carry_partner=None, special_marker=False)
    return s, s.model(m.id)


def leave_problem(state: BattleState, m: ModelState, cmd: LeaveTable) -> Rejected | None:
    """A bearer of the special marker leaving with no edge named: ask which (it scores
    only across the carrier's own edge)."""
    from engine.records import changed

    if not carries_special(m) or cmd.edge:
        return None
    return Rejected(
        f"{m.name} carries the special marker: it is the band's only across {possessive(m.name)} own table edge ({RULE}). "
        "Which edge?",
        RULE,
        "ambiguous",
        anyway=changed(cmd, edge=OWN_EDGE),
        anyway_label="Across its own table edge",
    )


def leave_drafts(state: BattleState, m: ModelState, edge: str) -> list[EventDraft] | None:
    """The events of a bearer of the special marker leaving across ``edge`` (None if ``m``
    bears none): both bearers leave; the marker scores 4 VP and 2 XP (1 XP each together)
    across the own edge; otherwise it stays on the table at that edge."""
    if not carries_special(m):
        return None
    bearers = [m] + ([state.model(m.carry_partner)] if m.carry_partner and state.has_model(m.carry_partner) else [])
    own = edge == OWN_EDGE
    xp = XP_TOGETHER if len(bearers) == 2 else XP_ALONE
    out = []
    for b in bearers:
        holds = b.special_marker
        carried = b.tech_markers + (t.SPECIAL_MARKER_VALUE if holds and own else 0)
        gain = b.tech_markers + (xp if own else 0)
        note = (
            (f"the special marker across its own edge: {xp} XP" if own else "the special marker stays at that edge")
            if (holds or own)
            else ""
        )
        out.append(
            EventDraft(
                "model_left_table",
                {
                    "model": b.id,
                    "carried": carried,
                    "vp": carried,
                    "xp": gain,
                    "edge": edge,
                    "special_dropped": holds and not own,
                },
                actor=b.id,
                text=f"{b.name} leaves the table: {carried} VP, {gain} XP"
                + (f" ({note})" if note else "")
                + f" ({RULE}).",
            )
        )
    return out


__all__ = ["carries_special", "carry_together", "hand_over", "leave_drafts", "leave_problem", "shared"]
