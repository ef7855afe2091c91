"""What a dashboard shows for a Star Quest battle: pure queries of the state, plain data.

* ``round_view(state)``: round, phase, who is activating, what to do next.
* ``hero_lines(state)`` / ``enemy_lines(state)``: one line per hero / AI unit.
* ``ai_question(state)``: the AI flow chart's open question or proposal, with the path.
* ``pending(state)``: what must be answered now (offer, attack stage, morale), the
  commands open and the numbers.
* ``shot_preview`` / ``attack_preview`` / ``test_preview`` / ``morale_preview``: exact odds.
* ``ai_cast_preview``: an AI caster's random spell, face by face, with exact odds;
  ``ambush_delays``: the AI units whose Ambush arrival the next round start rolls.
* ``dice_problem(state, commands)``: why typed dice cannot be used (checked before submitting).
* ``settings_in_force(state)``: (ref, title, reading) of the settings.
"""

from __future__ import annotations

import builtins
from fractions import Fraction
from typing import Mapping, Sequence

from engine.formatting import plural
from engine.records import Record
from engine.rolls import Modifier

from . import modifiers as mod
from . import tables as t
from .actions import move_allowance as move_allowance  # re-exported: the AI Rush's question
from .ai_chart import AI_ACTIONS, open_question
from .casting import ai_cast_chances
from .effects import stat_test
from .flow import ai_to_activate as ai_to_activate  # ai_to_activate: the TUI asks it too
from .flow import heroes_to_activate
from .morale import counted_loss, fearless_test, morale_test
from .odds import AttackOdds, attack_odds, standing_wounds, wounds_from
from .power import spend_warning
from .roster import WeaponSpec, rules_text
from .ruleset import dice_problem as dice_problem  # re-exported: the TUI's query
from .settings import SETTINGS_BY_KEY
from .spells import spell_targets as spell_targets  # re-exported: the cast's target picker
from .stat_test import Test
from .state import BattleState, PendingAttack, UnitState
from .terms import rules_shown
from .turn import ambush_delays as ambush_delays  # re-exported: the TUI's query

ai_cast_preview = ai_cast_chances  # the TUI's query


class RoundView(Record):
    """The top bar: round, phase, the unit activating, the next step in words, and the
    command names open now."""

    round: int
    phase: str
    activating: str | None
    next_step: str
    commands: tuple[str, ...]
    warnings: tuple[str, ...] = ()


class HeroLine(Record):
    """One hero: every number the card shows."""

    id: str
    name: str
    wounds: int
    tough: int
    pp: int
    power_max: int
    quality: int
    defense: int
    str: int | None
    dex: int | None
    wil: int | None
    conscious: bool
    shaken: bool
    fatigued: bool
    statuses: tuple[builtins.str, ...]
    tokens: int
    activated: bool
    can_activate: bool
    rules: builtins.str
    weapons: tuple[builtins.str, ...]
    moves: Mapping[builtins.str, builtins.str]
    """Action → move allowance with its working (§8)."""
    on_table: bool = True
    """False while set aside in Ambush (§17)."""
    spells: tuple[builtins.str, ...] = ()
    """Each spell modifier on it (``spell_effect_lines``), already counted in its rolls."""
    acting: bool = False
    """Its activation is the one open now (§6)."""


class EnemyLine(Record):
    """One AI unit."""

    id: str
    name: str
    models: int
    start_models: int
    wounds: tuple[int, ...]
    tough: int
    quality: int
    defense: int
    shaken: bool
    fatigued: bool
    statuses: tuple[str, ...]
    tokens: int
    on_table: bool
    arrives: int | None
    activated: bool
    rules: str
    weapons: tuple[str, ...]
    group: str | None
    spells: tuple[str, ...] = ()
    """Each spell modifier on it (``spell_effect_lines``), already counted in its rolls."""
    acting: bool = False
    """Its activation is the one open now (§6, §16.2)."""


def acting_now(state: BattleState, unit_id: str) -> bool:
    """``unit_id``'s activation is the one open now."""
    return state.activation is not None and state.activation.unit == unit_id


class AIQuestionView(Record):
    """The AI chart for the activating unit: the open question (or the proposal)."""

    unit: str
    node: str | None
    step: str
    question: str
    rule: str
    path: tuple[tuple[str, str, str], ...]
    proposal: str | None
    proposal_text: str
    note: str = ""
    """What the engine knows that bears on the open question (†2: the unit has not moved
    since it stood in dangerous terrain)."""


