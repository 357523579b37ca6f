"""What a proven revoke costs: the option ``revoke_penalty`` and the referee action ``settle_revoke``,
the same for every game (docs/rules/: Forty-Fives §9.9, Boerenbridge §15.5, Avinas §16.7).

A revoke (``service.rules.revokes``) is a fact the table proved; what it costs is the referee's ruling.
``settle_revoke`` names a revoke of the last finished round (``seat``, 1-based ``trick``) and rules
it ``"apply"`` or ``"waive"``, after that round is finished and before the first action of the next
one (also when that round finished the match). Everything here is the flow every game shares: when
the action is taken, which revoke it names, the refusals, the ruling kept in the revoke's record.
What a ruling changes (who scores what under each penalty) is the game's: ``Ruleset.rescored``
scores the round again with its applied revokes, from the state the round left (``Ruleset.undealt``
of the next round, which must be untouched: ``deal`` of that state gives the state now).

The stateless ``/score`` reads the round fact ``revokes_applied`` (``revokes_applied``) and each
game scores the round as ``settle_revoke`` with ``apply`` on those seats' revokes would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from service.rules.actions import Action
from service.rules.errors import IllegalAction, InvalidAction, InvalidInput, wrong_phase
from service.rules.facts import is_json_int
from service.rules.messages import Msg
from service.rules.options import OptionSpec
from service.rules.revokes import Revoke

if TYPE_CHECKING:
    from service.rules.ruleset import Ruleset

SETTLE_REVOKE = "settle_revoke"
#: the option and its values (the default first)
REVOKE_PENALTY = "revoke_penalty"
FLAG_ONLY, HAND_LOST, HAND_VOID = "flag_only", "hand_lost", "hand_void"
PENALTIES = (FLAG_ONLY, HAND_LOST, HAND_VOID)
#: a ruling as the action names it -> as the revoke's record keeps it
RULINGS = {"apply": "applied", "waive": "waived"}
APPLIED = "applied"
#: the round fact of the stateless ``/score``
REVOKES_APPLIED = "revokes_applied"

REVOKE_PENALTY_SPEC = OptionSpec(
    REVOKE_PENALTY, "enum", FLAG_ONLY, Msg("core.option.revoke_penalty"), allowed=PENALTIES
)


class RevokeRefused(IllegalAction):
    """A ``settle_revoke`` the rules refuse: ``no_such_revoke``, ``already_settled``,
    ``revoke_penalty_off``."""

    code = "no_such_revoke"


def penalty_of(options: Mapping[str, Any]) -> str:
    """The match's ``revoke_penalty`` (the default for options made before it existed)."""
    value = options.get(REVOKE_PENALTY, FLAG_ONLY)
    return value if value in PENALTIES else FLAG_ONLY


def applied_seats(revokes: Sequence[Revoke]) -> tuple[int, ...]:
    """The distinct seats with an applied revoke, in seat order."""
    return tuple(sorted({r.seat for r in revokes if r.ruling == APPLIED}))


def settle_actions(revokes: Sequence[Revoke]) -> list[dict[str, Any]]:
    """The ``settle_revoke`` actions open on these revokes (each unsettled one: apply and waive)."""
    return [
        Action(SETTLE_REVOKE, seat=r.seat, trick=r.trick, ruling=ruling).to_json()
        for r in revokes
        if r.ruling is None
        for ruling in RULINGS
    ]


def open_revokes(ruleset: Ruleset[Any], state: Any) -> tuple[Any, tuple[Revoke, ...]] | None:
    """The state the last finished round left (phase deal, or the match over) and that round's
    revokes, while they may be settled (table mode, after the round and before the next round's
    first action); None otherwise."""
    table = ruleset.table(state)
    if table.mode != "table":
        return None
    closed = state if ruleset.status(state) == "finished" else ruleset.undealt(state)
    if closed is None or (closed is not state and ruleset.deal(closed, None) != state):
        return None
    revokes = ruleset.last_round_revokes(closed)
    return None if revokes is None else (closed, revokes)


