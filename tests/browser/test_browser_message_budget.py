"""The socket's message budget as a player meets it: a key held down on a button does not spend
it, and once the server has closed the socket for good the page says to reload, not that it is
reconnecting."""

import pytest
from browser_support import (
    LiveRoomTestCase,
    open_deal,
    play_by_clicks,
    wait_for_my_turn_or_the_end,
)
from django.test import override_settings
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

BUDGET = 10  # messages a socket may send in the window (SEVENS_WS_BUDGET)


@override_settings(SEVENS_WS_BUDGET=BUDGET, SEVENS_WS_WINDOW_SECONDS=60)
class TestMessageBudget(LiveRoomTestCase):
    def test_a_key_held_on_a_button_sends_one_message(self):
        # Enter held on Hint: the browser repeats the key some 30 times a second, each repeat a
        # press of the button. Only the first press may send.
        page = self.new_page()
        page.add_init_script(COUNT_SENT)
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        page.locator("#controls .hint-button").focus()
        for _ in range(3 * BUDGET):
            page.keyboard.down("Enter")  # after the first, each comes with repeat set
        page.keyboard.up("Enter")
        expect(page.locator("#messages [data-hint]")).to_be_visible()
        page.wait_for_timeout(500)
        assert page.evaluate("window.sevensSent") == 1
        expect(page.locator('.room[data-connected="true"]')).to_be_visible()
        expect(page.locator("[data-connection]")).to_be_hidden()
        assert play_by_clicks(page)

    def test_a_socket_the_server_closed_for_good_says_to_reload(self):
        page = self.new_page()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        hint = page.locator("#controls .hint-button")
        for _ in range(BUDGET + 1):
            hint.click()
        expect(page.locator("#messages")).to_contain_text("Too many messages")
        note = page.locator("[data-connection]")
        expect(note).to_be_visible()
        expect(note).to_have_text("The connection is closed: reload the page to continue.")
        page.wait_for_timeout(1500)  # no reconnection comes: the server's close is final
        expect(page.locator('.room[data-connected="false"]')).to_be_visible()
        expect(note).to_have_text("The connection is closed: reload the page to continue.")


# Counts the messages the page's sockets send.
COUNT_SENT = """
window.sevensSent = 0;
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) { window.sevensSent += 1; return send.call(this, data); };
"""
