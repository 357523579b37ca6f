"""This host's address on its local network, and the page's address there for a phone on the same
Wi-Fi (``GET /v1/lan``, and gunicorn's log at start). Imports nothing of the app: gunicorn's master
reads it before any worker is forked."""

from __future__ import annotations

import ipaddress
import socket

#: An address of a private network that the probe socket is "connected" to (no packet is sent):
#: the kernel picks the source address it would use, this host's address on its network.
_PROBE = ("10.255.255.255", 1)
_ANY = ("0.0.0.0", "::", "")


def lan_ip() -> str | None:
    """This host's address on its local network, or None where it has none but loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    ip = ipaddress.ip_address(address)
    return None if ip.is_loopback or ip.is_unspecified else address


def lan_url(host: str, port: int) -> str | None:
    """``http://<lan ip>:<port>/`` where the service bound to ``host`` is reachable from the local
    network; None where it is not (bound to loopback, or no network)."""
    ip = lan_ip()
    if ip is None or (host not in _ANY and host != ip):
        return None
    return f"http://{ip}:{port}/"
