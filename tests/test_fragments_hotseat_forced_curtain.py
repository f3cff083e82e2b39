"""Hot-seat 排七: a seat with no card to play is passed for by the server (002: 沒有牌可接時自動過，
不用每次手動確認). Its curtain asks nobody to take the device: it says the seat passes and offers no
reveal button, on the page and in the socket's frames (the curtain used to say "Pass the device to
Chie" and change to the next name a moment later)."""

import re

import pytest

from games.sevens import RuleSet
from rooms import frames, render, services
from tests.live_support import fresh, legal, new_session

pytestmark = pytest.mark.django_db

CHINESE = RuleSet.preset("chinese", rounds=1).to_dict()


def forced_after_the_first_play(key: str):
    """A hot-seat 排七 room where the seat after the 7♦ holds neither a 7 nor the 6♦ or 8♦."""
    for _ in range(200):
        room = services.create_room(
            rules=CHINESE, mode="hotseat", level=None, names=["Aki", "Ben", "Chie", "Dan"],
            session_key=key,
        )  # fmt: skip
        result = services.submit_action(
            room.slug, room.turn, {"type": "play", "card": "7D"}, room.version, key
        )
        assert result.error is None
        room = fresh(room)
        if [a["type"] for a in legal(room)] == ["pass"]:
            return room
        room.delete()
    raise AssertionError("no deal left the next seat without a card")


def test_the_curtain_of_a_seat_that_must_pass_offers_no_reveal():
    key = new_session()
    room = forced_after_the_first_play(key)
    name = ["Aki", "Ben", "Chie", "Dan"][room.turn]
    page = render.table_for(room, None, device=True)
    assert page["curtain"]["seat"] == room.turn and page["curtain"]["passes"]
    snap = frames.read(room.slug)
    pushed = frames.table_for(snap, None, room.turn, device=True).fragments["hand"]
    for hand in (render.render_fragments(page), pushed):
        # The name is set as one unit (a span): the sentence is read without the markup.
        words = re.sub(r'<span class="name-unit">([^<]*)</span>', r"\1", hand)
        assert f"{name} has no card to play and passes automatically." in words
        assert "curtain-button" not in hand and 'value="reveal"' not in hand
        assert "Pass the device to" not in hand


def test_the_curtain_of_a_seat_with_a_card_still_asks_for_the_device():
    key = new_session()
    room = services.create_room(
        rules=CHINESE, mode="hotseat", level=None, names=["Aki", "Ben", "Chie", "Dan"],
        session_key=key,
    )  # fmt: skip
    page = render.table_for(room, None, device=True)  # the 7♦ holder: it always has a card
    assert not page["curtain"]["passes"]
    hand = render.render_fragments(page)
    assert "Pass the device to" in hand and "curtain-button" in hand


def japanese_seat_with_nothing_to_play(key: str):
    """A hot-seat room on the Japanese rules (a pass may be chosen) whose first seat to act has
    no card it can play (about one deal in ten)."""
    for _ in range(500):
        room = services.create_room(
            rules=RuleSet.preset("japanese", rounds=1).to_dict(), mode="hotseat", level=None,
            names=["Aki", "Ben", "Chie", "Dan"], session_key=key,
        )  # fmt: skip
        if [a["type"] for a in legal(room)] == ["pass"]:
            return room
        room.delete()
    raise AssertionError("no deal left the first seat without a card")


def test_where_a_pass_may_be_chosen_the_curtain_asks_for_the_device_and_the_player_passes():
    """Said on the curtain, "has no card to play" told everyone at the device what a pass under
    these rules does not: the curtain is every seat's, and the player presses Pass."""
    key = new_session()
    room = japanese_seat_with_nothing_to_play(key)
    assert not room.auto_turn
    name = ["Aki", "Ben", "Chie", "Dan"][room.turn]
    page = render.table_for(room, None, device=True)
    assert page["curtain"]["seat"] == room.turn and not page["curtain"]["passes"]
    snap = frames.read(room.slug)
    pushed = frames.table_for(snap, None, room.turn, device=True).fragments["hand"]
    for hand in (render.render_fragments(page), pushed):
        words = re.sub(r'<span class="name-unit">([^<]*)</span>', r"\1", hand)
        assert f"Pass the device to {name}" in words and "curtain-button" in hand
        assert "no card to play" not in words
    # Lifted, the player alone reads that nothing fits, and passes by hand.
    lifted = render.table_for(room, None, device=True, hotseat_revealed=room.turn)
    controls = render.render_fragments(lifted)
    assert 'class="turn-note must-pass"' in controls
    assert "You have no card you can play: press Pass." in controls
    assert "pass automatically" not in controls
    result = services.submit_action(room.slug, room.turn, {"type": "pass"}, room.version, key)
    assert result.ok
