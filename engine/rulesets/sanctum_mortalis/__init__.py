"""Sanctum Mortalis (Baltazar Games 2016): rules from shared/rules/sanctum-mortalis.md."""
from engine.ruleset import register

from .ruleset import NAME, SanctumMortalis, make_setup

register(NAME, SanctumMortalis)

__all__ = ["NAME", "SanctumMortalis", "make_setup"]
