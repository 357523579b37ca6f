from enum import StrEnum

class AvinasViewRuleset(StrEnum):
    AVINAS = "avinas"

    def __str__(self) -> str:
        return str(self.value)
