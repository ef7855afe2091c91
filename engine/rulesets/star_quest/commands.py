"""Star Quest commands: what a GM can ask the app to do.

Each command is a frozen record; ``decide`` turns it into events or a rejection. Units
are roster ids. Dice the GM typed can come in the command (``faces`` fields) or as the
``TypedDice`` source; a ``d3`` field is read as the [SQ-A3] setting says.
"""

from __future__ import annotations

from engine.records import Record


# -- round and settings --------------------------------------------------------------------
class StartRound(Record):
    """Start the next round: spell tokens, Ambush, waves, mission events (§5 step 1)."""

    d3: tuple[int, ...] | None = None
    """Typed faces (a d6 or a D3 face, [SQ-A3]) for the Ambush arrival of each unit that
    ``turn.ambush_delays`` names, in that order [SQ-A27]."""


class EndRound(Record):
    """End the round: fatigue and "until the end of the round" effects end (§5 step 4).
    With an activation open the GM is asked first; ``force``: it ends (what is open in it
    cancelled, as ``EndActivation(force=True)``), then the round."""

    force: bool = False


class ChangeSetting(Record):
    """Change a battle setting (an AMBIGUITY reading)."""

    key: str
    value: str


# -- activations ------------------------------------------------------------------------------
class ActivateHero(Record):
    """Hero phase: the players pick the next hero to activate (§5 step 2)."""

    hero: str


class Ambush(Record):
    """A hero with Ambush (§17): set aside before the first round (``place`` False), or
    placed more than 9" from enemy units at the start of a round from round 2 (§5.1b)."""

    hero: str
    place: bool = False


class ActivateAI(Record):
    """AI phase: the GM picks the not-yet-activated unit nearest a conscious hero [SQ-A5];
    ties are the GM's choice too (``ties`` without a unit is refused, naming them).
    ``order``: with the setting ``ai_order`` "fixed", the whole order (nearest first),
    given with the first AI activation of the round; then each activation follows it."""

    unit: str | None = None
    ties: tuple[str, ...] = ()
    order: tuple[str, ...] = ()


class ResolveStatus(Record):
    """Start of activation (§18): test to remove ``status``; Impaired: ``pay`` D3 PP.
    ``target``: the GM's target number when an AI model lacks the stat [SQ-M6]."""

    status: str
    faces: tuple[int, ...] | None = None
    pay: bool = True
    target: int | None = None


class TakeAction(Record):
    """A hero's action (§6.1): rest | hold | advance | rush | charge | skill.

    ``extra``: buy it as the extra action for 2 PP; ``distance``: inches moved (default:
    the full allowance); ``difficult``: the move crosses difficult terrain; ``target``,
    ``models``, ``target_models``: for a charge (§11.2, the GM enters who takes part).
    """

    unit: str
    action: str
    extra: bool = False
    distance: float | None = None
    difficult: bool = False
    target: str | None = None
    models: int | None = None
    target_models: int | None = None


class EndActivation(Record):
    """End the open activation: morale checks and fatigue (§5, §11.3, §12). While an
    attack, offer, melee or AI step is open the GM is asked first; ``force``: it is
    cancelled and the activation ends."""

    force: bool = False


# -- attacks ----------------------------------------------------------------------------------
class Shoot(Record):
    """Fire one ranged weapon (§9). ``stealth_range``: the target is more than 9" away;
    ``cover``: the target has cover; ``models``: firing models (default all);
    ``blast_models``: enemy models in and within 3" of the target (Blast cap);
    ``blast_units``: other units within 3" that share the Blast hits."""

    unit: str
    weapon: str
    target: str
    cover: bool = False
    stealth_range: bool = False
    models: int | None = None
    blast_models: int | None = None
    cover_from: str = "inside"
    """The target's cover: "inside" terrain or "behind" line-of-sight blockers (§14)."""
    blast_units: tuple[str, ...] = ()


class RollHits(Record):
    """Roll the pending attack's hit dice; ``split``: Blast hits per unit [SQ-A28]."""

    faces: tuple[int, ...] | None = None
    split: tuple[tuple[str, int], ...] = ()


