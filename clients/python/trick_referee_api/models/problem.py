from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.problem_errors import ProblemErrors





T = TypeVar("T", bound="Problem")



@_attrs_define
class Problem:
    """ 
        Attributes:
            code (str): Stable machine code: invalid_card, must_follow_suit, unknown_option ...
            detail (str): What went wrong, naming the broken rule
            status (int): HTTP status code
            title (str): Short summary of the problem type
            type_ (str): URI naming the problem type
            errors (ProblemErrors | Unset): Validation messages per field path (invalid input)
            fact (str | Unset): The reported fact the refusal is about (a key of a round_result's result, or of a rules
                request, such as tricks_won), when it is about one
            instance (str | Unset): The request path
            legal (Any | Unset): The legal alternatives, where there are any
            rule (str | Unset): For developers: the section(s) of the game's rules spec (docs/rules) that the refusal
                applies, such as 6.3; the detail never shows them
     """

    code: str
    detail: str
    status: int
    title: str
    type_: str
    errors: ProblemErrors | Unset = UNSET
    fact: str | Unset = UNSET
    instance: str | Unset = UNSET
    legal: Any | Unset = UNSET
    rule: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.problem_errors import ProblemErrors # noqa: PLC0415
        code = self.code

        detail = self.detail

        status = self.status

        title = self.title

        type_ = self.type_

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        fact = self.fact

        instance = self.instance

        legal = self.legal

        rule = self.rule


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "detail": detail,
            "status": status,
            "title": title,
            "type": type_,
        })
        if errors is not UNSET:
            field_dict["errors"] = errors
        if fact is not UNSET:
            field_dict["fact"] = fact
        if instance is not UNSET:
            field_dict["instance"] = instance
        if legal is not UNSET:
            field_dict["legal"] = legal
        if rule is not UNSET:
            field_dict["rule"] = rule

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors import ProblemErrors # noqa: PLC0415
        d = dict(src_dict)
        code = d.pop("code")

        detail = d.pop("detail")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        _errors = d.pop("errors", UNSET)
        errors: ProblemErrors | Unset
        if isinstance(_errors,  Unset):
            errors = UNSET
        else:
            errors = ProblemErrors.from_dict(_errors)




        fact = d.pop("fact", UNSET)

        instance = d.pop("instance", UNSET)

        legal = d.pop("legal", UNSET)

        rule = d.pop("rule", UNSET)

        problem = cls(
            code=code,
            detail=detail,
            status=status,
            title=title,
            type_=type_,
            errors=errors,
            fact=fact,
            instance=instance,
            legal=legal,
            rule=rule,
        )


        problem.additional_properties = d
        return problem

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