class PendingView(Record):
    """What must be answered now: ``kind`` offer | attack | morale | status | ai."""

    kind: str
    title: str
    lines: tuple[str, ...]
    commands: tuple[str, ...]


def _weapon_text(w: WeaponSpec) -> str:
    """ "Plasma pistol (12", 1 attack, AP(2), Rending)": the attacks in words, not "A1"."""
    rng = f'{w.range}"' if not w.melee else "melee"
    extra = f", AP({w.ap})" if w.ap else ""
    rules = f", {rules_text(w.rules)}" if w.rules else ""
    return f"{w.name} ({rng}, {w.attacks} attack{'s' * (w.attacks != 1)}{extra}{rules})"


def spell_effect_lines(u: UnitState) -> tuple[str, ...]:
    """ "+1 to Defense rolls — Sister Ilsa's Ward, until the end of the round": each spell
    modifier on ``u``, as its rolls count it (§17 Caster)."""
    return tuple(
        f"{m.value:+d} to {t.STAT_NAMES[m.stat]} rolls — {m.label}, "
        + ("until the end of the round (§5 step 4)" if m.until == "round" else "for the rest of the battle")
        for m in u.spell_mods
    )


def hero_lines(state: BattleState) -> tuple[HeroLine, ...]:
    can = set(heroes_to_activate(state)) if state.turn.phase == t.HEROES and not state.activation else set()
    out = []
    for u in state.heroes():
        s = u.spec
        moves = {a: move_allowance(state, u, a)[1] for a in (t.ADVANCE, t.RUSH, t.CHARGE)}
        out.append(
            HeroLine(
                u.id,
                u.name,
                u.wounds[0] if u.wounds else s.tough,
                s.tough,
                u.pp,
                s.power_max,
                s.quality,
                s.defense,
                s.str,
                s.dex,
                s.wil,
                not u.unconscious,
                u.shaken,
                u.fatigued_now,
                u.statuses,
                u.tokens,
                u.activated,
                u.id in can,
                rules_shown(s.rules),
                tuple(_weapon_text(w) for w in s.weapons),
                moves,
                u.on_table,
                spell_effect_lines(u),
                acting_now(state, u.id),
            )
        )
    return tuple(out)


def enemy_lines(state: BattleState) -> tuple[EnemyLine, ...]:
    groups = {uid: g for g, units in state.mission.groups for uid in units}
    return tuple(
        EnemyLine(
            u.id,
            u.name,
            u.models,
            u.spec.models,
            u.wounds,
            u.spec.tough,
            u.spec.quality,
            u.spec.defense,
            u.shaken,
            u.fatigued_now,
            u.statuses,
            u.tokens,
            u.on_table,
            u.arrives,
            u.activated,
            rules_shown(u.spec.rules),
            tuple(_weapon_text(w) for w in u.spec.weapons),
            groups.get(u.id),
            spell_effect_lines(u),
            acting_now(state, u.id),
        )
        for u in state.enemies()
    )


def ai_question(state: BattleState) -> AIQuestionView | None:
    ai = state.ai
    if ai is None:
        return None
    node = open_question(state)
    proposal = ai.proposal
    u = state.unit(ai.unit)
    note = (
        f"{u.name} has not moved since it stood in dangerous terrain: it activates there again (§14)."
        if node is not None and node.id == "dangerous" and u.in_dangerous
        else ""
    )
    return AIQuestionView(
        ai.unit,
        node.id if node else None,
        node.step if node else "",
        node.text if node else "",
        node.rule if node else "",
        ai.path,
        proposal,
        AI_ACTIONS[proposal].text if proposal else "",
        note,
    )


def roll_needs(target: int, modifiers: Sequence[Modifier], rules: bool = False) -> str:
    """ "6+, the roll -2 (AP(2))": a roll's target and what is added to the die, each with
    its reason (and rule), in words rather than "6+ -2 AP(2)"."""
    terms = ", ".join(f"{m.value:+d} ({m.label}{f', {m.rule}' if rules else ''})" for m in modifiers)
    return f"{target}+" + (f", the roll {terms}" if terms else "")


def _block_needs(test: Test) -> str:
    """ "4+, the roll -4 (AP(4) of a Rending hit): needs 6+": the Defense target, what is
    added to the die and the face that blocks, as the engine applies them."""
    needs = roll_needs(test.target, test.modifiers)
    return f"{needs}: needs {test.needed}+" if test.net else needs


