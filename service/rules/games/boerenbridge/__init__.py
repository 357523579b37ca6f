"""Boerenbridge (rules spec ``docs/rules/boerenbridge.md``): the ruleset ``BOERENBRIDGE``."""

from service.rules.games.boerenbridge.ruleset import BOERENBRIDGE, Boerenbridge

__all__ = ["BOERENBRIDGE", "Boerenbridge"]
