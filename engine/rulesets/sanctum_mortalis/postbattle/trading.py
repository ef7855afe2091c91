"""Purchases and sales (§22, with Targowanie and Paser from §20.5).

* Selling: at the listed value; Targowanie +20% (technologies too, [SM-A37]).
* Buying: 3× the listed value (``tables.BUY_PRICE_MULTIPLIER``); Paser −20% of the price.
  Climbing gear always costs 5tk and the Jet pack 10tk (bought with the model only).
* Items with no listed price (medicines, neural implants) are never traded; Climbing
  gear and the Jet pack are never sold.
* After each battle at most one item from each table: ranged weapon mods, armour and
  melee mods, grenades, gadgets.
* Recruiting: the archetype cost (``band_building.model_cost``) + 15tk per XP bought.

Every percentage applies to one item's price; the values are multiples of 5, so the
results are whole tk.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .. import tables as t
from ..band_building import model_cost
from ..procedures.common import ProcedureRefused
from ..roster import ModelSpec
from . import data as d
from .common import reading
from .loot import find_value, loot_item


def _percent(price: int, ratio: tuple[int, int]) -> int:
    return price * ratio[0] // ratio[1]


def sell_price(value: int | None, haggling: bool = False) -> int | None:
    """§22.3: what an item sells for (None: an item with no value is not traded).
    ``haggling``: a usable Targowanie, +20% (several do not stack)."""
    if value is None:
        return None
    return _percent(value, d.HAGGLING_BONUS) if haggling else value


def buy_price(value: int | None, fence: bool = False) -> int | None:
    """§22.3: 3× the listed value (None: not traded). ``fence``: a usable Paser, −20%."""
    if value is None:
        return None
    price = value * t.BUY_PRICE_MULTIPLIER
    return _percent(price, d.FENCE_DISCOUNT) if fence else price


def technology_cash(value: int, haggling: bool = False, settings: Mapping[str, str] | None = None) -> int:
    """§17.2: a technology is sold at once for its value; Targowanie adds 20% under
    [SM-A37] ``haggling_technology`` on (the default)."""
    return sell_price(value, haggling and reading(settings, "haggling_technology") == "on") or 0


def item_sell_price(key: str, haggling: bool = False, settings: Mapping[str, str] | None = None) -> int | None:
    """What a loot find sells for: a technology's cash, an item's value (cyber-part 10tk),
    or None when it cannot be sold (medicines, implants, Climbing gear, the Jet pack)."""
    if key in t.TECHNOLOGY_VALUES:
        return technology_cash(t.TECHNOLOGY_VALUES[key], haggling, settings)
    if key in d.NOT_SOLD:
        return None
    return sell_price(find_value(key), haggling)


def purchase_table(key: str) -> str | None:
    """§22.3: the table an item is bought from (one item per table per battle), or None for
    items outside the limit (Climbing gear, the Jet pack) and items never bought."""
    item = loot_item(key)
    return d.PURCHASE_TABLES.get(item.kind) if item is not None else None


def _fence_applies(key: str, settings: Mapping[str, str] | None) -> bool:
    item = loot_item(key)
    if item is None or key in d.NOT_SOLD:
        return False
    return reading(settings, "fence_scope") == "all" or item.slot


def item_buy_price(key: str, fence: bool = False, settings: Mapping[str, str] | None = None) -> int | None:
    """What an item costs to buy, or None when it is never bought (medicines, implants).
    Climbing gear 5tk and the Jet pack 10tk are fixed (no ×3, no Paser); Paser's scope is
    the package-local reading ``fence_scope``."""
    if key == "climbing-gear":
        return t.CLIMBING_GEAR_COST
    if key == "jet-pack":
        return t.JET_PACK_COST
    item = loot_item(key)
    if item is None:
        raise ProcedureRefused(f"unknown item '{key}'", "§22.3", "malformed")
    return buy_price(item.value, fence and _fence_applies(key, settings))


def purchase_refusal(bought: Sequence[str], key: str, *, recruiting: bool = False) -> str | None:
    """Why ``key`` cannot be bought after ``bought`` in this post-battle step, or None.

    ``recruiting``: it is bought together with a newly recruited model (the Jet pack
    must be)."""
    item = loot_item(key)
    if item is None:
        return f"unknown item '{key}'"
    if item.value is None:
        return f"{item.name} cannot be bought or sold: it can only be found (§17.8–17.9, §22.3)"
    if key in d.RECRUITMENT_ONLY and not recruiting:
        return f"a {item.name} must be bought when the model is recruited (§22.5)"
    table = purchase_table(key)
    if table is not None:
        for earlier in bought:
            if purchase_table(earlier) == table:
                return (
                    f"only one item from each table after a battle: {t.ITEMS[earlier].name} already came "
                    f"from the {table} table (§22.3)"
                )
    return None


def purchase_problems(purchases: Sequence[str], recruiting: Sequence[bool] | None = None) -> tuple[str, ...]:
    """Every reason the list of purchases of one post-battle step breaks the rules
    (in order; empty when the list is legal). ``recruiting[i]``: purchase i comes with a
    new model."""
    flags = list(recruiting) if recruiting is not None else [False] * len(purchases)
    problems = []
    accepted: list[str] = []
    for key, rec in zip(purchases, flags):
        reason = purchase_refusal(accepted, key, recruiting=rec)
        if reason is None:
            accepted.append(key)
        else:
            problems.append(reason)
    return tuple(problems)


def purchases_cost(purchases: Sequence[str], fence: bool = False, settings: Mapping[str, str] | None = None) -> int:
    """Total tk of a list of purchases (each item's price, Paser applied per item)."""
    total = 0
    for key in purchases:
        price = item_buy_price(key, fence, settings)
        if price is None:
            item = loot_item(key)  # known: an unknown key was refused by item_buy_price
            raise ProcedureRefused(f"{item.name if item else key} cannot be bought", "§22.3")
        total += price
    return total


def recruit_cost(model: ModelSpec, bought_xp: int = 0, settings: Mapping[str, str] | None = None) -> int:
    """§22.2: a new model's cost (archetype, options, Climbing gear, Jet pack, small-guy
    discount as ``band_building.model_cost`` counts them) + 15tk per XP bought (never
    discounted, [SM-A38]; at most 50 XP; war pets and Volunteers cannot have XP)."""
    if bought_xp < 0 or bought_xp > t.MAX_XP:
        raise ProcedureRefused(f"a model can have 0 to {t.MAX_XP} XP, not {bought_xp}", "§19.1", "malformed")
    if bought_xp and (model.pet or model.volunteer or model.neutral):
        raise ProcedureRefused(f"{model.name or model.id} cannot gain XP", "§15.6, §19.1")
    return model_cost(model, settings) + bought_xp * t.XP_PER_CREDIT_COST


__all__ = [
    "buy_price",
    "item_buy_price",
    "item_sell_price",
    "purchase_problems",
    "purchase_refusal",
    "purchase_table",
    "purchases_cost",
    "recruit_cost",
    "sell_price",
    "technology_cash",
]
