"""Helpers the campaign's command handlers share: finding the band's post-battle record,
checking a changed roster against band building, the post-battle skills, and the
JSON forms of the state records carried in event payloads."""

from __future__ import annotations

from typing import Any, Mapping, Sequence, Union

from engine.events import EventDraft
from engine.rolls import RollRecord
from engine.ruleset import Rejected, RejectionKind

from .. import tables as t
from ..band_building import ERROR, Problem, validate
from ..postbattle.common import skill_holder
from ..procedures.common import ProcedureRefused
from ..roster import BandRoster, ModelSpec
from .state import BandPost, CampaignBand, CampaignState, ChallengeEntry, Find, LevelUp

Decision = Union[Rejected, Sequence[EventDraft]]


def refused(err: ProcedureRefused) -> Rejected:
    """A post-battle procedure's refusal as a command rejection."""
    kind = getattr(err, "kind", "illegal")
    checked: RejectionKind = "malformed" if kind == "malformed" else "ambiguous" if kind == "ambiguous" else "illegal"
    return Rejected(str(getattr(err, "reason", err)), getattr(err, "rule", ""), checked)


def band_of(state: CampaignState, key: str) -> CampaignBand | Rejected:
    """The campaign band ``key``, or a malformed-input rejection naming the bands."""
    if not state.has_band(key):
        known = ", ".join(b.key for b in state.bands) or "none"
        return Rejected(f"no band '{key}' in this campaign (bands: {known})", kind="malformed")
    return state.band(key)


def post_of(state: CampaignState, key: str, *steps: str) -> BandPost | Rejected:
    """The band's post-battle record when it is at one of ``steps`` (any step if none)."""
    band = band_of(state, key)
    if isinstance(band, Rejected):
        return band
    if state.post is None:
        return Rejected("no post-battle sequence is running: start one from a finished battle", "§16")
    bp = state.post.of(key)
    if bp is None:
        return Rejected(f"{band.name} did not fight the last battle", "§16")
    if steps and bp.step not in steps:
        from .state import STEP_TITLES

        wanted = " or ".join(STEP_TITLES[s][0].split(":")[0] for s in steps)
        now = STEP_TITLES[bp.step][0].split(":")[0]
        return Rejected(f"{band.name} is at the step '{now}', not '{wanted}' (the steps go in order)", "§16")
    return bp


def model_of(band: CampaignBand, model: str) -> ModelSpec | Rejected:
    if not band.has_model(model):
        return Rejected(f"{band.name} has no model '{model}'", kind="malformed")
    return band.model(model)


def usable_skill(band: CampaignBand, bp: BandPost | None, skill: str) -> str | None:
    """The id of a model of ``band`` whose post-battle ``skill`` may be used now, or None
    (§15.10, §18.2, §20.5: not a model needing medical care)."""
    return skill_holder(band.roster.models, skill, bp.needing_care if bp else ())


def roster_errors(roster: BandRoster, settings: Mapping[str, str]) -> list[Problem]:
    """Band-building errors of a campaign roster (§15)."""
    return [p for p in validate(roster, campaign=True, settings=settings) if p.severity == ERROR]


def new_error(before: BandRoster, after: BandRoster, settings: Mapping[str, str]) -> Rejected | None:
    """The first band-building error ``after`` has that ``before`` had not, as a rejection."""
    old = {p.message for p in roster_errors(before, settings)}
    for p in roster_errors(after, settings):
        if p.message not in old:
            return Rejected(p.message, p.rule)
    return None


def with_model(roster: BandRoster, spec: ModelSpec) -> BandRoster:
    """The roster with ``spec`` in place of the model with its id."""
    from engine.records import changed

    return changed(roster, models=tuple(spec if m.id == spec.id else m for m in roster.models))


def unique_id(roster: BandRoster, name: str) -> str:
    """A model id for ``name`` unused in the roster (as the TOML reader makes them)."""
    base = t.slug(name) or "model"
    ident, n = base, 2
    ids = {m.id for m in roster.models}
    while ident in ids:
        ident, n = f"{base}-{n}", n + 1
    return ident


def name_of(band: CampaignBand, model: str) -> str:
    return band.model(model).name if band.has_model(model) else model


# --------------------------------------------------------------------------- JSON forms
def entry_dict(e: ChallengeEntry) -> dict[str, Any]:
    return {
        "key": e.key,
        "model": e.model,
        "target": e.target,
        "prefill": e.prefill,
        "met": e.met,
        "xp_to": e.xp_to,
        "reward": dict(e.reward),
    }


def entry_from(d: Mapping[str, Any]) -> ChallengeEntry:
    return ChallengeEntry(
        d["key"],
        d.get("model", ""),
        d.get("target", ""),
        d.get("prefill"),
        d.get("met"),
        d.get("xp_to", ""),
        dict(d.get("reward", {})),
    )


def find_from(d: Mapping[str, Any]) -> Find:
    return Find(d["result"], d["disposition"], int(d["cash"]), tuple(RollRecord.from_dict(r) for r in d["records"]))


def level_up_from(d: Mapping[str, Any]) -> LevelUp:
    roll = d.get("roll")
    return LevelUp(d["model"], int(d["level"]), RollRecord.from_dict(roll) if roll else None, d.get("pick", ""))


__all__ = [
    "Decision",
    "band_of",
    "entry_dict",
    "entry_from",
    "find_from",
    "level_up_from",
    "model_of",
    "name_of",
    "new_error",
    "post_of",
    "refused",
    "roster_errors",
    "unique_id",
    "usable_skill",
    "with_model",
]
