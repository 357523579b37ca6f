from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.option import Option
  from ..models.players import Players
  from ..models.preset import Preset
  from ..models.ruleset_detail_computer_levels_item import RulesetDetailComputerLevelsItem
  from ..models.ruleset_detail_options_schema import RulesetDetailOptionsSchema
  from ..models.ruleset_detail_ranking_tables import RulesetDetailRankingTables





T = TypeVar("T", bound="RulesetDetail")



@_attrs_define
class RulesetDetail:
    """ 
        Attributes:
            computer_levels (list[RulesetDetailComputerLevelsItem]): The levels of computer players a dealt match may seat
                ({'name', 'computer': id} in a create's players), easiest first: each id, title and description in the answer's
                language Example: [{'description': '...', 'id': 'easy', 'title': 'Easy'}].
            description (str):
            id (str):  Example: forty_fives.
            name (str):
            options (list[Option]):
            options_schema (RulesetDetailOptionsSchema): The ruleset's 'options' object as a JSON Schema (2020-12): each
                option's 'title' (a short name) and 'description' in the answer's language; an enum option's values also in
                'oneOf', each {'const': value, 'title': its short name}, in the order of 'enum'
            players (Players):
            presets (list[Preset]): Named sets of house rules, in catalogue order: give one as 'preset' wherever options are
                accepted
            ranking_tables (RulesetDetailRankingTables): For each trump choice (suit letter, or 'none'): each suit's order,
                high to low
            rules (str): Where the rules summary is (Markdown, in the answer's language) Example:
                /v1/rulesets/forty_fives/rules.
            teams (None | str): Partnerships, if any
     """

    computer_levels: list[RulesetDetailComputerLevelsItem]
    description: str
    id: str
    name: str
    options: list[Option]
    options_schema: RulesetDetailOptionsSchema
    players: Players
    presets: list[Preset]
    ranking_tables: RulesetDetailRankingTables
    rules: str
    teams: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.option import Option # noqa: PLC0415
        from ..models.players import Players # noqa: PLC0415
        from ..models.preset import Preset # noqa: PLC0415
        from ..models.ruleset_detail_computer_levels_item import RulesetDetailComputerLevelsItem # noqa: PLC0415
        from ..models.ruleset_detail_options_schema import RulesetDetailOptionsSchema # noqa: PLC0415
        from ..models.ruleset_detail_ranking_tables import RulesetDetailRankingTables # noqa: PLC0415
        computer_levels = []
        for computer_levels_item_data in self.computer_levels:
            computer_levels_item = computer_levels_item_data.to_dict()
            computer_levels.append(computer_levels_item)



        description = self.description

        id = self.id

        name = self.name

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)



        options_schema = self.options_schema.to_dict()

        players = self.players.to_dict()

        presets = []
        for presets_item_data in self.presets:
            presets_item = presets_item_data.to_dict()
            presets.append(presets_item)



        ranking_tables = self.ranking_tables.to_dict()

        rules = self.rules

        teams: None | str
        teams = self.teams


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "computer_levels": computer_levels,
            "description": description,
            "id": id,
            "name": name,
            "options": options,
            "options_schema": options_schema,
            "players": players,
            "presets": presets,
            "ranking_tables": ranking_tables,
            "rules": rules,
            "teams": teams,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.option import Option # noqa: PLC0415
        from ..models.players import Players # noqa: PLC0415
        from ..models.preset import Preset # noqa: PLC0415
        from ..models.ruleset_detail_computer_levels_item import RulesetDetailComputerLevelsItem # noqa: PLC0415
        from ..models.ruleset_detail_options_schema import RulesetDetailOptionsSchema # noqa: PLC0415
        from ..models.ruleset_detail_ranking_tables import RulesetDetailRankingTables # noqa: PLC0415
        d = dict(src_dict)
        computer_levels = []
        _computer_levels = d.pop("computer_levels")
        for computer_levels_item_data in (_computer_levels):
            computer_levels_item = RulesetDetailComputerLevelsItem.from_dict(computer_levels_item_data)



            computer_levels.append(computer_levels_item)


        description = d.pop("description")

        id = d.pop("id")

        name = d.pop("name")

        options = []
        _options = d.pop("options")
        for options_item_data in (_options):
            options_item = Option.from_dict(options_item_data)



            options.append(options_item)


        options_schema = RulesetDetailOptionsSchema.from_dict(d.pop("options_schema"))




        players = Players.from_dict(d.pop("players"))




        presets = []
        _presets = d.pop("presets")
        for presets_item_data in (_presets):
            presets_item = Preset.from_dict(presets_item_data)



            presets.append(presets_item)


        ranking_tables = RulesetDetailRankingTables.from_dict(d.pop("ranking_tables"))




        rules = d.pop("rules")

        def _parse_teams(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        teams = _parse_teams(d.pop("teams"))


        ruleset_detail = cls(
            computer_levels=computer_levels,
            description=description,
            id=id,
            name=name,
            options=options,
            options_schema=options_schema,
            players=players,
            presets=presets,
            ranking_tables=ranking_tables,
            rules=rules,
            teams=teams,
        )


        ruleset_detail.additional_properties = d
        return ruleset_detail

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
