from enum import StrEnum

class AvinasViewScoresAre(StrEnum):
    PIPS = "pips"

    def __str__(self) -> str:
        return str(self.value)
