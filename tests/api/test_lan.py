"""The page's address for a phone on the same network (``GET /v1/lan``, ``service/lan.py``): given
to a request from the host that runs the service only, and only where the service listens on the
network; gunicorn's master logs it at start."""

from __future__ import annotations

import re

from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.lan import lan_ip, lan_url
from tests.matches.gunicorn_server import Gunicorn

LOCAL = {"REMOTE_ADDR": "127.0.0.1"}


def _app(host: str = "0.0.0.0", port: int = 8000) -> Flask:
    return create_app(Settings(host=host, port=port))


def test_this_host_has_a_lan_address() -> None:
    ip = lan_ip()
    assert ip is not None and not ip.startswith("127."), ip
    assert lan_url("0.0.0.0", 8000) == f"http://{ip}:8000/"
    assert lan_url("::", 8123) == f"http://{ip}:8123/"
    assert lan_url(ip, 8000) == f"http://{ip}:8000/"
    assert lan_url("127.0.0.1", 8000) is None  # bound to loopback: no phone reaches it


def test_given_to_this_host_only() -> None:
    client = _app().test_client()
    url = f"http://{lan_ip()}:8000/"
    for host, remote in (("127.0.0.1:8000", "127.0.0.1"), ("localhost:8000", "127.0.0.1"), ("[::1]:8000", "::1")):
        answer = client.get("/v1/lan", headers={"Host": host}, environ_base={"REMOTE_ADDR": remote})
        assert answer.status_code == 200 and answer.get_json() == {"url": url}, (host, answer.get_json())
    # a phone on the network, and a proxy on this host passing on another host's request
    for host, remote in (("192.168.1.20:8000", "192.168.1.30"), ("127.0.0.1:8000", "192.168.1.30"),
                         ("referee.example:443", "127.0.0.1"), ("[::1", "127.0.0.1")):
        answer = client.get("/v1/lan", headers={"Host": host}, environ_base={"REMOTE_ADDR": remote})
        assert answer.status_code == 200 and answer.get_json() == {"url": None}, (host, remote, answer.get_json())


def test_none_where_the_service_listens_on_loopback() -> None:
    client = _app(host="127.0.0.1").test_client()
    answer = client.get("/v1/lan", headers={"Host": "127.0.0.1:8000"}, environ_base=LOCAL)
    assert answer.get_json() == {"url": None}


def test_gunicorn_logs_the_address_at_start() -> None:
    with Gunicorn(workers=1, env={"HOST": "0.0.0.0", "LOG_LEVEL": "info"}) as g:
        log = g.log_path.read_text(errors="replace")
        want = f"Open http://{lan_ip()}:{g.port}/ on a phone on the same network"
        assert want in log, g.log_tail()
    with Gunicorn(workers=1, env={"LOG_LEVEL": "info"}) as g:  # 127.0.0.1: no phone reaches it, nothing said
        assert not re.search(r"on a phone on the same network", g.log_path.read_text(errors="replace")), g.log_tail()
