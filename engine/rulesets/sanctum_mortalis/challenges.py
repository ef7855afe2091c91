"""Challenges in the battle (§23.7, §14): taking them, what the log says of them as the
battle goes, and their victory points at the end, which count towards the winner (Duma's
reward depends on it).

* ``TakeChallenge`` before round 1 (right after the scenario is known): at most two,
  each once; the model or enemy a Challenge names. Ukryte dane puts its extra marker on
  the table (the opponent places it where he likes): only the side that took the
  Challenge may pick it up; it must end the game in that side's hands [SM-A42].
* The Sfochowany pacyfista's Fight is 1 when it is attacked (``is_pacifist``). It fails
  its Challenge by shooting, attacking or charging; Stoicyzm fails on a second Move in a
  round; Bez fajerwerków on any trick cast (``note_action`` / ``note_trick``, from the
  reducers).
* ``challenge_results`` reads each Challenge from the state (None where the GM must
  judge: Kurier's zone, a pacifist that left before a friend); ``challenge_vp_drafts``
  awards the VP of those met just before the battle ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.formatting import plural
from engine.events import EventDraft
from engine.records import Record, changed
from engine.ruleset import Rejected

from .state import LEFT_TABLE, OUT_OF_ACTION, SIDES, BattleState, ModelState, SideState
from .terms import challenge_term

if TYPE_CHECKING:
    from engine.dice import DiceSource

    from .commands import TakeChallenge

RULE = "§23.7"
NEEDS_MODEL = frozenset({"courier", "predator", "sulking-pacifist", "hunt"})
"""Challenges that name one of your own models."""
NEEDS_TARGET = frozenset({"get-the-geezer", "bounty-hunters", "exclude-eggheads", "hunt"})
"""Challenges that name an enemy model."""
PACIFIST = "sulking-pacifist"
HIDDEN_DATA = "hidden-data"


def pick(side: SideState, key: str) -> tuple[str, str, str] | None:
    return next((p for p in side.challenge_picks if p[0] == key), None)


def is_pacifist(state: BattleState, model_id: str) -> bool:
    """The model is its side's Sfochowany pacyfista (its Fight is 1 when attacked)."""
    if not state.has_model(model_id):
        return False
    m = state.model(model_id)
    if m.side not in SIDES:
        return False
    p = pick(state.side(m.side), PACIFIST)
    return p is not None and p[1] == m.id


def _model_problem(state: BattleState, model_id: str, side: str, own: bool, what: str) -> str | None:
    if not model_id:
        return f"name {what}"
    if not state.has_model(model_id):
        return f"no model '{model_id}'"
    m = state.model(model_id)
    if (m.side == side) != own or m.side not in SIDES:
        return f"{m.name} is not {what}"
    if m.spec.volunteer:
        return f"{m.name} is a Volunteer: Challenges never count Volunteers"
    return None


def take_challenge(state: BattleState, cmd: TakeChallenge, dice: DiceSource) -> Rejected | list[EventDraft]:
    from .postbattle.challenges import challenge_key, challenge_refusal

    if cmd.side not in SIDES:
        return Rejected(f"no side '{cmd.side}'", kind="malformed")
    if state.order.round > 0 or state.order.phase != "setup":
        return Rejected("Challenges are picked right after the scenario is known, before round 1", RULE)
    key = challenge_key(cmd.challenge)
    side = state.side(cmd.side)
    other = state.side(state.opponent(cmd.side))
    why = challenge_refusal(side.challenges, cmd.challenge, own=side.band, opponent=other.band)
    if why is not None or key is None:
        return Rejected(why or f"unknown Challenge '{cmd.challenge}'", RULE, "malformed" if key is None else "illegal")
    if key in NEEDS_MODEL:
        why = _model_problem(state, cmd.model, cmd.side, True, "one of your models")
        if why:
            return Rejected(f"{challenge_term(key)}: {why}", RULE, "malformed")
    if key in NEEDS_TARGET:
        why = _model_problem(state, cmd.target, cmd.side, False, "an enemy model")
        if not why and key == "exclude-eggheads" and not state.model(cmd.target).spec.specialist:
            why = f"{state.model(cmd.target).name} is not a Specialist"
        if why:
            return Rejected(f"{challenge_term(key)}: {why}", RULE, "malformed")
    model = cmd.model if key in NEEDS_MODEL else ""
    target = cmd.target if key in NEEDS_TARGET else ""
    named = ", ".join(state.model(x).name for x in (model, target) if x)
    text = f"{side.name} takes the Challenge {challenge_term(key)}" + (f" ({named})" if named else "")
    if key == HIDDEN_DATA:
        text += f"; {other.name} places its extra technology marker on the table (only {side.name} may take it)"
    return [
        EventDraft(
            "challenge_taken",
            {"side": cmd.side, "challenge": key, "model": model, "target": target},
            text=text + f" ({RULE}).",
        )
    ]


# ------------------------------------------------------------------ reducers' helpers
def taken(s: BattleState, p: dict[str, Any]) -> BattleState:
    """The reducer of ``challenge_taken``."""
    side = s.side(p["side"])
    s = s.with_side(
        side.key,
        challenges=side.challenges + (p["challenge"],),
        challenge_picks=side.challenge_picks + ((p["challenge"], p.get("model", ""), p.get("target", "")),),
    )
    if p["challenge"] == HIDDEN_DATA:
        s = changed(s, hidden_data_on_table=s.hidden_data_on_table | {side.key})
    return s


def _broken(s: BattleState, side: str, key: str) -> BattleState:
    if side not in SIDES:
        return s
    st = s.side(side)
    if key not in st.challenges or key in st.challenges_broken:
        return s
    return s.with_side(side, challenges_broken=st.challenges_broken | {key})


