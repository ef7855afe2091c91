"""SAGA's rule terms: English with the Russian original of the source beside it.

One table, from the glossary of the SAGA rules digest (§1) and the section titles;
dialogs, help lines and the unit card show a term as ``term("Rest")`` -> "Rest (Отдых)".
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from engine.terms import Term, term_table

TERMS: Mapping[str, Term] = term_table(
    Term("Melee", "рукопашный бой"),
    Term("Attacker", "Атакующий"),
    Term("Defender", "Обороняющийся"),
    Term("Attack dice", "Кубики Атаки"),
    Term("Defence dice", "Кубики Защиты"),
    Term("Armour", "Броня"),
    Term("Ability", "Свойство"),
    Term("Battle board", "Боевая Карточка"),
    Term("Melee ability", "Рукопашная"),
    Term("SAGA ability", "свойство САГИ"),
    Term("Casualty", "потеря"),
    Term("Retreat", "Отступление"),
    Term("Unit formation", "Строй Подразделения"),
    Term("Fatigue", "Усталость"),
    Term("Rest", "Отдых"),
    Term("Spend fatigue", "расходовать Усталость"),
    Term("Fatigue limit", "Предел усталости"),
    Term("Exhausted", "Измотанное"),
    Term("Levy", "Ополченцы"),
    Term("Warriors", "Воины"),
    Term("Hearthguard", "Дружинники"),
    Term("Warlord", "Военный Вождь"),
    Term("Activation", "активация"),
    Term("Movement", "Движение"),
    Term("Shooting", "Стрельба"),
    Term("Terrain", "Местность"),
    Term("Broken terrain", "пересеченная местность"),
    Term("Open terrain", "открытая местность"),
    Term("Light cover", "легкое укрытие"),
    Term("Hard cover", "прочное укрытие"),
    Term("Line of sight", "Линия Видимости"),
    Term("Building", "Здание"),
)
"""Every SAGA rule term the dashboard names, by English name."""


BAND_TERMS: Mapping[str, Term] = MappingProxyType(
    {
        "VS": Term("Very short", "VS"),
        "S": Term("Short", "S"),
        "M": Term("Medium", "M"),
        "L": Term("Long", "L"),
    }
)
"""§2.2 the distance bands, by the letters the source writes them in (Latin, not
translated): the English name with the letters beside it, "Medium (M)"."""


def band(code: str) -> str:
    """ "Medium (M)": a distance band (``tables.BANDS``) as the GM reads it."""
    return BAND_TERMS[code].shown


def term(english: str) -> str:
    """ "Rest (Отдых)": the English name with the Russian original beside it."""
    return TERMS[english].shown


def original(english: str) -> str:
    """ "Измотанное": the Russian alone, for a text that already says the English
    ("EXHAUSTED (Измотанное)")."""
    return TERMS[english].original
