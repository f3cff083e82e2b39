"""The deal, the 7s, and who plays first."""

import random

import pytest
from engine_kit import DECK, chinese, japanese, row, run, start, view

from games.sevens import Match, new_round


@pytest.mark.parametrize(
    ("players", "joker", "dealer", "sizes"),
    [
        (4, False, 3, [13, 13, 13, 13]),
        (4, False, 0, [13, 13, 13, 13]),
        (3, False, 2, [18, 17, 17]),
        (3, False, 0, [17, 18, 17]),
        (3, False, 1, [17, 17, 18]),
        (4, True, 3, [14, 13, 13, 13]),
        (4, True, 1, [13, 13, 14, 13]),
        (3, True, 2, [18, 18, 17]),
        (3, True, 0, [17, 18, 18]),
    ],
)
def test_it_deals_every_card_one_at_a_time_from_the_dealers_left(players, joker, dealer, sizes):
    """004: "Cards are dealt out one at a time to every player until none are left (13 each with
    4 players; 18, 17, and 17 with 3 players)." With the joker: 14/13/13/13 and 18/18/17 (the
    first card goes to the dealer's left, so the extra cards do too)."""
    rules = japanese(players=players, joker=joker)
    state = new_round(rules, seed=99, dealer=dealer)
    hands = state.hands_at_deal
    assert [len(h) for h in hands] == sizes
    dealt = sorted(c for h in hands for c in h)
    assert dealt == sorted(DECK + (["JK"] if joker else []))


def test_it_deals_13_cards_each_without_a_joker_in_the_chinese_game():
    """002: 使用一副 52 張撲克牌，不要鬼牌。洗牌後四家各發 13 張，全部發完。 (One 52-card deck, no
    joker; shuffled and dealt out, 13 to each of four.)"""
    hands = new_round(chinese(), seed=8, dealer=3).hands_at_deal
    assert [len(h) for h in hands] == [13, 13, 13, 13]
    assert sorted(c for h in hands for c in h) == sorted(DECK)


def test_it_deals_the_same_cards_from_the_same_seed():
    rules = japanese()
    assert new_round(rules, seed=5).hands_at_deal == new_round(rules, seed=5).hands_at_deal
    assert new_round(rules, seed=5).hands_at_deal != new_round(rules, seed=6).hands_at_deal


def _play_out(match, rng):
    state = match.current
    while not state.over:
        match.record(rng.choice(state.legal_actions()))
        state = match.current


@pytest.mark.parametrize("players", [3, 4])
def test_it_rotates_the_dealer_each_round(players):
    """Issue 2: "The dealer rotates each round." Round 1 is dealt from seat 0 (the dealer is the
    last seat), then the deal moves one seat to the left each round."""
    match = Match(japanese(players=players, rounds=5), seed=3)
    rng = random.Random(3)
    dealers = []
    for _ in range(5):
        match.start_round()
        dealers.append(match.current.dealer)
        _play_out(match, rng)
    assert dealers == [(players - 1 + k) % players for k in range(5)]
    assert match.over
    log = match.to_log()
    assert [r["dealer"] for r in log["rounds"]] == dealers


def test_it_lays_out_every_7_after_the_deal_and_the_7d_holder_plays_first():
    """004: "As soon as the deal is over, everyone holding 7s puts all of them in the layout,
    stacked in a column with one row for each suit. The player who put out the 7 of diamonds plays
    first, and from there, players take turns playing one card at a time." """
    state = start(japanese(), {2: "7D 7S", 3: "7H", 1: "7C"}, dealer=3)
    assert state.turn == 2
    for seat in range(4):
        assert not [c for c in view(state, seat)["hand"] if c[0] == "7"]
    assert [len(view(state, s)["hand"]) for s in range(4)] == [13, 12, 11, 12]
    for suit in "SHDC":
        assert row(state, suit)["7" + suit] == "run"
    watcher = view(state, None)
    assert watcher["hand"] is None and watcher["legal"] == []
    assert view(state, 3)["legal"] == []  # only the seat to act has legal moves
    (laid,) = [e for e in view(state, None)["history"] if e["type"] == "sevens_laid"]
    assert {int(k): sorted(v) for k, v in laid["cards"].items()} == {
        2: ["7D", "7S"],
        3: ["7H"],
        1: ["7C"],
    }


@pytest.mark.parametrize(("preset", "players"), [("japanese", 3), ("japanese", 4), ("chinese", 4)])
def test_it_gives_the_first_turn_of_a_dealt_round_to_the_7d_holder(preset, players):
    """004: "The player who put out the 7 of diamonds plays first"; 002: 持方塊 7 的人先出。 Whoever
    deals."""
    rules = japanese(players=players) if preset == "japanese" else chinese()
    for seed in range(10):
        for dealer in range(players):
            state = new_round(rules, seed=seed, dealer=dealer)
            holder = next(s for s, h in enumerate(state.hands_at_deal) if "7D" in h)
            assert state.turn == holder, f"seed {seed}, dealer {dealer}"


def test_it_passes_the_turn_to_the_left_after_each_card():
    """004: "from there, players take turns playing one card at a time." """
    state = start(japanese(), {1: "7D 6D 5D", 2: "8D", 3: "9D", 0: "4D"}, dealer=3)
    order = []
    for move in ("1:6D", "2:8D", "3:9D", "0:pass", "1:5D"):
        order.append(state.turn)
        state, _ = run(state, move)
    assert order == [1, 2, 3, 0, 1]


def test_it_leaves_the_7s_in_the_hands_when_they_are_played_in_turn():
    """002: 桌面中央有四行，每個花色一行，開局時都是空的。 (The four rows start empty.)"""
    state = start(chinese(), {3: "7D 7S"})
    assert state.turn == 3
    assert "7D" in view(state, 3)["hand"] and "7S" in view(state, 3)["hand"]
    assert all(not r["open"] for r in view(state, None)["rows"])
