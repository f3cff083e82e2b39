"""The A and K house rules of seed 004: connect, and continue from the other end (tunnel)."""

from engine_kit import (
    ENDS_DEAL,
    SIX_LAPS,
    error_code,
    japanese,
    plays,
    position,
    row,
    run,
    start,
    view,
)

from games.sevens import Action, IllegalAction, RuleSet


def test_it_connects_k_to_a_and_a_to_k_under_connect():
    """004: "Connect A and K: Once a row runs from the 7 up to K, you can continue with A, 2, … in
    order. Once it runs from the 7 down to A, you can continue with K, Q, … in order. You can also
    keep playing from the 7 side as usual." """
    state = start(japanese(ends="connect"), ENDS_DEAL, dealer=3)
    state, _ = run(state, SIX_LAPS)
    assert plays(state) == {"AH", "KS", "6H"}
    assert error_code(state, "2H") == "not_next_to_row"
    assert error_code(state, "QS") == "not_next_to_row"
    state, _ = run(state, "0:AH 1:pass 2:pass 3:pass")
    assert plays(state) == {"2H", "KS", "6H"}
    state, _ = run(state, "0:KS 1:pass 2:pass 3:pass")
    assert plays(state) == {"2H", "QS", "6H"}
    assert row(state, "H")["AH"] == "run"
    assert row(state, "S")["KS"] == "run"


def test_it_meets_in_the_middle_and_fills_the_row_under_connect():
    """Under connect both walks of a row grow until they meet; the row is then full."""
    rules = japanese(ends="connect")
    state = start(rules, ENDS_DEAL, dealer=3)
    state, _ = run(state, SIX_LAPS)
    state, _ = run(state, "0:AH 1:pass 2:pass 3:pass 0:2H 1:pass 2:3H 3:4H 0:5H 1:pass")
    # seat 1 passed three times; seat 2 and 3 still may
    state, _ = run(state, "2:pass 3:pass 0:6H")
    hearts = [r for r in view(state, None)["rows"] if r["suit"] == "H"][0]
    assert hearts["full"] is True
    assert hearts["next"] == []


def test_it_closes_the_7_side_once_a_row_reaches_its_end_under_tunnel():
    """004: "At an end, continue from the other end (tunnel): Once one side of a row runs from the 7
    all the way to its end, the other side closes at the 7, and cards can be played there only from
    the opposite end. For example, once the 7 through K of hearts are laid out, the 6 of hearts
    cannot be played; the hearts continue from A, then 2, and upward." """
    state = start(japanese(ends="tunnel"), ENDS_DEAL, dealer=3)
    state, _ = run(state, SIX_LAPS)
    assert plays(state) == {"AH", "KS"}
    assert error_code(state, "6H") == "side_closed"
    assert row(state, "H")["6H"] == "closed"
    assert row(state, "H")["AH"] == "next"
    # spades ran down to A: the 8 side is closed and spades go on from K
    assert row(state, "S")["8S"] == "closed"
    state, _ = run(state, "0:AH")
    assert error_code(state, "8S") == "side_closed"
    assert plays(state) == set()  # seat 1 holds only 8S–JS


def test_it_fills_the_tunnel_up_to_the_held_back_card():
    """004: "A player who is holding back a 6 or an 8 then cannot play that card until the very
    end." Hearts go on A, 2, 3, 4, 5 and only then 6."""
    state = start(japanese(ends="tunnel"), ENDS_DEAL, dealer=3)
    state, _ = run(state, SIX_LAPS)
    state, _ = run(
        state,
        """
        0:AH 1:pass 2:AC 3:KD
        0:2H 1:pass 2:3H 3:4H
        """,
    )
    assert error_code(state, "6H") == "side_closed"
    state, _ = run(state, "0:5H 1:pass 2:2C 3:QD")
    assert "6H" in plays(state)
    assert row(state, "H")["6H"] == "next"
    state, _ = run(state, "0:6H")
    assert row(state, "H") == {c: "run" for c in row(state, "H")}


def test_its_one_line_summary_names_the_ends_that_connect_joins():
    """docs/rules.md 18: with rows 2…7…A the K already stands next to the A; `connect` joins the
    row's ends, the A and the 2, and the engine's rules card says so."""
    assert "A-K connect" in RuleSet(ends="connect").summary()
    assert "A-K not connected" in RuleSet().summary()
    high = RuleSet(ace="high", ends="connect").summary()
    assert "A-2 connect" in high and "A-K" not in high
    assert "A-2 not connected" in RuleSet.preset("chinese").summary()
    assert "tunnel" in RuleSet(ace="high", ends="tunnel").summary()


def _refusal(state, card):
    try:
        state.check(state.turn, Action.play(card))
    except IllegalAction as err:
        return err.code, err.params.get("next")
    raise AssertionError(f"{card} is legal")


def test_a_card_the_far_end_reaches_first_is_not_said_to_lie_beyond_a_placed_card():
    """004: "No card can be played beyond a card placed this way until the cards from the 7 connect
    to it." A card that the row reaches from its other end (connect: K then A, 2…; tunnel: from A
    upward) before it reaches the placed card is not beyond it: the refusal names the card the row
    needs, not the placed card. (♠3 and ♥3 lie apart, as an eliminated seat's cards do.)"""
    state = position(
        japanese(ends="connect"), "7S-KS 3S 7H 7D 7C", {0: "2S 4S", 1: "AS 5S"}, first=0
    )
    assert _refusal(state, "2S") == ("not_next_to_row", ["AS", "6S"])
    state = position(
        japanese(ends="tunnel"), "7H-KH 3H 7S 7D 7C", {0: "2H 4H", 1: "AH 6H"}, first=0
    )
    assert _refusal(state, "2H") == ("not_next_to_row", ["AH"])
    # Without the other end, the 2 does lie beyond the placed 3.
    state = position(japanese(), "7S-KS 3S 7H 7D 7C", {0: "2S 4S", 1: "AS 5S"}, first=0)
    assert _refusal(state, "2S")[0] == "beyond_placed_card"
