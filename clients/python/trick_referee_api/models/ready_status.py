from enum import StrEnum

class ReadyStatus(StrEnum):
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
