"""A reload in the middle of a round resumes it from the same position."""

import pytest
from browser_support import (
    LiveRoomTestCase,
    connected,
    open_deal,
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
        open_deal(page, self.url)  # a known deal: the player has cards of its own to play
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
