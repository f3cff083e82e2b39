"""The health endpoint: 200 when the database and the channel layer answer, 503 naming the part
that does not, and never a detail an outsider could use."""

import json
from datetime import timedelta

import pytest
from django.core.management import call_command

from rooms import health
from rooms.models import Room
from tests.live_support import new_session
from tests.test_cpu_runner_resume import cpu_to_act

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


def test_a_failed_check_is_one_line_of_log_with_its_cause(client, monkeypatch, caplog):
    """A load balancer asks every few seconds: a traceback per answer buried the journal during
    an outage (the docs promise one line per record)."""

    def broken():
        raise OSError("connection refused at db.internal:5432\nis the server running?")

    monkeypatch.setattr(health, "check_database", broken)
    monkeypatch.setattr(health, "late_server_turns", broken)
    with caplog.at_level("ERROR", logger="rooms.health"):
        assert client.get("/health/").status_code == 503
        assert client.get("/health/cpu/").status_code == 503
    lines = [r for r in caplog.records if r.name == "rooms.health"]
    assert [r.getMessage() for r in lines] == [
        "health: database failed: OSError: connection refused at db.internal:5432 is the "
        "server running?",
        "health: counting the late server turns failed: OSError: connection refused at "
        "db.internal:5432 is the server running?",
    ]
    assert not [r for r in lines if r.exc_info]


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
    settings.SECURE_REDIRECT_EXEMPT = settings.HEALTH_PROBES
    assert client.get("/health/").status_code == 200
    assert client.get("/health/cpu/").status_code == 200
    assert client.get("/rules/").status_code == 301


def late(room, seconds: float) -> None:
    from django.utils import timezone

    Room.objects.filter(pk=room.pk).update(updated_at=timezone.now() - timedelta(seconds=seconds))


def test_cpu_turns_are_late_while_nobody_plays_them_and_ok_once_a_worker_does(client, settings):
    """The servers play no CPU turn (SEVENS_CPU_IN_SERVER=0) and no worker runs: /health/ stays
    green, /health/cpu/ says so; a worker's pass plays the turn and it is green again."""
    settings.SEVENS_CPU_DELAY = 0
    settings.SEVENS_CPU_LATE_SECONDS = 30
    room = cpu_to_act(new_session())
    assert client.get("/health/cpu/").json() == {
        "cpu_turns": "ok",
        "late_rooms": 0,
        "oldest_seconds": 0.0,
    }  # a turn just due is not late
    late(room, 45)
    response = client.get("/health/cpu/")
    assert response.status_code == 503
    body = response.json()
    assert body["cpu_turns"] == "late" and body["late_rooms"] == 1
    assert 45 <= body["oldest_seconds"] < 60
    assert room.slug not in response.content.decode()  # a room's address is its invitation
    assert client.get("/health/").status_code == 200

    call_command("run_cpu_worker", "--once", "--stall", "0")
    response = client.get("/health/cpu/")
    assert response.status_code == 200 and response.json()["cpu_turns"] == "ok"


def test_a_human_s_turn_is_never_late_however_long_they_think(client):
    for _ in range(50):
        room = cpu_to_act(new_session())
        call_command("run_cpu_worker", "--once", "--stall", "0")  # up to the human's turn
        room.refresh_from_db()
        if room.status == Room.Status.PLAYING:  # (not a round the forced passes ended)
            break
    else:
        raise AssertionError("no deal left the human a turn")
    assert not room.auto_turn
    late(room, 3600)
    assert client.get("/health/cpu/").status_code == 200


def test_cpu_turns_answer_503_without_details_when_the_database_fails(client, monkeypatch):
    def broken():
        raise OSError("connection refused at db.internal:5432")

    monkeypatch.setattr(health, "late_server_turns", broken)
    response = client.get("/health/cpu/")
    assert response.status_code == 503
    assert response.json() == {"cpu_turns": "error"}


@pytest.mark.services
def test_it_round_trips_through_redis_when_redis_is_configured(client, settings):
    if not getattr(settings, "REDIS_URL", ""):
        pytest.skip("REDIS_URL is not set: the channel layer is in memory")
    response = client.get("/health/")
    assert response.status_code == 200, json.loads(response.content)
