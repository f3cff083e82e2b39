"""The points the product texts leave open, pinned as docs/rules.md decides them (numbered as
there). Decisions 1, 2, 6, 7, 14, 17 and 18 are pinned next to the rules they refine
(test_engine_elimination, test_engine_ends, test_engine_joker, test_engine_deal,
test_engine_match)."""

import random

from engine_kit import (
    DROP_DEAL,
    DROP_LAPS,
    FINISH_DEAL,
    FINISH_LAPS,
    chinese,
    error_code,
    hand,
    japanese,
    legal,
    of_type,
    plays,
    position,
    row,
    run,
    start,
    view,
)

from games.sevens import apply, cards, new_round, seat_view

TUNNEL_PLACED_DEAL = {
    0: "7D 6D 5D 6S 6H 6C 8S 8H 8D 8C 5S 5H 5C 9S 9H 9D 9C TS",
    1: "4D AS 2S 3S AH 2H 3H AD 2D 3D AC 2C 3C 4S 4H 4C TD",
    2: "JS QS KS JH QH KH JD QD KD JC QC KC TH TC 7S 7H 7C",
}


def test_3_a_placed_k_closes_the_tunnel_only_once_the_run_joins_it():
    """rules.md 3: "A placed card lying at the end of a row does not count as the run reaching the
    end; it counts once the run has joined it." """
    rules = japanese(players=3, pass_limit=1, ends="tunnel")
    state = start(rules, TUNNEL_PLACED_DEAL, dealer=2)
    state, events = run(state, "0:6D 1:pass 2:pass 0:5D 1:4D")
    assert [e["seat"] for e in of_type(events, "eliminate")] == [2]
    assert row(state, "H")["KH"] == "placed"
    assert "6H" in plays(state)  # ♥10–K lie apart from the run: the 7 side is still open
    state, _ = run(state, "0:8H 1:3D 0:9H")  # the run joins ♥10–K
    assert row(state, "H")["KH"] == "run"
    assert row(state, "H")["6H"] == "closed"
    assert row(state, "H")["AH"] == "next"
    state, _ = run(state, "1:2D")
    assert error_code(state, "6H") == "side_closed"


def test_4_a_connect_walk_passes_through_a_placed_a():
    """rules.md 4: "under `connect`, with 7–K down and an eliminated seat's A placed, the next spot
    is the 2." """
    rules = japanese(players=3, pass_limit=1, ends="connect")
    deal = {
        0: "7D 8H 9H TH JH QH KH 2H 6D 5D 4D 3D 2D AD 6C 5C 4C 3C",
        1: "6S 5S 4S 3S 2S AS 8S 9S TS 6H 5H 4H 3H 8D 9D TD 8C",
        2: "AH JS QS KS JD QD KD JC QC KC 9C TC 2C AC 7S 7H 7C",
    }
    state = start(rules, deal, dealer=2)
    state, events = run(state, "0:8H 1:6S 2:pass 0:9H 1:5S")
    assert [e["seat"] for e in of_type(events, "eliminate")] == [2]
    assert row(state, "H")["AH"] == "placed"
    state, _ = run(state, "0:TH 1:4S 0:JH 1:3S 0:QH 1:2S 0:KH")
    assert row(state, "H")["AH"] == "run"
    hearts = [r for r in view(state, None)["rows"] if r["suit"] == "H"][0]
    assert sorted(hearts["next"]) == ["2H", "6H"]
    state, _ = run(state, "1:AS")
    assert "2H" in plays(state)


def test_5_the_card_beyond_the_joker_lies_past_a_placed_card():
    """rules.md 5: the card played with the joker is "the spot the same walk reaches once the
    joker's spot is filled: … past placed cards if they lie right beyond the spot" """
    rules = japanese(players=3, pass_limit=1, joker=True)
    deal = {
        0: "7D JK 4D 8S-KS",
        1: "6D 6S 5S 4S 3S",
        2: "5D AH 2H 3H JH QH KH AC 2C 3C JC QC KC JD QD 7H 7C",
    }
    state = start(rules, deal, dealer=2)
    state, events = run(state, "0:8S 1:6S 2:pass 0:9S 1:5S")
    assert [e["seat"] for e in of_type(events, "eliminate")] == [2]
    assert row(state, "D")["5D"] == "placed"
    assert "JK@6D+4D" in legal(state)
    state, events = run(state, "0:JK@6D+4D")
    assert of_type(events, "redeem") == [{"seat": 1, "type": "redeem", "card": "6D"}]
    assert row(state, "D")["3D"] == "next"


def test_8_a_joker_move_can_finish_its_user_and_drop_out_the_redeemer_together():
    """rules.md 8: "the finish is recorded first. If that leaves no seat holding cards, the round
    ends with no last player." """
    rules = japanese(players=3, joker=True)
    state = position(rules, "*", {0: "JK 5D", 1: "6D", 2: "8S"}, first=2)
    state, events = run(state, "2:8S 0:JK@6D+5D")
    assert [(e["type"], e.get("seat")) for e in events[-5:]] == [
        ("joker", 0),
        ("redeem", 1),
        ("finish", 0),
        ("drop_out", 1),
        ("round_end", None),
    ]
    assert state.result().ranking == [2, 0, 1]


