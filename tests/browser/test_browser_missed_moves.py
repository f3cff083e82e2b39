"""panel.js on its own: back after a dropped connection, the live region says the moves made
meanwhile before the last one. The last move's lines (a play and the seat going out with it) are
#live's own, said once. No server: the fragments are rendered here and htmx's events raised by
hand (the live test: tests/browser/test_browser_reconnect.py)."""

import json
import re
from pathlib import Path

import pytest
from browser_support import serverless_page  # noqa: F401  (the `page` fixture)
from sample_views import fragment, played_state, table_for, view

from rooms.render import card_words

pytestmark = [pytest.mark.browser, pytest.mark.pure]

PANEL_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "panel.js"
PARTS = ("messages", "hand", "controls", "last_move", "log", "live", "table_state")
CONNECTION = (
    '<p data-connection hidden data-space=" " '
    'data-missed="While the connection was down: %(moves)s" '
    'data-missed-many="While the connection was down, %(n)s moves were made: the log has them all.">'
    "</p>"
)
# The socket opens twice (a reconnection), then the whole table comes: htmx's events in order.
BACK = """(message) => {
    const room = document.querySelector('.room');
    for (const i of [1, 2]) {
        room.dispatchEvent(new CustomEvent('htmx:wsOpen', {bubbles: true, detail: {socketWrapper: {}}}));
    }
    room.dispatchEvent(new CustomEvent('htmx:wsBeforeMessage', {bubbles: true, cancelable: true, detail: {message}}));
    const box = document.createElement('template');
    box.innerHTML = message;
    const live = document.getElementById('live');
    const fragment = document.createRange().createContextualFragment(box.content.querySelector('#live').innerHTML);
    const detail = {target: live, fragment, shouldSwap: true};
    live.dispatchEvent(new CustomEvent('htmx:oobBeforeSwap', {bubbles: true, detail}));
    return fragment.textContent;
}"""


def table(moves: int) -> dict:
    # Seed 1: the 51st move is Chen's last card, "Chen played A♣. Chen is out of cards: place 1."
    return table_for(view(played_state(moves=moves, seed=1), 0, version=moves), 0)


def load(page, t):
    body = "".join(fragment(t, name) for name in PARTS)
    cards = f'<script id="card-words" type="application/json">{card_words()}</script>'
    page.set_content(
        f'<!doctype html><body><div class="room">{body}{CONNECTION}</div>{cards}</body>'
    )
    page.add_script_tag(content=PANEL_JS.read_text())


def whole(t: dict) -> str:
    return "".join(fragment(t, name) for name in PARTS)


def test_the_moves_made_while_down_come_before_the_last_one_and_it_is_said_once(page):
    after = table(51)
    assert after["last_move"] == ["Chen played A♣.", "Chen is out of cards: place 1."]
    missed = after["log"][-4:-2]
    load(page, table(48))
    said = page.evaluate(BACK, whole(after))
    words = json.loads(card_words())
    heard = [re.sub(r"(10|[2-9AJQK])[♠♥♦♣]", lambda m: words[m.group(0)], line) for line in missed]
    assert said.startswith("While the connection was down: " + " ".join(heard) + " "), said
    assert said.count("ace of clubs") == 1, said
    assert said.count("out of cards") == 1, said


def test_more_than_six_are_counted_and_a_table_already_in_view_says_nothing_more(page):
    after = table(51)
    load(page, table(40))  # 11 moves: the last one, and ten before it
    said = page.evaluate(BACK, whole(after))
    assert said.startswith(
        "While the connection was down, 11 moves were made: the log has them all. "
    ), said
    # The same table again (a reconnection with nothing missed): #live alone.
    load(page, after)
    assert not page.evaluate(BACK, whole(after)).startswith("While")
