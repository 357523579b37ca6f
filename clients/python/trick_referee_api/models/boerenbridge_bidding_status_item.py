from enum import StrEnum

class BoerenbridgeBiddingStatusItem(StrEnum):
    BID = "bid"
    NON_BIDDER = "non_bidder"
    SEALED = "sealed"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
