"""A bot always plays a seat: `SeatView.me` is that seat as an int; a watcher's view (seat None)
has none, and says so rather than indexing a list with None."""

import pytest
from engine_kit import japanese

from games.sevens import new_round, seat_view


def test_it_gives_a_bot_its_own_seat():
    state = new_round(japanese(), seed=3)
    for seat in range(state.n):
        assert seat_view(state, seat).me == seat


def test_it_refuses_a_seat_to_a_watcher():
    watcher = seat_view(new_round(japanese(), seed=3), None)
    assert watcher.seat is None
    with pytest.raises(ValueError, match="watcher"):
        assert watcher.me is None  # never reached: it raises