class RollBlocks(Record):
    """The defender rolls one die per hit of the first waiting group. Typed ``faces``: those
    dice, then (Bane) the re-roll of each natural 6 in order, unless ``rerolls`` gives them."""

    faces: tuple[int, ...] | None = None
    rerolls: tuple[int, ...] | None = None


class RollRegeneration(Record):
    """One die per wound: 5+ ignores it (§17 Regeneration)."""

    faces: tuple[int, ...] | None = None


# -- power, skills, spells --------------------------------------------------------------------
class AnswerOffer(Record):
    """Accept or decline the power-point offer on the table."""

    accept: bool


class UseSkill(Record):
    """A skill action (§13): a common skill key (discover, discover-adjacent, push,
    scurry), a hero skill's name, or "revive" with ``target`` the unconscious hero."""

    hero: str
    skill: str
    target: str | None = None
    faces: tuple[int, ...] | None = None
    d3: int | None = None


class Cast(Record):
    """Try a spell (§17 Caster): ``extra_tokens`` +1 each; ``hinder``: (hero, tokens)
    pairs of heroes within 18" giving −1 per token to an AI caster. ``spell`` "random":
    an AI caster's random spell [SQ-A29]; ``spell_face``: the die typed for it (a d-N for
    N spells; none for a single spell). ``faces``: the casting die typed. ``target``: the
    unit the spell takes effect on, chosen from the board (the GM's pick for an AI
    caster [SQ-M5]); a spell that targets itself or is text only needs none."""

    unit: str
    spell: str
    extra_tokens: int = 0
    hinder: tuple[tuple[str, int], ...] = ()
    faces: tuple[int, ...] | None = None
    spell_face: int | None = None
    target: str | None = None


class Jump(Record):
    """A hero jumps (§15.1) ``distance`` inches; ``fall_height``: how far it falls if a test
    fails (the gap depth; default: the distance, for a drop)."""

    hero: str
    distance: float
    fall_height: float | None = None
    faces: tuple[int, ...] | None = None


class Fall(Record):
    """A model of ``unit`` falls or is pushed from ``height`` inches (§15.2)."""

    unit: str
    height: float


class DangerousTerrain(Record):
    """Models of ``unit`` move through or activate in dangerous terrain (§14)."""

    unit: str
    models: int = 1
    faces: tuple[int, ...] | None = None


class DeclareTerrain(Record):
    """The GM says whether the table has dangerous terrain at all (§14): with none, the AI
    chart's †2 question is answered "no" by itself until the GM says there is some."""

    dangerous: bool


# -- morale ---------------------------------------------------------------------------------------
class RollMorale(Record):
    """The first waiting morale test (§12.2); ``villain``: a Villain within 12" whose
    Quality the AI unit uses; ``faces``: every die typed, in the order rolled — the test
    die, the Fearless die, the D3 die of Tough 9+ (unless ``d3`` gives it)."""

    faces: tuple[int, ...] | None = None
    villain: str | None = None
    d3: int | None = None


# -- AI --------------------------------------------------------------------------------------------
class AnswerAI(Record):
    """The GM's answer to the AI flow chart's open question (§16.2)."""

    answer: bool


class ChooseAIAction(Record):
    """Take the chart's proposal (``action`` None) or override it, saying why.
    ``target``: the charge target; ``distance``: inches moved; ``difficult``: the move
    crosses difficult terrain (at most 6", §14)."""

    action: str | None = None
    reason: str = ""
    target: str | None = None
    distance: float | None = None
    models: int | None = None
    target_models: int | None = None
    difficult: bool = False


# -- GM corrections [SQ-M7] -------------------------------------------------------------------------
class LosePower(Record):
    """A hero loses ``amount`` PP (Exhaustion applies, §7.3)."""

    hero: str
    amount: int
    reason: str = ""


class ApplyStatus(Record):
    """Give ``unit`` a status condition (what inflicts them is [SQ-M7])."""

    unit: str
    status: str
    remove: bool = False


class AdjustWounds(Record):
    """Wounds from a source the engine does not model (mission, spell effect)."""

    unit: str
    amount: int
    reason: str = ""
