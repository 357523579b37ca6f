from enum import StrEnum

class MatchEventKind(StrEnum):
    ACTION = "action"
    CREATE = "create"
    DEAL = "deal"
    ROUND = "round"
    UNDO = "undo"

    def __str__(self) -> str:
        return str(self.value)
