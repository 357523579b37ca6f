from enum import StrEnum

class CreateMatchSeats(StrEnum):
    CLAIM = "claim"

    def __str__(self) -> str:
        return str(self.value)
