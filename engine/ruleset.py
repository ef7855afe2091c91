"""The interface every rule system provides, and the registry that finds them by name.

A rule system is a plug-in of the one core: it builds the initial state from a
battle set-up, decides commands (pure: state + command + dice -> events or a
rejection), evolves state by one event, and lists its settings (each AMBIGUITY
reading the GM can see and change).

Each system declares itself once, as ``SYSTEM = SystemSpec(...)`` in its package's
``__init__`` (light: rules code is named by ``Lazy`` references), and
``engine.rulesets.BUNDLED`` lists the packages: the one registry. Generic code reads a
state only through ``SystemSpec.summary`` (a ``BattleSummary``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, Callable, Literal, Protocol, Sequence, TypeVar, runtime_checkable

from engine.records import Record, changed

from .citations import CitationTable, cite, cite_short
from .dice import DiceSource
from .events import Event, EventDraft

if TYPE_CHECKING:
    from .rolls import RollRecord

RejectionKind = Literal["malformed", "illegal", "ambiguous"]


class Rejected(Record):
    """A command that changes nothing, and why.

    ``kind``: ``malformed`` (the input itself is wrong: unknown model, bad dice entry),
    ``illegal`` (well-formed but not allowed now), ``ambiguous`` (needs a choice first).
    ``rule``: the rule reference the refusal comes from (e.g. "§8.1").
    ``anyway``: for an ``ambiguous`` refusal the GM may overrule, the command that goes
    ahead regardless (e.g. the same end with ``force``); ``anyway_label`` says what it does.
    """

    reason: str
    rule: str = ""
    kind: RejectionKind = "illegal"
    anyway: object = None
    anyway_label: str = ""

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


class Choice(Record):
    """One reading of a setting."""

    value: str
    label: str


class SettingSpec(Record):
    """A battle setting, usually one AMBIGUITY of a rule reference.

    ``ref``: the reference id (``SM-A6``); ``section``: where in the rules; ``default``:
    the recommended reading. A setting with one reading is a note (``is_note``): the
    app cannot apply any other reading (the GM measures or places it on the table), so
    the settings screen shows it, with ``note``, but offers no choice.
    """

    key: str
    title: str
    ref: str
    section: str
    choices: tuple[Choice, ...]
    default: str
    note: str = ""

    @property
    def is_note(self) -> bool:
        """One reading only: shown as a note, never offered as a choice."""
        return len(self.choices) == 1

    def label_of(self, value: str) -> str:
        for c in self.choices:
            if c.value == value:
                return c.label
        return value


HOUSE_READING = "house reading"
"""The title's lead of a ``house_reading``: a MISSING item the app fills with its house default."""


def house_reading(ref: str, meaning: str, section: str, reading: str) -> SettingSpec:
    """A MISSING item of the rules (``SAGA-M5``: the source refers to it but does not give
    it) that the app fills with a house default: listed in the settings screen as a note
    (one reading, never a choice) so that every reading id a dialog, the log or a report
    shows can be looked up there. ``meaning``: what is missing, in one line; ``reading``:
    what the app does instead."""
    return SettingSpec(
        f"house.{ref}",
        f"{HOUSE_READING.capitalize()}: {meaning}",
        ref,
        section,
        (Choice("house", reading),),
        "house",
        "not in the source: the app's house default",
    )


class Command(Protocol):
    """A GM intent. Each rule system defines its own command records (``engine.records.Record``)."""


@runtime_checkable
class Rounded(Protocol):
    """What every rule system's state is: it knows its round (0 before the first; a
    campaign counts its battles). The core reads it for each event it logs."""

    @property
    def round(self) -> int: ...


StateT = TypeVar("StateT", bound=Rounded)
CommandT = TypeVar("CommandT", contravariant=True)


@runtime_checkable
class Ruleset(Protocol[StateT, CommandT]):
    """What a rule system provides to the core: ``StateT`` is its state type, ``CommandT``
    the commands it decides."""

    name: str
    title: str
    settings: tuple[SettingSpec, ...]

    def initial_state(self, setup: dict[str, Any]) -> StateT:
        """Build the state before any event from a JSON-safe battle set-up."""
        ...

    def decide(self, state: StateT, command: CommandT, dice: DiceSource) -> Rejected | Sequence[EventDraft]:
        """Pure: what the command does now. Never mutates ``state``."""
        ...

    def evolve(self, state: StateT, event: Event) -> StateT:
        """Pure: the state after one event."""
        ...

    def prepare(self) -> None:
        """Import now whatever ``evolve`` imports on its first call (a system may leave
        its reducers out of its package's import so that a battle opened at its resume
        point draws sooner; the app calls this from a thread once the battle is drawn)."""
        ...