def _attack_lines(state: BattleState, a: PendingAttack) -> list[str]:
    lines = [f"{state.unit(a.attacker).name}: {a.weapon} ({a.kind}), {plural(a.attacks, 'attack')}"]
    if a.stage == "hits":
        test = mod.hit_test(state, a)
        lines.append(
            f"hit on {roll_needs(test.target, test.modifiers, rules=True)}"
            + (" — only natural 6s (fatigued, §11.3)" if test.only_six else "")
        )
    for g in a.groups:
        name, unit = state.unit(g.unit).name, state.unit(g.unit)
        plain = g.hits - g.rending
        if g.rending:  # rolled first, each against its own AP (§9 step 5, §17 Rending)
            first = "" if not plain else " first"
            lines.append(
                f"{name}: {plural(g.rending, 'Rending hit')}{first}, block on {_block_needs(mod.block_test(state, a, unit, True))}"
            )
        if plain:
            then = "then " if g.rending else ""
            lines.append(
                f"{name}: {then}{plural(plain, 'hit')}, block on {_block_needs(mod.block_test(state, a, unit))}"
            )
    if a.stage == "blocks" and a.groups and mod.bane(state, a) != "none":
        again = "again while it shows 6" if mod.bane(state, a) == "repeat" else "once"
        lines.append(f"Bane: a natural 6 is re-rolled {again} (§9, [SQ-A14]); its die comes after the Defense dice")
    if a.stage == "regeneration":
        x = mod.deadly(state, a)
        if x > 1 and state.setting("deadly_regeneration") == "regenerate-first":
            lines.append(
                f"{plural(a.wounds, 'unblocked hit')}: Regeneration ignores each on 5+, "
                f"then each that stands is {x} wounds (Deadly({x}), [SQ-A15])"
            )
        else:
            lines.append(f"{plural(a.wounds, 'wound')}: Regeneration ignores each on 5+")
    return lines


def _loss_words(u: UnitState, total: int, now: int) -> str:
    """What a morale test counts (§12.1), in words: "4 wounds taken of Tough 4 (4 this
    activation)" for one model, "2 of 5 models lost (1 this activation)" for a unit; Fear
    counted in is said apart [SQ-A19]."""
    loss = u.loss if u.alive else u.start
    fear = f", Fear counts {total - loss} more" if total > loss else ""
    if u.spec.models == 1:
        return f"{plural(loss, 'wound')} taken of Tough {u.start}{fear} ({now} this activation)"
    return f"{loss} of {plural(u.start, 'model')} lost{fear} ({now} this activation)"


def pending(state: BattleState) -> PendingView | None:
    """The thing the GM must answer now, if any."""
    if state.offer:
        o = state.offer
        cost = spend_warning(state, o.unit, o.cost)
        lines = (o.text, f"Paying: {cost}.") if cost else (o.text,)
        return PendingView("offer", f"{state.unit(o.unit).name}: pay {o.cost} PP?", lines, ("AnswerOffer",))
    if state.attack:
        a = state.attack
        cmd = {"hits": "RollHits", "blocks": "RollBlocks", "regeneration": "RollRegeneration"}[a.stage]
        waiting = tuple(
            f"then: {state.unit(q.target).name} — {q.weapon} ({'Regeneration' if q.kind == 'wounds' else q.kind})"
            for q in state.queued
        )
        return PendingView("attack", f"Attack: {a.stage}", tuple(_attack_lines(state, a)) + waiting, (cmd,))
    if state.morale:
        u = state.unit(state.morale[0])
        total, now = counted_loss(state, u)
        return PendingView(
            "morale",
            f"Morale test: {u.name}",
            (
                f"{_loss_words(u, total, now)}; Quality {u.spec.quality}+"
                + (" — Shaken: fails automatically" if u.shaken else ""),
            ),
            ("RollMorale",),
        )
    act = state.activation
    if act and act.statuses:
        return PendingView(
            "status", "Status conditions", tuple(t.STATUS_NAMES[s] for s in act.statuses), ("ResolveStatus",)
        )
    q = ai_question(state)
    if q and q.proposal is None:
        return PendingView("ai", f"AI {q.step}", (q.question, q.rule), ("AnswerAI",))
    return None


