"""The play statistics in admin: read-only rows, and counts per day and per mode."""

from datetime import timedelta

import pytest
from django.utils import timezone

from stats.models import PlayEvent

pytestmark = pytest.mark.django_db


def on(days_ago: int, **fields) -> None:
    event = PlayEvent.objects.create(**fields)
    when = timezone.now() - timedelta(days=days_ago)
    PlayEvent.objects.filter(pk=event.pk).update(created_at=when)


def test_it_counts_events_per_day_and_per_mode(admin_client):
    on(0, event="match_start", mode="cpu")
    on(0, event="match_end", mode="cpu", result="win")
    on(0, event="match_start", mode="friend")
    on(2, event="match_start", mode="hotseat")
    on(2, event="webgl_failed", webgl_failed=True)
    response = admin_client.get("/admin/stats/playevent/summary/")
    days = response.context["days"]
    today, earlier = days
    assert today["day"] == timezone.now().date()
    assert today["total"] == 3
    assert dict(zip(response.context["modes"], today["modes"], strict=True)) == {
        "cpu": 2,
        "hotseat": 0,
        "friend": 1,
    }
    assert (
        dict(zip(response.context["events"], earlier["events"], strict=True))["webgl_failed"] == 1
    )
    assert earlier["modes"] == [0, 1, 0]
    assert 'data-day="' in response.content.decode()


def test_it_shows_the_rows_read_only(admin_client):
    on(0, event="match_start", mode="cpu", game_kind="japanese")
    event = PlayEvent.objects.get()
    assert admin_client.get("/admin/stats/playevent/add/").status_code == 403
    page = admin_client.get(f"/admin/stats/playevent/{event.pk}/change/").content.decode()
    assert "_save" not in page
    changelist = admin_client.get("/admin/stats/playevent/", {"mode__exact": "cpu"})
    assert changelist.context["cl"].result_count == 1
    assert "/admin/stats/playevent/summary/" in changelist.content.decode()
