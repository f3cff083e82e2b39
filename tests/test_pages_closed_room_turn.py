"""A room closed during a player's turn (idle, by an operator, or by its last player logging out):
nothing more is played there, so nothing says it is anyone's turn, on the page or in a frame."""

import json
import re

import pytest

from rooms import frames, services
from rooms.models import Room
from rooms.presence import close_room
from tests.live_support import cpu_room, fresh, hotseat_room, new_session, rules

pytestmark = pytest.mark.django_db


def my_turn_room(key: str) -> Room:
    """A game against the computer whose first turn is the player's own (seat 0)."""
    for _ in range(100):
        room = cpu_room(key)
        if room.turn == 0 and not room.auto_turn:
            return room
        room.delete()
    raise AssertionError("no deal gave the player the first turn")


def table_state(page: str) -> dict:
    found = re.search(r'<script id="table-state"[^>]*>(.*?)</script>', page, re.S)
    return json.loads(found.group(1))


def assert_nobodys_turn(page: str) -> None:
    assert "to-act" not in page and 'aria-current="true"' not in page
    assert "Your turn." not in page and "Your turn:" not in page
    assert 'data-mine="true"' not in page  # panel.js marks the tab's title from it
    assert "Pass the device to" not in page
    state = table_state(page)
    assert state["turn"] is None and state["legal"] == []


def test_it_marks_nobodys_turn_in_a_room_closed_during_the_players_turn(client):
    key = new_session()
    client.cookies["sessionid"] = key
    room = my_turn_room(key)
    page = client.get(f"/room/{room.slug}/").content.decode()
    assert "to-act" in page and "Your turn." in page  # the player's turn, before
    assert close_room(room.slug)
    page = client.get(f"/room/{room.slug}/").content.decode()
    assert "This room is closed" in page
    assert_nobodys_turn(page)
    # Its hand is only shown: no card bright as if playable next, none a Tab stop.
    cards = re.findall(r'<button class="card[^"]*"[^>]*>', page)
    assert cards and all(" disabled" in c and "playable" not in c for c in cards), cards
    # the frame a socket gets, for the seat and for a watcher
    snap = frames.read(room.slug)
    for viewer in (0, None):
        table = frames.table_for(snap, viewer, None)
        assert_nobodys_turn(table.html())
        assert table.state["turn"] is None


def test_it_marks_nobodys_turn_once_the_last_player_logged_out(client):
    key = new_session()
    room = my_turn_room(key)
    services.log_out_browser(key)
    assert fresh(room).status == Room.Status.CLOSED
    client.cookies["sessionid"] = new_session()
    assert_nobodys_turn(client.get(f"/room/{room.slug}/").content.decode())


def test_a_shared_device_shows_no_curtain_in_a_closed_room(client):
    key = new_session()
    client.cookies["sessionid"] = key
    room = hotseat_room(key)
    assert "Pass the device to" in client.get(f"/room/{room.slug}/").content.decode()
    assert close_room(room.slug)
    page = client.get(f"/room/{room.slug}/").content.decode()
    assert_nobodys_turn(page)
    snap = frames.read(room.slug)
    assert frames.viewer_of(snap, key) == (None, True)
    assert_nobodys_turn(frames.table_for(snap, None, None, device=True).html())


def test_a_friends_room_closed_before_its_first_deal_keeps_no_match_and_offers_no_leaving(client):
    key = new_session()
    client.cookies["sessionid"] = key
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=key
    )
    assert room.match is None
    assert close_room(room.slug)
    page = client.get(f"/room/{room.slug}/").content.decode()
    assert "This room is closed." in page
    assert "Its match is kept" not in page  # there is none: no card was dealt
    assert "leave-form" not in page
    table = frames.table_for(frames.read(room.slug), 0, None)
    assert "This room is closed." in table.html() and "Its match is kept" not in table.html()
