"""The joker (seed 004): never alone, on a playable spot with the card beyond, taken over by the
holder of the spot's card; a seat left with only the joker drops out; an eliminated seat's joker is
removed."""

import pytest
from engine_kit import (
    error_code,
    hand,
    japanese,
    legal,
    of_type,
    row,
    run,
    seat_info,
    start,
    view,
)

from games.sevens import Action, IllegalAction, apply

JOKER = japanese(joker=True)


def test_it_places_the_joker_with_the_card_beyond_and_the_spot_holder_takes_it():
    """004: "You place the joker in the next spot to be played and then, in the same turn, play the
    card after it from your hand. The player who holds the card for the joker's spot plays that card
    and takes the joker (this does not count as that player's turn)." """
    state = start(JOKER, {0: "7D JK 5D", 2: "6D"}, dealer=3)
    assert "JK@6D+5D" in legal(state)
    state, events = run(state, "0:JK@6D+5D")
    assert [(e["type"], e.get("seat")) for e in events] == [("joker", 0), ("redeem", 2)]
    assert events[0]["spot"] == "6D" and events[0]["card"] == "5D"
    assert events[1]["card"] == "6D"
    assert "JK" in hand(state, 2) and "6D" not in hand(state, 2)
    assert "JK" not in hand(state, 0) and "5D" not in hand(state, 0)
    assert [row(state, "D")[c] for c in ("5D", "6D", "7D")] == ["run"] * 3
    assert row(state, "D")["4D"] == "next"
    # the turn passes to the seat after the joker's user, and seat 2 keeps its own turn
    assert state.turn == 1
    assert seat_info(state, 2)["passes_used"] == 0
    state, _ = run(state, "1:pass")
    assert state.turn == 2


def test_it_never_plays_the_joker_by_itself():
    """004: "You cannot play the joker by itself." """
    state = start(JOKER, {0: "7D JK 5D", 2: "6D"}, dealer=3)
    assert "JK" not in legal(state)
    assert error_code(state, "JK") == "joker_alone"


def test_it_refuses_the_joker_to_a_seat_holding_the_card_it_would_skip():
    """004: "You cannot use the joker when you hold the card it would skip." """
    state = start(JOKER, {0: "7D JK 6D 5D"}, dealer=3)
    assert not [m for m in legal(state) if m.startswith("JK@6D")]
    assert error_code(state, "JK@6D+5D") == "joker_holds_spot_card"


def test_it_names_what_is_wrong_with_a_joker_move():
    state = start(JOKER, {0: "7D JK 5D 4D", 1: "8D", 2: "6D", 3: "9D"}, dealer=3)
    assert error_code(state, "JK@6D+4D") == "joker_no_card_beyond"
    assert error_code(state, "JK@5D+4D") == "joker_bad_spot"
    assert error_code(state, "JK@8D+9D") == "not_in_hand"
    moved = start(JOKER, {0: "7D 5D", 1: "JK", 2: "6D"}, dealer=3)
    assert error_code(moved, "JK@6D+5D") == "joker_not_held"


# Seat 0 runs hearts to Q and spades down to 2 while seat 1 holds K♥ and seat 2 holds A♠.
JOKER_AT_ENDS = {
    0: "7D JK 8H-QH AH KS",
    1: "KH 6S 5S 4S 3S 2S",
    2: "AS 8C 9C TC JC QC",
    3: "6D 5D 4D 3D 2D",
}
FIVE_LAPS = """
    0:8H 1:6S 2:8C 3:6D
    0:9H 1:5S 2:9C 3:5D
    0:TH 1:4S 2:TC 3:4D
    0:JH 1:3S 2:JC 3:3D
    0:QH 1:2S 2:QC 3:2D
"""


def test_it_keeps_the_joker_off_the_a_and_k_spots_when_the_row_stops_there():
    """004: "It cannot be placed in the A or K spot, since there is no card beyond it" """
    state = start(JOKER, JOKER_AT_ENDS, dealer=3)
    state, _ = run(state, FIVE_LAPS)
    assert not [m for m in legal(state) if m.startswith("JK@")]
    assert error_code(state, "JK@KH+AH") == "joker_no_card_beyond"
    assert error_code(state, "JK@AS+KS") == "joker_no_card_beyond"


@pytest.mark.parametrize("ends", ["connect", "tunnel"])
def test_it_puts_the_joker_on_the_a_or_k_spot_when_the_row_carries_on(ends):
    """004: "(it can under the rule that connects A and K and the rule that continues from the other
    end)." """
    state = start(japanese(joker=True, ends=ends), JOKER_AT_ENDS, dealer=3)
    state, _ = run(state, FIVE_LAPS)
    assert {"JK@KH+AH", "JK@AS+KS"} <= legal(state)
    state, events = run(state, "0:JK@KH+AH")
    assert of_type(events, "redeem") == [{"seat": 1, "type": "redeem", "card": "KH"}]
    assert "JK" in hand(state, 1)
    assert row(state, "H")["AH"] == "run"


