"""A card reached by Tab shows its whole focus outline: at 1280×800 the hand's last row came to
rest on the window's bottom edge, the outline (3px, 2px off the card) cut off by it.

Personas: Aki plays three computers, by keyboard."""

import pytest
from browser_support import LiveRoomTestCase, open_deal, wait_for_my_turn_or_the_end

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]

OUTLINE = 5  # :focus-visible's outline and its offset (static/css/site.css)
FOCUS_BOX = """() => {
    const r = document.activeElement.getBoundingClientRect();
    return {card: document.activeElement.dataset.card, bottom: r.bottom, height: innerHeight};
}"""


class TestFocusOutlineRoom(LiveRoomTestCase):
    def test_it_scrolls_the_hands_last_card_into_view_with_its_outline(self):
        page = self.new_page(width=1280, height=800)
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        # The page at its top, the focus on the card before the last (in view, the last below the
        # window's edge): Tab goes on to the last one, and the page scrolls to show it.
        cards = page.locator("#hand .card")
        last = cards.nth(cards.count() - 1)
        page.evaluate("() => window.scrollTo(0, 0)")
        cards.nth(cards.count() - 2).evaluate("(card) => card.focus({preventScroll: true})")
        assert last.bounding_box()["y"] + last.bounding_box()["height"] > 800, "already in view"
        page.keyboard.press("Tab")
        box = page.evaluate(FOCUS_BOX)
        assert box["card"] == last.get_attribute("data-card")
        assert box["bottom"] + OUTLINE <= box["height"], box
