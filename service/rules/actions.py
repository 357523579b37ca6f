"""Actions: one move in any ruleset (``{"type": "play", "seat": 2, "card": "5H"}``), read and written."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from service.rules.cards import Card, Suit
from service.rules.errors import InvalidAction
from service.rules.facts import is_json_int, refuse_unknown_fields
from service.rules.messages import Msg
from service.rules.shared import ReadOnlyDict
from service.rules.slots import slot_maker

#: the JSON of each prebuilt action (``made_once``), by the action's id, with the action itself (kept
#: alive, so its id is never another object's); not part of the action's value, so the codec and
#: ``dataclasses`` see none of it
_WRITTEN: dict[int, tuple[Action, ReadOnlyDict]] = {}

ACTION_KEYS = ("type", "seat", "card", "cards", "amount", "suit", "face_down", "result", "trick", "ruling")


@dataclass(frozen=True, slots=True)
class Action:
    """One move, in every ruleset: ``{"type": "play", "seat": 2, "card": "5H"}`` and the like.

    Fields beyond ``type`` and ``seat`` are set only where the action type uses them:
    ``card`` (play; the discard of a rob; a reported turn-up), ``cards`` (discards; exposures),
    ``amount`` (bids, declarations), ``suit`` (naming trump), ``face_down`` (a face-down lead),
    ``result`` (the round facts of a table-mode ``round_result``, as ``score_round`` reads them),
    ``trick`` and ``ruling`` (the referee's ``settle_revoke``: the 1-based trick of the revoke by
    ``seat``, and ``"apply"`` or ``"waive"``).
    ``amount`` may be None for a bid type that needs none.
    """

    type: str
    seat: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] | None = None
    amount: int | None = None
    suit: Suit | None = None
    face_down: bool = False
    result: Mapping[str, Any] | None = field(default=None, compare=False, hash=False)
    trick: int | None = None
    ruling: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The action's JSON (a copy of it, for a prebuilt action: ``made_once``); a list of actions
        is written by ``actions_json``."""
        kept = _WRITTEN.get(id(self))
        return self._json() if kept is None else dict(kept[1])

    def _json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.card is not None:
            out["card"] = self.card.text
        if self.cards is not None:
            out["cards"] = [c.text for c in self.cards]
        if self.amount is not None:
            out["amount"] = self.amount
        if self.suit is not None:
            out["suit"] = self.suit.value
        if self.face_down:
            out["face_down"] = True
        if self.result is not None:
            out["result"] = dict(self.result)
        if self.trick is not None:
            out["trick"] = self.trick
        if self.ruling is not None:
            out["ruling"] = self.ruling
        return out

    @classmethod
    def from_json(cls, data: Any, fields: Mapping[str, tuple[str, ...]] | None = None) -> Action:
        """Read an action object; raise InvalidAction/InvalidCard for anything unreadable.

        ``fields``: for each action type a game has, the fields it carries besides ``type`` and
        ``seat`` (``Ruleset.action_fields``); any other field of an action of that type is refused as
        ``unknown_field`` before a value is read, like a field no action has."""
        if not isinstance(data, Mapping):
            raise InvalidAction(Msg("core.action_not_object"))
        refuse_unknown_fields(data, ACTION_KEYS, InvalidAction, "core.action_unknown_fields")
        kind = data.get("type")
        if not isinstance(kind, str) or not kind:
            raise InvalidAction(Msg("core.action_needs_type"))
        if fields is not None and kind in fields:
            _check_fields_of(kind, data, fields[kind])
        seat = data.get("seat")
        if seat is not None and (not is_json_int(seat) or seat < 0):
            raise InvalidAction(Msg("core.action_bad_seat"))
        card = data.get("card")
        cards = data.get("cards")
        if cards is not None and not isinstance(cards, list):
            raise InvalidAction(Msg("core.action_bad_cards"))
        amount = data.get("amount")
        if amount is not None and not is_json_int(amount):
            raise InvalidAction(Msg("core.action_bad_amount"))
        suit = data.get("suit")
        face_down = data.get("face_down", False)
        if not isinstance(face_down, bool):
            raise InvalidAction(Msg("core.action_bad_face_down"))
        result = data.get("result")
        if result is not None and not isinstance(result, Mapping):
            raise InvalidAction(Msg("core.action_bad_result"))
        trick = data.get("trick")
        if trick is not None and (not is_json_int(trick) or trick < 1):
            raise InvalidAction(Msg("core.action_bad_trick"))
        ruling = data.get("ruling")
        if ruling is not None and not isinstance(ruling, str):
            raise InvalidAction(Msg("core.action_bad_ruling"))
        # the fields in order, for the constructor that sets the slots directly (every posted action)
        return (_MAKE_ACTION if cls is Action else cls)(
            kind,
            seat,
            Card.parse(card) if card is not None else None,
            tuple(Card.parse(c) for c in cards) if cards is not None else None,
            amount,
            Suit.parse(suit) if suit is not None else None,
            face_down,
            result,
            trick,
            ruling,
        )


#: ``Action(...)`` with every field in order, setting the slots directly (``rules/slots.py``)
_MAKE_ACTION = slot_maker(Action)


def _check_fields_of(kind: str, data: Mapping[str, Any], own: tuple[str, ...]) -> None:
    """Refuse (``unknown_field``) a field that an action of type ``kind`` does not carry."""
    refuse_unknown_fields(data, ("type", "seat", *own), InvalidAction, "core.action_stray_fields", type=kind)


def acting_seat(action: Action, n_players: int) -> int:
    """The seat an action is taken for; InvalidAction when it names none or one not at the table."""
    seat = action.seat
    if seat is None or not 0 <= seat < n_players:
        raise InvalidAction(Msg("core.action_needs_seat", type=action.type, last=n_players - 1, seat=seat))
    return seat


def actions_json(actions: Iterable[Action]) -> list[dict[str, Any]]:
    """Each action's JSON, as ``Action.to_json`` writes it (each the caller's own), in one pass with
    no call per action but the copy or the writing."""
    kept = _WRITTEN.get
    return [a._json() if (k := kept(id(a))) is None else dict(k[1]) for a in actions]


def shown_actions_json(actions: Iterable[Action]) -> list[dict[str, Any]]:
    """``actions_json`` for a view's ``legal_actions``, which lists dozens of actions at every step
    (bench/README.md): a prebuilt action's JSON is its one JSON, read-only and shared by every view
    that lists it (``service.rules.shared``), not a copy."""
    kept = _WRITTEN.get
    return [a._json() if (k := kept(id(a))) is None else k[1] for a in actions]


def shown_table(actions: Iterable[Action]) -> tuple[dict[str, Any], ...]:
    """The JSON ``shown_actions_json`` gives for each of a table of prebuilt actions (``made_once``),
    in the table's order: a view's list picked from it directly needs no look-up per action."""
    return tuple(_WRITTEN[id(a)][1] for a in actions)


def made_once(action: Action) -> Action:
    """``action``, as one of a game's prebuilt actions (a table of every play of every seat), kept
    for the life of the process: its JSON is written now, read-only; ``to_json`` and ``actions_json``
    hand out copies of it, ``shown_actions_json`` (a view's list) the JSON itself. A referee's view of
    a table-mode match lists dozens of plays at every step, each written afresh before
    (``bench/HISTORY.md``, "Codec"), then copied, and now neither. Only actions whose JSON holds no
    list or mapping are taken."""
    if action.cards is not None or action.result is not None:
        raise ValueError("made_once takes actions whose JSON holds scalars only")
    _WRITTEN[id(action)] = (action, ReadOnlyDict(action._json()))
    return action
