"""Forty-Fives and Auction Forty-Fives (rules spec ``docs/rules/forty-fives.md``): the rulesets
``FORTY_FIVES`` and ``AUCTION_FORTY_FIVES``."""

from service.rules.games.forty_fives.ruleset import AUCTION_FORTY_FIVES, FORTY_FIVES, AuctionFortyFives, FortyFives

__all__ = ["AUCTION_FORTY_FIVES", "FORTY_FIVES", "AuctionFortyFives", "FortyFives"]
