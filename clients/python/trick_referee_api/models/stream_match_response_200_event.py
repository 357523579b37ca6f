from enum import StrEnum

class StreamMatchResponse200Event(StrEnum):
    ACTION = "action"
    END = "end"
    VIEW = "view"

    def __str__(self) -> str:
        return str(self.value)