def round_view(state: BattleState) -> RoundView:
    phase, act = state.turn.phase, state.activation
    warnings = []
    if state.round and not state.conscious_heroes():
        warnings.append(f"no conscious hero is left [SQ-M8]: {state.mission.all_unconscious or 'see the mission'}")
    if state.round and not state.mission.objectives:
        warnings.append("the mission defines no AI objective [SQ-A25](e)")
    p = pending(state)
    if p:
        return RoundView(state.round, phase, act.unit if act else None, p.title, p.commands, tuple(warnings))
    if act:
        cmds: tuple[str, ...]
        if act.ending:
            step, cmds = "morale", ("RollMorale",)
        elif state.ai and act.ai_action is None and state.ai.proposal:
            step, cmds = f"AI proposes: {AI_ACTIONS[state.ai.proposal].text}", ("ChooseAIAction",)
        elif act.side == t.HEROES:
            step = "act, or end the activation"
            cmds = ("TakeAction", "UseSkill", "Shoot", "Cast", "Jump", "EndActivation")
        else:
            step, cmds = "carry out the AI action, then end the activation", ("Shoot", "Cast", "EndActivation")
        return RoundView(state.round, phase, act.unit, step, cmds, tuple(warnings))
    if phase in ("setup", "end"):
        return RoundView(state.round, phase, None, "start the next round", ("StartRound",), tuple(warnings))
    if phase == t.HEROES:
        left = heroes_to_activate(state)
        return RoundView(
            state.round,
            phase,
            None,
            "the players pick a hero: " + ", ".join(state.unit(u).name for u in left),
            ("ActivateHero",),
            tuple(warnings),
        )
    left = ai_to_activate(state)
    if left:
        return RoundView(
            state.round,
            phase,
            None,
            "the GM picks the AI unit nearest a conscious hero: " + ", ".join(state.unit(u).name for u in left),
            ("ActivateAI",),
            tuple(warnings),
        )
    return RoundView(state.round, phase, None, "every unit has acted: end the round", ("EndRound",), tuple(warnings))


def shot_preview(
    state: BattleState,
    unit: str,
    weapon: str,
    target: str,
    cover: bool = False,
    stealth_range: bool = False,
    models: int | None = None,
    blast_models: int | None = None,
    cover_from: str = "inside",
) -> AttackOdds:
    """Exact hits and wounds if ``unit`` fires ``weapon`` at ``target`` now."""
    u = state.unit(unit)
    w = u.spec.weapon(weapon)
    assert w is not None
    n = (models or u.models) * w.attacks
    moved = bool(state.activation and state.activation.unit == unit and state.activation.moved)
    a = PendingAttack(
        unit,
        target,
        weapon,
        "shoot" if not w.melee else "melee",
        n,
        moved=moved,
        stealth=stealth_range,
        cover=cover,
        cover_from=cover_from,
        blast_models=blast_models,
    )
    return attack_odds(mod.profile(state, a))


def attack_preview(state: BattleState) -> AttackOdds | Mapping[int, Fraction] | None:
    """The pending attack's odds: the whole attack before the hit rolls; the wounds of the
    first group of hits after them."""
    a = state.attack
    if a is None:
        return None
    if a.stage == "hits":
        return attack_odds(mod.profile(state, a))
    if a.stage == "regeneration" and a.groups:  # the wounds that stand, Deadly after them under [SQ-A15]
        return standing_wounds(a.wounds, mod.regeneration_profile(state, a, state.unit(a.groups[0].unit)))
    g = a.groups[0]  # its Rending hits at their own AP, Deadly and Regeneration as the engine applies them
    return wounds_from(g.hits - g.rending, g.rending, mod.profile(state, a, state.unit(g.unit)))


def test_preview(state: BattleState, unit: str, stat: str, target: int | None = None) -> Fraction:
    """Chance ``unit`` passes a ``stat`` test now (natural 6/1 and Impaired included)."""
    return stat_test(state, unit, stat, "preview", target).chance


def morale_preview(state: BattleState, unit: str, villain: str | None = None) -> Fraction:
    """Chance the morale test passes (Fearless included); 0 while Shaken [SQ-A21]."""
    u = state.unit(unit)
    if u.shaken:
        return Fraction(0)
    p = morale_test(state, u, villain).chance
    if u.spec.has("Fearless"):
        p += (1 - p) * fearless_test(state, u).chance
    return p


def settings_in_force(state: BattleState, keys: Sequence[str] = ()) -> tuple[tuple[str, str, str], ...]:
    """(ref, title, chosen reading) of the given settings (all, if none given)."""
    specs = [SETTINGS_BY_KEY[k] for k in keys] if keys else list(SETTINGS_BY_KEY.values())
    return tuple((s.ref, s.title, s.label_of(state.setting(s.key))) for s in specs)


# -- for the dashboard's dialogs ------------------------------------------------------------
class AIPathStep(Record):
    """One answered question of the AI chart: its step, text, the answer and who gave it
    ("gm" or "auto": the state answered)."""

    node: str
    step: str
    question: str
    answer: str
    by: str


