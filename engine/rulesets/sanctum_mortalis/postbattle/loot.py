"""Loot (§17): the main table and every item table, as lookups and as a rolled chain.

One loot roll is a chain of table rolls: 2k6 on the main table (§17.1), then
k6 + k6 for a ranged-weapon modification (§17.3), k6 + k6 for an armour or melee
modification (§17.4; a first 6 is the Battle sarcophagus and always Power boost, no
second roll), or k6 for the special-item type (§17.5) followed by k6 (grenade,
gadget, neural implant) or **2k6** (medicine, §17.8). Each table is a stage named
after the result that leads to it; a result that is not a stage is the find.

Skills (§20.5), if their owner did not end the battle needing medical care:
Łowca technologii re-rolls one die of a 2k6 loot roll (``hunt_reroll``),
Przeszukiwanie moves a single-k6 loot roll 1 up or down (``search_shift``; the result
must stay a face of the die, 1–6). ``roll_loot`` plays the whole chain and asks a
``LootChoices`` what to do with each skill; the default ``MostCredits`` takes whatever
raises the expected sale value of the find.
"""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType
from typing import Any, Mapping, Protocol

from engine.dice import DiceSource
from engine.records import Record, changed
from engine.rolls import Modifier, RollRecord

from .. import tables as t
from ..procedures.common import ProcedureRefused
from ..procedures.reroll import apply_reroll, register_evaluator
from ..terms import skill_term
from . import data as d
from .common import RollTable, read_table, table_roll, with_modifier

TECH_LABELS = {k: f"Technology worth {v}tk" for k, v in t.TECHNOLOGY_VALUES.items()}
STAGE_LABELS = {
    "weapon-mod": "Ranged weapon modification",
    "armour-mod": "Armour and melee weapon modification",
    "special-item": "Special item",
    "weapon-modification": "Modification",
    "ammunition": "Ammunition",
    "melee-weapon": "Melee weapon",
    "light-armour": "Light armour",
    "powered-armour": "Powered armour",
    "grenade": "Grenade",
    "gadget": "Gadget",
    "medicine": "Medicine",
    "implant": "Neural implant",
    d.CYBER_PART: "Cyber-part (player's choice)",
}


def loot_item(key: str) -> t.Item | None:
    """The item a loot result names (items of ``tables.ITEMS``, medicines, implants), or None."""
    return t.ITEMS.get(key) or d.MEDICINES.get(key) or d.NEURAL_IMPLANTS.get(key)


def _labels() -> Mapping[str, str]:
    names = {k: i.name for k, i in {**t.ITEMS, **d.MEDICINES, **d.NEURAL_IMPLANTS}.items()}
    names["power-boost"] = "Battle sarcophagus: Power boost"
    return MappingProxyType({**names, **TECH_LABELS, **STAGE_LABELS})


_L = _labels()
LOOT_TABLES: Mapping[str, RollTable] = MappingProxyType(
    {
        tb.key: tb
        for tb in (
            RollTable("main", "Loot", "§17.1", 2, t.LOOT_TABLE, _L),
            RollTable("weapon-mod", "Ranged weapon modification: group", "§17.3", 1, d.WEAPON_MOD_GROUPS, _L),
            RollTable("weapon-modification", "Ranged weapon modification", "§17.3", 1, d.WEAPON_MODIFICATIONS, _L),
            RollTable("ammunition", "Ammunition", "§17.3", 1, d.AMMUNITION, _L),
            RollTable("armour-mod", "Armour and melee modification: item type", "§17.4", 1, d.ARMOUR_MOD_TYPES, _L),
            RollTable("melee-weapon", "Melee weapon modification", "§17.4", 1, d.MELEE_WEAPON_MODS, _L),
            RollTable("light-armour", "Light armour modification", "§17.4", 1, d.LIGHT_ARMOUR_MODS, _L),
            RollTable("powered-armour", "Powered armour modification", "§17.4", 1, d.POWERED_ARMOUR_MODS, _L),
            RollTable("special-item", "Special item type", "§17.5", 1, d.SPECIAL_ITEM_TYPES, _L),
            RollTable("grenade", "Grenade", "§17.6", 1, d.GRENADE_TABLE, _L),
            RollTable("gadget", "Gadget", "§17.7", 1, d.GADGET_TABLE, _L),
            RollTable("medicine", "Medicine", "§17.8", 2, d.MEDICINE_TABLE, _L),
            RollTable("implant", "Neural implant", "§17.9", 1, d.IMPLANT_TABLE, _L),
        )
    }
)
"""Every loot table by stage key. ``"main"`` starts the chain."""
LOOT = "sm.loot"
"""Procedure id of every loot-chain roll (``detail["table"]`` names the stage)."""


