"""Times of matches are stored and sent in UTC; the page shows them in the reader's own time zone
and language (a player in Tokyo saw a match started at 08:30 as 23:30 the day before)."""

import datetime as dt

import pytest
from browser_support import LiveRoomTestCase
from playwright.sync_api import expect

from games.models import Match as StoredMatch
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.browser


class TestLocalTimes(LiveRoomTestCase):
    def setUp(self):
        room = cpu_room(new_session())
        started = dt.datetime(2026, 12, 5, 23, 30, tzinfo=dt.UTC)
        StoredMatch.objects.filter(room=room).update(started_at=started)
        self.slug = room.slug
        super().setUp()

    def page_in(self, zone: str, language: str):
        context = self.browser.new_context(
            timezone_id=zone, extra_http_headers={"Accept-Language": language}
        )
        self.addCleanup(context.close)
        page = context.new_page()
        page.goto(self.url(f"/matches/room/{self.slug}/"))
        return page.locator(".match-list time")

    def test_a_match_time_is_shown_in_the_readers_zone_and_language(self):
        tokyo = self.page_in("Asia/Tokyo", "ja")
        expect(tokyo).to_have_attribute("datetime", "2026-12-05T23:30:00+00:00")
        expect(tokyo).to_contain_text("2026/12/06")  # 08:30 on the 6th in Tokyo
        expect(tokyo).to_contain_text("8:30")
        expect(tokyo).not_to_contain_text("UTC")

        london = self.page_in("Europe/London", "en")
        expect(london).to_contain_text("Dec 5, 2026")
        expect(london).to_contain_text("11:30")