AnyRuleset = Ruleset[Any, Any]


# ---------------------------------------------------------------------- what generic code may read
class MemberSummary(Record):
    """One model or unit as generic code sees it.

    ``id``: the engine's id (event actors name it); ``line``: its roster line for a
    report ("Kara Vex (Captain, Technomancer Trooper, 4 XP)"); ``out``: no longer in play.
    """

    id: str
    name: str
    side: str
    line: str
    out: bool = False
    xp: int | None = None
    """Experience gained in this battle (None: the system keeps none)."""
    models: int | None = None
    """Models left in play in a unit of models (None: the member is one model): the report
    counts each side's casualties in models from it."""
    out_as: str = ""
    """How an ``out`` member is out, where the system tells ways apart ("unconscious": it
    may yet be revived; "destroyed"); the report says it beside the name. Empty: just out."""


class SideSummary(Record):
    """One side: ``key`` as the engine names it ("A"), ``name`` the band's, ``player``
    who plays it ("" if unknown), ``vp`` its victory points (None: the system keeps none)."""

    key: str
    name: str
    player: str = ""
    vp: int | None = None


class BattleSummary(Record):
    """The typed, read-only view of a state that generic code (report, listing, review,
    luck, log filter) reads: never the state itself.

    ``active_side``: whose turn it is (a side key, None between turns); ``result``: how
    the battle ended (None while in play); ``members``: every model or unit, in the
    order the rule system lists them.
    """

    round: int
    sides: tuple[SideSummary, ...]
    members: tuple[MemberSummary, ...] = ()
    active_side: str | None = None
    result: str | None = None

    @property
    def side_keys(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.sides)

    def side_name(self, key: str) -> str:
        """The side's name; "Side X" for a key the battle does not have."""
        return next((s.name for s in self.sides if s.key == key), f"Side {key}")

    def members_of(self, key: str) -> tuple[MemberSummary, ...]:
        return tuple(m for m in self.members if m.side == key)

    def side_of(self, event: Event) -> str | None:
        """The side whose roll ``event`` records (for dice luck): the actor if it is a side,
        else the side of the member that acted; None for nobody's rolls."""
        keys = self.side_keys
        actor = event.actor
        if actor in keys:
            return actor
        owner = next((m.side for m in self.members if m.id == actor), None)
        return owner if owner in keys else None

    def roll_side(self, event: Event, record: RollRecord) -> str | None:
        """The side that made one roll of ``event``: the record's own roller when it names
        one (``detail["side"]``, a side key or a member id: one event may carry both sides'
        rolls, as an initiative roll does), else ``side_of(event)``."""
        roller = record.detail.get("side") if isinstance(record.detail, dict) else None
        if isinstance(roller, str):
            if roller in self.side_keys:
                return roller
            owner = next((m.side for m in self.members if m.id == roller), None)
            if owner in self.side_keys:
                return owner
        return self.side_of(event)

    def with_members_of(self, later: "BattleSummary") -> "BattleSummary":
        """This summary with the members ``later`` has and this one lacks (units that
        arrived during the battle), so their rolls are found a side."""
        known = {m.id for m in self.members}
        return changed(self, members=self.members + tuple(m for m in later.members if m.id not in known))


class ActivationCounts(Record):
    """How one side's models or units stand in the round (or turn), counted one way for
    the tracker, the panes and the help: ``acted`` have activated, ``ready`` are in play
    and have not, ``out`` are out of action or off the table (counted in neither)."""

    acted: int
    ready: int
    out: int = 0
    waiting: int = 0
    """Not on the table yet (waiting in Ambush, a wave still to come): in no other count."""

    @property
    def in_play(self) -> int:
        """The models that count for "acted": those still in play."""
        return self.acted + self.ready


# ---------------------------------------------------------------------- the contract
class SetupProblem(ValueError):
    """A battle cannot be built from these files or options; ``str()`` is one line."""


class RosterFile(Record):
    """One file a new battle of a system is built from: ``what`` it is ("warband",
    "mission"), the dialog's ``label`` and an ``example`` file name."""

    what: str
    label: str
    example: str


