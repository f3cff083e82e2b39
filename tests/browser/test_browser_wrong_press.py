"""A wrong press is explained and changes nothing; a Play with no card asks for one; Hint says
which move and why."""

import re

import pytest
from browser_support import (
    LiveRoomTestCase,
    connected,
    open_deal,
    play_by_clicks,
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
        # A refusal is read out at once (the server's, here); a routine note waits its turn.
        expect(messages).to_have_attribute("aria-live", "assertive")
        assert version(page) == before
        assert table_state(page)["hand"] == state["hand"]
        expect(page.locator(f"#c{card}")).not_to_have_class("r")

        page.locator(f'#hand .card[data-card="{card}"]').click()  # unpress it
        page.locator("#controls .play-button").click()
        expect(messages).to_contain_text("Choose a card first, then press Play.")

        page.locator("#controls .hint-button").click()
        expect(messages).to_contain_text("Hint:")
        expect(messages).to_have_attribute("aria-live", "polite")
        # What Play will play is shown under it, and not read out again after the hint.
        expect(page.locator("#play-choice [aria-hidden]")).to_contain_text("Play will play")
        expect(page.locator("#play-choice .sr-only")).to_have_text("")
        assert version(page) == before

        # A move that goes through answers what the page said before it.
        for pressed in page.locator('#hand .card[aria-pressed="true"]').all():
            pressed.click()  # the hint chose a card: unchosen
        page.locator("#controls .play-button").click()
        expect(messages).to_contain_text("Choose a card first, then press Play.")
        expect(messages).to_have_attribute("aria-live", "assertive")  # the page's own refusal
        page.locator("#hand .card.playable").first.click()
        page.locator("#controls .play-button").click()
        page.wait_for_function(
            f"() => Number(document.getElementById('table-state').dataset.version) > {before}"
        )
        expect(messages).not_to_contain_text("Choose a card first")

    def test_pass_and_hint_look_unavailable_when_they_are_no_use_and_say_why_if_pressed(self):
        # Japanese rules with passes left: Pass is offered on the player's turn, not off it.
        page = self.new_page()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        pass_button = page.locator("#pass-button")
        expect(pass_button).not_to_have_attribute("aria-disabled", "true")
        expect(page.locator("#controls .play-button")).not_to_have_attribute(
            "aria-disabled", "true"
        )
        # Every frame from now on, as panel.js leaves it: off turn, no button is offered.
        page.evaluate(WATCH_BUTTONS)
        assert play_by_clicks(page)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        seen = page.evaluate("window.sevensButtons")
        off_turn = [frame for frame in seen if frame["mine"] == "false"]
        assert off_turn, seen
        assert all(frame["pass"] == frame["play"] == frame["hint"] == "true" for frame in off_turn)
        assert all(frame["hint"] is None for frame in seen if frame["mine"] == "true"), seen

        # Chinese rules: a seat that can play must, so Pass is never offered on its turn; it
        # stays focusable, and pressing it brings the reason and changes nothing.
        page.goto(self.url("/?preset=chinese"))
        page.get_by_role("button", name="Easy").click()
        connected(page)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        expect(pass_button).to_have_attribute("aria-disabled", "true")
        expect(page.locator("#controls .play-button")).not_to_have_attribute(
            "aria-disabled", "true"
        )
        before = version(page)
        pass_button.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#messages")).to_contain_text(
            re.compile(r"pass only when you cannot play|must be the 7 of diamonds")
        )
        assert version(page) == before
        expect(pass_button).to_be_focused()


WATCH_BUTTONS = """() => {
  window.sevensButtons = [];
  document.addEventListener("htmx:wsAfterMessage", () => {
    const note = document.querySelector("#controls .turn-note");
    window.sevensButtons.push({
      mine: note && note.getAttribute("data-mine"),
      pass: document.querySelector("#pass-button").getAttribute("aria-disabled"),
      play: document.querySelector("#controls .play-button").getAttribute("aria-disabled"),
      hint: document.querySelector("#controls .hint-button").getAttribute("aria-disabled"),
    });
  });
}"""
