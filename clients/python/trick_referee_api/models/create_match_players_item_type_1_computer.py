from enum import StrEnum

class CreateMatchPlayersItemType1Computer(StrEnum):
    EASY = "easy"
    HARD = "hard"

    def __str__(self) -> str:
        return str(self.value)
