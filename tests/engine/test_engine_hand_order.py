"""A seat's hand, the losers' revealed cards and a row's next cards are listed as the rows run: by suit, and within a
suit from the row's low end to its high end (A…K, or 2…A when the ace is high). The panel, the 3D
table, the settlement and the replay show them in this order."""

from engine_kit import (
    FIRST_OUT_DEAL,
    FIRST_OUT_LAPS,
    action,
    chinese,
    hand,
    japanese,
    position,
    run,
    start,
    view,
)

from games.sevens import IllegalAction


def test_it_lists_the_ace_after_the_king_when_rows_run_2_to_a():
    """002: 每一行往下的順序是 7-6-5-4-3-2，往上是 7-8-9-10-J-Q-K-A。 (Each row runs down
    7-6-5-4-3-2 and up 7-8-9-10-J-Q-K-A: the ace is the high end, after the king.)"""
    state = start(chinese(), {0: "AS 2S KS 8S AH 3H 7D AC 2C"}, dealer=3)
    cards = hand(state, 0)
    assert [c for c in cards if c.endswith("S")] == ["2S", "8S", "KS", "AS"]
    assert [c for c in cards if c.endswith("C")][-1] == "AC"
    ranks = "23456789TJQKA"
    assert cards == sorted(cards, key=lambda c: ("SHDC".index(c[1]), ranks.index(c[0])))


def test_it_keeps_the_ace_first_when_rows_run_a_to_k():
    state = start(japanese(), {0: "AS 2S KS 8S"}, dealer=3)
    spades = [c for c in hand(state, 0) if c.endswith("S")]
    assert spades == ["AS", "2S", "8S", "KS"]


def test_it_reveals_the_losers_cards_in_the_same_order():
    state = start(chinese(), FIRST_OUT_DEAL, dealer=3)
    state, _ = run(state, FIRST_OUT_LAPS)
    revealed = view(state, None)["revealed"]
    assert revealed["1"] == ["3S", "AH", "2D"]
    assert revealed["2"] == ["2S", "2C", "3C", "4C", "AC"]


def test_it_names_a_rows_next_cards_low_end_first_when_the_ace_is_high():
    """A row of spades from 5 to K (2…7…A) takes the 4 below and the A above: the note under
    the row names them in that order; the reason the 2 is refused names the 4 alone, the end that
    leads to it."""
    state = position(chinese(), "5S-KS 7H 7D 7C", {0: "2S 4S AS"}, first=0)
    spades = view(state, 0)["rows"][0]
    assert spades["next"] == ["4S", "AS"]
    try:
        state.check(0, action("2S"))
    except IllegalAction as refused:
        assert refused.code == "not_next_to_row"
        assert refused.params["next"] == ["4S"]  # only the end whose walk leads to the 2
    else:
        raise AssertionError("2S was let through")
