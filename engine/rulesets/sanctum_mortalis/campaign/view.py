"""What a campaign screen shows: pure queries over ``CampaignState``, no state of their own.

* ``step(state, band)``: the band's post-battle step, and whether it can end (and why not);
* ``due(state, band)``: the rolls waiting, each with the command that rolls it and the
  exact odds of every result (the whole loot chain's finds too);
* ``choices(state, band)``: every choice of the current step, open or not, with the
  reason and rule of each refusal — the engine itself is asked (``decide`` with
  throw-away dice), so the screen and the rules never disagree;
* ``advance_options(state, band, model)``: what a level-up may be spent on, and why not;
* ``recruit_menu(state, band)`` / ``recruit_quote(state, band, order)`` (``recruiting``):
  what the band may recruit, each kind's loadouts and cost, and one order priced;
* ``band_summary(state, band)``: models, XP, levels, wounds, treasury, stash, strength;
* ``next_battle(state)`` / ``next_battle_setup(state)``: the next battle being prepared
  and its set-up for ``make_setup`` (models that miss it left out, Volunteers added,
  the campaign named so the battle comes back to it);
* ``battles_played(state)``: the battle list (number, scenario, result).

This module is the one door callers use; each concept lives in its own module:
``step_choices`` (the step, its choices, level-up options), ``rolls_due`` (the rolls
waiting and their odds), ``recruiting``, ``band_view`` (the band summary),
``next_battle`` (preparing the next battle) and ``history`` (the battles played).
"""

from __future__ import annotations

from .band_view import BandSummary, ModelLine, band_summary
from .history import BattleLine, battles_played
from .next_battle import NextBattleView, next_battle, next_battle_setup, playing, volunteer
from .recruiting import RecruitMenu, RecruitOrder, RecruitQuote, recruit_menu, recruit_quote
from .rolls_due import Due, care_outlook, due, roll_of, scenario_odds
from .step_choices import Option, Step, advance_options, choices, item_name, probe, step

__all__ = [
    "BandSummary",
    "BattleLine",
    "Due",
    "ModelLine",
    "NextBattleView",
    "Option",
    "Step",
    "advance_options",
    "band_summary",
    "battles_played",
    "care_outlook",
    "choices",
    "due",
    "next_battle",
    "next_battle_setup",
    "item_name",
    "playing",
    "probe",
    "roll_of",
    "scenario_odds",
    "step",
    "volunteer",
    "RecruitMenu",
    "RecruitOrder",
    "RecruitQuote",
    "recruit_menu",
    "recruit_quote",
]
