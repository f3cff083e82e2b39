"""A page's forms after a sign-up in another tab: signing up gives the browser a new CSRF token,
and a form sent from a page opened before it was refused ("The form expired"). Ben had left a
friends' room's tab open, signed up in another, and could not leave his seat."""

import re

import pytest
from browser_support import LiveRoomTestCase, connected, sign_up_beside
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


class TestFormsAfterSignUp(LiveRoomTestCase):
    def test_a_room_page_opened_before_a_sign_up_still_sends_its_forms(self):
        page = self.new_page()
        page.goto(self.url("/"))
        page.locator('button[value="friend"]').click()
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        room = page.url
        connected(page)
        sign_up_beside(page, self.url("/accounts/signup/"), "ben")
        # The header follows the account: no "Log in / Sign up" left on the room's page.
        nav = page.locator(".site-header .history-nav")
        expect(nav).to_contain_text("ben")
        expect(nav).to_contain_text("Log out")
        expect(nav).not_to_contain_text("Sign up")

        page.locator(".leave-form button").click()
        page.wait_for_url(room)
        expect(page.locator("main")).not_to_contain_text("The form expired")
        expect(page.locator(".leave-form")).to_have_count(0)  # a watcher now: no seat to leave

    def test_the_room_pages_header_follows_a_log_out_in_another_tab(self):
        page = self.new_page()
        page.goto(self.url("/"))
        page.locator('button[value="cpu-easy"]').click()
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(page)
        sign_up_beside(page, self.url("/accounts/signup/"), "chie")
        nav = page.locator(".site-header .history-nav")
        expect(nav).to_contain_text("chie")
        other = page.context.new_page()
        other.goto(self.url("/rules/"))
        other.locator(".history-nav").get_by_role("button", name="Log out").click()
        other.get_by_role("button", name="Log out anyway").click()  # a game is under way
        other.wait_for_url(self.url("/"))
        # The computer has the seat now, and the room's tab says the browser is logged out.
        expect(nav).to_contain_text("Log in")
        expect(nav).not_to_contain_text("chie")

    def test_a_friends_room_page_follows_a_log_out_in_another_tab_to_its_seat_forms(self):
        """Ben, signed up, sits in Aki's friends' room and logs out in another tab: the room frees
        his seat. His room's tab offered 'Leave my seat' still, and no 'Take a free seat' (the
        page's seat forms were drawn for a seated player), though the seat was no longer his."""
        aki, ben = self.aki_and_ben("Ben")
        sign_up_beside(ben, self.url("/accounts/signup/"), "ben")
        expect(ben.locator(".leave-form")).to_be_visible()  # the seat followed the sign-up
        other = ben.context.new_page()
        other.goto(self.url("/rules/"))
        other.locator(".history-nav").get_by_role("button", name="Log out").click()
        other.get_by_role("button", name="Log out anyway").click()
        other.wait_for_url(self.url("/"))
        expect(aki.locator("#lobby")).not_to_contain_text("Ben")
        # Told over his socket, which closes, reconnects under the new key and fetches the page
        # anew: a few round trips, which took over 5 s once on a loaded CI machine.
        expect(ben.locator(".site-header .history-nav")).to_contain_text("Log in", timeout=15_000)
        expect(ben.get_by_role("button", name="Take a free seat")).to_be_visible()
        expect(ben.locator(".leave-form")).to_have_count(0)
        expect(ben.locator(".start-note")).to_have_count(0)
