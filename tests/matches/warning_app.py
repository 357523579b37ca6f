"""The service's WSGI app, loaded by a module that issues a Python warning first (as a library's
deprecation would): tests/matches/test_gunicorn_logs.py checks that it reaches the log as JSON."""

import warnings

warnings.warn("a warning issued while the app loads", UserWarning, stacklevel=1)

from service.wsgi import app  # noqa: E402

__all__ = ["app"]
