"""Rows are deleted after 30 days: `manage.py purge_stats`, and the site's own hourly loop."""

import asyncio
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from stats.models import PlayEvent
from stats.schedule import Purger, purging


def aged(days: float) -> PlayEvent:
    event = PlayEvent.objects.create(event="webgl_failed", webgl_failed=True)
    PlayEvent.objects.filter(pk=event.pk).update(created_at=timezone.now() - timedelta(days=days))
    return event


@pytest.mark.django_db
def test_it_deletes_rows_older_than_30_days(capsys):
    old, older = aged(30.01), aged(45)
    recent, today = aged(29.9), aged(0)
    call_command("purge_stats")
    assert set(PlayEvent.objects.values_list("pk", flat=True)) == {recent.pk, today.pk}
    assert "2 play-statistics events deleted" in capsys.readouterr().out
    assert old.pk and older.pk


@pytest.mark.django_db(transaction=True)
async def test_it_purges_on_a_schedule_started_by_the_first_request(settings, monkeypatch):
    # database_sync_to_async, not sync_to_async: it closes the database thread's connection
    # after each call, which on PostgreSQL must not outlive the test database.
    from channels.db import database_sync_to_async

    settings.STATS_PURGE_SECONDS = 0.05
    purger = Purger()
    monkeypatch.setattr("stats.schedule.purger", purger)
    seen = []

    async def app(scope, receive, send):
        seen.append(scope["type"])

    wrapped = purging(app)
    await database_sync_to_async(aged)(31)
    await wrapped({"type": "http"}, None, None)
    first = purger.task
    await wrapped({"type": "http"}, None, None)
    assert purger.task is first  # one loop per process, not one per request
    for _ in range(100):
        if purger.runs >= 2:
            break
        await asyncio.sleep(0.02)
    assert purger.runs >= 2
    assert await database_sync_to_async(PlayEvent.objects.count)() == 0
    assert seen == ["http", "http"]
    await purger.stop()


async def test_it_leaves_websockets_alone(monkeypatch):
    purger = Purger()
    monkeypatch.setattr("stats.schedule.purger", purger)

    async def app(scope, receive, send):
        return None

    await purging(app)({"type": "websocket"}, None, None)
    assert purger.task is None
