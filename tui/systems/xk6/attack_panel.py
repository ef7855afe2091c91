"""The attack being resolved in an xK6 battle: each attacker–defender pair with both
pools (faces, modifiers, results), the success level and what it does, the models
Stealth saved, and what is open (``view.pending_view``). Hidden when nothing is open."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from tui.citations import cite_rich, citer
from tui.rolltext import dice_text, opposing_pool


def _pool(name: str, record: Any, result: Any) -> Text:
    mods = sum(m.value for m in record.modifiers)
    out = Text.assemble((name, "bold"), " ")
    out.append_text(dice_text(record.dice))
    out.append(f" {mods:+d} → {result}" if mods else f" → {result}")
    return out


def pair_text(state: Any, record: Any) -> Text:
    """ "Sgt. Vance [6 2 1] −1 → 5 v Warden Kell [2 3] → 3; SL 2: 10 damage, 2 wounds, stunned":
    each pool's dice lead to its result by an arrow, as every total reads."""
    detail = record.detail or {}
    att_name = state.model(detail["attacker_id"]).name if "attacker_id" in detail else ""
    out = Text()
    defender = opposing_pool(record)
    if defender is not None:
        out.append_text(_pool(att_name, record, detail.get("attacker_result")))
        out.append(" v ")
        def_name = state.model(detail["defender_id"]).name if "defender_id" in detail else ""
        out.append_text(_pool(def_name, defender, detail.get("defender_result")))
    else:  # the indirect-fire hit test
        out.append_text(_pool(record.title, record, detail.get("result")))
        out.append(f" v threshold {record.target}")
    out.append("; ")
    out.append(record.outcome, style="bold green" if record.success else "bold")
    return out


class XK6AttackPanel(Static):
    """What is being resolved now."""

    DEFAULT_CSS = """
    XK6AttackPanel { height: auto; max-height: 6; padding: 0 1; border-left: thick $warning; }
    XK6AttackPanel.-idle { display: none; }
    """

    def show(self, state: Any, pending: Any) -> None:
        self.set_class(pending is None, "-idle")
        if pending is None:
            return
        weapon = state.weapon_spec(pending.attacker, pending.weapon)
        out = Text(f"{state.model(pending.attacker).name} — {weapon.name} ({pending.kind})", style="bold")
        for record in pending.records:
            out.append("\n")
            out.append_text(pair_text(state, record))
        for model_id in pending.avoided:
            out.append(f"\n{state.model(model_id).name} avoided the attack (Stealth)", style="cyan")
        return self.update(cite_rich(out, citer(self.app)))  # an outcome's rule: the book's
