"""A reload in the middle of a round resumes it from the same position."""

import re

import pytest
from browser_support import (
    LiveRoomTestCase,
    connected,
    play_by_clicks,
    table_state,
    version,
    wait_for_my_turn_or_the_end,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


class TestReload(LiveRoomTestCase):
    def test_it_resumes_the_round_after_a_reload(self):
        page = self.new_page()
        page.goto(self.url("/"))
        page.locator('input[name="rounds"][value="1"]').check()
        page.locator('button[value="cpu-easy"]').click()
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(page)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        card = play_by_clicks(page)
        assert card
        assert wait_for_my_turn_or_the_end(page) == "turn"
        before = table_state(page)
        seen_version = version(page)

        page.reload()
        connected(page)
        after = table_state(page)
        assert version(page) == seen_version
        assert after["hand"] == before["hand"]
        assert after["rows"] == before["rows"]
        assert after["history"] == before["history"]
        expect(page.locator(f"#c{card}")).to_have_class("r")
        hand = page.locator("#hand .card").evaluate_all(
            "(cards) => cards.map((c) => c.dataset.card)"
        )
        assert hand == before["hand"]

        assert wait_for_my_turn_or_the_end(page) == "turn"
        assert play_by_clicks(page)
