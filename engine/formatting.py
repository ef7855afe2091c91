"""Text for roll records: one line for the battle log, a full breakdown for the detail view.

Pure string building, shared by every rule system and by the dashboard.
"""

from __future__ import annotations

from typing import Any, Mapping

from .odds import percent
from .rolls import TABLE, Modifier, RollRecord, outcome_chance, records_in


def possessive(name: str) -> str:
    """ "Pip's", "Ceorls'", "Iron Wolves'": a name ending in s takes only the apostrophe."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """ "1 model", "3 models", "1 casualty" / "2 casualties" (``many`` for an irregular
    plural): a count with its noun in the right number, never "model(s)"."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def dice_text(record: RollRecord) -> str:
    """ "3 [6] 2→5": dropped faces in brackets, re-rolled faces as old→new."""
    parts = []
    for d in record.dice:
        face = f"{d.replaced}→{d.face}" if d.replaced is not None else str(d.face)
        parts.append(face if d.kept else f"[{face}]")
    return " ".join(parts) if parts else "no dice"


def _comparison(record: RollRecord, legacy: bool = False) -> str:
    if record.target is None or not record.comparison or record.comparison == "opposed":
        return ""
    if legacy:
        return f" vs {record.comparison}{record.target}"
    return f" vs {target_words(record.comparison, record.target)}"


def chance_of(record: RollRecord) -> str:
    """What a record's ``probability`` is the chance of, in words: "of success", "of success,
    each die" (a pool whose chance is per die), "of this result" (a table roll)."""
    if record.comparison == TABLE:
        return "of this result"
    return "of success, each die" if record.detail.get("probability_is") == "per die" else "of success"


def outcome_words(record: RollRecord) -> str:
    """The outcome as the GM reads it: a table roll's row by its label ("Ranged weapon
    modification", kept in ``detail["label"]``), any other roll's outcome word."""
    label = record.detail.get("label") if record.comparison == TABLE else None
    return label if isinstance(label, str) and label else record.outcome


def roll_line(record: RollRecord) -> str:
    """One line: dice, total, target, outcome and the chance that outcome had (the
    chance of success beside a success, of failure beside a failure). An opposed roll
    whose record keeps each side's dice says each side's dice and total ("attacker 5 6 →
    12 v defender 1 2 → 3"), never one sum of both sides' dice. Dice lead to their total
    by an arrow ("3 5 → 8 vs 7+"), the target as the books write it."""
    return _roll_line(record)


def roll_line_forms(record: RollRecord) -> tuple[str, str]:
    """The roll's line as ``roll_line`` writes it, and as an entry logged before totals
    read with an arrow wrote it ("3 5 = 8 vs >=7: passed"): a saved entry keeps its text,
    so whether its text already gives the roll is asked of both."""
    return _roll_line(record), _roll_line(record, legacy=True)


def _roll_line(record: RollRecord, legacy: bool = False) -> str:
    arrow = "=" if legacy else "→"
    chance = f" (chance {percent(outcome_chance(record))})" if record.comparison else ""
    sides = _compared(record, None, arrow) if record.comparison == "opposed" else []
    if sides:
        return f"{'; '.join(sides)}: {outcome_words(record)}{chance}"
    total = f" {arrow} {record.dice_total}" if record.dice else ""
    return f"{dice_text(record)}{total}{_comparison(record, legacy)}: {outcome_words(record)}{chance}"


def opposing_pool(record: RollRecord) -> RollRecord | None:
    """The other side's pool of an opposed test, when the record keeps it as a nested record
    (``detail["defender"]``: its dice, base and modifiers); None otherwise."""
    nested = (record.detail or {}).get("defender")
    if record.comparison != "opposed" or not isinstance(nested, dict) or "dice" not in nested:
        return None
    try:
        return RollRecord.from_dict(nested)
    except (KeyError, TypeError, ValueError):
        return None


def _faces(values: Any) -> str:
    return " ".join(str(v) for v in values) if isinstance(values, (list, tuple)) else str(values)


