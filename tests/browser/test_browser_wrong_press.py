"""A wrong press is explained and changes nothing; a Play with no card asks for one; Hint says
which move and why."""

import re

import pytest
from browser_support import (
    LiveRoomTestCase,
    open_deal,
    table_state,
    version,
    wait_for_my_turn_or_the_end,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


class TestWrongPress(LiveRoomTestCase):
    def test_it_explains_a_wrong_press_and_changes_nothing(self):
        page = self.new_page()
        open_deal(page, self.url)  # a known deal: the player has cards of its own to play
        assert wait_for_my_turn_or_the_end(page) == "turn"
        before, state = version(page), table_state(page)
        messages = page.locator("#messages")

        dimmed = page.locator("#hand .card.dimmed").first
        card = dimmed.get_attribute("data-card")
        dimmed.click()
        page.locator("#controls .play-button").click()
        expect(messages).to_contain_text(re.compile(r"not open yet|does not connect|beyond"))
        assert version(page) == before
        assert table_state(page)["hand"] == state["hand"]
        expect(page.locator(f"#c{card}")).not_to_have_class("r")

        page.locator(f'#hand .card[data-card="{card}"]').click()  # unpress it
        page.locator("#controls .play-button").click()
        expect(messages).to_contain_text("Choose a card first, then press Play.")

        page.locator("#controls .hint-button").click()
        expect(messages).to_contain_text("Hint:")
        assert version(page) == before
