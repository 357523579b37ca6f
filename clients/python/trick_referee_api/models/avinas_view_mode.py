from enum import StrEnum

class AvinasViewMode(StrEnum):
    DEALT = "dealt"
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
