"""A whole match against three computers, played only through the button panel, by keyboard."""

import re

import pytest
from browser_support import (
    LiveRoomTestCase,
    connected,
    play_by_keyboard,
    tab_to,
    table_state,
    wait_for_my_turn_or_the_end,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


class TestCpuMatchByKeyboard(LiveRoomTestCase):
    def test_it_plays_a_whole_match_against_three_computers_by_keyboard(self):
        page = self.new_page()
        page.goto(self.url("/"))
        # A radio group takes one Tab stop; arrows choose within it.
        tab_to(page, 'input[name="rounds"]')
        page.keyboard.press("ArrowLeft")
        expect(page.locator('input[name="rounds"][value="1"]')).to_be_checked()
        tab_to(page, 'input[name="name"]')
        page.keyboard.type("Aki")
        tab_to(page, 'button[value="cpu-easy"]')
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(page)
        expect(page.locator("#rules-card")).to_contain_text("1 round")

        passed = played = 0
        while wait_for_my_turn_or_the_end(page) == "turn":
            button = page.locator("#controls .pass-button")
            expect(button).to_have_text(re.compile(r"Pass \(\d left\)"))
            left = int(re.search(r"\d", button.text_content()).group())
            if not passed and left >= 2:
                # One deliberate pass first (forced passes may have come before it): the button
                # shows the passes left, and the seat one fewer afterwards.
                assert left <= 3
                tab_to(page, "#controls .pass-button")
                page.keyboard.press("Enter")
                after = f"{left - 1} pass{'es' if left - 1 != 1 else ''} left"
                expect(page.locator("#seats [data-seat='0']")).to_contain_text(after)
                passed = 1
                continue
            card = play_by_keyboard(page)
            assert card, "a turn that is not a forced pass has a card to play"
            expect(page.locator(f"#c{card}")).to_have_class("r")
            played += 1

        settlement = page.locator("#settlement")
        expect(settlement).to_contain_text("The match is over")
        expect(settlement).to_contain_text("wins the match!")
        # The focus went to the settlement's button, and the view with it: the results from
        # their top, the button inside the window (it comes above the cards played from).
        page.wait_for_function("() => document.activeElement.closest('#settlement') !== null")
        assert page.evaluate(IN_VIEW)
        assert played > 0
        assert table_state(page)["over"] is True
        # The settled table shows the log's last lines; Aki's plays may be earlier (after being
        # eliminated the round goes on without Aki), so open the log and fetch the rest by keyboard.
        if not page.locator("#log details").evaluate("d => d.open"):
            tab_to(page, "#log summary")
            page.keyboard.press("Enter")
        earlier = page.locator("#log button.log-earlier")
        if earlier.count():
            tab_to(page, "#log button.log-earlier")
            page.keyboard.press("Enter")
            page.wait_for_selector("#log ol.log-earlier")
        expect(page.locator("#log")).to_contain_text("Aki played")

        # Play again, by keyboard: a new match in the same room, the same rules, a fresh hand.
        room_url = page.url
        tab_to(page, "#settlement .rematch-button")
        page.keyboard.press("Enter")
        expect(page.locator("#settlement")).to_be_hidden()
        expect(page.locator("#rules-card")).to_contain_text("1 round")
        assert page.url == room_url
        assert not table_state(page).get("over")
        expect(page.locator("#hand .card").first).to_be_visible()


IN_VIEW = """() => {
  const top = document.querySelector("#settlement").getBoundingClientRect().top;
  const box = document.activeElement.getBoundingClientRect();
  return top >= -1 && top < window.innerHeight && box.top >= 0 && box.bottom <= window.innerHeight;
}"""
