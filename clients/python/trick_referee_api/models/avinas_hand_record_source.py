from enum import StrEnum

class AvinasHandRecordSource(StrEnum):
    AUCTION = "auction"
    PLAY = "play"
    ROUND_RESULT = "round_result"

    def __str__(self) -> str:
        return str(self.value)
