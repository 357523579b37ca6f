from enum import StrEnum

class BoerenbridgeViewMode(StrEnum):
    DEALT = "dealt"
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
