"""The spectator's view: the public facts of a match, for a shared screen (the spectator token).

The rules show ``SPECTATOR`` (seat -1) the public facts only: no hand, nothing hidden, no legal
actions. This module holds the matches layer's own check on that promise, since a game whose view
does not know the spectator yet could read seat -1 as "the last seat" and show its hand: a view
for the spectator that carries a hand (``hand`` set, or every seat's ``hands``) or any legal
action is never answered, nor is one the game refuses to build; the caller gets
``SpectatorUnsupported`` (the game does not serve spectators yet) instead.
"""

from __future__ import annotations

from typing import Any

from service.matches.documents import MatchDocument
from service.matches.errors import SpectatorUnsupported
from service.rules.errors import RuleError
from service.rules.messages import Msg
from service.rules.ruleset import SPECTATOR


def spectator_view(doc: MatchDocument) -> dict[str, Any]:
    """The match as the spectator sees it, or SpectatorUnsupported (see the module docstring)."""
    refusal = SpectatorUnsupported(Msg("matches.spectator_unsupported", ruleset=doc.ruleset.id))
    try:
        view = dict(doc.ruleset.view(doc.state, SPECTATOR))
    except RuleError as err:  # the game does not take seat -1 as a viewer yet
        raise refusal from err
    if view.get("hand") is not None or "hands" in view or view.get("legal_actions"):
        raise refusal
    return view
