"""A dropped connection comes back by itself, and the round continues from the same position."""

import pytest
from browser_support import (
    LiveRoomTestCase,
    connected,
    open_deal,
    play_by_clicks,
    table_state,
    wait_for_my_turn_or_the_end,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

DROP = """(code) => document.querySelector('.room')['htmx-internal-data'].webSocket.socket.close(code)"""


class TestReconnect(LiveRoomTestCase):
    def test_it_reconnects_after_a_clean_close_and_plays_on(self):
        page = self.new_page()
        open_deal(page, self.url)  # a known deal: the player has cards of its own to play
        assert wait_for_my_turn_or_the_end(page) == "turn"
        before = table_state(page)

        page.evaluate(DROP, 1000)  # what a server going down cleanly looks like
        expect(page.locator("[data-connection]")).to_be_visible()
        connected(page)
        expect(page.locator("[data-connection]")).to_be_hidden()
        assert table_state(page)["hand"] == before["hand"]
        assert play_by_clicks(page)
