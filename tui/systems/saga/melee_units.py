"""The SAGA melee dialog's questions when more than one unit is on a side [SAGA-M3]: which unit
joins and which enemy unit its attack dice go against (they roll against that unit's
Armour), and how a side's casualties are split across its units (its owner chooses).
Every number and refusal comes from the engine (``view.casualty_split``, the commands)."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from engine.formatting import possessive
from engine.records import Record
from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view
from engine.rulesets.saga.melee_state import ATTACKER, DEFENDER, Melee, other
from engine.rulesets.saga.state import BattleState
from tui.dialogs.prompt import TextPrompt
from tui.screens.picker_screen import Choice, PickerScreen


class Opt(Record):
    """A choice of the current melee step: ``run`` does it; ``checked`` shows a toggle's state."""

    label: str
    run: Callable[[], None]
    checked: bool | None = None


class SeveralUnitsAsks:
    """Mixed into ``MeleeDialog`` (which has ``app``, ``host``, ``state``, ``split`` and
    ``refresh_view``)."""

    app: Any
    host: Any
    split: dict[str, int]

    @property
    def state(self) -> BattleState:
        state: BattleState = self.host.state
        return state

    def refresh_view(self, refusal: str = "") -> None:
        raise NotImplementedError

    def _ask_join(self) -> None:
        m = self.state.melee
        if m is None:
            return
        units = [u for u in self.state.units if u.alive and m.pool(u.id) is None]
        choices = [Choice(u.id, f"{u.name} ({self.state.side_name(u.side)})") for u in units]

        def joins(unit: Any) -> None:
            if not unit:
                return
            enemies = [p.unit for p in m.pools_of(other(m.role_of_side(self.state.unit(unit).side)))]
            if len(enemies) == 1:
                self.host.submit(c.JoinMelee(unit))
            else:
                self._pick_target(unit, enemies, lambda target: self.host.submit(c.JoinMelee(unit, target)))

        if choices:
            self.app.push_screen(
                PickerScreen("Which unit joins? (joining rules not in source [SAGA-M3])", choices), joins
            )

    def _ask_aim(self, unit: str) -> None:
        m = self.state.melee
        if m is not None:
            enemies = [p.unit for p in m.pools_of(other(m.pool_of_unit(unit).role))]
            self._pick_target(unit, enemies, lambda target: self.host.submit(c.AimPool(unit, target)))

    def _pick_target(self, unit: str, enemies: list[str], then: Callable[[str], None]) -> None:
        """Which enemy unit ``unit``'s attack dice go against [SAGA-M3]."""
        s = self.state
        choices = [Choice(e, f"{s.unit(e).name} (Armour {s.profile(e, 'armour_melee')[0]} in melee)") for e in enemies]

        def chosen(target: Any) -> None:
            if target:
                then(target)

        self.app.push_screen(
            PickerScreen(
                f"Which enemy unit do {possessive(s.unit(unit).name)} attack dice go against? [SAGA-M3]", choices
            ),
            chosen,
        )

    def _split_options(self, state: BattleState, m: Melee) -> list[Opt]:
        """Step 6, a side of more than one unit with casualties due: its owner splits them [SAGA-M3]."""
        out = []
        for role in (DEFENDER, ATTACKER):
            units = [p.unit for p in m.pools_of(role)]
            due = m.uncancelled.get(role, 0)
            plan = view.casualty_split(state, role, {u: n for u, n in self.split.items() if u in units})
            if len(units) < 2 or not due or isinstance(plan, str):
                continue
            now = ", ".join(f"{state.unit(u).name} {n}" for u, n in plan)
            out.append(
                Opt(
                    f"{state.side_name(m.side_of(role))} splits its {due} casualties across its units (now: {now}) [SAGA-M3]",
                    partial(self._ask_split, role),
                )
            )
        return out

    def _ask_split(self, role: str) -> None:
        m = self.state.melee
        if m is None:
            return
        units = [p.unit for p in m.pools_of(role)]
        names = ", ".join(self.state.unit(u).name for u in units)

        def done(text: Any) -> None:
            numbers = [int(x) for x in (text or "").replace(",", " ").split() if x.isdigit()]
            if not text:
                return
            if len(numbers) != len(units):
                self.refresh_view(f"give one number per unit, in order: {names}")
                return
            wanted = dict(zip(units, numbers))
            plan = view.casualty_split(self.state, role, wanted)
            if isinstance(plan, str):
                self.refresh_view(plan)
                return
            self.split.update(wanted)
            self.refresh_view()

        self.app.push_screen(
            TextPrompt(
                f"Models each unit loses ({names}), {m.uncancelled.get(role, 0)} in all — its owner chooses [SAGA-M3]:",
                placeholder=" ".join("1" for _ in units),
                restrict=r"[0-9 ,]*",
            ),
            done,
        )
