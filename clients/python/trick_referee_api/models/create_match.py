from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_match_mode import CreateMatchMode
from ..models.create_match_seats import CreateMatchSeats
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_match_options import CreateMatchOptions
  from ..models.create_match_players_item_type_1 import CreateMatchPlayersItemType1





T = TypeVar("T", bound="CreateMatch")



@_attrs_define
class CreateMatch:
    """ 
        Attributes:
            mode (CreateMatchMode): dealt: the service shuffles, deals and keeps hands secret; table: people play with real
                cards and the referee reports what happens
            players (list[CreateMatchPlayersItemType1 | str]): The players, in seat order (seat 0 first): each a name, or
                {name, computer} for a computer seat Example: ['Ann', 'Bob', {'computer': 'easy', 'name': 'Computer'}].
            ruleset (str):  Example: boerenbridge.
            dealer (int | None | Unset): The first dealer's seat; absent or null: chosen by the ruleset's method (or at
                random)
            options (CreateMatchOptions | Unset): House rules as option name -> value (see GET /v1/rulesets/{id} for each
                ruleset's options, types and defaults); absent options take their defaults.
            preset (None | str | Unset): A named preset of the ruleset (see 'presets' in GET /v1/rulesets/{id}): its values
                replace the defaults, and each option given in 'options' replaces the preset's value of that option; the
                combined options are validated as any options. An unknown id: 422 unknown_preset (allowed: the ruleset's preset
                ids). Example: seed.
            referee_sees_hands (bool | Unset): Dealt mode: whether the referee token sees every hand (a referee who does not
                play). Absent or false: the referee of a dealt match sees what the spectator token sees (public cards, scores,
                whose turn), in its view, events, stream and record, so that the person who created the match cannot look at the
                other players' cards. Table mode: the referee reports every card and sees them all.
            seats (CreateMatchSeats | Unset): Dealt mode: "claim" gives each seat an invitation instead of its token
                (seats[].invite); each player claims their seat with it (POST /v1/matches/{id}/seats/{seat}/claim) and gets a
                token nobody else holds. Nothing is dealt before every seat is claimed (or the referee starts the match: POST
                /v1/matches/{id}/start). Absent: each seat's token in the answer
     """

    mode: CreateMatchMode
    players: list[CreateMatchPlayersItemType1 | str]
    ruleset: str
    dealer: int | None | Unset = UNSET
    options: CreateMatchOptions | Unset = UNSET
    preset: None | str | Unset = UNSET
    referee_sees_hands: bool | Unset = UNSET
    seats: CreateMatchSeats | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_match_options import CreateMatchOptions # noqa: PLC0415
        from ..models.create_match_players_item_type_1 import CreateMatchPlayersItemType1 # noqa: PLC0415
        mode = self.mode.value

        players = []
        for players_item_data in self.players:
            players_item: dict[str, Any] | str
            if isinstance(players_item_data, CreateMatchPlayersItemType1):
                players_item = players_item_data.to_dict()
            else:
                players_item = players_item_data
            players.append(players_item)



        ruleset = self.ruleset

        dealer: int | None | Unset
        if isinstance(self.dealer, Unset):
            dealer = UNSET
        else:
            dealer = self.dealer

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        preset: None | str | Unset
        if isinstance(self.preset, Unset):
            preset = UNSET
        else:
            preset = self.preset

        referee_sees_hands = self.referee_sees_hands

        seats: str | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = self.seats.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "mode": mode,
            "players": players,
            "ruleset": ruleset,
        })
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if options is not UNSET:
            field_dict["options"] = options
        if preset is not UNSET:
            field_dict["preset"] = preset
        if referee_sees_hands is not UNSET:
            field_dict["referee_sees_hands"] = referee_sees_hands
        if seats is not UNSET:
            field_dict["seats"] = seats

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_match_options import CreateMatchOptions # noqa: PLC0415
        from ..models.create_match_players_item_type_1 import CreateMatchPlayersItemType1 # noqa: PLC0415
        d = dict(src_dict)
        mode = CreateMatchMode(d.pop("mode"))




        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            def _parse_players_item(data: object) -> CreateMatchPlayersItemType1 | str:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    players_item_type_1 = CreateMatchPlayersItemType1.from_dict(data)



                    return players_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(CreateMatchPlayersItemType1 | str, data)

            players_item = _parse_players_item(players_item_data)

            players.append(players_item)


        ruleset = d.pop("ruleset")

        def _parse_dealer(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dealer = _parse_dealer(d.pop("dealer", UNSET))


        _options = d.pop("options", UNSET)
        options: CreateMatchOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = CreateMatchOptions.from_dict(_options)




        def _parse_preset(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        preset = _parse_preset(d.pop("preset", UNSET))


        referee_sees_hands = d.pop("referee_sees_hands", UNSET)

        _seats = d.pop("seats", UNSET)
        seats: CreateMatchSeats | Unset
        if isinstance(_seats,  Unset):
            seats = UNSET
        else:
            seats = CreateMatchSeats(_seats)




        create_match = cls(
            mode=mode,
            players=players,
            ruleset=ruleset,
            dealer=dealer,
            options=options,
            preset=preset,
            referee_sees_hands=referee_sees_hands,
            seats=seats,
        )

        return create_match

