from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.match_record_actions_item import MatchRecordActionsItem
  from ..models.match_record_deals_item import MatchRecordDealsItem
  from ..models.match_record_first_dealer import MatchRecordFirstDealer
  from ..models.match_record_options import MatchRecordOptions
  from ..models.match_record_refused_item import MatchRecordRefusedItem
  from ..models.match_record_rounds_item import MatchRecordRoundsItem





T = TypeVar("T", bound="MatchRecord")



@_attrs_define
class MatchRecord:
    """ 
        Attributes:
            actions (list[MatchRecordActionsItem]): Each action posted: seq, version, by (referee, seat or computer),
                action, deal, undone
            complete (bool): True when the record holds every deal and action so far (else: the finished rounds)
            deals (list[MatchRecordDealsItem]): Each deal: index, commitment (hex SHA-256 of its seed); once its round is
                over, seed (hex), deck (top first) and hands (per seat, as dealt)
            entropies (list[None | str] | None): Each seat's entropy, mixed into every deal (null: none given)
            first_dealer (MatchRecordFirstDealer): The first dealer and how it was chosen
            language (str): The language of the record's texts
            match_version (int):
            mode (str):
            options (MatchRecordOptions):
            players (list[str]):
            record_version (int): The record's format (2)
            refused (list[MatchRecordRefusedItem]): Each action the rules refused (it changed nothing: no version, no
                event), oldest first, the last 200 kept: seq_after (the last event seq then), by (a seat, or referee), code (the
                refusal's), action (as posted; null when the body was no action object; without card and cards when another seat
                made it in a round not over yet, unless the caller sees every hand), deal, at
            rounds (list[MatchRecordRoundsItem]): Each finished round's record
            ruleset (str):
            scores (list[int]):
            seed_commitment (None | str): The commitment every view showed (null: table mode, or a match made before
                commitments)
            status (str):
            winners (list[int]):
            match_seed (str | Unset): Once the match is over: the server's match seed, from which (with the entropies) every
                deal came
     """

    actions: list[MatchRecordActionsItem]
    complete: bool
    deals: list[MatchRecordDealsItem]
    entropies: list[None | str] | None
    first_dealer: MatchRecordFirstDealer
    language: str
    match_version: int
    mode: str
    options: MatchRecordOptions
    players: list[str]
    record_version: int
    refused: list[MatchRecordRefusedItem]
    rounds: list[MatchRecordRoundsItem]
    ruleset: str
    scores: list[int]
    seed_commitment: None | str
    status: str
    winners: list[int]
    match_seed: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match_record_actions_item import MatchRecordActionsItem # noqa: PLC0415
        from ..models.match_record_deals_item import MatchRecordDealsItem # noqa: PLC0415
        from ..models.match_record_first_dealer import MatchRecordFirstDealer # noqa: PLC0415
        from ..models.match_record_options import MatchRecordOptions # noqa: PLC0415
        from ..models.match_record_refused_item import MatchRecordRefusedItem # noqa: PLC0415
        from ..models.match_record_rounds_item import MatchRecordRoundsItem # noqa: PLC0415
        actions = []
        for actions_item_data in self.actions:
            actions_item = actions_item_data.to_dict()
            actions.append(actions_item)



        complete = self.complete

        deals = []
        for deals_item_data in self.deals:
            deals_item = deals_item_data.to_dict()
            deals.append(deals_item)



        entropies: list[None | str] | None
        if isinstance(self.entropies, list):
            entropies = []
            for entropies_type_0_item_data in self.entropies:
                entropies_type_0_item: None | str
                entropies_type_0_item = entropies_type_0_item_data
                entropies.append(entropies_type_0_item)


        else:
            entropies = self.entropies

        first_dealer = self.first_dealer.to_dict()

        language = self.language

        match_version = self.match_version

        mode = self.mode

        options = self.options.to_dict()

        players = self.players



        record_version = self.record_version

        refused = []
        for refused_item_data in self.refused:
            refused_item = refused_item_data.to_dict()
            refused.append(refused_item)



        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)



        ruleset = self.ruleset

        scores = self.scores



        seed_commitment: None | str
        seed_commitment = self.seed_commitment

        status = self.status

        winners = self.winners



        match_seed = self.match_seed


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "actions": actions,
            "complete": complete,
            "deals": deals,
            "entropies": entropies,
            "first_dealer": first_dealer,
            "language": language,
            "match_version": match_version,
            "mode": mode,
            "options": options,
            "players": players,
            "record_version": record_version,
            "refused": refused,
            "rounds": rounds,
            "ruleset": ruleset,
            "scores": scores,
            "seed_commitment": seed_commitment,
            "status": status,
            "winners": winners,
        })
        if match_seed is not UNSET:
            field_dict["match_seed"] = match_seed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_record_actions_item import MatchRecordActionsItem # noqa: PLC0415
        from ..models.match_record_deals_item import MatchRecordDealsItem # noqa: PLC0415
        from ..models.match_record_first_dealer import MatchRecordFirstDealer # noqa: PLC0415
        from ..models.match_record_options import MatchRecordOptions # noqa: PLC0415
        from ..models.match_record_refused_item import MatchRecordRefusedItem # noqa: PLC0415
        from ..models.match_record_rounds_item import MatchRecordRoundsItem # noqa: PLC0415
        d = dict(src_dict)
        actions = []
        _actions = d.pop("actions")
        for actions_item_data in (_actions):
            actions_item = MatchRecordActionsItem.from_dict(actions_item_data)



            actions.append(actions_item)


        complete = d.pop("complete")

        deals = []
        _deals = d.pop("deals")
        for deals_item_data in (_deals):
            deals_item = MatchRecordDealsItem.from_dict(deals_item_data)



            deals.append(deals_item)


        def _parse_entropies(data: object) -> list[None | str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                entropies_type_0 = []
                _entropies_type_0 = data
                for entropies_type_0_item_data in (_entropies_type_0):
                    def _parse_entropies_type_0_item(data: object) -> None | str:
                        if data is None:
                            return data
                        return cast(None | str, data)

                    entropies_type_0_item = _parse_entropies_type_0_item(entropies_type_0_item_data)

                    entropies_type_0.append(entropies_type_0_item)

                return entropies_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[None | str] | None, data)

        entropies = _parse_entropies(d.pop("entropies"))


        first_dealer = MatchRecordFirstDealer.from_dict(d.pop("first_dealer"))




        language = d.pop("language")

        match_version = d.pop("match_version")

        mode = d.pop("mode")

        options = MatchRecordOptions.from_dict(d.pop("options"))




        players = cast(list[str], d.pop("players"))


        record_version = d.pop("record_version")

        refused = []
        _refused = d.pop("refused")
        for refused_item_data in (_refused):
            refused_item = MatchRecordRefusedItem.from_dict(refused_item_data)



            refused.append(refused_item)


        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in (_rounds):
            rounds_item = MatchRecordRoundsItem.from_dict(rounds_item_data)



            rounds.append(rounds_item)


        ruleset = d.pop("ruleset")

        scores = cast(list[int], d.pop("scores"))


        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))


        status = d.pop("status")

        winners = cast(list[int], d.pop("winners"))


        match_seed = d.pop("match_seed", UNSET)

        match_record = cls(
            actions=actions,
            complete=complete,
            deals=deals,
            entropies=entropies,
            first_dealer=first_dealer,
            language=language,
            match_version=match_version,
            mode=mode,
            options=options,
            players=players,
            record_version=record_version,
            refused=refused,
            rounds=rounds,
            ruleset=ruleset,
            scores=scores,
            seed_commitment=seed_commitment,
            status=status,
            winners=winners,
            match_seed=match_seed,
        )


        match_record.additional_properties = d
        return match_record

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
