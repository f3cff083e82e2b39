"""Under "continue from the other end" the spot a row's run reached is closed: the row note says
so in words ("closed: 6♠"), drawn by panel.js from a delta as the server draws it on a fresh load
(a screen reader heard only the next cards; the closed spot was only drawn dark)."""

import re

import pytest
from browser_support import LiveRoomTestCase, connected, room_at
from django.conf import settings

from tests.frames_support import parse, select

pytestmark = pytest.mark.browser


def closing_position():
    """A seeded round (4 players, "continue from the other end", passes only when unable) played
    to a turn of seat 0 where one of its plays closes a row: the rules, the hands, the events so
    far and that card."""
    from games.sevens import RuleSet, apply, cards, new_round, seat_view

    rules = RuleSet.preset("japanese", ends="tunnel", pass_limit=None, pass_when_playable=False)
    for seed in range(200):
        state = new_round(rules, seed=seed, dealer=3)
        hands = [list(h) for h in state.hands_at_deal]
        for step in range(200):
            if state.over:
                break
            actions = state.legal_actions()
            if state.turn == 0:
                for action in actions:
                    after, _ = apply(state, action)
                    closed = any(
                        c["state"] == "closed"
                        for row in seat_view(after, 0).to_dict()["rows"]
                        for c in row["cells"]
                    )
                    before = any(
                        c["state"] == "closed"
                        for row in seat_view(state, 0).to_dict()["rows"]
                        for c in row["cells"]
                    )
                    if closed and not before and action.type == "play":
                        return rules, hands, list(state.log_events()), cards.name(action.card)
            state, _ = apply(state, actions[(step * 5 + seed) % len(actions)])
    raise AssertionError("no seeded round closes a row on seat 0's turn")


def closing_room() -> tuple[str, str, str]:
    """A room against three computers at that position, Aki (seat 0) to play: its slug, Aki's
    session key and the card that closes a row."""
    rules, hands, events, card = closing_position()
    return (*room_at(rules, hands, 3, events, turn=0), card)


# The row whose run reached its end: its closed cell, and its note's words after "closed:".
CLOSED_ROW = """() => {
    const cell = document.querySelector('#layout li.row li.c');
    if (!cell) return null;
    const row = cell.closest('li.row');
    const note = row.querySelector('p.row-note');
    // panel.js gives the note its words for a screen reader: the shown copy, and the heard one.
    const shown = note.querySelector(':scope > [aria-hidden]') || note;
    const heard = note.querySelector(':scope > .sr-only');
    const words = shown.textContent.split('closed:')[1];
    return {suit: row.dataset.suit, cell: cell.id, said: words === undefined ? null : words.trim(),
            heard: heard ? heard.textContent : null};
}"""


class TestClosedSpotNote(LiveRoomTestCase):
    def test_the_row_note_says_the_closed_spot_after_the_move_that_closes_it(self):
        slug, key, card = closing_room()
        context = self.browser.new_context(viewport={"width": 1000, "height": 900})
        self.addCleanup(context.close)
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": key, "url": self.live_server_url}]
        )
        page = context.new_page()
        page.add_init_script(
            """window.frames_ = {deltas: 0, whole: 0};
            document.addEventListener('htmx:wsAfterMessage', (e) => {
                const m = e.detail.message;
                if (m.includes('data-base=')) window.frames_.deltas += 1;
                else if (m.includes('id="layout"')) window.frames_.whole += 1;
            });"""
        )
        page.goto(self.url(f"/room/{slug}/"))
        connected(page)
        assert page.evaluate(CLOSED_ROW) is None
        page.locator(f'#hand .card[data-card="{card}"]').click()
        page.locator("#controls .play-button").click()
        page.wait_for_function(f"() => ({CLOSED_ROW})() !== null")
        drawn = page.evaluate(CLOSED_ROW)
        frames = page.evaluate("() => window.frames_")
        # Drawn by panel.js from the move's delta, not from a whole table sent again.
        assert frames["deltas"] >= 1 and frames["whole"] <= 1, frames
        # As the server writes it on a fresh load (the closed spot stays closed as play goes on).
        note = select(parse(page.request.get(page.url).text()), f"#n{drawn['suit']}")[0]
        fresh = re.sub(r"<[^>]+>", "", note.html())
        face = fresh.split("closed:")[1].strip()
        assert drawn["said"] == face and drawn["cell"] == "c" + card_of(face), (drawn, fresh)
        # Read out in words too ("closed: 10 of spades").
        assert re.search(r"closed: \S+ of (spades|hearts|diamonds|clubs)", drawn["heard"]), drawn


def card_of(face: str) -> str:
    """ "6♠" -> "6S" (the cell ids name cards as the engine does)."""
    rank = {"10": "T"}.get(face[:-1], face[:-1])
    return rank + {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[face[-1]]
