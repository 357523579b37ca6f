from enum import StrEnum

class BoerenbridgeViewRuleset(StrEnum):
    BOERENBRIDGE = "boerenbridge"

    def __str__(self) -> str:
        return str(self.value)
