"""Same device, with the keyboard alone: the curtain's button is where the focus goes after a move,
and once it is pressed the player who lifted it starts on a card they can play (it was the hand's
first card, often one that cannot be played), and hears the moves in words."""

import pytest
from browser_support import NEWER, LiveRoomTestCase, open_deal, tab_to, version
from django.test import override_settings
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


# 排七 on deal "n": Player 2 holds the 7♦, and Player 3 has no card to play once it is down.
PASSING_DEAL = "n"


def test_the_seat_after_the_7d_of_the_passing_deal_has_no_card():
    from games.sevens import Action, RuleSet, apply, new_round
    from games.sevens.match import parse_deal_code

    seed, dealer = parse_deal_code(PASSING_DEAL)
    state = new_round(RuleSet.preset("chinese", rounds=1), seed=seed, dealer=dealer % 4)
    assert state.turn == 1
    state, _ = apply(state, Action.play("7D"), seat=1)
    assert state.turn == 2 and state.legal_actions() == [Action.pass_()]


# The server passes for Player 3 a second after its curtain comes up: long enough to see it.
@override_settings(SEVENS_CPU_DELAY=1)
class TestHotseatKeyboardPassingSeat(LiveRoomTestCase):
    def test_the_focus_waits_out_a_passing_seats_curtain_for_the_next_one(self):
        """A seat with no card has a curtain with no button (the server passes for it): the
        focus, left with nothing to go to, goes to the next player's curtain button."""
        page = self.new_page(width=1280, height=800)
        open_deal(page, self.url, start="hotseat", code=PASSING_DEAL, preset="chinese")
        expect(page.locator("#hand h2")).to_have_text("Pass the device to Player 2")
        tab_to(page, "#hand .curtain-button")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.matches('#hand .card.playable')")
        page.keyboard.press("Enter")  # the 7♦, the only card
        tab_to(page, "#controls .play-button")
        page.keyboard.press("Enter")
        expect(page.locator("#hand h2")).to_have_text(
            "Player 3 has no card to play and passes automatically."
        )
        expect(page.locator("#hand .curtain-button")).to_have_count(0)
        expect(page.locator("#hand h2")).to_have_text("Pass the device to Player 4")
        page.wait_for_function("() => document.activeElement.matches('#hand .curtain-button')")
