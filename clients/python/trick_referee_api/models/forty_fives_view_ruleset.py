from enum import StrEnum

class FortyFivesViewRuleset(StrEnum):
    FORTY_FIVES = "forty_fives"

    def __str__(self) -> str:
        return str(self.value)
