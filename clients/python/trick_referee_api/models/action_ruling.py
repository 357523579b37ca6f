from enum import StrEnum

class ActionRuling(StrEnum):
    APPLY = "apply"
    WAIVE = "waive"

    def __str__(self) -> str:
        return str(self.value)
