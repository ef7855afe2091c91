"""Post-battle injuries and medical care (§18, medicines §17.8).

Every wounded model rolls 2k6 on the injury table (``roll_injury``). Its case then
moves through the GM's choices, each a pure function from one ``InjuryCase`` to the
next:

* ``pay_for_care``: pay the care cost (Medyk −20%) and roll again; the new result must
  be kept and its own care cannot be paid for (§18.2). Amnesia is the exception: paid
  care gives Light injuries with no roll.
* ``care_rolls``: whether a choice rolls the table again (a screen asks it before
  opening a roll dialog).
* ``use_medicine``: Combat medkit (free care), Surgical automaton (Light injuries),
  Medical nanobots (Lesson learned, +1 XP), Ghost-catcher (saves a dying model, then
  Light injuries [SM-A17]). On a result that came from care, [SM-A19] decides.
* ``injury_outcome``: what happens if nothing more is done (the untreated effect).

``care_choices`` lists what is allowed now; ``choice_refusal`` says why a choice is not.
An untreated Serious injury adds a wound (``take_wound``: the owner picks or a roll
does, [SM-A18]); the third wound retires the model.
"""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType
from typing import Any, Collection, Mapping

from engine.dice import DiceSource
from engine.records import Record, changed
from engine.rolls import Die, RollRecord
from engine.ruleset import RejectionKind

from .. import tables as t
from ..procedures.common import ProcedureRefused
from ..roster import ModelSpec
from ..terms import skill_term
from . import data as d
from .common import RollTable, reading, table_roll

INJURY = "sm.injury"
WOUND = "sm.wound"
INJURY_TABLE = RollTable(
    "injury",
    "Post-battle injury",
    "§18.1",
    2,
    tuple((lo, hi, key) for lo, hi, key, _ in t.INJURY_TABLE),
    MappingProxyType({k: v[0] for k, v in d.INJURY_NAMES.items()}),
)
"""§18.1 as a roll table (costs stay in ``tables.INJURY_TABLE``)."""
UNTREATED = MappingProxyType(
    {
        "death": "dies",
        "critical": "dies",
        "serious": "wound",
        "amnesia": "forget-skill",
        "light": "none",
        "lesson": "xp",
    }
)
"""§18.1: the effect of each result when it is not (or cannot be) treated."""
DYING = ("death", "critical")
"""Results that cross the model off if nothing is done: the Ghost-catcher may save it (§17.8)."""
HEALING_MEDICINES = MappingProxyType({"surgical-automaton": "light", "medical-nanobots": "lesson"})
"""§17.8: medicines that set the result directly."""


class InjuryResult(Record):
    """One row of the injury table: ``care_cost`` in tk (None: care is not possible or not
    needed) and ``effect`` without care (``UNTREATED``)."""

    key: str
    name: str
    source: str
    low: int
    high: int
    care_cost: int | None
    effect: str


INJURY_RESULTS: Mapping[str, InjuryResult] = MappingProxyType(
    {key: InjuryResult(key, *d.INJURY_NAMES[key], lo, hi, cost, UNTREATED[key]) for lo, hi, key, cost in t.INJURY_TABLE}
)


def injury_result(total: int) -> InjuryResult:
    """§18.1: the row of a 2k6 total."""
    return INJURY_RESULTS[INJURY_TABLE.lookup(total)]


def _key(result: InjuryResult | str) -> str:
    key = result.key if isinstance(result, InjuryResult) else result
    if key not in INJURY_RESULTS:
        raise ValueError(f"'{key}' is not an injury result")
    return key


def care_cost(result: InjuryResult | str, medic_available: bool = False, *, from_care: bool = False) -> int | None:
    """§18.2: what medical care costs in tk, or None when it cannot be paid for (Death,
    no injury, or a result the medical-care roll itself gave). ``medic_available``: a
    Medyk who does not need care himself: 20% off (15 → 12, 10 → 8, 5 → 4; never stacks)."""
    cost = INJURY_RESULTS[_key(result)].care_cost
    if cost is None or from_care:
        return None
    return cost * d.MEDIC_DISCOUNT[0] // d.MEDIC_DISCOUNT[1] if medic_available else cost


def roll_injury(dice: DiceSource, model: str = "") -> RollRecord:
    """Roll 2k6 on the injury table. ``outcome``: the result key; ``probability``: its
    chance; ``success``: no care needed (Light injuries or Lesson learned)."""
    return table_roll(
        INJURY_TABLE,
        dice,
        INJURY,
        title=f"{model}: post-battle injury" if model else "",
        success_results=("light", "lesson"),
        extra={"model": model},
    )


