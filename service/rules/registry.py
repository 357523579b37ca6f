"""RULESETS: ruleset id -> ruleset. Adding a game is one module in ``games/`` plus one line here."""

from __future__ import annotations

from service.rules.base import Ruleset
from service.rules.errors import UnknownRuleset
from service.rules.games.avinas import AVINAS
from service.rules.games.boerenbridge import BOERENBRIDGE
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES

_ALL: tuple[Ruleset, ...] = (
    AVINAS,
    BOERENBRIDGE,
    FORTY_FIVES, AUCTION_FORTY_FIVES,
)

RULESETS: dict[str, Ruleset] = {r.id: r for r in _ALL}


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; raises UnknownRuleset naming the known ids."""
    try:
        return RULESETS[ruleset_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(
            f"there is no ruleset {ruleset_id!r}; the rulesets are {known}", legal=sorted(RULESETS)
        ) from None
