"""Places and rank points at the end of a Japanese round (seed 004)."""

from engine_kit import (
    DROP_DEAL,
    DROP_LAPS,
    FINISH_DEAL,
    FINISH_LAPS,
    japanese,
    of_type,
    run,
    start,
    view,
)


def test_it_ranks_seats_in_the_order_they_empty_their_hands_then_the_last_seat_left():
    """004: "Players finish in the order their hands become empty. When only 1 player still has
    cards, the round ends." and "with 4 players, 3, 2, 1, and 0 points from 1st place down" """
    state = start(
        japanese(),
        FINISH_DEAL,
        dealer=3,
    )
    state, events = run(
        state,
        FINISH_LAPS,
    )
    assert [(e["seat"], e["place"]) for e in of_type(events, "finish")] == [(0, 1), (1, 2), (2, 3)]
    assert state.over
    assert state.to_act is None
    assert state.result().ranking == [0, 1, 2, 3]
    assert state.result().points == [3, 2, 1, 0]
    seats = view(state, 3)["seats"]
    assert [s["place"] for s in seats] == [1, 2, 3, 4]
    assert [s["status"] for s in seats] == ["finished", "finished", "finished", "playing"]
    (end,) = of_type(events, "round_end")
    assert end == {"type": "round_end", "ranking": [0, 1, 2, 3], "points": [3, 2, 1, 0]}


def test_it_ranks_a_dropped_out_seat_below_the_last_seat_left_and_above_the_eliminated():
    """004: "A player whose hand is down to only the joker drops out at that point and ranks below
    the players who finished and the last player left, but above the players who lost by running
    out of passes." Seat 1 drops out before seat 2 is eliminated, and still ranks above it."""
    rules = japanese(joker=True, pass_limit=1)
    state = start(
        rules,
        DROP_DEAL,
        dealer=0,
    )
    state, events = run(
        state,
        DROP_LAPS,
    )
    assert [(e["type"], e["seat"]) for e in events[-2:]] == [("drop_out", 1), ("eliminate", 2)]
    state, events = run(state, "3:2C 0:AS")
    assert state.over
    assert state.result().ranking == [0, 3, 1, 2]
    assert state.result().points == [3, 1, 0, 2]
    assert [s["status"] for s in view(state, None)["seats"]] == [
        "finished",
        "dropped",
        "eliminated",
        "playing",
    ]
