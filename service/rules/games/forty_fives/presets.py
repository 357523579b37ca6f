"""The named presets of Forty-Fives and Auction Forty-Fives (forty-fives.md §9.10.1, §9.10.2, where
each comes from: §9.10.3), in catalogue order; each sets only the values that differ from the
defaults. ``tests/rules/test_presets.py`` reads the spec's tables and holds these to them."""

from __future__ import annotations

from service.rules.messages import Msg
from service.rules.presets import Preset

_BIDDING = {"trump_selection": "bidding"}
#: [I-CTJ]'s PEI profiles: no floor at 100, and a bid of 30 scored like any other (§9.10.3)
_CTJ_30 = {"min_bid_at_100": None, "bid_30_made_value": 30, "bid_30_requires": "30_points"}

FORTY_FIVES_PRESETS: tuple[Preset, ...] = (
    Preset("seed", Msg("forty_fives.preset.seed.name"), Msg("forty_fives.preset.seed.description"), {}),
)

AUCTION_PRESETS: tuple[Preset, ...] = (
    Preset("seed", Msg("forty_fives.auction.preset.seed.name"), Msg("forty_fives.auction.preset.seed.description"), {}),
    Preset(
        "hoyle_auction",
        Msg("forty_fives.auction.preset.hoyle_auction.name"),
        Msg("forty_fives.auction.preset.hoyle_auction.description"),
        _BIDDING,
    ),
    Preset(
        "merrimack_valley",
        Msg("forty_fives.auction.preset.merrimack_valley.name"),
        Msg("forty_fives.auction.preset.merrimack_valley.description"),
        {**_BIDDING, "kitty_size": 3, "first_lead_after_bidding": "bidder"},
    ),
    Preset(
        "pei_common",
        Msg("forty_fives.auction.preset.pei_common.name"),
        Msg("forty_fives.auction.preset.pei_common.description"),
        {**_BIDDING, "kitty_size": 3, "dealer_hold": "off", **_CTJ_30},
    ),
    Preset(
        "pei_wikipedia",
        Msg("forty_fives.auction.preset.pei_wikipedia.name"),
        Msg("forty_fives.auction.preset.pei_wikipedia.description"),
        {
            **_BIDDING,
            "kitty_size": 3,
            "discard_and_draw": False,
            "dealer_hold": "duel",
            "first_lead_after_bidding": "left_of_dealer",
            **_CTJ_30,
        },
    ),
    Preset(
        "pei_tignish",
        Msg("forty_fives.auction.preset.pei_tignish.name"),
        Msg("forty_fives.auction.preset.pei_tignish.description"),
        {**_BIDDING, "bid_values": [20, 25, 30], "kitty_size": 5, "dealer_hold": "duel", **_CTJ_30},
    ),
)