class NewBattle(Record):
    """What a system's set-up builder returns: the JSON-safe ``setup``, the battle's
    ``title`` and a ``note`` for the GM (a rolled scenario, band-building problems)."""

    setup: dict[str, Any]
    title: str
    note: str = ""


class NewBattleBuilder(Protocol):
    """A system's set-up builder: ``texts`` are (text, source) of each of its ``files``."""

    def __call__(
        self, texts: Sequence[tuple[str, str]], scenario: str | None, seed: int, allow_problems: bool = False
    ) -> NewBattle: ...


class DemoBuilder(Protocol):
    """A system's bundled demo battle (a scenario if the system has them, else ignored)."""

    def __call__(self, scenario: str | None, seed: int) -> NewBattle: ...


RosterCheck = Callable[[Sequence[tuple[str, str]]], "tuple[tuple[str, ...], bool]"]
"""``skirmish check``: (source, text) of each file -> (lines to print, all good)."""


class Lazy(Record):
    """``module:name``, imported on first call and called: a spec names its rules code
    without loading it (finding a system by name imports no rules)."""

    target: str

    def resolve(self) -> Any:
        module, _, attr = self.target.partition(":")
        loaded = import_module(module)
        return vars(loaded)[attr] if attr else loaded

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)


class SystemSpec(Record):
    """One rule system, declared once in its package's ``__init__`` as ``SYSTEM``.

    Everything heavy is a ``Lazy`` reference: ``ruleset`` (the factory of its
    ``Ruleset``), ``summary(state) -> BattleSummary``, ``new_battle(texts, scenario, seed,
    allow_problems) -> NewBattle`` (``texts``: (text, source) of each of ``files``),
    ``demo(scenario, seed) -> NewBattle``, ``read_roster(text, source)`` and
    ``write_roster(roster) -> str``, ``check(files) -> (lines, ok)`` for ``skirmish check``
    (``files``: (source, text) pairs). ``package``: the engine package; its dashboard is
    ``tui.systems.<the same relative name>``. ``scenarios``: the scenario names a new
    battle may name (empty: the system plays none). ``playable``: new and demo battles
    start from files (False for a campaign, which starts from a finished battle).
    """

    name: str
    title: str
    package: str
    ruleset: Callable[[], AnyRuleset]
    summary: Callable[[Any], BattleSummary]
    aliases: tuple[str, ...] = ()
    files: tuple[RosterFile, ...] = ()
    new_battle: NewBattleBuilder | None = None
    demo: DemoBuilder | None = None
    read_roster: Callable[[str, str], Any] | None = None
    write_roster: Callable[[Any], str] | None = None
    check: RosterCheck | None = None
    scenario_name: Callable[[str], str] | None = None
    scenario_key: Callable[[str | None], str] | None = None
    """A scenario by number, key or name -> its key; ``SetupProblem`` otherwise."""
    kind: str = "battle"
    """The save header's ``kind`` of this system's saves ("battle", "campaign")."""
    settings: Callable[[], tuple[SettingSpec, ...]] | None = None
    corrections: Callable[[Any, str | None], tuple[Any, ...]] | None = None
    """``corrections(state, target) -> (CorrectionOption, ...)``: what the GM may correct on
    the model or unit ``target`` (None: the note only); the command is
    ``engine.corrections.Correct`` (None: the system takes no corrections)."""
    citations: Callable[[], CitationTable] | None = None
    """``citations() -> {digest section: Citation}``: where each rule the engine cites
    ("§10.3") is in the rulebook (``engine.citations``); None: rules show as cited."""

    @property
    def playable(self) -> bool:
        return self.new_battle is not None

    @property
    def relative(self) -> str:
        """The package below ``engine.rulesets`` (``<x>`` or ``<x>.<y>``)."""
        return self.package.removeprefix(PACKAGE + ".")

    def cite(self, text: str) -> str:
        """``text`` with each rule cited as the rulebook's section and page
        (``engine.citations.cite`` over this system's table)."""
        return cite(text, self.citations() if self.citations is not None else None)

    def cite_short(self, text: str) -> str:
        """``text`` with each rule cited in the compact form, the book's section and page
        (``engine.citations.cite_short``): where a line has no room for the whole one."""
        return cite_short(text, self.citations() if self.citations is not None else None)

    def setting_specs(self) -> tuple[SettingSpec, ...]:
        return self.settings() if self.settings is not None else tuple(get_ruleset(self.name).settings)


