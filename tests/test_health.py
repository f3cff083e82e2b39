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
    # A Redis nobody listens on: the layer cannot send (refused at once). The time allowed is
    # generous: on a loaded machine the database's answer took over a second (CI failed on
    # a 1 s limit with the database "timeout").
    settings.SEVENS_HEALTH_TIMEOUT = 5.0
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


def test_it_refuses_anything_but_get_and_head(client):
    assert client.post("/health/").status_code in (403, 405)
    assert client.head("/health/").status_code == 200  # uptime monitors often ask with HEAD


def test_it_answers_503_when_a_migration_is_not_applied(client, monkeypatch):
    """A forgotten `migrate` after an upgrade: the database answers, but this code's tables are
    not there; every page would fail while a bare `SELECT 1` passed."""
    newest = [*health.newest_migrations(), ("rooms", "9999_future")]
    monkeypatch.setattr(health, "newest_migrations", lambda: newest)
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["database"] == "error"
    assert "9999" not in response.content.decode()


def test_a_probe_over_plain_http_gets_its_answer_not_a_redirect(client, settings):
    """With the secure settings on (a real host behind a proxy), a load balancer asking a
    process directly over HTTP is answered, not sent to https."""
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_REDIRECT_EXEMPT = [r"^health/$"]
    assert client.get("/health/").status_code == 200
    assert client.get("/rules/").status_code == 301


@pytest.mark.services
def test_it_round_trips_through_redis_when_redis_is_configured(client, settings):
    if not getattr(settings, "REDIS_URL", ""):
        pytest.skip("REDIS_URL is not set: the channel layer is in memory")
    response = client.get("/health/")
    assert response.status_code == 200, json.loads(response.content)
