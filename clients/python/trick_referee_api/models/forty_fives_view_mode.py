from enum import StrEnum

class FortyFivesViewMode(StrEnum):
    DEALT = "dealt"
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
