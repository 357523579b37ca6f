"""Avinas (docs/rules/avinas.md): the ruleset object and the modules holding its rules."""

from service.rules.games.avinas.ruleset import AVINAS, Avinas

__all__ = ["AVINAS", "Avinas"]
