from enum import StrEnum

class ViewerRole(StrEnum):
    REFEREE = "referee"
    SEAT = "seat"
    SPECTATOR = "spectator"

    def __str__(self) -> str:
        return str(self.value)