def care_odds(result: InjuryResult | str) -> dict[str, Fraction]:
    """Result -> exact chance after paying care on ``result`` (Amnesia: Light injuries for
    sure). The result is final: 2–6 then take their untreated effect."""
    key = _key(result)
    if INJURY_RESULTS[key].care_cost is None:
        raise ValueError(f"{INJURY_RESULTS[key].name} cannot be treated with medical care")
    return {"light": Fraction(1)} if key == "amnesia" else dict(INJURY_TABLE.odds)


# --------------------------------------------------------------------------- the case
class InjuryCase(Record):
    """One wounded model in the injury step.

    ``rolls``: the first roll and the care roll, if any; ``result``: the current result;
    ``from_care``: it came from medical care (no more paid care); ``paid``: tk spent;
    ``medicines``: medicines used up; ``treated_by``: what set the current result
    (``""`` the first roll, ``"care"``, or a medicine key).
    """

    model: str
    rolls: tuple[RollRecord, ...]
    result: str
    from_care: bool = False
    paid: int = 0
    medicines: tuple[str, ...] = ()
    treated_by: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (the rolls as ``RollRecord.to_dict``)."""
        return {
            "model": self.model,
            "rolls": [r.to_dict() for r in self.rolls],
            "result": self.result,
            "from_care": self.from_care,
            "paid": self.paid,
            "medicines": list(self.medicines),
            "treated_by": self.treated_by,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "InjuryCase":
        """The case ``to_dict`` wrote."""
        return cls(
            data["model"],
            tuple(RollRecord.from_dict(r) for r in data["rolls"]),
            data["result"],
            bool(data["from_care"]),
            int(data["paid"]),
            tuple(data["medicines"]),
            data["treated_by"],
        )


def open_injury(first: RollRecord, model: str = "") -> InjuryCase:
    """Start a case from the first injury roll."""
    if first.procedure != INJURY:
        raise ProcedureRefused("an injury case starts from an injury roll", "§18.1", "malformed")
    return InjuryCase(model or first.detail.get("model", ""), (first,), first.outcome)


class CareChoice(Record):
    """One thing the owner may do now: ``key`` (``pay``, ``accept`` or a medicine key),
    ``label``, ``cost`` in tk, ``rule``."""

    key: str
    label: str
    cost: int
    rule: str


def choice_refusal(case: InjuryCase, choice: str, settings: Mapping[str, str] | None = None) -> str | None:
    """Why ``choice`` is not allowed for this case now, or None if it is."""
    row = INJURY_RESULTS[case.result]
    if choice == "accept":
        return None
    if choice in ("pay", "combat-medkit"):
        if row.care_cost is None:
            return (
                "Death cannot be treated: only a Ghost-catcher saves a dying model (§17.8)"
                if case.result == "death"
                else f"{row.name} needs no medical care (§18.1)"
            )
        if case.from_care:
            if choice == "pay":
                return "care that the medical-care roll itself calls for cannot be paid for (§18.2)"
            return "a Combat medkit pays for care, and care from care cannot be paid for (§17.8 [SM-A19])"
        return None
    if choice in HEALING_MEDICINES:
        if row.care_cost is None:
            return f"{d.MEDICINES[choice].name} is used when a model needs medical care (§17.8)"
        if case.from_care and reading(settings, "medicine_on_care") == "none":
            return f"{d.MEDICINES[choice].name} cannot be used on a result from care (§17.8 [SM-A19])"
        return None
    if choice == "ghost-catcher":
        return None if case.result in DYING else "the Ghost-catcher is used on a dying model only (§17.8)"
    return f"'{choice}' is not a choice: pay, accept or a medicine"


def care_choices(
    case: InjuryCase, *, medic: bool = False, medicines: Collection[str] = (), settings: Mapping[str, str] | None = None
) -> tuple[CareChoice, ...]:
    """Every allowed choice now: ``accept`` (take the untreated effect), ``pay`` with its
    cost, and each medicine in ``medicines`` (the stash) that applies."""
    row = INJURY_RESULTS[case.result]
    out = [CareChoice("accept", f"Accept {row.name}", 0, "§18.1")]
    if choice_refusal(case, "pay", settings) is None:
        cost = care_cost(case.result, medic)
        assert cost is not None
        out.append(
            CareChoice(
                "pay",
                f"Pay {cost}tk for medical care" + (f" ({skill_term('medic')} −20%)" if medic else ""),
                cost,
                "§18.2",
            )
        )
    for key in d.MEDICINES:
        if key in medicines and choice_refusal(case, key, settings) is None:
            out.append(CareChoice(key, f"Use {d.MEDICINES[key].name}", 0, "§17.8"))
    return tuple(out)


def _refuse(case: InjuryCase, choice: str, settings: Mapping[str, str] | None) -> None:
    reason = choice_refusal(case, choice, settings)
    if reason is not None:
        kind: RejectionKind = "illegal" if choice in ("accept", "pay") or choice in d.MEDICINES else "malformed"
        raise ProcedureRefused(reason, "§18.2" if choice == "pay" else "§17.8", kind)


CARE_REROLLS = ("pay", "combat-medkit")
"""§18.2, §17.8: the choices that roll the injury table again (paid care, and the Combat
medkit that pays for it), except on Amnesia."""


def care_rolls(result: InjuryResult | str, choice: str) -> bool:
    """Does ``choice`` (``pay``, ``accept`` or a medicine key) on ``result`` roll the
    injury table again? Paid care and the Combat medkit do (§18.2, §17.8), except on
    Amnesia, where care gives Light injuries with no roll; accepting and the other
    medicines set the result without dice."""
    return choice in CARE_REROLLS and _key(result) != "amnesia"


def _care_roll(case: InjuryCase, dice: DiceSource | None, paid: int, by: str) -> InjuryCase:
    if not care_rolls(case.result, "pay"):
        return changed(case, result="light", from_care=True, paid=case.paid + paid, treated_by=by)
    if dice is None:
        raise ProcedureRefused("medical care rolls the injury table again: dice are needed", "§18.2", "malformed")
    record = roll_injury(dice, case.model)
    record = changed(record, detail={**record.detail, "from_care": True})
    return changed(
        case, rolls=case.rolls + (record,), result=record.outcome, from_care=True, paid=case.paid + paid, treated_by=by
    )


def pay_for_care(
    case: InjuryCase, dice: DiceSource | None, *, medic: bool = False, settings: Mapping[str, str] | None = None
) -> InjuryCase:
    """Pay for medical care (§18.2): roll the table again and keep the result (Amnesia:
    Light injuries, no roll). Raises ``ProcedureRefused`` when care cannot be paid for."""
    _refuse(case, "pay", settings)
    cost = care_cost(case.result, medic)
    assert cost is not None
    return _care_roll(case, dice, cost, "care")


def use_medicine(
    case: InjuryCase, medicine: str, dice: DiceSource | None = None, settings: Mapping[str, str] | None = None
) -> InjuryCase:
    """Use up one medicine from the stash (§17.8). The Combat medkit pays for care (a
    free re-roll); the others set the result ([SM-A17] after a Ghost-catcher)."""
    _refuse(case, medicine, settings)
    used = changed(case, medicines=case.medicines + (medicine,))
    if medicine == "combat-medkit":
        return _care_roll(used, dice, 0, medicine)
    result = HEALING_MEDICINES.get(medicine) or reading(settings, "ghost_catcher_result")
    return changed(used, result=result, treated_by=medicine)


class InjuryOutcome(Record):
    """What a case ends in when nothing more is done.

    ``effect``: ``dies`` (crossed off with all its equipment), ``wound`` (add a wound with
    ``take_wound`` and miss the next battle), ``forget-skill`` (cross off one learned
    skill, if any), ``none`` or ``xp``; ``xp``: XP gained at once.
    """

    model: str
    result: str
    effect: str
    xp: int
    crossed_off: bool
    misses_next_battle: bool
    paid: int
    medicines: tuple[str, ...]
    rule: str


def injury_outcome(case: InjuryCase) -> InjuryOutcome:
    """The untreated effect of the case's current result (§18.1)."""
    effect = UNTREATED[case.result]
    xp = 0
    if effect == "xp":
        xp = d.NANOBOTS_XP if case.treated_by == "medical-nanobots" else d.LESSON_LEARNED_XP
    rule = "§17.8" if case.treated_by in d.MEDICINES and case.treated_by != "combat-medkit" else "§18.1"
    return InjuryOutcome(
        case.model, case.result, effect, xp, effect == "dies", effect == "wound", case.paid, case.medicines, rule
    )


