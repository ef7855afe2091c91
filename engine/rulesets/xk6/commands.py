"""xK6 commands: what a GM can ask the app to do.

Each command is a frozen record; ``decide`` turns it into events or a rejection. Sides
are "A" and "B"; models are battle ids like "A.vance". Dice the GM typed come in the
command (``faces`` fields); otherwise the dice source rolls, in the order the fields
are listed (Stealth, attacker, defenders).
"""

from __future__ import annotations

from engine.records import Record


# -- turns and settings -----------------------------------------------------------------------------
class ChangeSetting(Record):
    """Change a battle setting (an AMBIGUITY reading)."""

    key: str
    value: str


class StartTurn(Record):
    """Begin the next turn: each player rolls 1d6 + highest Command (§5.1). ``faces``: (A's die,
    B's die) typed."""

    faces: tuple[int, int] | None = None


class RollInitiative(Record):
    """Roll the initiative again after a tie ([XK-A2](c))."""

    faces: tuple[int, int] | None = None


class ChooseFirst(Record):
    """The initiative winner says which side activates the first model."""

    side: str


# -- activations --------------------------------------------------------------------------------------
class Activate(Record):
    """Activate a model with one of the five options (§5.2): move-attack | move-designate | hold |
    reload | skill. ``speed``: the speed column, for the moving options; ``terrain``: normal |
    difficult | very-difficult (shown as the distance allowed); ``weapon``: the weapon to reload;
    ``burn_face``: the burning die typed (SB)."""

    model: str
    option: str
    speed: str | None = None
    terrain: str = "normal"
    weapon: str | None = None
    burn_face: int | None = None


class EndActivation(Record):
    """End the activation under way; play passes as §5.1 says. While an attack or a
    reaction is open the GM is asked first; ``force``: it is cancelled and the activation ends."""

    force: bool = False


class Designate(Record):
    """Option 2: designate a target model (or a point) for indirect fire ([XK-A3])."""

    target: str | None = None
    point: str = ""


class Heal(Record):
    """Option 5 with Medic X: heal 1 wound of a friendly model in base contact on one die above X."""

    target: str
    face: int | None = None
    in_contact: bool = True


class SkillAction(Record):
    """Option 5 with another skill from the card [XK-M5]: logged for the GM."""

    name: str
    note: str = ""


# -- attacks ---------------------------------------------------------------------------------------------
class Adjust(Record):
    """A modifier the GM adds to one side of a roll (logged as "GM"); ``model``: only for this
    defender's pair (None: every pair)."""

    label: str
    value: int
    side: str = "attack"
    model: str | None = None


class Target(Record):
    """A model under attack and what the GM judged about it: ``cover`` open | soft | hard |
    hidden (§7); ``crossfire`` and ``rear`` toggles (§8.2); ``within_3`` the target is within 3"
    of a weapon without M; ``faces`` its Def dice; ``stealth_face`` its Stealth die."""

    model: str
    cover: str = "open"
    crossfire: bool = False
    rear: bool = False
    within_3: bool = False
    faces: tuple[int, ...] | None = None
    stealth_face: int | None = None


class Attack(Record):
    """Make an attack (§8–§11). ``kind``: direct | melee | indirect; ``targets``: the centre model
    first, then every other model in the area (indirect: the aimed model, or none for a point);
    ``range``: optimal | maximum | beyond; ``rof_dam`` / ``rof_area``: ROF declared before the
    roll (§11); ``override_range``: the GM allows an attack beyond range [XK-A19]; ``hidden``:
    the firer cannot see the indirect-fire target; ``off``: modifier keys the GM removes;
    ``faces`` / ``scatter_face``: typed dice."""

    attacker: str
    weapon: str
    targets: tuple[Target, ...] = ()
    kind: str = "direct"
    range: str = "optimal"
    rof_dam: int = 0
    rof_area: int = 0
    override_range: bool = False
    hidden: bool = False
    aim: str = ""
    adjust: tuple[Adjust, ...] = ()
    off: tuple[str, ...] = ()
    faces: tuple[int, ...] | None = None
    scatter_face: int | None = None


class Land(Record):
    """Indirect fire, after the hit test: the models where the shot landed ([XK-M9]; may be none),
    and the scatter direction the GM entered ([XK-M8])."""

    targets: tuple[Target, ...] = ()
    direction: str = ""


class ResolveAttack(Record):
    """Apply the rolled attack: damage, wounds, stun, burning, ammunition."""


# -- command points and reactions -------------------------------------------------------------------
class SpendCommandPoint(Record):
    """§15: ``commander`` spends a point for ``model`` (itself or within 6", ``within_6`` the GM
    confirms): ``use`` reroll (that model's test in the pending attack; ``faces`` typed) or
    activation. ``test``: "" for its Att or Def test, "stealth" for its failed Stealth die,
    "medic" for its failed Medic die of this activation (§16: one die, [XK-A15] a test)."""

    commander: str
    use: str
    model: str
    within_6: bool = True
    faces: tuple[int, ...] | None = None
    test: str = ""


class React(Record):
    """§14: a model with a held action reacts to ``trigger`` (the model whose action it sees):
    ``kind`` move (``speed``: the new column) or shoot (then an Attack by it); ``trigger_event``
    the log entry it answers ([XK-A16](b))."""

    model: str
    kind: str
    trigger: str
    speed: str | None = None
    trigger_event: int | None = None


class EndReaction(Record):
    """The reacting model does not shoot after all (its held action is used up)."""


# -- GM corrections ------------------------------------------------------------------------------------
class RemoveModel(Record):
    """The GM takes a model out of play (e.g. when its card gives no wound count, [XK-M1])."""

    model: str
    reason: str = ""


class AdjustWounds(Record):
    """A GM correction to a model's wounds."""

    model: str
    delta: int
    reason: str = ""