def settle_revoke(ruleset: Ruleset[Any], state: Any, action: Action) -> Any:
    """The state after the referee's ``settle_revoke`` (``action``); a RuleError changes nothing.

    The state returned is the one the round would have left with these rulings: phase deal (the
    caller deals the next round, the same dealer's again for a void round) or the match over."""
    ruling = RULINGS.get(action.ruling or "")
    if ruling is None:
        raise InvalidAction(Msg("core.settle.bad_ruling", rulings=", ".join(RULINGS)), legal=list(RULINGS))
    if not is_json_int(action.trick) or action.seat is None:
        raise InvalidAction(Msg("core.settle.needs_seat_trick"))
    found = open_revokes(ruleset, state)
    if found is None:
        raise wrong_phase(Msg("core.settle.wrong_phase"), ())
    closed, revokes = found
    index = next((i for i, r in enumerate(revokes) if (r.seat, r.trick) == (action.seat, action.trick)), None)
    if index is None:
        raise RevokeRefused(
            Msg("core.settle.no_such_revoke", seat=action.seat, trick=action.trick), legal=settle_actions(revokes)
        )
    revoke = revokes[index]
    if revoke.ruling is not None:
        raise RevokeRefused(
            Msg("core.settle.already_settled", seat=revoke.seat, trick=revoke.trick, ruling=revoke.ruling),
            code="already_settled",
            legal=settle_actions(revokes),
        )
    if ruling == APPLIED and penalty_of(ruleset.table(state).options) == FLAG_ONLY:
        raise RevokeRefused(
            _penalty_off(),
            code="revoke_penalty_off",
            legal=[a for a in settle_actions(revokes) if a["ruling"] == "waive"],
        )
    settled = (*revokes[:index], replace(revoke, ruling=ruling), *revokes[index + 1 :])
    return ruleset.rescored(closed, settled)


def revokes_applied(
    facts: Mapping[str, Any], options: Mapping[str, Any], n_players: int | None
) -> tuple[dict[str, Any], tuple[int, ...]]:
    """The round facts without ``revokes_applied``, and its seats (distinct, sorted; () when not
    given). Refused: under ``"flag_only"`` (``revoke_penalty_off``), a value that is not a list of
    distinct seats of the table (``n_players``; None: checked by the game once it knows them)."""
    if not isinstance(facts, Mapping) or REVOKES_APPLIED not in facts:
        return dict(facts) if isinstance(facts, Mapping) else facts, ()
    rest = {k: v for k, v in facts.items() if k != REVOKES_APPLIED}
    given = facts[REVOKES_APPLIED]
    last = None if n_players is None else n_players - 1
    if (
        not isinstance(given, list)
        or not all(is_json_int(s) and s >= 0 for s in given)
        or len(set(given)) != len(given)
        or (last is not None and any(s > last for s in given))
    ):
        raise InvalidInput(
            Msg("core.settle.bad_revokes_applied", fact=REVOKES_APPLIED, last=last if last is not None else "?")
        )
    if penalty_of(options) == FLAG_ONLY:
        raise RevokeRefused(
            _penalty_off(), code="revoke_penalty_off"
        )
    return rest, tuple(sorted(given))


def check_seats(seats: Sequence[int], n_players: int) -> None:
    """``revokes_applied`` seats against the table the facts give (400 ``invalid_input``)."""
    if any(s >= n_players for s in seats):
        raise InvalidInput(Msg("core.settle.bad_revokes_applied", fact=REVOKES_APPLIED, last=n_players - 1))


def _penalty_off() -> Msg:
    """The option that makes a revoke cost nothing, by its title and its value's title."""
    return Msg("core.settle.penalty_off", option=Msg(f"core.option.{REVOKE_PENALTY}.title"),
               value=Msg(f"core.option.{REVOKE_PENALTY}.value.{FLAG_ONLY}"))
