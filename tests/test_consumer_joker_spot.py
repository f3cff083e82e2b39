"""A joker move pressed without its spot: the spot is looked up when there is one; when the card
cannot follow the joker, or could follow it on two spots, the player is told which, not that the
move "could not be read"."""

import json

import pytest

from rooms import consumers, protocol, services
from rooms.errors import RoomError


def pressed(*cards: str):
    """The two pressed cards sent as a Play, as a form may send them."""
    text = json.dumps({"action": "play", "card": list(cards), "version": "3", "HEADERS": {}})
    return protocol.parse(text)


@pytest.fixture
def legal(monkeypatch):
    moves = []
    monkeypatch.setattr(services, "legal_for", lambda slug, seat: moves)
    return moves


def test_the_one_spot_is_looked_up(legal):
    legal += [{"type": "joker", "spot": "5D", "card": "4D"}, {"type": "play", "card": "9S"}]
    action = consumers._action_dict("abc", 0, pressed("JK", "4D"))
    assert action == {"type": "joker", "spot": "5D", "card": "4D"}


def test_a_card_that_cannot_follow_the_joker_is_explained(legal):
    legal += [{"type": "joker", "spot": "5D", "card": "4D"}, {"type": "play", "card": "9S"}]
    with pytest.raises(RoomError) as refused:
        consumers._action_dict("abc", 0, pressed("JK", "9S"))
    assert refused.value.code == "joker_card"
    assert "cannot follow the joker" in refused.value.message


def test_two_spots_ask_which(legal):
    legal += [
        {"type": "joker", "spot": "TC", "card": "KC"},
        {"type": "joker", "spot": "AC", "card": "KC"},
    ]
    with pytest.raises(RoomError) as refused:
        consumers._action_dict("abc", 0, pressed("JK", "KC"))
    assert refused.value.code == "joker_which_spot"


def test_a_joker_move_with_an_empty_spot_is_read_the_same(legal):
    legal += [{"type": "joker", "spot": "5D", "card": "4D"}, {"type": "play", "card": "9S"}]
    text = json.dumps({"action": "joker", "card": "9S", "spot": "", "version": "3"})
    with pytest.raises(RoomError) as refused:
        consumers._action_dict("abc", 0, protocol.parse(text))
    assert refused.value.code == "joker_card"


def test_out_of_turn_it_is_left_to_the_turn_check(legal):
    action = consumers._action_dict("abc", 0, pressed("JK", "9S"))
    assert action["type"] == "joker" and action["spot"] == ""