def test_9_a_joker_move_counts_as_a_card_you_can_play():
    """rules.md 9: "a possible joker move counts as a card you can play: you may not pass, and you
    are not eliminated." """
    no_pass = japanese(joker=True, pass_when_playable=False)
    state = position(no_pass, "7S 7H 7D 7C", {0: "JK 5D AS", 1: "6D"}, first=0, fill=[1, 2, 3])
    assert legal(state) == {"JK@6D+5D"}
    assert error_code(state, "pass") == "must_play"
    one_pass = japanese(joker=True, pass_limit=1)
    state = position(one_pass, "7S 7H 7D 7C", {0: "JK 5D AS", 1: "6D"}, first=0, fill=[1, 2, 3])
    state, events = run(state, "0:pass 1:pass 2:pass 3:pass")
    assert not [e for e in of_type(events, "eliminate") if e["seat"] == 0]
    assert state.turn == 0
    assert legal(state) == {"JK@6D+5D"}
    assert error_code(state, "pass") == "no_passes_left"


def test_10_a_seat_holding_a_7_can_always_play_it_so_is_never_eliminated_holding_one():
    """rules.md 10: "A seat holding a 7 can always play it (the row is either closed, and its 7 is
    playable, or open, and the 7 is down), so it is never eliminated holding one" """
    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        rules = chinese(
            players=rng.choice((3, 4)),
            pass_limit=rng.choice((1, 2)),
            pass_when_playable=True,
            ace=rng.choice(("low", "high")),
            ends=rng.choice(("none", "connect", "tunnel")),
        )
        state = new_round(rules, seed, dealer=seed % rules.players)
        while not state.over:
            sevens = {c for c in hand(state, state.turn) if c[0] == "7"}
            if not state.first_play:  # before it, only 7♦ (decision 11)
                assert sevens <= legal(state), f"seed {seed}: {sevens - legal(state)} not playable"
                checked += len(sevens)
            state, events = apply(state, rng.choice(state.legal_actions()))
            for event in of_type(events, "eliminate"):
                assert not [c for c in event["cards"] if c[0] == "7"], f"seed {seed}: {event}"
    assert checked > 100  # the rounds held 7s in hand at many turns


def test_11_the_first_7d_is_forced_whatever_the_pass_options():
    """rules.md 11: "it cannot pass, whatever the pass options." """
    for rules in (chinese(pass_when_playable=True, pass_limit=3), chinese(pass_limit=1)):
        state = start(rules, {1: "7D 7S 6S"}, dealer=0)
        assert legal(state) == {"7D"}
        assert error_code(state, "pass") == "first_play_must_be_7D"


def test_12_first_out_also_ends_when_one_seat_is_left_holding_cards():
    """rules.md 12: "Under `first_out` the round also ends when only one seat still holds cards (the
    others eliminated or dropped)" """
    rules = japanese(players=3, pass_limit=1, round_end="first_out", scoring="cards_left")
    deal = {
        0: "7D 6D 5D 4D 6S 6H 6C 8S 8H 8D 8C 5S 5H 5C 9S 9H 9D 9C",
        1: "AS-3S AH-3H AD-3D AC-3C 4S 4H 4C TS TD",
        2: "JS-KS JH-KH JD-KD JC-KC TH TC 7S 7H 7C",
    }
    state = start(rules, deal, dealer=2)
    state, _ = run(state, "0:6D 1:pass 2:pass 0:5D")
    assert state.over
    assert state.result().ranking == [0, 2, 1]
    assert state.result().points == [17 + 14, -17, -14]


def test_13_a_dropped_seat_pays_1_and_an_eliminated_seat_what_it_held():
    """rules.md 13: "An eliminated seat pays the cards it held when eliminated …; a seat that
    dropped out pays 1" """
    state = start(japanese(joker=True, pass_limit=1, scoring="cards_left"), DROP_DEAL, dealer=0)
    state, _ = run(state, DROP_LAPS + " 3:2C 0:AS")
    assert state.result().ranking == [0, 3, 1, 2]
    # seat 3 is left with Q♣, seat 1 dropped out, seat 2 was eliminated holding A♣ and K♣
    assert state.result().points == [4, -1, -2, -1]


def test_13_seats_that_finish_after_the_first_pay_nothing():
    """rules.md 13: "under `last_player`, seats that finished after the first pay nothing." """
    state = start(japanese(scoring="cards_left"), FINISH_DEAL, dealer=3)
    state, _ = run(state, FINISH_LAPS)
    assert state.result().ranking == [0, 1, 2, 3]
    assert state.result().points == [1, 0, 0, -1]


def test_15_a_pass_that_must_be_forced_tells_the_table_the_seat_is_void():
    """rules.md 15: "Under `pass_when_playable` off, a pass tells everyone that the seat had
    nothing playable, and the engine's views record it (`known_void`)." """
    state = position(chinese(), "7D", {0: "6D 2S", 1: "AS 3S"}, first=0)
    state, _ = run(state, "0:6D 1:pass")
    void = seat_view(state, 2).known_void[1]
    assert void & cards.mask_of(["5D", "8D"]) == cards.mask_of(["5D", "8D"])
    able = japanese()
    state = start(able, {0: "7D 6D"}, dealer=3)
    state, _ = run(state, "0:pass")
    assert seat_view(state, 1).known_void[0] == 0


def test_16_first_out_ranks_the_others_fewest_cards_first_then_in_turn_order():
    """rules.md 16: "the seats still holding cards, fewest cards first, ties in turn order after
    the seat that ended the round" """
    given = {0: "AS KS", 1: "AH KH", 2: "8D", 3: "AC KC 2C"}
    state = position(chinese(), "*", given, first=2)
    state, _ = run(state, "2:8D")
    assert state.over
    assert state.result().ranking == [2, 0, 1, 3]
    assert state.result().points == [-2, -2, 7, -3]
    tie = position(chinese(), "*", {0: "AS KS", 1: "AH KH", 2: "8D", 3: "AC KC"}, first=2)
    tie, _ = run(tie, "2:8D")
    assert tie.result().ranking == [2, 3, 0, 1]