# --------------------------------------------------------------------------- lookups
def loot_result(total: int) -> str:
    """§17.1: the main-table result of a 2k6 total (``tech-5`` … ``special-item``)."""
    return LOOT_TABLES["main"].lookup(total)


def weapon_mod(first: int, second: int) -> str:
    """§17.3: the ranged-weapon modification or ammunition for the two k6."""
    return LOOT_TABLES[LOOT_TABLES["weapon-mod"].lookup(first)].lookup(second)


def armour_mod(first: int, second: int | None) -> str:
    """§17.4: the armour or melee modification. A first 6 (Battle sarcophagus) is Power
    boost and takes no second roll: ``second`` must then be None, and is required otherwise."""
    kind = LOOT_TABLES["armour-mod"].lookup(first)
    if kind not in LOOT_TABLES:
        if second is not None:
            raise ValueError("a Battle sarcophagus (first k6 = 6) is always Power boost: no second roll (§17.4)")
        return kind
    if second is None:
        raise ValueError(f"a {STAGE_LABELS[kind]} modification needs a second k6 (§17.4)")
    return LOOT_TABLES[kind].lookup(second)


def special_item_type(k6: int) -> str:
    """§17.5: ``grenade``, ``gadget``, ``medicine`` or ``implant``."""
    return LOOT_TABLES["special-item"].lookup(k6)


def grenade(k6: int) -> str:
    """§17.6: the grenade item key."""
    return LOOT_TABLES["grenade"].lookup(k6)


def gadget(k6: int) -> str:
    """§17.7: the gadget item key; a 6 is ``cyber-part`` (one of ``CYBER_PARTS``, the player's choice)."""
    return LOOT_TABLES["gadget"].lookup(k6)


def medicine(total_2k6: int) -> str:
    """§17.8: the medicine for a **2k6** total."""
    return LOOT_TABLES["medicine"].lookup(total_2k6)


def implant(k6: int) -> str:
    """§17.9: the neural implant item key."""
    return LOOT_TABLES["implant"].lookup(k6)


def find_value(find: str) -> int | None:
    """Listed value in tk of a final find (a technology's cash, an item's value; a
    cyber-part 10tk); None for medicines and implants, which have no price."""
    if find in t.TECHNOLOGY_VALUES:
        return t.TECHNOLOGY_VALUES[find]
    if find == d.CYBER_PART:
        return d.CYBER_PART_VALUE
    item = loot_item(find)
    if item is None:
        raise ValueError(f"'{find}' is not a loot find")
    return item.value


# --------------------------------------------------------------------------- choices
class LootChoices(Protocol):
    """The owner's decisions with the loot skills (asked only when the skill is usable)."""

    def reroll(self, stage: str, faces: tuple[int, int]) -> int | None:
        """Łowca technologii: the index (0 or 1) of the die to re-roll, or None to keep."""
        ...

    def shift(self, stage: str, face: int) -> int:
        """Przeszukiwanie: −1, 0 or +1 to the k6."""
        ...


SALE_WORTH: Mapping[str, int] = MappingProxyType(
    {
        **t.TECHNOLOGY_VALUES,
        **{k: i.value for k, i in t.ITEMS.items() if i.value is not None},
        d.CYBER_PART: d.CYBER_PART_VALUE,
    }
)
"""What ``MostCredits`` aims for by default: the listed value in tk (unpriced finds count 0)."""


