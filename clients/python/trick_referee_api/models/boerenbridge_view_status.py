from enum import StrEnum

class BoerenbridgeViewStatus(StrEnum):
    FINISHED = "finished"
    IN_PROGRESS = "in_progress"

    def __str__(self) -> str:
        return str(self.value)
