"""The statistics endpoint stores one event per POST when the switch is on (the default)."""

import json
import re
from datetime import UTC

import pytest
from django.test import Client

from stats.models import PlayEvent

pytestmark = pytest.mark.django_db

MATCH_END = {
    "event": "match_end",
    "game_kind": "japanese",
    "mode": "cpu",
    "cpu_level": "hard",
    "players": 4,
    "rounds": 3,
    "result": "win",
    "moves": 187,
    "duration": "5to15m",
    "phone": False,
    "memory": "ge8gb",
    "cores": "3to4",
    "browser": "firefox",
    "os": "linux",
}


def post(client, body, **extra):
    return client.post("/stats/event/", json.dumps(body), content_type="application/json", **extra)


def test_it_stores_a_match_end_with_exactly_the_fields_sent(client):
    assert post(client, MATCH_END).status_code == 204
    event = PlayEvent.objects.get()
    stored = {key: getattr(event, key) for key in MATCH_END}
    assert stored == MATCH_END
    assert event.webgl_failed is False and event.connected is None


def test_it_stores_a_friend_connection_and_a_3d_failure(client):
    post(
        client, {"event": "friend_connection", "mode": "friend", "connected": True, "reconnects": 2}
    )
    post(client, {"event": "webgl_failed", "browser": "safari", "os": "ios", "phone": True})
    post(client, {"event": "render_speed", "render_speed": "150to500ms"})
    # (by event: the rows' keys are random, and say nothing of the order they came in)
    friend, speed, webgl = PlayEvent.objects.order_by("event")
    assert (friend.event, friend.connected, friend.reconnects) == ("friend_connection", True, 2)
    assert (webgl.event, webgl.webgl_failed, webgl.phone, webgl.os) == (
        "webgl_failed",
        True,
        True,
        "ios",
    )
    assert speed.render_speed == "150to500ms"


def test_it_needs_the_csrf_token():
    browser = Client(enforce_csrf_checks=True)
    assert post(browser, MATCH_END).status_code == 403
    assert not PlayEvent.objects.exists()

    page = browser.get("/").content.decode()  # the footer's switch carries the script's token
    token = re.search(r'id="stats-switch"[^>]*data-csrf="([^"]+)"', page).group(1)
    assert post(browser, MATCH_END, HTTP_X_CSRFTOKEN=token).status_code == 204
    assert PlayEvent.objects.count() == 1


def test_it_refuses_a_get(client):
    assert client.get("/stats/event/").status_code == 405


def test_it_refuses_json_nested_too_deep_for_the_parser(client):
    body = "[" * 1024 + "]" * 1024  # within the 2 KB a body may have
    response = client.post("/stats/event/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "not_json"
    assert not PlayEvent.objects.exists()


def test_it_stores_the_time_to_the_hour_only():
    """A time to the second could be matched with the web server's access log, which holds the
    addresses the statistics never keep."""
    from datetime import datetime
    from unittest import mock

    moment = datetime(2026, 12, 6, 10, 47, 31, 123456, tzinfo=UTC)
    with mock.patch("django.utils.timezone.now", return_value=moment):
        assert post(Client(), MATCH_END).status_code == 204
    assert PlayEvent.objects.get().created_at == moment.replace(minute=0, second=0, microsecond=0)


def test_its_rows_keys_say_nothing_of_the_order_they_came_in():
    """A counter would number the rows in the order the access log's POST /stats/event/ lines
    (which hold addresses) came in, and match them one by one, however coarse the rows' time."""
    from stats.events import record_event

    field = PlayEvent._meta.pk
    assert field.get_internal_type() == "UUIDField" and not field.editable
    keys = [record_event({"event": "render_speed", "render_speed": "lt50ms"}).pk for _ in range(40)]
    assert len(set(keys)) == 40 and all(k.version == 4 for k in keys)  # random, not time-based
    assert keys != sorted(keys)
    # nor are they listed in that order (the database keeps it: SQLite's rowid)
    listed = list(PlayEvent.objects.values_list("pk", flat=True))
    assert listed == sorted(keys) and listed != keys
