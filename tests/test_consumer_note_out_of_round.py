"""The forced-pass note ("You had no card you could play, so you passed.") stands above the hand
until the seat's turn comes back. A seat out of the round gets no such turn: eliminated at its next
turn ("If you cannot, you lose", seed 004), or dropped out holding the joker on a redeem, it must not
keep reading that it passed, beside a seat line saying it lost. Fast-forward's note ("the computer
plays without waiting until this round ends") still holds for a seat out of the round: it stays."""

import pytest

from rooms.consumers import RoomConsumer
from rooms.frames import Table

pytestmark = pytest.mark.pure

KEY = ("playing", 1, 0, None)


def table(turn, status: str) -> Table:
    seats = [[12, 0, status, None], [11, 1, "playing", None], [12, 1, "playing", None]]
    return Table(version=9, fragments={}, key=KEY, state={"turn": turn, "seats": seats})


def consumer(*, forced_pass: bool = True) -> RoomConsumer:
    it = RoomConsumer()
    it.seat = 0
    it.note = ("<div>note</div>", KEY, forced_pass)
    return it


def test_it_keeps_the_note_while_the_others_play():
    assert consumer().keeps_note(table(1, "playing"))


def test_it_drops_the_note_when_the_turn_comes_back():
    assert not consumer().keeps_note(table(0, "playing"))


@pytest.mark.parametrize("status", ["eliminated", "dropped"])
def test_it_drops_the_note_once_the_seat_is_out_of_the_round(status):
    assert not consumer().keeps_note(table(1, status))


@pytest.mark.parametrize("status", ["eliminated", "dropped"])
def test_it_keeps_the_fast_forward_note_for_a_seat_out_of_the_round(status):
    assert consumer(forced_pass=False).keeps_note(table(1, status))


def test_it_drops_the_note_in_another_round():
    it = consumer()
    later = Table(version=9, fragments={}, key=("playing", 2, 0, None), state={"turn": 1})
    assert not it.keeps_note(later)