# ---------------------------------------------------------------------- the registry
PACKAGE = "engine.rulesets"


class UnknownSystem(KeyError):
    """No rule system of that name or alias; ``str()`` names the known ones."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class Registry:
    """Rule systems by name and alias; a second system with a taken name is an error."""

    def __init__(self, specs: Sequence[SystemSpec] = ()) -> None:
        self.specs: dict[str, SystemSpec] = {}
        self._names: dict[str, SystemSpec] = {}
        for spec in specs:
            self.add(spec)

    def add(self, spec: SystemSpec) -> None:
        for key in (spec.name, *spec.aliases):
            wanted = _norm(key)
            taken = self._names.get(wanted)
            if taken is not None and taken is not spec:
                raise ValueError(f"rule system name '{key}' of {spec.name} is taken by {taken.name}")
            self._names[wanted] = spec
        self.specs[spec.name] = spec

    def find(self, text: str) -> SystemSpec:
        spec = self._names.get(_norm(text))
        if spec is None:
            known = ", ".join(self.specs) or "none"
            raise UnknownSystem(f"unknown rule system '{text}' (known: {known})")
        return spec


def _norm(text: str) -> str:
    return str(text).strip().lower().replace("_", "-")


_REGISTRY: Registry | None = None
_INSTANCES: dict[str, AnyRuleset] = {}


def registry() -> Registry:
    """The bundled systems (``engine.rulesets.BUNDLED``): each package's light
    ``__init__`` only, no rules code."""
    global _REGISTRY
    if _REGISTRY is None:
        from .rulesets import BUNDLED

        _REGISTRY = Registry([import_module(f"{PACKAGE}.{rel}").SYSTEM for rel in BUNDLED])
    return _REGISTRY


def systems() -> tuple[SystemSpec, ...]:
    """Every bundled system, the default first."""
    return tuple(registry().specs.values())


def default_system() -> SystemSpec:
    """The system a new or demo battle plays when none is named (the first bundled)."""
    return systems()[0]


def find_system(text: str | None) -> SystemSpec:
    """The system named ``text`` (name or alias, any case; None or empty: the default);
    ``UnknownSystem`` otherwise."""
    if text is None or not str(text).strip():
        return default_system()
    return registry().find(text)


def get_ruleset(name: str) -> AnyRuleset:
    """The rule system registered under ``name`` (imports its rules on first use);
    KeyError with the known names otherwise."""
    if name not in _INSTANCES:
        spec = registry().specs.get(name)
        if spec is None:
            known = ", ".join(sorted(registry().specs)) or "none"
            raise UnknownSystem(f"unknown rule system '{name}' (known: {known})")
        _INSTANCES[name] = spec.ruleset()
    return _INSTANCES[name]


def ruleset_names() -> list[str]:
    return sorted(registry().specs)


def scenario_name(ruleset: str | None, key: str) -> str:
    """The name the rule system ``ruleset`` gives its scenario ``key``; the key itself
    when the system is unknown or has no scenarios."""
    spec = registry().specs.get(ruleset or "")
    if spec is None or spec.scenario_name is None:
        return key
    return spec.scenario_name(key)


def default_settings(specs: Sequence[SettingSpec]) -> dict[str, str]:
    return {s.key: s.default for s in specs}


def setting_change(
    specs: dict[str, SettingSpec], current: Callable[[str], str], key: str, value: str
) -> "Rejected | list[EventDraft]":
    """The ``setting_changed`` event every rule system's ChangeSetting command makes, or why
    not: an unknown setting or choice (malformed), or the reading already in force."""
    spec = specs.get(key)
    if spec is None:
        return Rejected(f"unknown setting '{key}'", kind="malformed")
    values = [c.value for c in spec.choices]
    if value not in values:
        return Rejected(f"'{value}' is not a choice for {spec.ref} (one of: {', '.join(values)})", kind="malformed")
    old = current(key)
    if old == value:
        return Rejected(f"{spec.ref} is already '{spec.label_of(old)}'", kind="illegal")
    return [
        EventDraft(
            "setting_changed",
            {"key": key, "value": value, "old": old},
            text=f"Setting {spec.ref} ({spec.title}): {spec.label_of(old)} → {spec.label_of(value)}.",
        )
    ]
