"""A player out of the round (gone out, or knocked out) has no move left: the panel keeps only
Fast-forward, as the 3D table does. panel.js reads it from the seat's status in #table-state."""

import re

import pytest
from browser_support import LiveRoomTestCase, open_deal
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MOVES = ("#controls .play-button", "#controls .pass-button", "#controls .hint-button")

# Seat 0's status in the whole table's state, as the server writes it: [cards, passes, status, place]
SEAT_0 = re.compile(r'"seats":\[\[(\d+),(\d+|null),"playing"')


class TestOutOfTheRound(LiveRoomTestCase):
    def test_a_player_still_in_the_round_has_play_pass_and_hint(self):
        page = self.new_page()
        open_deal(page, self.url)
        for selector in (*MOVES, "#controls .ff-button"):
            expect(page.locator(selector)).to_be_visible()

    def test_a_player_out_of_the_round_keeps_only_fast_forward(self):
        # Which seat goes out first depends on the computers' play: here the server's frames
        # are made to say that seat 0 (this player) has gone out.
        page = self.new_page()
        rewritten = []

        def gone_out(ws):
            server = ws.connect_to_server()

            def from_server(message):
                changed = SEAT_0.sub(r'"seats":[[\1,\2,"finished"', message)
                rewritten.append(changed != message)
                ws.send(changed)

            server.on_message(from_server)

        page.route_web_socket(re.compile(r"/ws/room/"), gone_out)
        open_deal(page, self.url)
        assert any(rewritten)
        for selector in MOVES:
            expect(page.locator(selector)).to_be_hidden()
        expect(page.locator("#controls .ff-button")).to_be_visible()
