"""The baseline: a bare Flask endpoint doing one Redis GET and one SET, nothing else.

    REDIS_URL=redis://127.0.0.1:6379/0 gunicorn -c gunicorn.conf.py bench.matches.bare_app:app

``POST /bare/<key>`` reads the key, writes the request body under it, and answers a small JSON
object. It uses the same redis-py client settings as the service's store, so the comparison is
the service's own work (tokens, rules, JSON, compare-and-set) against one round trip each way.
"""

from __future__ import annotations

import os

import redis
from flask import Flask, jsonify, request
from flask.wrappers import Response

from service.api.config import Settings

app = Flask(__name__)
_client = redis.Redis.from_url(os.environ["REDIS_URL"], **Settings.from_env().redis_options.client_kwargs())


@app.post("/bare/<key>")
def bare(key: str) -> Response:
    before = _client.get(f"bare:{key}")
    _client.set(f"bare:{key}", request.get_data())
    return jsonify({"key": key, "had": before is not None})


@app.get("/healthz")
def healthz() -> Response:
    return jsonify({"status": "ok"})