def compared(record: RollRecord, names: Mapping[str, str] | None = None) -> list[str]:
    """What an opposed roll compared, each side's dice and total, read from the detail the
    record keeps: a roll-off's ``sides`` and ``rounds`` (each ``a``, ``b``, ``totals``; a tie
    rolls again), a melee's ``totals`` by side (its dice split by ``groups``: ``start``,
    ``count``; a side called as ``side_label`` says), a pool test's ``attacker_result`` / ``defender_result``, a lone ``total``.
    ``names``: how to call a side key or a member id ("A" -> the band's name). One side's
    roll against the other's total (``detail["side"]``, ``["total"]`` and ``["against"]``:
    the other's ``side``, ``dice``, ``total``), as xK6's initiative dice are; the other
    pool of an opposed test kept as a nested record (``detail["defender"]``). Empty for
    other rolls. Each side's dice lead to its total by an arrow ("Wolves 3 4 → 7 v
    Saints 3 4 → 7"), as every other total reads."""
    return _compared(record, names, "→")


def _compared(record: RollRecord, names: Mapping[str, str] | None, equals: str) -> list[str]:
    """``compared``, a roll-off side's dice joined to its total by ``equals``."""
    detail = record.detail or {}
    names = names or {}

    def name(key: Any) -> str:
        return names.get(str(key), str(key))

    out: list[str] = []
    sides, rounds = detail.get("sides"), detail.get("rounds")
    if isinstance(sides, list) and len(sides) == 2 and isinstance(rounds, list):
        for r in rounds:
            if not isinstance(r, dict) or "a" not in r or "b" not in r:
                continue
            a, b = r["a"], r["b"]
            ta, tb = r.get("totals") or [sum(a), sum(b)]
            tie = " (a tie: rolled again)" if ta == tb else ""
            out.append(f"{name(sides[0])} {_faces(a)} → {ta} v {name(sides[1])} {_faces(b)} → {tb}{tie}")
    against = detail.get("against")
    if isinstance(against, dict) and "total" in detail and record.comparison == "opposed":
        roller = name(detail.get("side", "roller"))
        out.append(
            f"{roller} {dice_text(record)} → {detail['total']} v "
            f"{name(against.get('side', 'other side'))} {_faces(against.get('dice', ()))} → {against.get('total')}"
        )
    totals = detail.get("totals")
    if isinstance(totals, dict) and totals:
        groups = detail.get("groups")
        parts = []
        for i, (side, value) in enumerate(totals.items()):
            dice = ""
            if isinstance(groups, list) and i < len(groups) and isinstance(groups[i], dict):
                g = groups[i]
                sub = RollRecord("", "", record.dice[g.get("start", 0) : g.get("start", 0) + g.get("count", 0)])
                dice = f" {dice_text(sub)} →"
            parts.append(f"{side_label(record, side, names)}{dice} {value}")
        out.append(" v ".join(parts))
    if "attacker_result" in detail and "defender_result" in detail:
        sl = f": SL {detail['sl']}" if "sl" in detail else ""
        att, dfn = name(detail.get("attacker_id", "attacker")), name(detail.get("defender_id", "defender"))
        defender = opposing_pool(record)
        if defender is not None:  # each side's pool, its dice and its result
            out.append(
                f"{att} {dice_text(record)} → {detail['attacker_result']} v "
                f"{dfn} {dice_text(defender)} → {detail['defender_result']}{sl}"
            )
        else:
            out.append(f"{att}'s result {detail['attacker_result']} v {dfn}'s {detail['defender_result']}{sl}")
    elif not out and "total" in detail and record.comparison == "opposed":
        out.append(f"total {detail['total']}")
    return out


_COMPARE = {
    ">=": lambda face, target: face >= target,
    ">": lambda face, target: face > target,
    "<=": lambda face, target: face <= target,
    "<": lambda face, target: face < target,
}


