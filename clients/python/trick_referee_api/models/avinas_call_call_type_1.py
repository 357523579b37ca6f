from enum import StrEnum

class AvinasCallCallType1(StrEnum):
    PASS = "pass"

    def __str__(self) -> str:
        return str(self.value)
