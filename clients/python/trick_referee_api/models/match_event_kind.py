from enum import StrEnum

class MatchEventKind(StrEnum):
    ACTION = "action"
    CLAIM = "claim"
    CREATE = "create"
    DEAL = "deal"
    ROUND = "round"
    START = "start"
    UNDO = "undo"

    def __str__(self) -> str:
        return str(self.value)
