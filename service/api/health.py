"""``GET /healthz``: the process is up and answering (liveness). It touches no store."""

from __future__ import annotations

from flask.wrappers import Response

from service.api.body import Blueprint, json_response
from service.api.schemas import HealthSchema

blp = Blueprint("health", __name__, description="Liveness of the process.")


@blp.route("/healthz", methods=["GET"])
@blp.response(200, HealthSchema)
def healthz() -> Response:
    """The process is up. Never touches Redis or any other dependency."""
    return json_response({"status": "ok"})
