"""Running out of passes: must play, else eliminated and the hand placed in the layout (seed 004)."""

from engine_kit import (
    error_code,
    expand,
    japanese,
    legal,
    of_type,
    plays,
    row,
    run,
    seat_info,
    start,
    view,
)

# 3 players, 1 pass each. Seat 0 (18 cards, the dealer's left) holds 7D and the cards next to the
# 7s; seats 1 and 2 hold only cards far from them.
FAR_DEAL = {
    0: "7D 6D 5D 4D 6S 6H 6C 8S 8H 8D 8C 5S 5H 5C 9S 9H 9D 9C",
    1: "AS-3S AH-3H AD-3D AC-3C 4S 4H 4C TS TD",
    2: "JS-KS JH-KH JD-KD JC-KC TH TC 7S 7H 7C",
}


def test_it_makes_a_seat_out_of_passes_play_a_card_it_can():
    """004: "Once you have used up your passes, you must play a card whenever you can." """
    state = start(japanese(), {0: "7D 6D 5D 4D 3D"}, dealer=3)
    state, _ = run(state, "0:pass 1:pass 2:pass 3:pass " * 3)
    assert state.turn == 0
    assert "pass" not in legal(state)
    assert plays(state) == {"6D"}
    assert error_code(state, "pass") == "no_passes_left"
    assert seat_info(state, 0)["passes_left"] == 0


def test_it_eliminates_a_seat_only_at_a_later_turn_where_it_cannot_play():
    """004: "If you cannot, you lose, and you place all the cards in your hand face up in their own
    spots in the layout." Using its last pass with nothing to play does not lose yet (docs/rules.md):
    the seat loses at its next turn if it still cannot play."""
    state = start(japanese(players=3, pass_limit=1), FAR_DEAL, dealer=2)
    state, events = run(state, "0:6D 1:pass 2:pass")
    assert not of_type(events, "eliminate")
    assert seat_info(state, 1)["status"] == "playing"
    assert seat_info(state, 2)["status"] == "playing"
    state, events = run(state, "0:5D")
    elim = of_type(events, "eliminate")
    assert [e["seat"] for e in elim] == [1, 2]
    assert sorted(elim[0]["cards"]) == sorted(expand(FAR_DEAL[1]))
    assert elim[0]["joker_removed"] is False
    assert seat_info(state, 1)["status"] == "eliminated"
    assert seat_info(state, 1)["cards"] == 0
    assert row(state, "S")["AS"] == "placed"
    assert row(state, "D")["TD"] == "placed"


def test_it_ends_the_round_when_one_seat_still_has_cards_and_ranks_earlier_losers_lower():
    """004: "When only 1 player still has cards, the round ends. Players are ranked in the order
    they finished, followed by the last player left, and then the players who lost by running out
    of passes. Among players who lost that way, whoever lost earlier ranks lower." With 3 players,
    2, 1 and 0 points."""
    state = start(japanese(players=3, pass_limit=1), FAR_DEAL, dealer=2)
    state, events = run(state, "0:6D 1:pass 2:pass 0:5D")
    assert state.over
    assert state.result().ranking == [0, 2, 1]
    assert state.result().points == [2, 0, 1]
    (end,) = of_type(events, "round_end")
    assert end["ranking"] == [0, 2, 1]
    assert view(state, None)["seats"][1]["place"] == 3


# Seat 2 is eliminated holding J♠ while ♠5–8 are on the table.
PLACED_DEAL = {
    0: "7D 6S 5S 8S 5H 4H",
    1: "4S 9S TS QS 6H 8H 7S 7H 7C",
    2: "JS AH 2H 3H JH QH KH AD 2D 3D JD QD KD AC 2C 3C JC",
}


def test_it_plays_nothing_beyond_a_placed_card_until_the_run_reaches_it():
    """004: "No card can be played beyond a card placed this way until the cards from the 7 connect
    to it. For example, when the 5 through 8 of spades and the jack of spades are in the layout, the
    only spades that can be played are the 4 and the 9." """
    state = start(japanese(players=3, pass_limit=1), PLACED_DEAL, dealer=2)
    state, events = run(state, "0:6S 1:6H 2:pass 0:5S 1:8H")
    assert [e["seat"] for e in of_type(events, "eliminate")] == [2]
    state, _ = run(state, "0:8S")
    assert state.turn == 1
    assert {c for c in plays(state) if c.endswith("S")} == {"4S", "9S"}
    assert row(state, "S")["JS"] == "placed"
    assert row(state, "S")["TS"] == "empty"
    assert error_code(state, "QS") == "beyond_placed_card"
    assert error_code(state, "TS") in ("not_next_to_row", "beyond_placed_card")
    state, _ = run(state, "1:9S 0:5H 1:TS")
    assert row(state, "S")["JS"] == "run"
    state, _ = run(state, "0:4H")
    assert "QS" in plays(state)


def test_it_lets_the_run_join_placed_cards_and_carry_on_past_them():
    """Hearts A–3 were placed by the eliminated seat: once 4♥ joins them the row is done below."""
    state = start(japanese(players=3, pass_limit=1), PLACED_DEAL, dealer=2)
    state, _ = run(state, "0:6S 1:6H 2:pass 0:5S 1:8H 0:8S 1:9S 0:5H 1:TS 0:4H")
    hearts = row(state, "H")
    assert [hearts[c] for c in ("AH", "2H", "3H", "4H", "5H")] == ["run"] * 5
