from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ScoreAnswer")



@_attrs_define
class ScoreAnswer:
    """ 
        Attributes:
            explanation (list[str]): How each number was counted
            match_over (bool):
            points (list[int]): Round points, per seat or team, in the ruleset's unit (Avinas: this hand's rams in the
                sevens game, its pips in the no-seven game, as points_are says; rams_due and pips_due hold each apart)
            scores (list[int]): Scores after the round (Avinas: the pips, as scores_are says; rams_after and pips_after are
                the totals after the hand)
            winners (list[int]): Seats or teams; empty until the match is over
     """

    explanation: list[str]
    match_over: bool
    points: list[int]
    scores: list[int]
    winners: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        explanation = self.explanation



        match_over = self.match_over

        points = self.points



        scores = self.scores



        winners = self.winners




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "explanation": explanation,
            "match_over": match_over,
            "points": points,
            "scores": scores,
            "winners": winners,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        explanation = cast(list[str], d.pop("explanation"))


        match_over = d.pop("match_over")

        points = cast(list[int], d.pop("points"))


        scores = cast(list[int], d.pop("scores"))


        winners = cast(list[int], d.pop("winners"))


        score_answer = cls(
            explanation=explanation,
            match_over=match_over,
            points=points,
            scores=scores,
            winners=winners,
        )


        score_answer.additional_properties = d
        return score_answer

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
