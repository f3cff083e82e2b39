"""The hand: only the viewer's cards, as buttons; playable ones bright, the rest dimmed."""

import re

import pytest
from sample_views import fragment, played_state, table_for, table_state, view

from rooms.render import render_fragments

pytestmark = pytest.mark.pure


def hand_buttons(html: str) -> dict[str, str]:
    return dict(
        (card, cls) for cls, card in re.findall(r'<button class="([^"]*)" data-card="(\w+)"', html)
    )


def test_it_shows_the_viewers_cards_bright_when_playable_and_dimmed_otherwise():
    state = played_state()
    seat = state.turn
    v = view(state, seat)
    buttons = hand_buttons(fragment(table_for(v, seat), "hand"))
    assert sorted(buttons) == sorted(v["hand"])
    playable = {a["card"] for a in v["legal"] if a["type"] == "play"}
    assert playable
    for card, cls in buttons.items():
        assert ("playable" in cls) == (card in playable), card
        assert ("dimmed" in cls) == (card not in playable), card


def test_it_shows_a_watcher_no_hand_anywhere():
    state = played_state()
    frame = render_fragments(table_for(view(state, None), None))
    assert "data-card=" not in frame
    assert "You are watching" in frame
    data = table_state(frame)
    assert data["hand"] is None
    assert data["legal"] == []


def test_it_sends_a_seat_only_its_own_hand():
    state = played_state()
    seat = state.turn
    frame = render_fragments(table_for(view(state, seat), seat))
    mine = set(state.hands_at_deal[seat])
    others = {c for s, hand in enumerate(state.hands_at_deal) if s != seat for c in hand}
    shown = set(hand_buttons(frame))
    assert shown <= mine
    assert not shown & others
    assert table_state(frame)["hand"] == view(state, seat)["hand"]


def test_it_marks_the_cards_a_joker_can_be_played_before():
    v = view(played_state(joker=True), 0)
    v = {
        **v,
        "turn": 0,
        "seat": 0,
        "hand": ["JK", "4D", "9S"],
        "legal": [{"type": "joker", "spot": "5D", "card": "4D"}, {"type": "pass"}],
    }
    html = fragment(table_for(v, 0), "hand")
    assert 'data-card="JK"' in html
    assert re.search(r'class="card playable[^"]*" data-card="4D" data-joker-spot="5D"', html)
    assert re.search(r'class="card playable[^"]*joker" data-card="JK"', html)
    assert re.search(r'class="card dimmed[^"]*" data-card="9S" aria-label', html)
