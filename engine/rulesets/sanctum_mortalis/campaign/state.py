"""Campaign state: the bands, the battles played, the post-battle sequence in progress
and the next battle being prepared. Frozen records, changed only by ``evolve``.

The post-battle sequence (§16) runs per band, through ``STEPS`` in order. Each band
of the battle has its own ``BandPost``: the loot rolls due and found, the wounded and
their injury cases, the XP of the battle, the level-ups with their rolls and picks, and
what was bought. ``PostBattle`` closes when every band is ``done``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from engine.records import Record, changed, field
from engine.rolls import RollRecord

from ..postbattle.injuries import InjuryCase
from ..roster import BandRoster, ModelSpec

STEPS = ("challenges", "loot", "injuries", "development", "purchases", "done")
"""The post-battle steps of one band, in order (§16; the Challenges' rewards first,
because their extra technologies are loot rolls, §23.7)."""
STEP_TITLES = MappingProxyType(
    {
        "challenges": ("Challenges: which were met", "§23.7"),
        "loot": ("Loot: scenario money and loot rolls", "§16, §17, §23"),
        "injuries": ("Post-battle injuries and medical care", "§18"),
        "development": ("Hero development: XP, levels, level-up rolls", "§19"),
        "purchases": ("Purchases: recruit, dismiss, buy, sell, equip", "§22"),
        "done": ("Done", "§16"),
    }
)


class CampaignBand(Record):
    """A band in the campaign: its roster (treasury and stash included), whether its
    Captain is lost for good (§18.3), and models that miss its next battle (§18.1)."""

    key: str
    roster: BandRoster
    captain_lost: bool = False
    misses_next: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.roster.name

    def has_model(self, model_id: str) -> bool:
        return any(m.id == model_id for m in self.roster.models)

    def model(self, model_id: str) -> ModelSpec:
        return self.roster.model(model_id)


class BattleRecord(Record):
    """One battle played: ``bands`` (campaign keys of sides A and B), ``vp`` (A, B),
    ``winner`` (a band key, None on a draw), ``ref`` (where its save is, as the
    caller named it) and ``digest`` (its set-up's fingerprint: the same battle is
    never recorded twice)."""

    number: int
    title: str
    scenario: str
    bands: tuple[str, str]
    vp: tuple[int, int]
    winner: str | None
    ref: str = ""
    digest: str = ""


class ChallengeEntry(Record):
    """A Challenge a band took into the battle: ``model`` (its chosen model, if the
    Challenge names one), ``target`` (a named enemy); after the battle ``met`` (None until
    settled, ``prefill`` what the log suggests), ``xp_to`` and the reward given."""

    key: str
    model: str = ""
    target: str = ""
    prefill: bool | None = None
    met: bool | None = None
    xp_to: str = ""
    reward: Mapping[str, Any] = field(default_factory=dict)


class Wounded(Record):
    """A model that rolls on the injury table: ``case`` once rolled, then ``outcome``
    (a short text) when resolved."""

    model: str
    case: InjuryCase | None = None
    outcome: str = ""

    @property
    def resolved(self) -> bool:
        return bool(self.outcome)


class LevelUp(Record):
    """One level gained: its roll (None: not rolled yet) and the pick (``stat:W``,
    ``skill:key``, ``trick:key``, ``skill:technomancer-tricks+trick:key`` or ``skip``)."""

    model: str
    level: int
    roll: RollRecord | None = None
    pick: str = ""


class Find(Record):
    """A settled loot roll: ``result`` (technology or item key), what became of it
    (``sold`` or ``stash``), the tk it brought and its chain of records."""

    result: str
    disposition: str
    cash: int
    records: tuple[RollRecord, ...]


class BandPost(Record):
    """One band's post-battle sequence.

    ``side``: its side in the battle; ``won``: True, False or None (draw);
    ``markers``: technology markers it ended the game with (special marker apart);
    ``scenario_tk``: the scenario money; ``loot_due``: loot rolls in all; ``chain``: the
    loot roll being rolled (table by table); ``xp``: battle XP per model as terms
    (label, value, rule); ``xp_before``: each model's XP when the sequence started;
    ``raised``: (model, stat) raised since the last battle (§19.3); ``bought``: items
    bought after this battle (one per table, §22.3); ``needing_care``: models whose
    post-battle skills cannot be used (§18.2, §20.5).
    """

    band: str
    side: str
    step: str
    won: bool | None
    markers: int = 0
    special_marker: bool = False
    scenario_tk: int = 0
    scenario_paid: bool = False
    loot_due: int = 0
    chain: tuple[RollRecord, ...] = ()
    finds: tuple[Find, ...] = ()
    challenges: tuple[ChallengeEntry, ...] = ()
    wounded: tuple[Wounded, ...] = ()
    xp: tuple[tuple[str, tuple[tuple[str, int, str], ...]], ...] = ()
    xp_before: tuple[tuple[str, int], ...] = ()
    level_ups: tuple[LevelUp, ...] = ()
    raised: tuple[tuple[str, str], ...] = ()
    bought: tuple[str, ...] = ()
    needing_care: tuple[str, ...] = ()

    @property
    def loot_left(self) -> int:
        """Loot rolls not yet settled (the one being rolled included)."""
        return self.loot_due - len(self.finds)

    def wound(self, model: str) -> Wounded | None:
        for w in self.wounded:
            if w.model == model:
                return w
        return None

    def xp_terms(self, model: str) -> tuple[tuple[str, int, str], ...]:
        return dict(self.xp).get(model, ())

    def challenge(self, key: str) -> ChallengeEntry | None:
        for c in self.challenges:
            if c.key == key:
                return c
        return None


class PostBattle(Record):
    """The post-battle sequence of battle ``battle`` (its number), one ``BandPost`` per band."""

    battle: int
    scenario: str
    bands: tuple[BandPost, ...]

    def of(self, band: str) -> BandPost | None:
        for b in self.bands:
            if b.band == band:
                return b
        return None


class NextBattle(Record):
    """The next battle being prepared: its two bands, the scenario (None: not chosen),
    the scenario roll, and the Challenges each band picked (§23.1, §23.7)."""

    bands: tuple[str, ...] = ()
    scenario: str | None = None
    roll: RollRecord | None = None
    challenges: tuple[tuple[str, tuple[ChallengeEntry, ...]], ...] = ()

    def challenges_of(self, band: str) -> tuple[ChallengeEntry, ...]:
        return dict(self.challenges).get(band, ())


class CampaignState(Record):
    """A Sanctum Mortalis campaign at one moment. ``id``: the campaign's own identifier
    (its battles carry it, so a battle is only ever recorded in its own campaign; empty
    in campaigns made before it existed)."""

    title: str
    settings: Mapping[str, str]
    bands: tuple[CampaignBand, ...]
    battles: tuple[BattleRecord, ...] = ()
    post: PostBattle | None = None
    next: NextBattle = NextBattle()
    id: str = ""

    @property
    def round(self) -> int:
        """Battles played (the log shows campaign events under this number)."""
        return len(self.battles)

    @property
    def phase(self) -> str:
        """``post-battle`` while a sequence runs, else ``between-battles``."""
        return "post-battle" if self.post is not None else "between-battles"

    def band(self, key: str) -> CampaignBand:
        for b in self.bands:
            if b.key == key:
                return b
        raise KeyError(key)

    def has_band(self, key: str) -> bool:
        return any(b.key == key for b in self.bands)

    def setting(self, key: str) -> str:
        return self.settings.get(key, "")

    # ------------------------------------------------------------------ changes
    def with_band(self, key: str, **changes: Any) -> "CampaignState":
        return changed(self, bands=tuple(changed(b, **changes) if b.key == key else b for b in self.bands))

    def with_roster(self, key: str, **changes: Any) -> "CampaignState":
        band = self.band(key)
        return self.with_band(key, roster=changed(band.roster, **changes))

    def with_post(self, key: str, **changes: Any) -> "CampaignState":
        assert self.post is not None
        bands = tuple(changed(b, **changes) if b.band == key else b for b in self.post.bands)
        return changed(self, post=changed(self.post, bands=bands))


__all__ = [
    "STEPS",
    "STEP_TITLES",
    "BandPost",
    "BattleRecord",
    "CampaignBand",
    "CampaignState",
    "ChallengeEntry",
    "Find",
    "LevelUp",
    "NextBattle",
    "PostBattle",
    "Wounded",
]
