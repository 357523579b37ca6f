"""GET /v1/matches/{id}/links (issue 31 item 10): the seats' tokens and the spectator's again, for
the referee's token only, so that the seat links and QR codes can be shown again on any device
holding the referee's link; a match made before they were derived says so (409 links_not_kept)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

import service.matches.creation as creation
from service.matches.tokens import new_token

NAMES = ["Ann", "Bob", "Cy"]


def made(client: FlaskClient, mode: str = "dealt") -> dict:
    answer = client.post("/v1/matches", json={"ruleset": "forty_fives", "players": NAMES, "mode": mode})
    assert answer.status_code == 201, answer.get_json()
    body: dict = answer.get_json()
    return body


def links(client: FlaskClient, match_id: str, token: str, lang: str = "en"):  # type: ignore[no-untyped-def]
    return client.get(f"/v1/matches/{match_id}/links",
                      headers={"Authorization": f"Bearer {token}", "Accept-Language": lang})


@pytest.mark.parametrize("mode", ["dealt", "table"])
def test_the_referee_reads_the_links_again(client: FlaskClient, mode: str) -> None:
    created = made(client, mode)
    answer = links(client, created["id"], created["referee_token"])
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store" and answer.headers["ETag"] == '"1"'
    body = answer.get_json()
    assert body == {"version": 1, "seats": created["seats"], "spectator_token": created["spectator_token"]}
    for seat in body["seats"]:  # each one a working seat token
        view = client.get(f"/v1/matches/{created['id']}", headers={"Authorization": f"Bearer {seat['token']}"})
        assert view.get_json()["viewer"] == {"role": "seat", "seat": seat["seat"]}
    tokens = [created["referee_token"], created["spectator_token"], *(s["token"] for s in created["seats"])]
    assert len(set(tokens)) == len(tokens) and all(len(t) >= 43 for t in tokens)


def test_no_other_token_reads_them(client: FlaskClient) -> None:
    created = made(client)
    match_id = created["id"]
    for token in [s["token"] for s in created["seats"]]:
        answer = links(client, match_id, token, "id")
        assert answer.status_code == 403 and answer.get_json()["code"] == "referee_only"
        assert answer.get_json()["detail"] == "hanya token wasit yang boleh membaca tautan kursi"
        assert all(s["token"] not in answer.get_data(as_text=True) for s in created["seats"])
    spectator = links(client, match_id, created["spectator_token"])
    assert spectator.status_code == 403 and spectator.get_json()["code"] == "spectator_read_only"
    assert links(client, match_id, new_token()).status_code == 401
    other = made(client)
    assert links(client, match_id, other["referee_token"]).status_code == 401  # another match's referee
    missing = client.get(f"/v1/matches/{match_id}/links")
    assert missing.status_code == 401 and missing.get_json()["code"] == "missing_token"


def test_a_match_made_before_says_its_links_were_not_kept(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(creation, "seat_token", lambda referee, seat: new_token())  # random, as before
    created = made(client)
    answer = links(client, created["id"], created["referee_token"], "tl")
    assert answer.status_code == 409 and answer.get_json()["code"] == "links_not_kept"
    assert answer.get_json()["detail"].startswith("hindi naitabi ang mga link ng upuan")
    assert all(s["token"] not in answer.get_data(as_text=True) for s in created["seats"])
