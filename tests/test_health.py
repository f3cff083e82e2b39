"""The health endpoint: 200 when the database and the channel layer answer, 503 naming the part
that does not, and never a detail an outsider could use."""

import json

import pytest

from rooms import health

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_answers_ok_when_the_database_and_the_channel_layer_answer(client):
    response = client.get("/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["database"] == "ok" and body["channel_layer"] == "ok"
    assert "no-cache" in response["Cache-Control"] or "no-store" in response["Cache-Control"]


def test_it_answers_503_when_the_channel_layer_is_down(client, settings):
    # A Redis nobody listens on: the layer cannot send.
    settings.SEVENS_HEALTH_TIMEOUT = 1.0
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": "redis://127.0.0.1:9", "socket_timeout": 0.5}]},
        }
    }
    response = client.get("/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["database"] == "ok" and body["channel_layer"] in ("error", "timeout")
    assert "127.0.0.1" not in response.content.decode() and "Traceback" not in str(body)


def test_it_answers_503_when_the_database_fails(client, monkeypatch):
    def broken():
        raise OSError("connection refused at db.internal:5432")

    monkeypatch.setattr(health, "check_database", broken)
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["database"] == "error"
    assert "db.internal" not in response.content.decode()


def test_it_refuses_anything_but_get(client):
    assert client.post("/health/").status_code in (403, 405)


@pytest.mark.services
def test_it_round_trips_through_redis_when_redis_is_configured(client, settings):
    if not getattr(settings, "REDIS_URL", ""):
        pytest.skip("REDIS_URL is not set: the channel layer is in memory")
    response = client.get("/health/")
    assert response.status_code == 200, json.loads(response.content)
