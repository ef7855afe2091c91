"""Skill actions (§13, §10): common skills, hero skills, reviving an unconscious hero.

A hero has one free skill action per activation; the Skill action (main or bought as
the extra action) gives one more. Common skills are Str/Dex/Wil tests (the 2-PP pass
applies); a hero skill always happens, a failed test costs the mandatory 1 PP.
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import plural
from engine.ruleset import Rejected

from . import tables as t
from .attack import acting_problem
from .commands import UseSkill
from .effects import reveal_draft, stat_test, test_then
from .evolve import preview
from .power import spend_drafts
from .stat_test import faces_for
from .state import BattleState

Decision = Rejected | Sequence[EventDraft]


def _slot(state: BattleState) -> str | None:
    act = state.activation
    assert act is not None
    if not act.skill_used:
        return "free"
    return "credit" if act.skill_credits else None


def use_skill(state: BattleState, cmd: UseSkill, dice: DiceSource) -> Decision:
    problem = acting_problem(state, cmd.hero)
    if problem:
        return problem
    u = state.unit(cmd.hero)
    if not u.hero:
        return Rejected("only heroes take skill actions", "§13")
    slot = _slot(state)
    if slot is None:
        return Rejected(
            f"{u.name} has no skill action left: take the Skill action (or buy an extra action)", "§6.1, §13"
        )
    used = EventDraft(
        "skill_used",
        {"unit": u.id, "skill": cmd.skill, "slot": slot},
        actor=u.id,
        text=f"{u.name} uses a skill action ({'free' if slot == 'free' else 'from the Skill action'}).",
    )
    if cmd.skill == "revive":
        return _revive(state, cmd, used)
    common = t.COMMON_SKILLS.get(cmd.skill)
    if common is None:
        skill = u.spec.skill(cmd.skill)
        if skill is None:
            known = ", ".join(list(t.COMMON_SKILLS) + ["revive"] + [s.name for s in u.spec.skills])
            return Rejected(f"{u.name} has no skill '{cmd.skill}' (known: {known})", kind="malformed")
        test = stat_test(state, u.id, skill.stat, f"{skill.name} ({t.STAT_NAMES[skill.stat]} test)")
        faces = faces_for(cmd.faces, 1, dice, f"the {skill.name} test")
        after = preview(state, [used])
        return [used] + test_then(
            after,
            u.id,
            test,
            skill.stat,
            "hero-skill",
            {"skill": skill.name, "effect": skill.effect},
            faces,
            dice,
            cmd.d3,
        )
    detail: dict[str, Any] = {}
    if cmd.skill in ("discover", "discover-adjacent"):
        tokens = dict(state.mission.search_tokens)
        if cmd.target not in tokens:
            return Rejected(
                f"name a search token of the mission ({', '.join(tokens) or 'none'})",
                "§13.1",
                "ambiguous" if cmd.target is None else "malformed",
            )
        if cmd.target in state.revealed:
            return Rejected(f"search token '{cmd.target}' is already revealed", "§13.1")
        detail = {"token": cmd.target}
        if common.stat is None:
            return [used, reveal_draft(state, u.id, cmd.target)]
    if cmd.skill == "push":
        if not cmd.target or not state.has_unit(cmd.target) or state.unit(cmd.target).hero:
            return Rejected('Push needs one enemy unit within 3"', "§13.1", "ambiguous")
        detail = {"target": cmd.target}
    stat = common.stat
    if stat is None:
        raise ValueError(f"{common.name} has no test")  # only Discover (within 1"), answered above
    test = stat_test(state, u.id, stat, f"{common.name} ({t.STAT_NAMES[stat]} test)")
    faces = faces_for(cmd.faces, 1, dice, f"the {common.name} test")
    return [used] + test_then(preview(state, [used]), u.id, test, stat, cmd.skill, detail, faces, dice, cmd.d3)


def _revive(state: BattleState, cmd: UseSkill, used: EventDraft) -> Decision:
    u = state.unit(cmd.hero)
    if not cmd.target or not state.has_unit(cmd.target):
        return Rejected('Revive needs the unconscious hero within 3"', "§10", "ambiguous")
    other = state.unit(cmd.target)
    if not other.hero or not other.unconscious:
        return Rejected(f"{other.name} is not an unconscious hero", "§10")
    drafts = [used] + spend_drafts(preview(state, [used]), u.id, t.REVIVE_COST, f"reviving {other.name} (§10)")
    now = preview(state, drafts).unit(other.id)
    healed = min(t.REVIVE_HEALS, now.wounds[0])
    left = now.wounds[0] - healed
    drafts.append(
        EventDraft(
            "revived",
            {"unit": other.id, "by": u.id, "healed": healed},
            actor=u.id,
            text=f"{u.name} revives {other.name}: {now.wounds[0]} − {t.REVIVE_HEALS} → {plural(left, 'wound')}, "
            f"conscious again (§10, [SQ-A16]).",
        )
    )
    return drafts