def _dice_sum(record: RollRecord) -> str:
    """After the faces, after an arrow ("3 5 → 8"): their total where the total is compared; the result the record
    read from them where it keeps one (``detail["result"]``: a pool read by its highest
    die, not summed); for a roll whose chance is per die (``detail["probability_is"] ==
    "per die"``) how many dice made the target; nothing for an opposed roll (its sides are
    compared instead). The target as the books write it ("4+", "less than 7")."""
    if not record.dice or record.comparison == "opposed":
        return ""
    test = _COMPARE.get(record.comparison)
    if record.detail.get("probability_is") == "per die" and test is not None and record.target is not None:
        kept = [d.face for d in record.dice if d.kept]
        made = sum(1 for face in kept if test(face, record.target))
        return f" → {made} of {len(kept)} dice {target_words(record.comparison, record.target)}"
    result = record.detail.get("result")
    if isinstance(result, int) and not isinstance(result, bool):
        return f" → result {result}"
    return f" → {record.dice_total}"


_WORDS = {">=": "{}+", ">": "more than {}", "<=": "{} or less", "<": "less than {}", "==": "exactly {}"}


def target_words(comparison: str, target: int) -> str:
    """ "4+", "less than 7": a target as a GM says it and the rule digests write it ("N+"
    is a result of N or more; ``comparison`` and ``target`` as the record keeps them; an
    unknown comparison as it is)."""
    wording = _WORDS.get(comparison)
    return wording.format(target) if wording else f"{comparison} {target}"


def side_label(record: RollRecord, side: Any, names: Mapping[str, str] | None = None) -> str:
    """How to call one side of an opposed roll that keeps each side's terms by key, as a
    melee does (``detail[side]``): the name the record keeps for it (``["name"]``), else
    ``names`` of the member it names (``["id"]``), else ``names`` of the key itself ("A"
    -> the band's name), else the key ("defender")."""
    names = names or {}
    who = (record.detail or {}).get(side)
    if isinstance(who, dict):
        if isinstance(who.get("name"), str) and who["name"]:
            return str(who["name"])
        if who.get("id") in names:
            return names[who["id"]]
    return names.get(str(side), str(side))


def role_names(payload: Mapping[str, Any], names: Mapping[str, str] | None = None) -> dict[str, str]:
    """``names`` (side key or member id -> name) and, for each roll in ``payload`` whose
    sides are kept by key (a melee's ``totals``: "attacker", "defender"), each such key
    the payload gives a member for ({"attacker": "A.bo"}), named as that member: a roll
    recorded before it kept each side's name (``side_label``) reads by name too."""
    out = dict(names or {})
    for record in records_in(dict(payload)):
        totals = (record.detail or {}).get("totals")
        for side in totals if isinstance(totals, dict) else ():
            member = payload.get(str(side))
            if isinstance(member, str) and member in out and str(side) not in out:
                out[str(side)] = out[member]
    return out


def reroll_lines(record: RollRecord) -> list[str]:
    """A line per re-rolled die: which, old and new face, and what allowed it (its
    ``label``: a card's or skill's name, else the source key)."""
    lines = []
    for r in record.detail.get("rerolls", ()):
        by = r.get("label") or r.get("by") or "re-roll"
        lines.append(f"re-roll by {by}: die {r['die'] + 1} {r['old']}→{r['new']}")
    return lines


def other_side_terms(record: RollRecord) -> list[tuple[str, Modifier | None, tuple[Modifier, ...]]]:
    """The terms of the other side of an opposed roll whose record keeps them beside its
    total, as a melee does (its ``totals`` by side, the first side's terms being the
    record's own; ``detail[side]``: ``base`` and ``modifiers``): (side key, base,
    modifiers) for each other side. Empty for other rolls."""
    detail = record.detail or {}
    totals = detail.get("totals")
    if record.comparison != "opposed" or not isinstance(totals, dict):
        return []
    out = []
    for side in list(totals)[1:]:
        terms = detail.get(side)
        if not isinstance(terms, dict) or not isinstance(terms.get("modifiers"), list):
            continue
        try:
            base = Modifier.from_dict(terms["base"]) if isinstance(terms.get("base"), dict) else None
            mods = tuple(Modifier.from_dict(m) for m in terms["modifiers"])
        except (KeyError, TypeError, ValueError):
            continue
        out.append((str(side), base, mods))
    return out


