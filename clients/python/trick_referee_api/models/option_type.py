from enum import StrEnum

class OptionType(StrEnum):
    BOOL = "bool"
    ENUM = "enum"
    INT = "int"
    INT_LIST = "int_list"
    NULLABLE_ENUM = "nullable_enum"
    NULLABLE_INT = "nullable_int"
    NULLABLE_INT_LIST = "nullable_int_list"

    def __str__(self) -> str:
        return str(self.value)
