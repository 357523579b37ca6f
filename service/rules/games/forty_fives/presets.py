"""The named presets of Forty-Fives and Auction Forty-Fives (forty-fives.md §9.10.1, §9.10.2, where
each comes from: §9.10.3), in catalogue order; each sets only the values that differ from the
defaults. ``tests/rules/test_presets.py`` reads the spec's tables and holds these to them."""

from __future__ import annotations

from service.rules.messages import Msg
from service.rules.presets import Preset

_BIDDING = {"trump_selection": "bidding"}
#: [I-CTJ]'s PEI profiles: no floor at 100, and a bid of 30 scored like any other (§9.10.3)
_CTJ_30 = {"min_bid_at_100": None, "bid_30_made_value": 30, "bid_30_requires": "30_points"}
#: Newfoundland 120s ([MUN], [I-JM] where it is silent; §9.10.3), before I-JM's renege reference
_NEWFOUNDLAND = {
    **_BIDDING,
    "bid_values": [20, 25, 30],
    "auction_rounds": "single",
    "dealer_hold": "duel",
    "kitty_size": 3,
    "kitty_bid": "keep_one",
    "plain_lead_rule": "any",
}
_NEWFOUNDLAND_END = {"all_pass": "redeal", "bid_30_trump_lead": True, "defender_out_rule": "capped_below_target"}

FORTY_FIVES_PRESETS: tuple[Preset, ...] = (
    Preset("seed", Msg("forty_fives.preset.seed.name"), Msg("forty_fives.preset.seed.description"), {}),
    Preset(
        "codetojoy",
        Msg("forty_fives.preset.codetojoy.name"),
        Msg("forty_fives.preset.codetojoy.description"),
        {"players": 2, "ace_of_hearts_lead": "trump_lead", "dealer_turned_ace": "may_decline"},
    ),
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
        "newfoundland_120s",
        Msg("forty_fives.auction.preset.newfoundland_120s.name"),
        Msg("forty_fives.auction.preset.newfoundland_120s.description"),
        {**_NEWFOUNDLAND, **_NEWFOUNDLAND_END},
    ),
    Preset(
        "jonmilley_120s",
        Msg("forty_fives.auction.preset.jonmilley_120s.name"),
        Msg("forty_fives.auction.preset.jonmilley_120s.description"),
        {**_NEWFOUNDLAND, "renege_reference": "highest_trump_in_trick", **_NEWFOUNDLAND_END},
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
        "pei_rec_hall",
        Msg("forty_fives.auction.preset.pei_rec_hall.name"),
        Msg("forty_fives.auction.preset.pei_rec_hall.description"),
        {**_BIDDING, "dealer_hold": "duel", "match_end": "fixed_hands", "match_length": 4, **_CTJ_30},
    ),
    Preset(
        "pei_tignish",
        Msg("forty_fives.auction.preset.pei_tignish.name"),
        Msg("forty_fives.auction.preset.pei_tignish.description"),
        {**_BIDDING, "bid_values": [20, 25, 30], "kitty_size": 5, "dealer_hold": "duel", **_CTJ_30},
    ),
    Preset(
        "zinkelburger",
        Msg("forty_fives.auction.preset.zinkelburger.name"),
        Msg("forty_fives.auction.preset.zinkelburger.description"),
        {
            **_BIDDING,
            "auction_rounds": "single",
            "dealer_hold": "off",
            "kitty_size": 3,
            "first_lead_after_bidding": "bidder",
            **_CTJ_30,
        },
    ),
    Preset(
        "jitousig",
        Msg("forty_fives.auction.preset.jitousig.name"),
        Msg("forty_fives.auction.preset.jitousig.description"),
        {
            **_BIDDING,
            "bid_values": [20, 25, 30],
            "kitty_size": 3,
            "all_pass": "redeal",
            "min_bid_at_100": None,
            "bid_30_requires": "30_points",
            "defender_out_rule": "locked_from_100_when_made",
            "target_score": 125,
        },
    ),
)
