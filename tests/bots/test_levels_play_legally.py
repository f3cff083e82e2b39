"""Every level plays whole random-rule matches without an illegal action or a crash.

`Match.record` checks each action with the engine and raises `IllegalAction` otherwise.
"""

import random

import pytest

from games.sevens.bots import get_bot

from .helpers import play_match, random_rules

FAST = ["easy", "medium", "random", "games.sevens.bots.example:far_first"]


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_it_plays_200_random_rule_matches(level):
    rng = random.Random(level)
    for i in range(200):
        rules = random_rules(rng, rounds=1)
        others = [get_bot(rng.choice(FAST)) for _ in range(rules.players - 1)]
        bots = [get_bot(level), *others]
        rng.shuffle(bots)
        match = play_match(rules, bots, seed=i)
        assert match.over


def test_it_plays_hard_at_a_tiny_playout_count():
    rng = random.Random("hard")
    for i in range(30):
        rules = random_rules(rng, rounds=1)
        bots = [get_bot("hard:playouts=6")] + [
            get_bot(rng.choice(FAST)) for _ in range(rules.players - 1)
        ]
        match = play_match(rules, bots, seed=i)
        assert match.over


def test_it_plays_hard_with_a_time_budget():
    rules = random_rules(random.Random(5), rounds=1, players=4)
    bots = [get_bot("hard:seconds=0.01"), get_bot("medium"), get_bot("easy"), get_bot("medium")]
    assert play_match(rules, bots, seed=5).over
