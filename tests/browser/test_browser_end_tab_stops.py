"""Once a round is over, the cards left in the player's hand are only shown: no Tab stop each
("cannot be played now"). From the results' button the next Tab stops are the results' own links,
then what follows the panel, never a card.

Personas: Aki plays three computers, and is not the first out (the Chinese game: first out wins,
the others keep their cards)."""

import pytest
from browser_support import NEWER, LiveRoomTestCase, open_deal, version
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

OVER_OR_MY_TURN = """() => document.querySelector('#settlement:not([hidden])')
    || (document.querySelector('#controls .turn-note[data-mine="true"]')
        && !document.querySelector('#controls .forced-pass'))"""
FOCUSED = "() => document.activeElement.outerHTML.slice(0, 80)"


def play_to_the_end_keeping_cards(page: Page) -> None:
    """Plays the last playable card each turn (the high ones first: Aki is seldom out first)."""
    for _ in range(60):
        page.wait_for_function(OVER_OR_MY_TURN)
        if page.locator("#settlement:not([hidden])").count():
            return
        before = version(page)
        page.locator("#hand .card.playable").last.click()
        page.locator("#controls .play-button").click()
        page.wait_for_function(NEWER, arg=before)
    raise AssertionError("the round never ended")


class TestEndTabStops(LiveRoomTestCase):
    def test_it_leaves_the_cards_left_out_of_the_tab_order_once_the_match_is_over(self):
        page = self.new_page(width=1280, height=800)
        cards = page.locator("#hand .card")
        for _ in range(4):  # the computers' random cards may let Aki out first: another room
            open_deal(page, self.url, preset="chinese")
            play_to_the_end_keeping_cards(page)
            expect(page.locator("#settlement")).to_contain_text("The match is over")
            if cards.count():
                break
        assert cards.count() > 0, "Aki went out first four times: no cards left to check"
        for i in range(cards.count()):
            expect(cards.nth(i)).to_be_disabled()
            assert cards.nth(i).get_attribute("aria-describedby") is None
        # The focus went to the results' button; Tab goes on to the results' links, then past the
        # hand to the log.
        page.wait_for_function(
            "() => document.activeElement.matches('#settlement .rematch-button')"
        )
        stops = []
        for _ in range(3):
            page.keyboard.press("Tab")
            stops.append(page.evaluate(FOCUSED))
        assert "Replay this match" in stops[0], stops
        assert "New game with other rules" in stops[1], stops
        assert 'id="log-title"' in stops[2], stops
