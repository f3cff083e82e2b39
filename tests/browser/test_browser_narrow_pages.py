"""Every page on a small phone held upright (360 px wide), in English and Japanese: nothing is
wider than the screen, so nothing needs sideways scrolling. The match page with its rounds table
(a deal code, a form and a link per round) is the one most likely to overflow."""

import pytest
from browser_support import LiveRoomTestCase

from games.sevens import RuleSet
from tests.history_support import play, seats, store

pytestmark = pytest.mark.browser

PAGES = [
    "/",
    "/rules/",
    "/help/",
    "/tips/",
    "/privacy/",
    "/about/cpu/",
    "/rankings/",
    "/matches/",
    "/deal/",
    "/replays/upload/",
    "/accounts/login/",
    "/accounts/signup/",
]
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


class TestNarrowPages(LiveRoomTestCase):
    def setUp(self):
        # The ORM first: once Playwright runs its loop in this thread the test leaves it alone.
        match = play(RuleSet(rounds=3), seed=7, seats=seats("human", "easy", "medium", "hard"))
        self.stored = store(match)
        super().setUp()

    def test_no_page_scrolls_sideways_on_a_small_phone(self):
        wide = []
        for language in ("en", "ja"):
            page = self.new_page(width=360, height=780)
            page.context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
            for path in [*PAGES, f"/matches/{self.stored.pk}/"]:
                page.goto(self.url(path))
                overflow = page.evaluate(OVERFLOW)
                if overflow > 0:
                    wide.append(f"{language} {path}: {overflow}px")
        assert wide == []