def test_it_lets_a_seat_go_out_with_the_joker_and_its_last_card():
    """004: "You may finish by playing the joker together with your last card." """
    state = start(
        JOKER,
        {
            0: "7S 7H 7D 7C JK 6D 5D 4D 3D 8D 9D TD JD KD",
            1: "AS-6S 8S-KS 2D",
            2: "QD AH-6H 8H-KH",
            3: "AC-6C 8C-KC AD",
        },
        dealer=3,
    )
    state, _ = run(
        state,
        """
        0:6D 1:6S 2:6H 3:6C
        0:5D 1:5S 2:5H 3:5C
        0:4D 1:4S 2:4H 3:4C
        0:3D 1:3S 2:3H 3:3C
        0:8D 1:2S 2:2H 3:2C
        0:9D 1:AS 2:AH 3:AC
        0:TD 1:8S 2:8H 3:8C
        0:JD 1:9S 2:9H 3:9C
        """,
    )
    assert hand(state, 0) == ["KD", "JK"]
    state, events = run(state, "0:JK@QD+KD")
    assert [e["type"] for e in events] == ["joker", "redeem", "finish"]
    assert events[2] == {"seat": 0, "type": "finish", "place": 1}
    assert seat_info(state, 0)["status"] == "finished"
    assert "JK" in hand(state, 2)
    assert state.turn == 1


def test_it_drops_out_a_seat_that_receives_the_joker_as_its_only_card():
    """004: "A player whose hand is down to only the joker drops out at that point" — also when the
    joker comes to it in exchange for its last card (docs/rules.md)."""
    state = start(
        JOKER,
        {
            0: "7S 7H 7D 7C 6S 5S 4S 3S 2S AS 8S 9S TS 6H",
            1: "JK 5H 8H-KH AH-4H JS",
            2: "AD-6D 8D-KD QS",
            3: "AC-6C 8C-KC KS",
        },
        dealer=3,
    )
    state, _ = run(
        state,
        """
        0:6S 1:8H 2:6D 3:6C
        0:5S 1:9H 2:5D 3:5C
        0:4S 1:TH 2:4D 3:4C
        0:3S 1:JH 2:3D 3:3C
        0:2S 1:QH 2:2D 3:2C
        0:AS 1:KH 2:AD 3:AC
        0:8S 1:pass 2:8D 3:8C
        0:9S 1:pass 2:9D 3:9C
        0:TS 1:pass 2:TD 3:TC
        0:pass
        """,
    )
    assert hand(state, 0) == ["6H"]
    state, events = run(state, "1:JK@6H+5H")
    assert [(e["type"], e.get("seat")) for e in events] == [
        ("joker", 1),
        ("redeem", 0),
        ("drop_out", 0),
    ]
    assert seat_info(state, 0)["status"] == "dropped"
    assert hand(state, 0) == ["JK"]
    assert seat_info(state, 0)["passes_used"] == 1
    assert state.turn == 2


def test_it_removes_the_joker_of_an_eliminated_seat():
    """004: "If a player who loses by running out of passes holds the joker, it is removed instead
    of being placed in the layout." """
    rules = japanese(players=3, pass_limit=1, joker=True, scoring="cards_left")
    deal = {
        0: "7D 6D 5D 4D 6S 6H 6C 8S 8H 8D 8C 5S 5H 5C 9S 9H 9D 9C",
        1: "JK AS 2S 3S AH 2H 3H AD 2D AC 2C 3C JS QS KS JH QH KH",
        2: "3D JD QD KD JC QC KC 4S 4H 4C TS TH TD TC 7S 7H 7C",
    }
    state = start(rules, deal, dealer=2)
    state, events = run(state, "0:6D 1:pass 2:pass 0:5D")
    first, second = of_type(events, "eliminate")
    assert first["seat"] == 1 and first["joker_removed"] is True
    assert "JK" not in first["cards"] and len(first["cards"]) == 17
    assert second["seat"] == 2 and second["joker_removed"] is False
    assert view(state, None)["joker_removed"] is True
    cells = [c["card"] for r in view(state, None)["rows"] for c in r["cells"]]
    assert "JK" not in cells
    # the log spec: an eliminated seat pays for the cards it held, joker included (seat 2 laid
    # out three 7s, so it held 14)
    assert state.result().ranking == [0, 2, 1]
    assert state.result().points == [32, -18, -14]


def test_it_changes_nothing_when_a_joker_move_is_refused():
    state = start(JOKER, {0: "7D JK 6D 5D"}, dealer=3)
    before = view(state, 0)
    with pytest.raises(IllegalAction):
        apply(state, Action.joker("6D", "5D"))
    assert view(state, 0) == before


def test_a_card_that_can_follow_the_joker_alone_is_refused_with_that_reason():
    # 5♦ goes down now only after the joker on 6♦: pressed alone, the reason says so (not that it
    # does not connect, which it does, with the joker).
    state = start(JOKER, {0: "7D JK 5D", 2: "6D"}, dealer=3)
    assert "JK@6D+5D" in legal(state) and "5D" not in legal(state)
    assert error_code(state, "5D") == "needs_joker"


def test_a_card_that_does_not_connect_is_refused_with_the_rows_next_cards():
    state = start(JOKER, {0: "7D JK 5D 3S", 2: "6D"}, dealer=3)
    with pytest.raises(IllegalAction) as refused:
        state.check(0, Action.play("3S"))
    assert refused.value.code == "not_next_to_row"
    assert refused.value.params == {"card": "3S", "next": ["6S"]}  # the end that leads to it
