from enum import StrEnum

class AvinasViewStatus(StrEnum):
    FINISHED = "finished"
    IN_PROGRESS = "in_progress"

    def __str__(self) -> str:
        return str(self.value)
