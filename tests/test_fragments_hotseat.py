"""Hot-seat: a curtain at every change of turn; only the seat to act, once it lifts the curtain,
sees its hand, and the previous hand is never left in the page."""

import re

import pytest
from sample_views import fragment, played_state, table_for, table_state, view

from rooms.render import render_fragments

pytestmark = pytest.mark.pure


def test_it_covers_the_hand_with_a_curtain_for_the_seat_to_act():
    state = played_state()
    turn = state.turn
    frame = render_fragments(
        table_for(view(state, None, mode="hotseat"), None, mode="hotseat", curtain_for=turn)
    )
    assert "data-card=" not in frame
    assert "Pass the device to" in frame
    assert re.search(r'name="action" value="reveal"', frame)
    assert re.search(rf'name="seat" value="{turn}"', frame)
    data = table_state(frame)
    assert data["hand"] is None and data["legal"] == []
    # The 3D table turns to the seat behind the curtain (and shows the curtain over it).
    assert data["seat"] is None and data["curtain"] == turn


def test_it_shows_only_the_revealed_seats_hand():
    state = played_state()
    turn = state.turn
    t = table_for(view(state, turn, mode="hotseat"), turn, mode="hotseat")
    html = fragment(t, "hand")
    shown = set(re.findall(r'data-card="(\w+)"', html))
    assert shown == set(view(state, turn)["hand"])
    assert "Pass the device to" not in html
    assert re.search(rf'name="seat" value="{turn}"', fragment(t, "controls"))
    assert "curtain" not in t["state"]


def test_it_offers_no_watching_note_between_rounds_on_a_shared_device():
    from sample_views import finished_state

    state = finished_state()
    t = table_for(
        view(state, None, mode="hotseat", round_number=1),
        None,
        mode="hotseat",
        status="between_rounds",
    )
    hand = fragment(t, "hand")
    assert "You are watching" not in hand
    # Nobody's hand is on show between rounds: the device says the round is over, not that
    # "your hand" is empty.
    assert "The round is over." in hand and "No cards left" not in hand


def test_another_browser_only_watches_a_hot_seat_room():
    # The link of a hot-seat room opened elsewhere: no curtain to lift, no hand, no buttons.
    state = played_state()
    t = table_for(view(state, None, mode="hotseat"), None, mode="hotseat", device=False)
    frame = render_fragments(t)
    assert "You are watching" in fragment(t, "hand")
    assert "Pass the device to" not in frame and 'value="reveal"' not in frame
    assert "No cards left" not in frame
    assert 'name="action" value="play"' not in frame and "data-card=" not in frame


def test_another_browser_gets_no_next_round_button_in_a_hot_seat_room():
    from sample_views import finished_state

    state = finished_state(rounds=3)
    between = view(state, None, mode="hotseat", round_number=1)
    device = table_for(between, None, mode="hotseat", status="between_rounds")
    other = table_for(between, None, mode="hotseat", status="between_rounds", device=False)
    assert "next-round-button" in fragment(device, "settlement")
    assert "next-round-button" not in fragment(other, "settlement")
