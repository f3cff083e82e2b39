"""A friend with the room open in two tabs leaves the seat in one of them: the other tab, drawn for
a seated player, offered "Leave my seat" to a watcher and no seat to take, though one was free. It
is drawn anew, and again when the seat is taken back in the first tab."""

import pytest
from browser_support import LiveRoomTestCase, connected
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LEAVE = "Leave my seat (the computer plays it)"
TAKE = "Take a free seat"


class TestSeatLeftInAnotherTab(LiveRoomTestCase):
    def test_the_other_tab_follows_the_seat(self):
        aki, ben = self.aki_and_ben()
        aki.get_by_role("button", name="Fill empty seats with the computer and start").click()
        connected(aki)
        other = ben.context.new_page()  # Ben's second tab
        other.goto(aki.url)
        connected(other)
        expect(other.get_by_role("button", name=LEAVE)).to_be_visible()

        ben.get_by_role("button", name=LEAVE).click()
        expect(other.get_by_role("button", name=TAKE)).to_be_visible()
        expect(other.get_by_role("button", name=LEAVE)).to_have_count(0)
        expect(other.locator("#hand .watching")).to_be_visible()

        ben.get_by_role("button", name=TAKE).click()
        connected(ben)
        expect(other.get_by_role("button", name=LEAVE)).to_be_visible()
        expect(other.get_by_role("button", name=TAKE)).to_be_hidden()
        expect(other.locator("#seats .you")).to_have_count(1)

    def test_before_the_deal_the_other_tab_follows_the_seat_too(self):
        """In the lobby no table says who is seated: the other tab kept "Take a free seat" for a
        browser already seated (pressing it said "You already have a seat at this table.") until
        reloaded. It is told, and drawn anew, both ways."""
        aki, ben = self.aki_and_ben()
        ben_lobby = LEAVE.split(" (")[0]  # before the deal: "Leave my seat"
        other = ben.context.new_page()  # Ben's second tab, seated
        other.goto(aki.url)
        connected(other)
        expect(other.get_by_role("button", name=ben_lobby)).to_be_visible()

        ben.get_by_role("button", name=ben_lobby).click()
        expect(other.get_by_role("button", name=TAKE)).to_be_visible()
        expect(other.get_by_role("button", name=ben_lobby)).to_have_count(0)

        ben.get_by_role("button", name=TAKE).click()
        connected(ben)
        expect(other.get_by_role("button", name=ben_lobby)).to_be_visible()
        expect(other.get_by_role("button", name=TAKE)).to_have_count(0)
