"""JSON-safe forms of the pending attack, for event payloads (the log stores facts, not objects)."""

from __future__ import annotations

from typing import Any, Mapping

from engine.rolls import Modifier

from .state import PendingAttack, TargetRoll


def _mods(mods: tuple[Modifier, ...]) -> list[dict[str, Any]]:
    return [m.to_dict() for m in mods]


def _unmods(data: Any) -> tuple[Modifier, ...]:
    return tuple(Modifier.from_dict(m) for m in data or ())


def target_to_dict(x: TargetRoll) -> dict[str, Any]:
    return {
        "model": x.model,
        "cover": x.cover,
        "att_mods": _mods(x.att_mods),
        "def_mods": _mods(x.def_mods),
        "def_dice": x.def_dice,
        "faces": list(x.faces),
        "replaced": list(x.replaced),
        "rerolled": x.rerolled,
        "avoided": x.avoided,
        "stealth_face": x.stealth_face,
        **({"stealth_rerolled": True} if x.stealth_rerolled else {}),
    }


def target_from_dict(d: Mapping[str, Any]) -> TargetRoll:
    return TargetRoll(
        model=d["model"],
        cover=d.get("cover", "open"),
        att_mods=_unmods(d.get("att_mods")),
        def_mods=_unmods(d.get("def_mods")),
        def_dice=int(d.get("def_dice", 0)),
        faces=tuple(d.get("faces", ())),
        replaced=tuple(d.get("replaced", ())),
        rerolled=int(d.get("rerolled", 0)),
        avoided=bool(d.get("avoided")),
        stealth_face=d.get("stealth_face"),
        stealth_rerolled=bool(d.get("stealth_rerolled")),
    )


def attack_to_dict(a: PendingAttack) -> dict[str, Any]:
    return {
        "attacker": a.attacker,
        "weapon": a.weapon,
        "kind": a.kind,
        "stage": a.stage,
        "dam": a.dam,
        "rof_dam": a.rof_dam,
        "rof_area": a.rof_area,
        "radius": a.radius,
        "att_dice": a.att_dice,
        "faces": list(a.faces),
        "replaced": list(a.replaced),
        "rerolled": a.rerolled,
        "targets": [target_to_dict(x) for x in a.targets],
        "hit_mods": _mods(a.hit_mods),
        "hit": a.hit,
        "scatter": a.scatter,
        "direction": a.direction,
        "aim": a.aim,
        "reaction": a.reaction,
        "empties_on": a.empties_on,
        "ammo_row": a.ammo_row,
        "checks_ammo": a.checks_ammo,
    }


def attack_from_dict(d: Mapping[str, Any]) -> PendingAttack:
    return PendingAttack(
        attacker=d["attacker"],
        weapon=d["weapon"],
        kind=d["kind"],
        stage=d["stage"],
        dam=int(d["dam"]),
        rof_dam=int(d.get("rof_dam", 0)),
        rof_area=int(d.get("rof_area", 0)),
        radius=int(d.get("radius", 0)),
        att_dice=int(d.get("att_dice", 0)),
        faces=tuple(d.get("faces", ())),
        replaced=tuple(d.get("replaced", ())),
        rerolled=int(d.get("rerolled", 0)),
        targets=tuple(target_from_dict(x) for x in d.get("targets", ())),
        hit_mods=_unmods(d.get("hit_mods")),
        hit=d.get("hit"),
        scatter=d.get("scatter"),
        direction=d.get("direction", ""),
        aim=d.get("aim", ""),
        reaction=bool(d.get("reaction")),
        empties_on=int(d.get("empties_on", 1)),
        ammo_row=d.get("ammo_row", "none"),
        checks_ammo=bool(d.get("checks_ammo", True)),
    )
