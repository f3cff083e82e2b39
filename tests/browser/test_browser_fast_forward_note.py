"""What Fast-forward does is said before it is pressed, on the page: a tooltip (its title) said it
before, and a touch screen never shows one. A small line under the panel's buttons, which both
Fast-forward buttons (the panel's and the 3D table's) name as their description."""

import pytest
from browser_support import LiveRoomTestCase, connected
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

EN = "Fast-forward lets the computer play without waiting until this round ends"


class TestFastForwardNote(LiveRoomTestCase):
    def test_a_touch_screen_shows_what_fast_forward_does(self):
        for language, (width, height) in (("en", (320, 568)), ("ja", (390, 844))):
            page = self.phone_page(width, height, language=language)
            page.goto(self.url("/"))
            page.locator('button[value="cpu-easy"]').click()
            connected(page)
            button = page.locator("#controls .ff-button")
            note = page.locator("#controls #ff-note")
            expect(button).to_be_visible()
            expect(note).to_be_visible()
            words = note.inner_text().strip()
            assert len(words) > 10, words
            if language == "en":
                assert words.startswith(EN), words
            assert button.get_attribute("title") is None  # no tooltip left to say it twice
            expect(button).to_have_accessible_description(words)
            # The 3D table's button says the same.
            described = page.locator('#table3d [data-table-action="fast_forward"]')
            assert described.get_attribute("aria-describedby") == "ff-note"
            # On the screen whole, under the buttons, in the phone's width.
            box, form = note.bounding_box(), page.locator("#controls form").bounding_box()
            assert box["y"] >= form["y"] + form["height"] - 1, (box, form)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
