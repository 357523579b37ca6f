from enum import StrEnum

class AvinasHandRecordUnit(StrEnum):
    PIPS = "pips"
    RAMS = "rams"

    def __str__(self) -> str:
        return str(self.value)
