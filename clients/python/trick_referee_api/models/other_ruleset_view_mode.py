from enum import StrEnum

class OtherRulesetViewMode(StrEnum):
    DEALT = "dealt"
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
