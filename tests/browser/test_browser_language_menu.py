"""The language menu: the arrow keys move through the languages without switching (a keyboard
user reaches the fourth without a reload at each step); Enter or the Change button switches; a
choice made with the mouse switches at once."""

import pytest
from browser_support import LiveRoomTestCase
from playwright.sync_api import expect

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]


class TestLanguageMenu(LiveRoomTestCase):
    def test_the_keys_move_through_the_languages_and_enter_switches(self):
        page = self.new_page()
        page.goto(self.url("/rules/"))
        expect(page.locator("html")).to_have_attribute("lang", "en")
        menu = page.locator("#language-select")
        change = page.locator("[data-language-change]")
        expect(change).to_be_hidden()  # nothing to confirm yet
        menu.focus()
        page.evaluate("window.sevensStayed = true")
        for _ in range(3):
            page.keyboard.press("ArrowDown")
        # Still the same page (no reload), in English, the fourth language chosen, to confirm.
        assert page.evaluate("window.sevensStayed === true")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        assert menu.input_value() == "zh-hant"
        expect(change).to_be_visible()
        page.keyboard.press("Enter")
        expect(page.locator("html")).to_have_attribute("lang", "zh-hant")
        assert page.url.endswith("/rules/")

    def test_a_choice_with_the_mouse_switches_at_once(self):
        page = self.new_page()
        page.goto(self.url("/help/"))
        page.locator("#language-select").select_option("ja")
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        assert page.url.endswith("/help/")
