"""A hot-seat curtain lifted stays lifted across a reload and a dropped connection on the same
turn: the server keeps a lifted curtain per socket, and the new socket brought it down again, its
player asked to show their hand a second time. The next turn's curtain still comes down."""

import pytest
from browser_support import LiveRoomTestCase, connected, open_deal, version
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

CURTAIN = "#hand .curtain-form button"
DROP = """(code) => document.querySelector('.room')['htmx-internal-data'].webSocket.socket.close(code)"""


class TestLiftedCurtain(LiveRoomTestCase):
    def test_a_lifted_curtain_stays_lifted_across_a_reload_and_a_reconnect(self):
        page = self.new_page()
        open_deal(page, self.url, start="hotseat")
        curtain = page.locator(CURTAIN)
        seat = curtain.evaluate("(b) => b.form.querySelector('[name=seat]').value")
        curtain.click()
        expect(page.locator("#hand .card").first).to_be_visible()
        hand = page.locator("#hand .card").all_inner_texts()

        page.reload()
        connected(page)
        expect(page.locator("#hand .card").first).to_be_visible()
        assert page.locator("#hand .card").all_inner_texts() == hand
        expect(page.locator(CURTAIN)).to_have_count(0)

        page.evaluate(DROP, 1000)
        page.wait_for_selector('.room[data-connected="false"]')
        connected(page)
        expect(page.locator("#hand .card").first).to_be_visible()
        expect(page.locator(CURTAIN)).to_have_count(0)

        # The turn played: the next player's curtain comes down, and stays down on a reload.
        before = version(page)
        playable = page.locator("#hand .card.playable")
        if playable.count():
            playable.first.click()
            page.locator("#controls .play-button").click()
        else:
            page.locator("#controls .pass-button").click()
        page.wait_for_function(
            "(v) => +document.querySelector('#table-state').dataset.version > v", arg=before
        )
        expect(page.locator(CURTAIN)).to_be_visible()
        assert curtain.evaluate("(b) => b.form.querySelector('[name=seat]').value") != seat
        page.reload()
        connected(page)
        expect(page.locator(CURTAIN)).to_be_visible()
        expect(page.locator("#hand .card")).to_have_count(0)
