"""Where a card may be played: the next rank further out from the 7 (seed 004)."""

from engine_kit import ENDS_DEAL, SIX_LAPS, error_code, japanese, legal, plays, row, run, start


def test_it_plays_only_the_next_card_outward_from_the_7():
    """004: "You can only play a card that is the same suit as a card in the layout and the next
    rank further out from the 7. Below the 7, a row grows in the order 6, 5, … A, and above the 7,
    in the order 8, 9, … K." """
    state = start(japanese(), {0: "7D 6D 5D 8S 9S AH 2H 3H KC QC JC 2D 3D"}, dealer=3)
    assert state.turn == 0
    assert plays(state) == {"6D", "8S"}
    assert error_code(state, "5D") == "not_next_to_row"
    assert error_code(state, "9S") == "not_next_to_row"
    assert error_code(state, "AH") == "not_next_to_row"
    state, _ = run(state, "0:6D 1:pass 2:pass 3:pass")
    assert plays(state) == {"5D", "8S"}
    assert row(state, "D")["6D"] == "run"
    assert row(state, "D")["5D"] == "next"


def test_it_plays_one_card_per_turn():
    """004: "You play 1 card per turn." """
    state = start(japanese(), {0: "7D 6D 5D 4D"}, dealer=3)
    state, events = run(state, "0:6D")
    assert state.turn == 1
    assert [e["type"] for e in events] == ["play"]


def test_it_rejects_a_card_the_seat_does_not_hold_and_a_move_out_of_turn():
    state = start(japanese(), {0: "7D 6D", 1: "8D"}, dealer=3)
    assert error_code(state, "8D") == "not_in_hand"
    assert error_code(state, "8D", seat=1) == "not_your_turn"


def test_it_does_not_connect_a_and_k_by_default():
    """004: "By default, you play by the basic rules: no joker, A and K do not connect, and you
    may pass even when you have a card you can play." With 7–K of hearts and A–7 of spades down,
    neither A♥ nor K♠ can be played; 6♥ still can."""
    state = start(japanese(), ENDS_DEAL, dealer=3)
    state, _ = run(state, SIX_LAPS)
    assert state.turn == 0
    assert plays(state) == {"6H"}
    assert "pass" in legal(state)
    assert error_code(state, "AH") == "not_next_to_row"
    assert error_code(state, "KS") == "not_next_to_row"
    assert row(state, "H")["KH"] == "run"
    assert row(state, "S")["AS"] == "run"
