"""Same device: a curtain at every change of turn; only the player who presses it sees a hand, and
the previous hand never stays in the page."""

import pytest
from browser_support import NEWER, LiveRoomTestCase, dealt, open_deal, table_state, version
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

CURTAIN = "#hand .curtain-button"
DEAL = "b9ha"  # Japanese rules, 3 players: every hand can play at its first turn


MY_HAND = """() => document.querySelector('#hand .card')
    && document.querySelector('#controls .turn-note[data-mine="true"]')
    && !document.querySelector('#controls .forced-pass')"""


def next_screen(page) -> str:
    """'curtain', 'hand' (the revealed seat is to act: after forced passes of the others the turn
    may come straight back to it) or 'over'."""
    try:
        page.wait_for_function(
            f"""() => document.querySelector('{CURTAIN}')
                || document.querySelector('#settlement:not([hidden])')
                || ({MY_HAND})()"""
        )
    except Exception as error:
        seen = {
            name: page.locator(name).inner_text() for name in ("#hand", "#controls", "#messages")
        }
        raise AssertionError(f"no curtain, no hand, no settlement: {seen}") from error
    if page.locator("#settlement:not([hidden])").count():
        return "over"
    return "curtain" if page.locator(CURTAIN).count() else "hand"


class TestHotseat(LiveRoomTestCase):
    def test_it_plays_a_match_on_one_device_behind_the_curtain(self):
        page = self.new_page(width=390, height=844)  # a phone, portrait
        page.goto(self.url("/"))
        page.locator('input[name="players"][value="3"]').check()
        hotseat = page.locator('button[value="hotseat"]')
        expect(hotseat).to_have_text("3 players on this device")
        # A known deal, so that every seat gets a turn of its own (on a random one a seat with
        # nothing to play could pass until it is out, and never lift the curtain): each of the
        # three hands holds a card it can play at once (checked in the test below).
        open_deal(page, self.url, start="hotseat", players=3)
        # The panel is the whole game here (no 3D table): the curtain, below the seats and the
        # layout on a phone, is scrolled into sight.
        page.wait_for_function(
            "() => { const r = document.querySelector('#hand .curtain-button')"
            ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
        )

        seen_hands: dict[int, list[str]] = {}
        turns = curtains = 0
        while (screen := next_screen(page)) != "over":
            before = version(page)
            if screen == "curtain":
                expect(page.locator("#hand .card")).to_have_count(0)
                assert table_state(page)["hand"] is None
                curtains += 1
                # This curtain, not a newer one that replaced it meanwhile (the next seat's,
                # after a forced pass): that click would show a hand this loop did not expect.
                this = f'#hand .curtain-form:has(input[name="version"][value="{before}"])'
                try:
                    page.locator(f"{this} .curtain-button").click(timeout=2000)
                except PlaywrightTimeout:
                    continue  # the turn moved on (a forced pass) before the curtain lifted
                page.wait_for_function(f"(v) => ({MY_HAND})() || ({NEWER})(v)", arg=before)
                continue
            seat = table_state(page)["seat"]
            hand = page.locator("#hand .card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
            assert hand == table_state(page)["hand"]
            for other, cards in seen_hands.items():
                if other != seat:
                    assert not set(cards) & set(hand)
            seen_hands[seat] = hand
            playable = page.locator("#hand .card.playable")
            if playable.count():
                playable.first.click()
                page.locator("#controls .play-button").click()
            else:
                page.locator("#controls .pass-button").click()
            page.wait_for_function(NEWER, arg=before)
            turns += 1

        expect(page.locator("#settlement")).to_contain_text("The match is over")
        expect(page.locator("#settlement")).to_contain_text("wins the match!")
        assert turns > 6 and curtains > 6 and len(seen_hands) == 3
        no_scroll = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        assert no_scroll, "the phone page scrolls sideways"

    def test_the_hand_and_its_play_come_into_view_when_the_curtain_lifts(self):
        # The first curtain of a round is scrolled up just into sight, to the screen's foot: the
        # hand that replaced it ran on below, and Play was out of sight (it was in view on the
        # later turns, where the focus had centred the curtain).
        page = self.new_page(width=360, height=740)
        open_deal(page, self.url, start="hotseat", players=3)
        page.wait_for_function(  # scrolled into sight (to a fraction of a pixel)
            "() => { const r = document.querySelector('#hand .curtain-button')"
            ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1; }"
        )
        page.locator(CURTAIN).click()
        page.wait_for_function(f"() => ({MY_HAND})()")
        page.wait_for_timeout(300)  # any scrolling of the page's own is done
        hand, play, height = page.evaluate(
            """() => [document.querySelector('#hand'), document.querySelector('.play-button')]
                .map((e) => e.getBoundingClientRect()).concat([innerHeight])"""
        )
        assert hand["y"] >= 0, "the hand's top went out of sight"
        assert play["y"] + play["height"] <= height, "Play is below the screen"


def test_every_hand_of_the_deal_can_play_at_its_first_turn():
    state = dealt(DEAL, players=3)
    assert all(hand & state.playable for hand in state.hands)
