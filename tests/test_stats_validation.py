"""The endpoint takes only the closed value sets of the privacy page; anything else is refused
and nothing is stored."""

import json

import pytest

from stats.models import PlayEvent

pytestmark = pytest.mark.django_db

BAD = [
    (
        {"event": "match_start", "mode": "cpu", "game_kind": "japanese", "room": "abc"},
        "unknown_key",
    ),
    (
        {"event": "match_start", "mode": "cpu", "game_kind": "japanese", "ip": "1.2.3.4"},
        "unknown_key",
    ),
    ({"event": "webgl_failed", "gpu": "ANGLE (NVIDIA)"}, "unknown_key"),
    (
        {
            "event": "match_end",
            "mode": "cpu",
            "game_kind": "japanese",
            "result": "win",
            "moves": [["play", "7D"]],
        },
        "bad_value",
    ),
    (
        {"event": "match_start", "mode": "cpu", "game_kind": "japanese", "result": "win"},
        "unknown_key",
    ),
    ({"event": "match_start", "mode": "solo", "game_kind": "japanese"}, "bad_value"),
    ({"event": "match_start", "mode": "cpu", "game_kind": "gomoku"}, "bad_value"),
    ({"event": "match_start", "mode": "cpu", "game_kind": "japanese", "players": 5}, "bad_value"),
    ({"event": "match_start", "mode": "cpu", "game_kind": "japanese", "players": "4"}, "bad_value"),
    (
        {"event": "match_start", "mode": "cpu", "game_kind": "japanese", "players": True},
        "bad_value",
    ),
    ({"event": "friend_connection", "connected": 1}, "bad_value"),
    ({"event": "friend_connection", "connected": True, "reconnects": -1}, "bad_value"),
    ({"event": "render_speed", "render_speed": "12ms"}, "bad_value"),
    ({"event": "render_speed"}, "missing"),
    ({"event": "match_end", "mode": "cpu", "game_kind": "japanese"}, "missing"),
    ({"event": "pageview"}, "bad_value"),
    ({"mode": "cpu"}, "bad_value"),
    (["match_start"], "not_an_object"),
]


@pytest.mark.parametrize(("body", "code"), BAD)
def test_it_refuses_what_is_not_on_the_list(client, body, code):
    response = client.post("/stats/event/", json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == code
    assert not PlayEvent.objects.exists()


def test_it_refuses_what_is_not_json(client):
    response = client.post("/stats/event/", "event=match_start", content_type="text/plain")
    assert response.status_code == 400
    assert response.json()["error"] == "not_json"


def test_it_refuses_a_large_body(client):
    body = {"event": "webgl_failed", "browser": "chrome" + " " * 3000}
    response = client.post("/stats/event/", json.dumps(body), content_type="application/json")
    assert response.status_code == 413
    assert not PlayEvent.objects.exists()
