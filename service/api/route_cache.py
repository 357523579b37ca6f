"""The URL rules a worker matched recently, kept: ``cache_matches(url_map)``.

werkzeug finds a request's rule by walking its state machine of every route, part by part of the
path, on every request (2 to 4 µs of a rules request in process, most of what the service's routes cost
beyond a one-route app). The routes do not change once the app is built, so the rule and values a
(host, path, method) matched are kept (``Bounded``, the least recently used let go first) and the
next request with the same ones takes them from there. Only matches are kept: a path that matches
no rule, a redirect, a method the rule does not take go through werkzeug each time, with its own
answer. A rule added after this is in place (a test's route) empties what was kept.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

from werkzeug.routing import Map, Rule

from service.rules.bounded import Bounded

#: matched (host, path, method) kept per worker: the rules paths of every ruleset and the recent matches'
SIZE = 2048

Match = tuple[Rule, MutableMapping[str, Any]]


def cache_matches(url_map: Map, size: int = SIZE) -> None:
    """Keep the matches of ``url_map``'s matcher (the module docstring)."""
    matcher = url_map._matcher
    walk: Callable[[str, str, str, bool], Match] = matcher.match
    kept: Bounded[tuple[str, str, str, bool], Match] = Bounded(size)
    rules_seen = [len(url_map._rules)]

    def match(domain: str, path: str, method: str, websocket: bool) -> Match:
        key = (domain, path, method, websocket)
        if len(url_map._rules) != rules_seen[0]:  # a rule was added since: what was kept may be wrong
            kept.clear()
            rules_seen[0] = len(url_map._rules)
        found = kept.get(key)
        if found is None:
            rule, values = walk(domain, path, method, websocket)
            kept.put(key, (rule, dict(values)))
            return rule, values
        rule, values = found
        return rule, dict(values)  # the caller's own copy (Flask's view_args)

    matcher.match = match  # type: ignore[method-assign]
