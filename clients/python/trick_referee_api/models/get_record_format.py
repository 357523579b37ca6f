from enum import StrEnum

class GetRecordFormat(StrEnum):
    CSV = "csv"
    JSON = "json"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
