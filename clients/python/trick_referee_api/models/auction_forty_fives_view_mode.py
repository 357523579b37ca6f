from enum import StrEnum

class AuctionFortyFivesViewMode(StrEnum):
    DEALT = "dealt"
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