class MostCredits:
    """Default owner: re-roll or shift only when that strictly raises the expected worth of
    the find (``worth``: find -> tk, default the sale value; pass your own to prefer, say,
    medicines). On equal worth it keeps the roll; ties between dice pick the first die."""

    def __init__(
        self, tech_hunter: bool = False, searching: bool = False, worth: Mapping[str, int | Fraction] = SALE_WORTH
    ) -> None:
        self.tech_hunter = tech_hunter
        self.searching = searching
        self.worth = worth
        self._stage: dict[str, Fraction] = {}

    def result_worth(self, result: str) -> Fraction:
        """Worth of a table result: a final find's worth, or a stage's expected worth."""
        if result in LOOT_TABLES:
            return self.stage_worth(result)
        return Fraction(self.worth.get(result, 0))

    def stage_worth(self, stage: str) -> Fraction:
        """Expected worth of rolling ``stage`` and everything after it, with these skills."""
        if stage not in self._stage:
            table = LOOT_TABLES[stage]
            if table.dice == 2:
                values = [self._best_pair(table, (a, b))[0] for a in range(1, 7) for b in range(1, 7)]
            else:
                values = [self._best_shift(table, f)[0] for f in range(1, 7)]
            self._stage[stage] = sum(values, Fraction(0)) / len(values)
        return self._stage[stage]

    def _best_pair(self, table: RollTable, faces: tuple[int, int]) -> tuple[Fraction, int | None]:
        best, choice = self.result_worth(table.lookup(sum(faces))), None
        if self.tech_hunter:
            for i in range(2):
                other = faces[1 - i]
                alt = sum((self.result_worth(table.lookup(other + f)) for f in range(1, 7)), Fraction(0)) / 6
                if alt > best:
                    best, choice = alt, i
        return best, choice

    def _best_shift(self, table: RollTable, face: int) -> tuple[Fraction, int]:
        best, choice = self.result_worth(table.lookup(face)), 0
        if self.searching:
            for delta in (-1, 1):
                if 1 <= face + delta <= 6 and self.result_worth(table.lookup(face + delta)) > best:
                    best, choice = self.result_worth(table.lookup(face + delta)), delta
        return best, choice

    def reroll(self, stage: str, faces: tuple[int, int]) -> int | None:
        """The die whose re-roll gains the most expected worth, or None to keep."""
        table = LOOT_TABLES[stage]
        return self._best_pair(table, faces)[1] if table.dice == 2 else None

    def shift(self, stage: str, face: int) -> int:
        """−1 or +1 when the neighbouring face is worth strictly more, else 0."""
        table = LOOT_TABLES[stage]
        return self._best_shift(table, face)[1] if table.dice == 1 else 0


# --------------------------------------------------------------------------- odds
def loot_odds(
    tech_hunter: bool = False, searching: bool = False, choices: LootChoices | None = None, stage: str = "main"
) -> dict[str, Fraction]:
    """Final find -> exact chance of one loot roll from ``stage`` on, with the skills used
    as ``choices`` decides (default ``MostCredits``). The chances add up to 1."""
    chooser = choices or MostCredits(tech_hunter, searching)
    memo: dict[str, dict[str, Fraction]] = {}

    def add(out: dict[str, Fraction], result: str, p: Fraction) -> None:
        # a result reached with chance p: a find, or every find of the stage it leads to
        for find, q in of(result).items() if result in LOOT_TABLES else ((result, Fraction(1)),):
            out[find] = out.get(find, Fraction(0)) + p * q

    def of(key: str) -> dict[str, Fraction]:
        # find -> chance from stage ``key`` on, memoised
        if key in memo:
            return memo[key]
        table, out = LOOT_TABLES[key], dict[str, Fraction]()
        if table.dice == 2:
            for a in range(1, 7):
                for b in range(1, 7):
                    i = chooser.reroll(key, (a, b)) if tech_hunter else None
                    if i is None:
                        add(out, table.lookup(a + b), Fraction(1, 36))
                    else:
                        for f in range(1, 7):
                            add(out, table.lookup((b, a)[i] + f), Fraction(1, 216))
        else:
            for f in range(1, 7):
                delta = chooser.shift(key, f) if searching else 0
                _check_shift(f, delta)
                add(out, table.lookup(f + delta), Fraction(1, 6))
        memo[key] = out
        return out

    return dict(of(stage))


# --------------------------------------------------------------------------- rolls
@register_evaluator(LOOT)
def _evaluate(record: RollRecord) -> RollRecord:
    return read_table(record, LOOT_TABLES[record.detail["table"]])


def roll_loot_stage(stage: str, dice: DiceSource) -> RollRecord:
    """Roll one table of the chain. ``outcome``: the result (a stage key or the find);
    ``probability``: its chance on a plain roll; ``detail["next"]``: the stage to roll
    next, or None when ``outcome`` is the find."""
    if stage not in LOOT_TABLES:
        raise ProcedureRefused(f"'{stage}' is not a loot table", "§17", "malformed")
    record = table_roll(LOOT_TABLES[stage], dice, LOOT, title=LOOT_TABLES[stage].title, extra={"stage": stage})
    return _with_next(record)


def _with_next(record: RollRecord) -> RollRecord:
    nxt = record.outcome if record.outcome in LOOT_TABLES else None
    detail = {**record.detail, "next": nxt}
    if record.outcome == "power-boost":
        detail["note"] = "Battle sarcophagus: always Power boost, no second roll (§17.4)"
    return changed(record, detail=detail)


