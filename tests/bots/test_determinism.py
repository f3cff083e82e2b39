"""Same seed, same decisions: a level's moves depend only on its view and its rng."""

import random

import pytest

from games.sevens import RuleSet
from games.sevens.bots import get_bot

from .helpers import play_match


def _actions(level: str, seed: int) -> list:
    rules = RuleSet.preset("japanese", rounds=1)
    bots = [get_bot(level), get_bot("medium"), get_bot("easy"), get_bot(level)]
    match = play_match(rules, bots, seed)
    return match.to_log()["rounds"][0]["events"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard:playouts=40"])
def test_it_repeats_a_match_from_the_same_seed(level):
    assert _actions(level, 11) == _actions(level, 11)


def test_it_gives_hard_the_same_choice_from_the_same_rng():
    from .helpers import positions

    rules = RuleSet.preset("japanese")
    for _state, view in positions(rules, seed=3, every=5):
        if len(view.legal_codes) < 2:
            continue
        a = get_bot("hard:playouts=60")(view, random.Random(9))
        b = get_bot("hard:playouts=60")(view, random.Random(9))
        assert a == b
