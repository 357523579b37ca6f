from enum import StrEnum

class ReadyStore(StrEnum):
    MEMORY = "memory"
    REDIS = "redis"

    def __str__(self) -> str:
        return str(self.value)
