"""The deal page does not offer the joker with rules that play without it (the Chinese preset:
its 7s are played in turn): the joker is greyed out with the reason under it, in the server's
words, and the page still opens a room."""

import re

import pytest
from browser_support import DEAL, LiveRoomTestCase, connected
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REASON = "The joker is played only when all the 7s are laid out after the deal."


class TestDealJoker(LiveRoomTestCase):
    def test_it_greys_the_joker_out_for_the_chinese_rules(self):
        page = self.new_page()
        page.goto(self.url(f"/deal/?code={DEAL}"))
        joker = page.locator('input[name="joker"]')
        note = page.locator("#joker-note")
        expect(joker).to_be_enabled()
        expect(note).to_be_hidden()
        joker.check()
        page.select_option('select[name="preset"]', "chinese")
        expect(joker).to_be_disabled()
        expect(joker).not_to_be_checked()
        expect(note).to_be_visible()
        expect(note).to_have_text(REASON)
        expect(joker).to_have_attribute("aria-describedby", "joker-note")
        page.select_option('select[name="preset"]', "japanese")
        expect(joker).to_be_enabled()
        expect(joker).to_be_checked()  # as the player had left it
        expect(note).to_be_hidden()
        page.select_option('select[name="preset"]', "chinese")
        page.get_by_role("button", name="Play this deal").click()
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(page)
        expect(page.locator("#rules-card")).to_contain_text("no joker")
        expect(page.locator("#rules-card")).to_contain_text("7s played in turn")
