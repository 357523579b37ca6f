from enum import StrEnum

class AuctionFortyFivesViewRuleset(StrEnum):
    AUCTION_FORTY_FIVES = "auction_forty_fives"

    def __str__(self) -> str:
        return str(self.value)
