from enum import StrEnum

class AvinasHandRecordGame(StrEnum):
    NO_SEVEN = "no_seven"
    SEVENS = "sevens"

    def __str__(self) -> str:
        return str(self.value)