# --------------------------------------------------------------------------- wounds
class WoundResult(Record):
    """A Serious-injury wound taken: ``wounds`` after it, ``retires`` on the third (§18.1),
    ``gear_to_stash`` for a retired model ([SM-A46]), ``record`` if a roll picked it."""

    wound: str
    wounds: tuple[str, ...]
    retires: bool
    gear_to_stash: bool
    record: RollRecord | None = None


def wound_choices(held: Collection[str]) -> tuple[str, ...]:
    """Wounds a model can still get (never the same twice, cancelled ones included, §17.7)."""
    return tuple(k for k in t.WOUNDS if k not in held)


def _random_wound(options: tuple[str, ...], dice: DiceSource) -> RollRecord:
    per = 6 // len(options)
    faces: list[Die] = []
    while True:
        face = dice.roll(1, 6, "wound")[0]
        usable = face <= per * len(options)
        faces.append(Die(face, kept=usable))
        if usable:
            break
    wound = options[(face - 1) // per]
    return RollRecord(
        WOUND,
        "Which wound",
        tuple(faces),
        (),
        None,
        None,
        "table",
        Fraction(1, len(options)),
        wound,
        True,
        {"rule": "§18.2 [SM-A18]", "options": list(options), "faces_per_wound": per, "rerolled": len(faces) - 1},
    )


def take_wound(
    held: Collection[str],
    *,
    pick: str | None = None,
    dice: DiceSource | None = None,
    settings: Mapping[str, str] | None = None,
) -> WoundResult:
    """Add a wound for an untreated Serious injury. [SM-A18] ``owner``: ``pick`` is the
    owner's choice; ``random``: a k6 picks among the wounds not held (equal shares, faces
    past the last share rolled again)."""
    held = tuple(held)
    if len(held) >= t.WOUNDS_TO_RETIRE:
        raise ProcedureRefused("a model with three wounds has already retired", "§18.1", "malformed")
    options = wound_choices(held)
    record = None
    if reading(settings, "serious_wound_pick") == "owner":
        if pick is None:
            raise ProcedureRefused(
                f"the owner picks the wound: one of {', '.join(options)}", "§18.2 [SM-A18]", "ambiguous"
            )
        if pick not in options:
            raise ProcedureRefused(
                f"'{pick}' is not a wound this model can get ({', '.join(options)})", "§18.1", "malformed"
            )
        wound = pick
    else:
        if dice is None or pick is not None:
            raise ProcedureRefused("a roll picks the wound [SM-A18]: give dice, not a pick", "§18.2", "malformed")
        record = _random_wound(options, dice)
        wound = record.outcome
    wounds = held + (wound,)
    retires = len(wounds) >= t.WOUNDS_TO_RETIRE
    return WoundResult(wound, wounds, retires, retires and reading(settings, "retired_gear") == "on", record)


def gear_after_loss(
    spec: ModelSpec, cause: str, settings: Mapping[str, str] | None = None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(to the stash, lost) of a model's special items and modifications when it leaves.

    ``cause``: ``dies`` (everything lost, §18.1), ``retires`` (like dismissal with
    [SM-A46] on, otherwise lost), ``dismissed`` (kept in the stash, §22.1). A Jet pack can
    never be taken off (§22.5), so it is always lost.
    """
    gear = spec.items + spec.mods
    if cause == "dies" or (cause == "retires" and reading(settings, "retired_gear") != "on"):
        return (), gear
    if cause not in ("retires", "dismissed"):
        raise ValueError(f"unknown cause '{cause}' (dies, retires, dismissed)")
    kept = tuple(k for k in gear if k not in d.RECRUITMENT_ONLY)
    return kept, tuple(k for k in gear if k in d.RECRUITMENT_ONLY)


def amnesia_candidates(spec: ModelSpec) -> tuple[str, ...]:
    """Skills an untreated Amnesia may cross off: learned ones, not a Specialist's free
    starting skill (it was never learned). Empty: nothing happens (§18.1)."""
    specialist = t.SPECIALISTS.get(spec.specialist or "")
    free = specialist.starting_skills if specialist else ()
    return tuple(k for k in spec.skills if k not in free)


__all__ = [
    "CARE_REROLLS",
    "DYING",
    "HEALING_MEDICINES",
    "INJURY",
    "INJURY_RESULTS",
    "INJURY_TABLE",
    "UNTREATED",
    "WOUND",
    "CareChoice",
    "InjuryCase",
    "InjuryOutcome",
    "InjuryResult",
    "WoundResult",
    "amnesia_candidates",
    "care_choices",
    "care_cost",
    "care_odds",
    "care_rolls",
    "choice_refusal",
    "gear_after_loss",
    "injury_outcome",
    "injury_result",
    "open_injury",
    "pay_for_care",
    "roll_injury",
    "take_wound",
    "use_medicine",
    "wound_choices",
]
