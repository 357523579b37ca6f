"""Avinas exposures: the #4 and #8 of every hand, and the game they choose (docs/rules/avinas.md
§4.2, §5, §5.1).

* The #4 and #8 of each opponent of the dealer (seats D+1 and D+3) are turned face up for everybody;
  the dealer examines his own and his partner's, and any seven among them is exposed to everybody,
  the others staying private (§4.2).
* The exposure positions in dealing order: D+1#4, D+2#4, D+3#4, D#4, D+1#8 ... D#8 (§5). With an
  exposed seven, the last one fixes trumps and the declarer: the sevens game, whose knock window
  comes next (§5.1, ``knocking``); without one, the no-seven game's auction (§5.2, ``auction``).

A dealt hand has its exposures at the deal (``dealt_exposures``). In table mode (hands unknown) the
referee reports the 8 positions in dealing order, one ``expose`` action each: ``seat`` = the holder;
``cards`` = [the card] for the dealer's opponents, [a seven] or [] for the dealer's side. What each
seat is shown of them is in ``view`` (§4.3).
"""

from __future__ import annotations

from service.rules.actions import Action, actions_json
from service.rules.cards import DECK_32, Card, Rank
from service.rules.errors import CardAlreadyPlayed, IllegalAction, IllegalPlay, InvalidAction
from service.rules.games.avinas.actions import EXPOSE_CARD, EXPOSE_NONE
from service.rules.games.avinas.ranking import PACK
from service.rules.games.avinas.state import AUCTION, KNOCK, Exposure, HandState, opponent_of_dealer, position_of
from service.rules.messages import Msg
from service.rules.slots import evolve

_SEVEN = Rank.SEVEN


def dealt_exposures(dealt: tuple[tuple[Card, ...], ...], dealer: int) -> tuple[Exposure, ...]:
    """The 8 exposure positions of a dealt hand in dealing order, each public or not (§4.2)."""
    exposures = []
    for index in range(8):
        seat, position = position_of(index, dealer)
        c = dealt[seat][position - 1]
        exposures.append(Exposure(seat, position, c, opponent_of_dealer(seat, dealer) or c.rank is _SEVEN))
    return tuple(exposures)


def after_exposures(hand: HandState) -> HandState:
    """The hand once its 8 exposures are known: the sevens game's knock window with its trump and
    declarer (the last exposed seven), or the no-seven game's auction (§5)."""
    sevens = [e for e in hand.exposures if e.public and e.card is not None and e.card.rank is _SEVEN]
    if not sevens:
        return evolve(hand, phase=AUCTION, game="no_seven")
    last = sevens[-1]
    assert last.card is not None
    return evolve(hand, phase=KNOCK, game="sevens", trump=last.card.suit, declarer=last.seat)


def to_act(hand: HandState) -> tuple[int, ...]:
    """The holder of the next exposure position (table mode)."""
    return (position_of(len(hand.exposures), hand.dealer)[0],)


def actions(hand: HandState, seat: int) -> list[Action]:
    """What the table may show of ``seat``'s next exposure: any card not yet exposed (the dealer's
    opponents), or nothing or a seven (the dealer's side)."""
    seen = {e.card for e in hand.exposures if e.card is not None}
    if opponent_of_dealer(seat, hand.dealer):
        return [action for c, action in EXPOSE_CARD[seat].items() if c not in seen]
    exposes = EXPOSE_CARD[seat]
    return [EXPOSE_NONE[seat]] + [exposes[c] for c in DECK_32 if c.rank is _SEVEN and c not in seen]


def apply(hand: HandState, action: Action) -> HandState:
    """One exposure reported (table mode); after the 8th, the game it makes (``after_exposures``)."""
    seat = action.seat
    assert seat is not None
    given = action.cards if action.cards is not None else ((action.card,) if action.card is not None else None)
    if given is None:
        raise InvalidAction(Msg("avinas.expose.cards_missing"))
    index = len(hand.exposures)
    _, position = position_of(index, hand.dealer)
    legal = actions_json(actions(hand, seat))
    public_side = opponent_of_dealer(seat, hand.dealer)
    if public_side and len(given) != 1:
        raise IllegalAction(
            Msg("avinas.expose.required", seat=seat, position=position),
            code="exposure_required", legal=legal,
        )
    if len(given) > 1:
        raise IllegalAction(Msg("avinas.expose.one_card", seat=seat, position=position),
                            code="one_card_per_exposure", legal=legal)
    c = given[0] if given else None
    if c is not None:
        if c not in PACK:
            raise IllegalPlay(Msg("avinas.not_in_pack", card=c), code="card_not_in_pack", legal=legal)
        if not public_side and c.rank is not _SEVEN:
            raise IllegalAction(
                Msg("avinas.expose.only_sevens", seat=seat, position=position, card=c),
                code="only_sevens_exposed", legal=legal,
            )
        if any(e.card is c for e in hand.exposures):
            raise CardAlreadyPlayed(Msg("avinas.expose.already_exposed", card=c), legal=legal)
    exposures = (*hand.exposures, Exposure(seat, position, c, c is not None))
    new = evolve(hand, exposures=exposures)
    if len(exposures) == 8:
        new = after_exposures(new)
    return new