def first_side(record: RollRecord) -> str | None:
    """The side whose terms are the record's own (its base and modifiers) where the record
    keeps other sides' terms beside it (``other_side_terms``), as a melee does: so the
    details label both models, not only the other; None for other rolls."""
    totals = (record.detail or {}).get("totals")
    if not other_side_terms(record) or not isinstance(totals, dict) or not totals:
        return None
    return str(next(iter(totals)))


def sides_show_dice(record: RollRecord, sides: list[str]) -> bool:
    """Whether ``sides`` (``compared(record)``) give each side's dice, so the dice are not
    listed again on their own: a roll-off's rounds, a melee's groups, one side's roll
    against the other's, an opposed test that keeps the other pool."""
    detail = record.detail or {}
    by_round = isinstance(detail.get("sides"), list) and isinstance(detail.get("rounds"), list)
    by_group = isinstance(detail.get("totals"), dict) and isinstance(detail.get("groups"), list)
    by_rival = isinstance(detail.get("against"), dict) and "total" in detail
    return bool(sides) and (by_round or by_group or by_rival or opposing_pool(record) is not None)


def dice_read(record: RollRecord) -> str:
    """What the dice of a roll come to, to follow the faces: "→ 9", "→ result 7" (a pool
    read by its highest die), "→ 2 of 4 dice 4+"; empty for an opposed roll."""
    return _dice_sum(record).strip()


def roll_breakdown(record: RollRecord, names: Mapping[str, str] | None = None) -> list[str]:
    """Every line of the roll: the base stat, each modifier with its rule, the dice (each
    side's total for an opposed roll; a dice total only where one is compared), every
    re-roll with what allowed it, the chance and the outcome. ``names``: side key or member
    id -> name."""
    lines = [record.title]
    first = first_side(record)
    pad, width = ("    ", 42) if first is not None else ("  ", 44)
    if first is not None:  # a melee: both models' terms under their names
        lines.append(f"  {side_label(record, first, names)}")
    if record.base is not None:
        lines.append(f"{pad}{record.base.label:<{width}} {record.base.value:>3}   {record.base.rule}")
    for m in record.modifiers:
        lines.append(f"{pad}{m.label:<{width}} {m.value:>+3}   {m.rule}")
    defender = opposing_pool(record)
    if defender is not None:  # the other side's pool: its own base and modifiers
        lines.append(f"  {defender.title}")
        if defender.base is not None:
            lines.append(f"    {defender.base.label:<42} {defender.base.value:>3}   {defender.base.rule}")
        for m in defender.modifiers:
            lines.append(f"    {m.label:<42} {m.value:>+3}   {m.rule}")
    for side, base, mods in other_side_terms(record):  # the other side's own base and modifiers
        lines.append(f"  {side_label(record, side, names)}")
        if base is not None:
            lines.append(f"    {base.label:<42} {base.value:>3}   {base.rule}")
        for m in mods:
            lines.append(f"    {m.label:<42} {m.value:>+3}   {m.rule}")
    if record.target is not None and record.comparison and record.comparison != "opposed":
        lines.append(f"  {'needed':<44} {target_words(record.comparison, record.target):>3}")
    sides = compared(record, names)
    if not sides_show_dice(record, sides):
        lines.append(f"  dice: {dice_text(record)}" + _dice_sum(record))
    lines += [f"  compared: {line}" for line in sides]
    lines += [f"  {line}" for line in reroll_lines(record)]
    p = record.probability
    lines.append(f"  chance before the roll ({chance_of(record)}): {p.numerator}/{p.denominator} = {percent(p)}")
    lines.append(f"  outcome: {outcome_words(record)}")
    return lines
