"""``GET /v1/lan``: the address a phone on the same network opens the page at, for the page opened
on the computer that runs the service (it shows the address and its QR code there).

The address is this host's own on its local network (the source address of its default route,
found by a UDP socket's ``connect``, which sends nothing) with the port the service listens on. It
is given only to a request that came from this host itself (its peer and its ``Host`` both a
loopback address: a proxy on the same host sends another ``Host``), and only where the service
listens on every address (``HOST`` 0.0.0.0 or ::, or that address): bound to a loopback address,
no phone can reach it. gunicorn's master logs the same address at start (``gunicorn.conf.py``).
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from flask import request
from flask.wrappers import Response

from service.api.app import current_settings
from service.api.body import Blueprint, json_response
from service.api.schemas import LanSchema
from service.lan import lan_url

blp = Blueprint("lan", __name__, description="The address a phone on the same network opens.")

def _loopback(address: str | None) -> bool:
    if not address:
        return False
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address.lower() == "localhost"


def from_this_host() -> bool:
    """The request came from this host: its peer and the host it asked for are loopback addresses."""
    try:
        asked = urlsplit(f"//{request.host}").hostname
    except ValueError:  # a Host header that is no host
        return False
    return _loopback(request.remote_addr) and _loopback(asked)


@blp.route("/v1/lan", methods=["GET"])
@blp.response(200, LanSchema)
def lan() -> Response:
    """The page's address for a phone on the same network (``url``), given only to a request from
    the host that runs the service (the page opened there shows it with a QR code); null for any
    other request, and where the service is not reachable from the network (bound to loopback)."""
    settings = current_settings()
    url = lan_url(settings.host, settings.port) if from_this_host() else None
    return json_response({"url": url})