def note_action(s: BattleState, m: ModelState, p: dict[str, Any]) -> BattleState:
    """An action the Challenges watch: a second Move in a round (Stoicyzm); the pacifist
    shooting, attacking or charging."""
    kind = p.get("action")
    if kind == "move" and m.moves >= 1 and not m.spec.volunteer and not p.get("free"):
        s = _broken(s, m.side, "stoicism")
    harm = kind in ("shoot", "attack") or (kind == "move" and p.get("engage"))
    if harm and is_pacifist(s, m.id):
        s = _broken(s, m.side, PACIFIST)
    return s


def note_trick(s: BattleState, m: ModelState) -> BattleState:
    """A trick cast by one of the side's models: Bez fajerwerków fails."""
    return _broken(s, m.side, "no-fireworks")


# ------------------------------------------------------------------ results
class ChallengeResult(Record):
    """One Challenge at this moment: ``met`` (None: the GM judges), its VP if met as the
    state stands, and why."""

    side: str
    key: str
    met: bool | None
    vp: int
    why: str


def _members(state: BattleState, side: str) -> list[ModelState]:
    return [m for m in state.models_of(side) if not (m.spec.volunteer or m.spec.neutral)]


def _result(state: BattleState, side: str, key: str, model: str, target: str) -> tuple[bool | None, str, int]:
    """(met, why, kills for Predator)."""
    from .postbattle.challenges import lesson_met, prudence_met

    st = state.side(side)
    other = state.opponent(side)
    if key in st.challenges_broken:
        return False, "broken during the battle", 0
    tg = state.model(target) if target and state.has_model(target) else None
    me = state.model(model) if model and state.has_model(model) else None
    if key == "extermination":
        alone = bool(state.on_table(side)) and not state.on_table(other)
        return alone, "only your models are left" if alone else "enemy models are still on the table", 0
    if key == "lesson":
        removed = sum(1 for m in _members(state, other) if m.status == OUT_OF_ACTION)
        met = lesson_met(removed, len(_members(state, other)))
        return met, f"{removed} of {len(_members(state, other))} enemy models removed", 0
    if key == "prudence":
        lost = sum(1 for m in _members(state, side) if m.status == OUT_OF_ACTION)
        return prudence_met(lost), f"{plural(lost, 'model')} lost", 0
    if key in ("get-the-geezer", "bounty-hunters", "exclude-eggheads") and tg is not None:
        out = tg.status == OUT_OF_ACTION
        return out, f"{tg.name} {'is' if out else 'is not'} out of action", 0
    if key == "hunt" and tg is not None and me is not None:
        met = tg.status == OUT_OF_ACTION and tg.removed_by == me.id
        return met, f"{tg.name} {'taken out by' if met else 'not taken out by'} {me.name}", 0
    if key == "predator" and me is not None:
        kills = sum(1 for k in me.kills if state.has_model(k) and state.model(k).side != side)
        standing = me.status != OUT_OF_ACTION
        return standing and kills > 1, f"{me.name}: {kills} defeated, {'standing' if standing else 'fell'}", kills
    if key == "eggheads-duel":
        mine = {m.id for m in _members(state, side) if m.spec.specialist}
        met = any(m.spec.specialist and m.removed_by in mine for m in _members(state, other))
        return met, "an enemy Specialist defeated by yours" if met else "no enemy Specialist defeated by yours", 0
    if key == "stoicism":
        return True, "no second Move in a round", 0
    if key == "no-fireworks":
        return True, "no trick cast", 0
    if key == HIDDEN_DATA:
        held = st.hidden_data_taken or any(m.hidden_data for m in state.on_table(side))
        return held, "the marker is yours" if held else "the marker is not in your hands", 0
    if key == PACIFIST and me is not None:
        if me.status == OUT_OF_ACTION:
            return False, f"{me.name} fell", 0
        if me.status == LEFT_TABLE and state.on_table(side):
            return None, f"{me.name} left the table: was it the last of your models to leave? (GM)", 0
        return True, f"{me.name} harmed no one and stands", 0
    if key == "courier" and me is not None:
        if me.status != LEFT_TABLE:
            return False, f"{me.name} has not left the table", 0
        return None, f"did {me.name} leave through the opponent's deployment zone? (GM)", 0
    return None, "the GM judges", 0


def challenge_results(state: BattleState, side: str) -> tuple[ChallengeResult, ...]:
    """Each Challenge of ``side`` as the state stands (at the end: as the battle ended)."""
    from .postbattle.challenges import challenge_reward

    out = []
    for key, model, target in state.side(side).challenge_picks:
        met, why, kills = _result(state, side, key, model, target)
        standing = key == "predator" and bool(met)
        reward = challenge_reward(key, bool(met), state.settings, kills=kills, standing=standing)
        out.append(ChallengeResult(side, key, met, reward.vp if met else 0, why))
    return tuple(out)


def challenge_vp_drafts(state: BattleState) -> list[EventDraft]:
    """The VP of every Challenge met, awarded as the battle ends (§14: they count towards
    the winner). A Challenge the GM must judge gives nothing here (``AwardVP`` adds it)."""
    out = []
    for side in SIDES:
        for r in challenge_results(state, side):
            if r.met and r.vp:
                name = challenge_term(r.key)
                out.append(
                    EventDraft(
                        "vp_awarded",
                        {"side": side, "vp": r.vp, "reason": f"Challenge {name} met ({RULE})"},
                        text=f"{state.side(side).name}: Challenge {name} met, {r.vp} VP ({r.why}).",
                    )
                )
    return out


__all__ = [
    "ChallengeResult",
    "challenge_results",
    "challenge_vp_drafts",
    "is_pacifist",
    "note_action",
    "note_trick",
    "take_challenge",
]
