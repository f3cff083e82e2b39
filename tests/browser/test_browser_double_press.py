"""A double click on Play or Pass sends the move once: the second press, on the same table before
the server answered, used to come back as "the table changed before your move arrived; here it is
again", when it was the first press that had played."""

import pytest
from browser_support import LiveRoomTestCase, open_deal, version, wait_for_my_turn_or_the_end
from django.test import override_settings
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

STALE = "The table changed before your move arrived"
WATCH = """() => {
    window.seenMessages = [];
    new MutationObserver(() => {
        const text = document.getElementById('messages')?.textContent.trim();
        if (text) window.seenMessages.push(text);
    }).observe(document.body, {subtree: true, childList: true, characterData: true});
    window.sentMoves = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
        const action = JSON.parse(data).action;
        if (action === 'play' || action === 'pass') window.sentMoves.push(action);
        return send.call(this, data);
    };
}"""


class TestDoublePress(LiveRoomTestCase):
    def test_a_double_click_on_play_or_pass_sends_the_move_once_and_says_nothing(self):
        page = self.new_page()
        open_deal(page, self.url)
        page.evaluate(WATCH)
        for button in ("play", "pass"):
            assert wait_for_my_turn_or_the_end(page) == "turn"
            before = version(page)
            if button == "play":
                page.locator("#hand .card.playable").first.click()
            page.locator(f"#controls .{button}-button").dblclick()
            page.wait_for_function(
                "(v) => +document.querySelector('#table-state').dataset.version > v", arg=before
            )
            page.wait_for_timeout(500)
            assert page.evaluate("window.sentMoves") == ["play", "pass"][: 1 + (button == "pass")]
            assert not [m for m in page.evaluate("window.seenMessages") if STALE in m]

    def test_a_refused_move_pressed_again_is_refused_again(self):
        page = self.new_page()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        page.evaluate(WATCH)
        unplayable = page.locator("#hand .card:not(.playable)").first
        unplayable.click()
        page.locator("#controls .play-button").click()
        refusal = page.locator("#messages .message-error")
        refusal.wait_for()
        page.evaluate("document.getElementById('messages').innerHTML = ''")
        page.locator("#controls .play-button").click()
        refusal.wait_for()
        assert page.evaluate("window.sentMoves") == ["play", "play"]


# The computers take their time, as on the site: the turn has gone from the player when a finger's
# second tap lands.
@override_settings(SEVENS_CPU_DELAY=2)
class TestDoubleTap(LiveRoomTestCase):
    def test_a_double_tap_whose_second_tap_comes_after_the_answer_says_nothing(self):
        """A finger's two taps are 100-300 ms apart, and the server answers the first sooner: the
        second found the card played and the turn gone, and said "Choose a card first, then
        press Play" (for Pass, that it was not the player's turn) just after the move was made."""
        page = self.phone_page(390, 844)
        open_deal(page, self.url)
        page.evaluate(WATCH)
        for button in ("play", "pass"):
            assert wait_for_my_turn_or_the_end(page) == "turn"
            page.evaluate("window.seenMessages = []")
            # The page's clock stands still from the first tap to the second: a finger's two taps
            # are 100-300 ms apart, where a loaded machine's answer and the checks below may take
            # longer than the page's double-tap window.
            page.evaluate(
                "() => { const t = Date.now(); window.realNow = Date.now; Date.now = () => t; }"
            )
            before = version(page)
            if button == "play":
                page.locator("#hand .card.playable").first.tap()
            target = page.locator(f"#controls .{button}-button")
            target.tap()
            page.wait_for_function(
                "(v) => +document.querySelector('#table-state').dataset.version > v", arg=before
            )
            expect(target).to_have_attribute("aria-disabled", "true")
            target.tap(force=True)  # as a finger does: Playwright waits for aria-disabled to go
            page.evaluate("() => { Date.now = window.realNow; }")
            page.wait_for_timeout(500)
            assert page.evaluate("window.sentMoves") == ["play", "pass"][: 1 + (button == "pass")]
            assert page.evaluate("window.seenMessages") == []
