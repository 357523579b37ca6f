"""The baseline for bench/http/run.py: a bare Flask endpoint that parses a JSON body and answers JSON.

``POST /bare`` reads the request's JSON and answers a JSON object whose serialised size is
``BARE_RESPONSE_BYTES`` (run.py sets it to the size of the referee's answer to the same request),
so both apps read and write the same amount. Served by the same gunicorn settings as the service.
"""

from __future__ import annotations

import os

from flask import Flask, jsonify, request

app = Flask(__name__)
app.json.sort_keys = False  # type: ignore[attr-defined]

_SIZE = int(os.environ.get("BARE_RESPONSE_BYTES", "80"))
# {"winner":3,"card":"AH","reason":"..."}: the padding makes the compact JSON exactly _SIZE bytes.
_FIXED = len('{"winner":0,"card":"","reason":""}')


@app.post("/bare")
def bare() -> object:
    data = request.get_json()
    plays = data["plays"]
    card = str(plays[-1])
    pad = max(0, _SIZE - _FIXED - len(card) - len(str(len(plays) - 1)))
    return jsonify({"winner": len(plays) - 1, "card": card, "reason": "x" * pad})
