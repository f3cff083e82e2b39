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

        page.locator(".leave-form button").click()
        page.wait_for_url(room)
        expect(page.locator("main")).not_to_contain_text("The form expired")
        expect(page.locator(".leave-form")).to_have_count(0)  # a watcher now: no seat to leave
