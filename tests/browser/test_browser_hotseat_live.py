"""Same device: what the live region reads out at each turn. A move is read out when it is made
(the curtain comes down for the next player); lifting the curtain adds "Your turn." to the region's
words, and a screen reader reads a live region's new words whole: every move was heard twice in a
row, at every turn ("Aki played 8 of hearts." then "Aki played 8 of hearts. Your turn.").

Personas: Aki, Ben and Cara share one device."""

import pytest
from browser_support import NEWER, LiveRoomTestCase, open_deal, tab_to, version

pytestmark = pytest.mark.browser

MY_TURN = "() => document.querySelector('#controls .turn-note[data-mine=\"true\"]')"
# Every text the live region takes, in order, from now.
HEAR_LIVE = """() => {
  window.heard = [];
  const live = document.getElementById('live');
  new MutationObserver(() => {
    const words = live.textContent.trim();
    if (words) window.heard.push(words);
  }).observe(live, {childList: true, subtree: true, characterData: true});
}"""
DEAL = "b9ha"  # Japanese rules, 3 players: every hand can play at its first turn


class TestHotseatLive(LiveRoomTestCase):
    def test_a_move_is_read_out_once_and_the_lifted_curtain_says_your_turn(self):
        page = self.new_page(width=1280, height=800)
        open_deal(page, self.url, start="hotseat", players=3, code=DEAL)
        page.evaluate(HEAR_LIVE)
        for _ in range(3):
            tab_to(page, "#hand .curtain-button")
            page.keyboard.press("Enter")
            page.wait_for_function(MY_TURN)
            page.wait_for_function("() => document.activeElement.matches('#hand .card.playable')")
            page.keyboard.press("Enter")
            tab_to(page, "#controls .play-button")
            played = version(page)
            page.keyboard.press("Enter")
            page.wait_for_function(NEWER, arg=played)
            page.wait_for_selector("#hand .curtain-button")
        heard = page.evaluate("() => window.heard")
        moves = [words for words in heard if " played " in words]
        assert len(moves) == 3, heard
        assert len(set(moves)) == 3, heard  # no move read out twice
        # After each of the first curtain's, and after every move's curtain: only the news.
        assert heard.count("Your turn.") == 3, heard
        assert heard[0] == "Your turn."
        assert [heard[i] for i in (1, 3, 5)] == moves, heard
