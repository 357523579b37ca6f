"""A WSGI app for gunicorn tests and benchmarks: the service, with the ``mini_tricks`` test ruleset
registered beside the real ones (so the matches machinery can be measured apart from any game)."""

from service.api.app import create_app
from service.rules.registry import RULESETS
from tests.matches.mini_ruleset import MINI

RULESETS.setdefault(MINI.id, MINI)
app = create_app()
