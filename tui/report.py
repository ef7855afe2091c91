"""A battle report for `skirmish export`: plain text, Markdown or HTML, the one a GM would
send to the players.

It opens with the headline (``Headline``: the result and each side's VP, who was taken
out and by whom, XP gained, the turning points, each side's dice luck against the exact
odds), then the bands and the events round by round, numbered as the dashboard numbers
them (``#seq``); entries taken back with undo are left out and a line says which. Every
roll is broken down (``engine.formatting.roll_breakdown``: each side's total in an opposed
roll, every re-roll and what allowed it; each rule cited as the rulebook's section and
page). It reads the battle only through the rule
system's ``BattleSummary`` and the roll records; it computes no rule. The formats live in
``tui.report_text`` (text, Markdown) and ``tui.report_html``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from engine.records import Record, asdict, changed

if TYPE_CHECKING:
    from engine.battle import Battle
    from engine.events import Event
    from engine.luck import RollLuck, SideLuck, TurningPoint
    from engine.ruleset import BattleSummary

FORMATS = ("text", "md", "html")


class Entry(Record):
    """One line of the battle: ``seq`` as the dashboard shows it, the ``text``, its roll
    breakdown ``lines``; ``undone``: entries taken back, left out ("#2–#4"), this being the
    line that says so (``seq`` is the first of them)."""

    seq: int
    text: str
    lines: tuple[str, ...] = ()
    undone: str = ""


class SideHeadline(Record):
    """One side in the headline: ``vp`` (None: the system keeps none), the members it
    ``lost`` ("Xan, by Kara (#12)"), ``xp`` gained ("Kara +1 XP"), its dice ``luck`` with the
    exact ``distribution`` of its successes and how rare its count was (``at_most``,
    ``at_least``: the chance of as few, as many)."""

    name: str
    vp: int | None
    lost: tuple[str, ...]
    xp: tuple[str, ...]
    luck: SideLuck
    distribution: tuple[Fraction, ...]
    at_most: Fraction
    at_least: Fraction
    casualties: str = ""
    """Models lost, where members are units of models ("3 models: Shields 2 of 2 (destroyed),
    Axes 1 of 4"; "none"); empty where each member is one model (``lost`` says it all)."""


class Headline(Record):
    """What the report opens with."""

    sides: tuple[SideHeadline, ...]
    upsets: tuple[TurningPoint, ...]
    """The least likely rolls that succeeded (each with its side's name, not its id)."""
    flops: tuple[TurningPoint, ...]
    """The likeliest rolls that failed."""


class Report(Record):
    """What every format shows."""

    title: str
    system: str
    seed: Any
    bands: tuple[tuple[str, tuple[str, ...]], ...]
    rounds: tuple[tuple[int, tuple[Entry, ...]], ...]
    result: str
    luck: tuple[tuple[str, str, Fraction, int], ...]
    """Each side: name, what was counted ("3 rolls", "8 dice"), expected successes, rolled."""
    luck_rounds: tuple[tuple[int, tuple[Fraction, ...]], ...]
    sides: tuple[str, ...]
    campaign: bool = False
    """A campaign save: its events are grouped by the battles recorded, not by round."""
    headline: Headline | None = None
    """None for a campaign."""


def round_heading(report: Report, rnd: int) -> str:
    """The heading of one group of events: a battle's round, or a campaign's battle."""
    if report.campaign:
        return f"After battle {rnd}" if rnd else "The campaign starts"
    return f"Round {rnd}" if rnd else "Before the first round"


def build_report(header: dict[str, Any], entries: list[dict[str, Any]]) -> Report:
    """Replay the battle and gather what the report shows (through the rule system's
    ``BattleSummary``: the report reads no state itself)."""
    from engine.battle import Battle
    from engine.luck import counted_rolls, luck_by_round, luck_table
    from engine.ruleset import find_system

    battle = Battle(header, entries)
    spec = find_system(battle.ruleset.name)
    if spec.kind == "campaign":
        return cited(_campaign_report(header, battle, spec.summary(battle.state), spec.cite), spec.cite)
    initial = spec.summary(battle.initial)
    final = spec.summary(battle.state)
    sides = initial.side_keys
    names = {key: initial.side_name(key) for key in sides}
    members = {m.id: m.name for m in (*initial.members, *final.members)}
    events = battle.active_events
    rollers = initial.with_members_of(final)  # units that arrived later roll too
    rolls = counted_rolls(events, rollers.side_of, rollers.roll_side, battle.rounds_after())
    table = luck_table(rolls, sides)
    series = luck_by_round(rolls, sides)
    ended = [e for e in events if e.kind == "battle_ended"]
    played = f" (in round {final.round})" if final.round else ""
    result = spec.cite(ended[-1].text) if ended else f"The battle has not ended{played}."
    report = Report(
        title=str(header.get("title") or "Battle"),
        system=battle.ruleset.title,
        seed=header.get("seed"),
        bands=tuple((names[key], tuple(m.line for m in initial.members_of(key))) for key in sides),
        rounds=_rounds(battle, {**members, **names}, spec.cite),
        result=result,
        luck=tuple((names[row.side], row.counted, row.expected, row.successes) for row in table),
        luck_rounds=tuple((rnd, tuple(values[s] for s in sides)) for rnd, values in series),
        sides=tuple(names[s] for s in sides),
        headline=_headline(battle, spec.summary, initial, final, rolls, table),
    )
    return cited(report, spec.cite)


def cited(value: Any, cite: Callable[[str], str]) -> Any:
    """``value`` (a report or any part of it) with every rule in its texts cited as the
    rulebook's section and page: roll titles, casualties, lines taken back, band lines too."""
    if isinstance(value, str):
        return cite(value)
    if isinstance(value, tuple):
        return tuple(cited(item, cite) for item in value)
    if isinstance(value, Record):
        return changed(value, **{name: cited(now, cite) for name, now in asdict(value).items()})
    return value


def _rounds(
    battle: Battle, names: dict[str, str], cite: Callable[[str], str]
) -> tuple[tuple[int, tuple[Entry, ...]], ...]:
    """The effective events by round, each with its breakdown; a line for each run of
    entries undo took back (and the undo/redo entries themselves), where they were."""
    from engine.events import CONTROL_KINDS

    events = battle.active_events
    rounds = battle.rounds_after()  # a round's opening event in the round it starts
    active = {e.seq for e in events}
    later = _rerolled_later(events)
    answered = _answered_later(events)
    by_round: dict[int, list[Entry]] = {}
    skipped: list[Event] = []

    def flush(rnd: int) -> None:
        if skipped:
            by_round.setdefault(rnd, []).append(_undone_entry(skipped, CONTROL_KINDS))
            skipped.clear()

    for entry in battle.entries:
        if entry.seq not in active:
            skipped.append(entry)
            continue
        rnd = rounds[entry.seq]
        flush(rnd)
        lines = tuple(cite(line) for line in _breakdown(entry, names)) + later.get(entry.seq, ())
        lines += tuple(cite(line) for line in answered.get(entry.seq, ()))
        text = cite(entry.text) if entry.text else entry.kind.replace("_", " ")
        by_round.setdefault(rnd, []).append(Entry(entry.seq, text, lines))
    flush(rounds[events[-1].seq] if events else 0)
    return tuple((rnd, tuple(items)) for rnd, items in sorted(by_round.items()))


def _undone_entry(skipped: Sequence[Event], control: frozenset[str]) -> Entry:
    first, last = skipped[0].seq, skipped[-1].seq
    span = f"#{first}" if first == last else f"#{first}–#{last}"
    taken = [e for e in skipped if e.kind not in control]
    if not taken:
        return Entry(first, "undo and redo entries: nothing changed", undone=span)
    # said as what happened: the span's numbers count the undo and redo entries too
    what = (taken[0].text or taken[0].kind.replace("_", " ")).rstrip(".")
    steering = [
        f"{n} {kind} entr{'y' if n == 1 else 'ies'}"
        for kind in ("undo", "redo")
        if (n := sum(1 for e in skipped if e.kind == kind))
    ]
    tail = f"; {' and '.join(steering)}" if steering else ""
    left = f"#{taken[0].seq} “{what}”"
    if len(taken) == 1:
        return Entry(first, f"taken back with undo and left out: {left}{tail}.", undone=span)
    others = ", ".join(f"#{e.seq}" for e in taken[1:])
    text = f"{len(taken)} entries taken back with undo and left out: {left} and {others}"
    return Entry(first, f"{text}{tail}.", undone=span)


def _breakdown(event: Event, names: dict[str, str] | None = None) -> tuple[str, ...]:
    from engine.formatting import role_names, roll_breakdown
    from engine.rolls import records_in

    names = role_names(event.payload, names)  # a melee's sides by its models' names
    return tuple(line for record in records_in(event.payload) for line in roll_breakdown(record, names))


def later_lines(events: Sequence[Event]) -> dict[int, tuple[str, ...]]:
    """seq -> what later entries did to that entry's roll, as the report says it under the
    roll: each later re-roll ("re-rolled at #10 by …"), then each answer that changes
    what the roll means ("at #17: Brin accepts: …")."""
    later, answered = _rerolled_later(events), _answered_later(events)
    return {seq: later.get(seq, ()) + answered.get(seq, ()) for seq in {*later, *answered}}


def _rerolled_later(events: Sequence[Event]) -> dict[int, tuple[str, ...]]:
    """seq -> a line for each later re-roll of a roll that event made ("re-rolled at #10
    by Nic mi nie jest!: removed"), found by the roll's procedure and title."""
    from engine.formatting import reroll_lines
    from engine.rolls import records_in

    last: dict[tuple[str, str], int] = {}
    out: dict[int, list[str]] = {}
    for event in events:
        for record in records_in(event.payload):
            key = (record.procedure, record.title)
            rerolls = reroll_lines(record)
            if rerolls and key in last and last[key] != event.seq:
                out.setdefault(last[key], []).append(
                    f"  re-rolled at #{event.seq} {_reroll_said(rerolls)}: {record.outcome}"
                )
            if not rerolls:
                last[key] = event.seq
    return {seq: tuple(lines) for seq, lines in out.items()}


def _answered_later(events: Sequence[Event]) -> dict[int, tuple[str, ...]]:
    """seq -> a line for each later entry that changes what that event's roll means (its
    payload says ``after_roll``: power points paid for a failed test, "at #17: Brin
    accepts: …"), put with the last roll its actor made before it."""
    from engine.rolls import records_in

    last: dict[str | None, int] = {}
    out: dict[int, list[str]] = {}
    for event in events:
        if event.payload.get("after_roll") and event.actor in last:
            out.setdefault(last[event.actor], []).append(f"  at #{event.seq}: {event.text or event.kind}")
        if records_in(event.payload):
            last[event.actor] = event.seq
    return {seq: tuple(lines) for seq, lines in out.items()}


def _reroll_said(rerolls: Sequence[str]) -> str:
    """ "by Boss' command point: die 1 1→6, die 2 2→6": each die re-rolled with the last
    re-roll's allowance, its old and new face."""
    by = rerolls[-1].removeprefix("re-roll ").rsplit(": ", 1)[0]
    dice = [line.rsplit(": ", 1)[1] for line in rerolls if line.removeprefix("re-roll ").rsplit(": ", 1)[0] == by]
    return f"{by}: {', '.join(dice)}"


def _headline(
    battle: Battle,
    summarize: Any,
    initial: BattleSummary,
    final: BattleSummary,
    rolls: Sequence[RollLuck],
    table: Sequence[SideLuck],
) -> Headline:
    from engine.luck import success_distribution, tail_chances, turning_points

    lost = _casualties(battle, summarize, initial)
    units_of_models = any(m.models is not None for m in (*initial.members, *final.members))
    out = []
    for row in table:
        dist = success_distribution(row.chances)
        at_most, at_least = tail_chances(dist, row.successes)
        side = next((s for s in final.sides if s.key == row.side), None)
        xp = tuple(f"{m.name} +{m.xp} XP" for m in final.members_of(row.side) if m.xp)
        casualties = _models_lost(initial, final, row.side) if units_of_models else ""
        out.append(
            SideHeadline(
                initial.side_name(row.side),
                side.vp if side else None,
                tuple(text for side_key, text in lost if side_key == row.side),
                xp,
                row,
                dist,
                at_most,
                at_least,
                casualties,
            )
        )
    upsets, flops = turning_points(rolls)

    def turning(r: TurningPoint) -> TurningPoint:
        """The turning point with its side's name for the reader (the luck records key sides by id)."""
        return changed(r, side=initial.side_name(r.side))

    return Headline(tuple(out), tuple(map(turning, upsets)), tuple(map(turning, flops)))


def _models_lost(initial: BattleSummary, final: BattleSummary, side: str) -> str:
    """ "3 models: Shields 2 of 2 (destroyed), Axes 1 of 4" ("none"): each member of ``side``
    in play at the start that lost models (a one-model member: taken out)."""
    before = {m.id: m for m in initial.members_of(side)}
    total, items = 0, []
    for member in final.members_of(side):
        was = before.get(member.id)
        if was is None or was.out:
            continue
        if member.models is not None and was.models is not None:
            n = was.models - member.models
            if n > 0:
                total += n
                items.append(f"{member.name} {n} of {was.models}" + (" (destroyed)" if member.out else ""))
        elif member.out:
            total += 1
            items.append(f"{member.name} ({member.out_as or 'taken out'})")
    return f"{total} model{'s' * (total != 1)}: {', '.join(items)}" if items else "none"


def _casualties(battle: Battle, summarize: Any, initial: BattleSummary) -> list[tuple[str, str]]:
    """(side key, "Xan, by Kara (#12)") for each member out at the end that was in play at
    the start, in the order they went: the event after which its summary says ``out``
    (found by halving the log: ``Battle.state_at`` replays from kept states), credited to
    the last member of another side that acted before it in that round (none named if no
    enemy did)."""
    events = battle.active_events
    was_out = {m.id for m in initial.members if m.out}
    names = {m.id: m for m in initial.members}
    final = summarize(battle.state)
    gone = [m for m in final.members if m.out and m.id not in was_out]
    if not gone:
        return []
    cache: dict[int, dict[str, bool]] = {}

    def out_after(count: int) -> dict[str, bool]:
        if count not in cache:
            cache[count] = {m.id: m.out for m in summarize(battle.state_at(count)).members}
        return cache[count]

    found = []
    for member in gone:
        names.setdefault(member.id, member)
        lo, hi = 0, len(events)  # out after hi events, not after lo
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if out_after(mid).get(member.id, False):
                hi = mid
            else:
                lo = mid
        found.append((hi, member))
    out: list[tuple[str, str]] = []
    for count, member in sorted(found, key=lambda item: item[0]):
        event = events[count - 1]
        by = _enemy_before(events[:count], member.side, names)
        name = f"{member.name} ({member.out_as})" if member.out_as else member.name
        out.append((member.side, f"{name}, by {by} (#{event.seq})" if by else f"{name} (#{event.seq})"))
    return out


def _enemy_before(events: Sequence[Event], side: str, names: dict[str, Any]) -> str | None:
    """The name of the last member not of ``side`` that acted in the round of the last of
    ``events``, going back; None if none did."""
    rnd = events[-1].round
    for e in reversed(events):
        if e.round != rnd:
            return None
        if e.actor in names and names[e.actor].side != side:
            return str(names[e.actor].name)
    return None


def _campaign_report(header: dict[str, Any], battle: Battle, now: BattleSummary, cite: Callable[[str], str]) -> Report:
    """A campaign: its bands as they are now, every logged line grouped by the battles
    recorded, and the battles played as the result (no dice luck: the post-battle rolls
    are nobody's side)."""
    by_round: dict[int, list[Entry]] = {}
    for event in battle.active_events:
        if not event.text:  # a command's follow-up (treasury, stash, a model's record): its first line says it
            continue
        lines = tuple(cite(line) for line in _breakdown(event))
        by_round.setdefault(event.round, []).append(Entry(event.seq, cite(event.text), lines))
    return Report(
        title=str(header.get("title") or "Campaign"),
        system=battle.ruleset.title,
        seed=header.get("seed"),
        bands=tuple((side.name, tuple(m.line for m in now.members_of(side.key))) for side in now.sides),
        rounds=tuple((rnd, tuple(items)) for rnd, items in sorted(by_round.items())),
        result=now.result or "No battle recorded.",
        luck=(),
        luck_rounds=(),
        sides=(),
        campaign=True,
    )


def side_luck(
    summary: BattleSummary, events: Sequence[Event], rounds: Mapping[int, int] | None = None
) -> tuple[tuple[str, ...], tuple[SideLuck, ...], list[tuple[int, dict[str, Fraction]]]]:
    """(side names, each side's ``SideLuck``, running luck per round) for the luck screen;
    ``rounds``: the round the log shows each event in (the session's ``rounds``)."""
    from engine.luck import counted_rolls, luck_by_round, luck_table

    sides = summary.side_keys
    rolls = counted_rolls(events, summary.side_of, summary.roll_side, rounds)
    return tuple(summary.side_name(k) for k in sides), luck_table(rolls, sides), luck_by_round(rolls, sides)


def render(report: Report, fmt: str) -> str:
    """The report as ``fmt`` (one of ``FORMATS``; anything else: plain text)."""
    if fmt == "html":
        from tui.report_html import render_html

        return render_html(report)
    from tui.report_text import render_markdown, render_text

    return render_markdown(report) if fmt == "md" else render_text(report)