def hunt_reroll(record: RollRecord, die_index: int, dice: DiceSource) -> RollRecord:
    """Łowca technologii (§20.5): re-roll one die of a 2k6 loot roll and keep it. One
    re-roll per roll however many hunters the band has."""
    if record.procedure != LOOT or LOOT_TABLES[record.detail["table"]].dice != 2:
        raise ProcedureRefused(f"{skill_term('tech-hunter')} re-rolls a 2k6 loot roll only", "§20.5")
    if any(die.replaced is not None for die in record.dice):
        raise ProcedureRefused(f"{skill_term('tech-hunter')} gives one re-roll per loot roll", "§20.5")
    return _with_next(apply_reroll(record, die_index, dice, "tech-hunter"))


def _check_shift(face: int, delta: int) -> None:
    if delta not in (-1, 0, 1):
        raise ProcedureRefused(f"{skill_term('searching')} changes the die by 1 up or down", "§20.5", "malformed")
    if not 1 <= face + delta <= 6:
        raise ProcedureRefused(f"a k6 of {face} cannot become {face + delta}", "§20.5")


def search_shift(record: RollRecord, delta: int) -> RollRecord:
    """Przeszukiwanie (§20.5): move a single-k6 loot roll 1 up or down (staying 1–6),
    once per roll however many searchers the band has."""
    if record.procedure != LOOT or LOOT_TABLES[record.detail["table"]].dice != 1:
        raise ProcedureRefused(f"{skill_term('searching')} changes a single-k6 loot roll only", "§20.5")
    if any(m.key == "searching" for m in record.modifiers):
        raise ProcedureRefused(f"{skill_term('searching')} changes a loot roll once", "§20.5")
    _check_shift(record.dice_total, delta)
    if delta == 0:
        return record
    table = LOOT_TABLES[record.detail["table"]]
    return _with_next(with_modifier(record, Modifier(skill_term("searching"), delta, "§20.5", "searching"), table))


class LootFind(Record):
    """One loot roll's chain of records and what it found.

    ``result``: a technology key (``tech-5``/``tech-10``/``tech-15``), an item key (a
    medicine or implant too), or ``cyber-part`` (pick one of ``CYBER_PARTS``).
    """

    records: tuple[RollRecord, ...]
    result: str

    @property
    def technology(self) -> int | None:
        """The technology's cash value (sold at once, §17.2), or None for an item."""
        return t.TECHNOLOGY_VALUES.get(self.result)

    @property
    def item(self) -> str | None:
        """The item key, or None for a technology."""
        return None if self.result in t.TECHNOLOGY_VALUES else self.result

    @property
    def find(self) -> int | str:
        """A technology value in tk, or an item key."""
        return self.technology if self.technology is not None else self.result

    @property
    def value(self) -> int | None:
        """Listed value in tk (None: not traded)."""
        return find_value(self.result)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (the records as ``RollRecord.to_dict``)."""
        return {"result": self.result, "records": [r.to_dict() for r in self.records]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "LootFind":
        """The find ``to_dict`` wrote."""
        return cls(tuple(RollRecord.from_dict(r) for r in data["records"]), data["result"])


def roll_loot(
    dice: DiceSource, *, tech_hunter: bool = False, searching: bool = False, choices: LootChoices | None = None
) -> LootFind:
    """Roll one whole loot chain (§17) from the main table to the find.

    ``tech_hunter`` / ``searching``: the band has a usable Łowca technologii /
    Przeszukiwanie (its owner did not end the battle needing care, see
    ``common.skill_holder``). ``choices`` decides each use (default ``MostCredits``).
    """
    chooser = choices or MostCredits(tech_hunter, searching)
    records: list[RollRecord] = []
    stage: str | None = "main"
    while stage is not None:
        record = roll_loot_stage(stage, dice)
        faces = tuple(die.face for die in record.dice)
        if tech_hunter and len(faces) == 2:
            index = chooser.reroll(stage, (faces[0], faces[1]))
            if index is not None:
                record = hunt_reroll(record, index, dice)
        if searching and len(faces) == 1:
            record = search_shift(record, chooser.shift(stage, faces[0]))
        records.append(record)
        stage = record.detail["next"]
    return LootFind(tuple(records), records[-1].outcome)


__all__ = [
    "LOOT",
    "LOOT_TABLES",
    "SALE_WORTH",
    "LootChoices",
    "LootFind",
    "MostCredits",
    "armour_mod",
    "find_value",
    "gadget",
    "grenade",
    "hunt_reroll",
    "implant",
    "loot_item",
    "loot_odds",
    "loot_result",
    "medicine",
    "roll_loot",
    "roll_loot_stage",
    "search_shift",
    "special_item_type",
    "weapon_mod",
]
