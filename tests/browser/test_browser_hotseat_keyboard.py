"""Same device, with the keyboard alone: the curtain's button is where the focus goes after a move,
and once it is pressed the player who lifted it starts on a card they can play (it was the hand's
first card, often one that cannot be played), and hears the moves in words."""

import pytest
from browser_support import NEWER, LiveRoomTestCase, open_deal, tab_to, version
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MY_TURN = "() => document.querySelector('#controls .turn-note[data-mine=\"true\"]')"


class TestHotseatKeyboard(LiveRoomTestCase):
    def test_each_player_lifts_the_curtain_and_plays_with_the_keys(self):
        page = self.new_page(width=1280, height=800)
        open_deal(page, self.url, start="hotseat", players=3)
        tab_to(page, "#hand .curtain-button")
        # Every hand of this deal can play at its first turn: three players, three curtains.
        for _ in range(3):
            expect(page.locator(":focus")).to_have_class("curtain-button")
            page.keyboard.press("Enter")
            page.wait_for_function(MY_TURN)
            # On a card that can be played, not on the hand's first card.
            page.wait_for_function("() => document.activeElement.matches('#hand .card.playable')")
            name = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
            # Its words, led by its face where they do not hold it ("A♠, ace of spades").
            card = name.rsplit(", ", 1)[-1]
            assert " of " in card or card == "the joker"
            page.keyboard.press("Enter")  # chooses it
            tab_to(page, "#controls .play-button")
            played = version(page)
            page.keyboard.press("Enter")
            page.wait_for_function(NEWER, arg=played)
            expect(page.locator("#live")).to_contain_text(f"played {card}")
            # The next player's curtain takes the focus.
            page.wait_for_function("() => document.activeElement.matches('#hand .curtain-button')")