class AIOption(Record):
    """An action the GM may choose for the AI unit: the proposal or an override;
    ``why_not`` says why the engine would refuse it (empty: allowed)."""

    key: str
    text: str
    rule: str
    proposed: bool
    why_not: str = ""
    needs_target: bool = False


def ai_path(state: BattleState) -> tuple[AIPathStep, ...]:
    """The path the open AI activation took through the chart, with each question's text."""
    from .ai_chart import NODES

    if state.ai is None:
        return ()
    out = []
    for node, answer, by in state.ai.path:
        n = NODES.get(node)
        out.append(AIPathStep(node, n.step if n else "", n.text if n else node, answer, by))
    return tuple(out)


def ai_options(state: BattleState) -> tuple[AIOption, ...]:
    """Every AI action with why the engine would refuse it for the activating unit now
    (Shaken: only removing it, §12.3; Immobile: only Hold, §17)."""
    ai = state.ai
    if ai is None or ai.proposal is None:
        return ()
    u = state.unit(ai.unit)
    out = []
    for key, a in AI_ACTIONS.items():
        why = ""
        if u.shaken and key != "remove-shaken":
            why = f"{u.name} is Shaken: its activation is spent removing it (§12.3)"
        elif u.spec.has("Immobile") and a.action not in (None, t.HOLD):
            why = f"{u.name} is Immobile: it may only Hold (§17 Immobile)"
        out.append(AIOption(key, a.text, a.rule, key == ai.proposal, why, a.action == t.CHARGE))
    return tuple(out)


class SkillOption(Record):
    """A skill action a hero may try: ``key`` for ``UseSkill``, the stat tested and the
    exact chance to pass now (None: no test); ``needs``: a search token, an enemy or an
    unconscious hero (what the GM names as the target)."""

    key: str
    name: str
    stat: str | None
    chance: Fraction | None
    needs: str
    effect: str


def skill_options(state: BattleState, hero: str) -> tuple[SkillOption, ...]:
    """The common skills (§13.1), the hero's own skills (§13.2) and Revive (§10)."""
    u = state.unit(hero)
    out = []
    for s in t.COMMON_SKILLS.values():
        needs = "token" if s.key.startswith("discover") else "enemy" if s.key == "push" else ""
        out.append(
            SkillOption(s.key, s.name, s.stat, test_preview(state, hero, s.stat) if s.stat else None, needs, s.effect)
        )
    for own in u.spec.skills:
        out.append(SkillOption(own.name, own.name, own.stat, test_preview(state, hero, own.stat), "", own.effect))
    out.append(
        SkillOption(
            "revive",
            "Revive",
            None,
            None,
            "unconscious",
            f'spend {t.REVIVE_COST} PP: an unconscious hero within {t.REVIVE_RANGE}" wakes (§10)',
        )
    )
    return tuple(out)


def shot_detail(
    state: BattleState,
    unit: str,
    weapon: str,
    target: str,
    cover: bool = False,
    stealth_range: bool = False,
    cover_from: str = "inside",
) -> tuple[str, ...]:
    """The numbers of a shot before it is declared: attacks, the hit target with every
    modifier, the target's block target (as ``pending`` shows them once it is rolled)."""
    u = state.unit(unit)
    w = u.spec.weapon(weapon)
    assert w is not None
    moved = bool(state.activation and state.activation.unit == unit and state.activation.moved)
    a = PendingAttack(
        unit,
        target,
        weapon,
        "shoot" if not w.melee else "melee",
        u.models * w.attacks,
        moved=moved,
        stealth=stealth_range,
        cover=cover,
        cover_from=cover_from,
    )
    lines = _attack_lines(state, a)
    test = mod.block_test(state, a, state.unit(target))
    return tuple(lines) + (f"{state.unit(target).name} blocks each hit on {roll_needs(test.target, test.modifiers)}",)


def cast_preview(state: BattleState, unit: str, extra_tokens: int = 0, hinder: int = 0) -> Fraction:
    """Chance a cast succeeds now (§17 Caster: the target, extra and hindering tokens;
    Impaired is no modifier here, §18), before the 2 × value PP a hero may pay on a failure."""
    from .casting import cast_test

    return cast_test(state, unit, extra_tokens, hinder).chance


def status_preview(state: BattleState, unit: str, status: str, target: int | None = None) -> Fraction | None:
    """Chance the start-of-activation test removes ``status`` (§18); None for Impaired (paid
    for, not tested) and for a model without the stat when no target is given [SQ-M6]."""
    stat = t.STATUS_TEST.get(status)
    if stat is None or (state.unit(unit).spec.stat(stat) is None and target is None):
        return None
    return test_preview(state, unit, stat, target)
