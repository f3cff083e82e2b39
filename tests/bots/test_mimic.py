"""Medium's scoring on masks, used for the other seats in Hard's playouts, is Medium's choice."""

import random

from games.sevens import RuleSet, apply, new_round, seat_view
from games.sevens.bots.knowledge import passes_since_last_play
from games.sevens.bots.medium import assess
from games.sevens.bots.mimic import medium_code, playout_medium

from .helpers import random_rules


def test_it_picks_one_of_mediums_best_actions_under_random_rules():
    rng = random.Random(5)
    checked = 0
    for seed in range(60):
        rules = random_rules(rng)
        state = new_round(rules, seed=seed)
        while not state.over:
            view = seat_view(state, state.turn)
            options = assess(view)
            top = options[0].score
            best = {o.code for o in options if o.score == top}
            quiet = passes_since_last_play(view)
            assert medium_code(state.copy(record=False), rng.random, quiet) in best
            checked += 1
            state, _ = apply(state, rng.choice(view.legal))
    assert checked > 2000


def test_it_plays_rounds_to_their_end_legally():
    rng = random.Random(6)
    for seed in range(100):
        rules = random_rules(rng)
        state = new_round(rules, seed=seed, record=False)
        checked = state.copy(record=True)
        playout_medium(state, rng.random)
        assert state.over
        # The same moves, checked one at a time by the engine.
        replay = random.Random(seed)
        quiet = 0
        while not checked.over:
            code = medium_code(checked, replay.random, quiet)
            assert code in checked.legal_codes()
            gone = len(checked.eliminated)
            checked.step(code)
            quiet = quiet + 1 if code == 60 and len(checked.eliminated) == gone else 0
        assert checked.result() is not None


def test_it_keeps_back_the_passes_it_is_told_to():
    rules = RuleSet.preset("japanese")
    # ♠6 is a block (nothing of its own below it); every play gives up a block.
    hands = [
        ["6S", "KH", "QH", "JH", "TH", "9H", "KD", "QD", "JD", "TD", "9D", "KC"],
        ["5S", "4S", "3S", "2S", "AS", "8H", "8D", "8C", "9C", "TC", "JC", "QC"],
        ["8S", "9S", "TS", "JS", "QS", "KS", "6H", "5H", "4H", "3H", "2H", "AH"],
        ["6D", "5D", "4D", "3D", "2D", "AD", "6C", "5C", "4C", "3C", "2C", "AC"],
    ]
    table = ["7S", "7H", "7D", "7C"]
    state = new_round(rules, hands=hands, table=table, first=0, record=False)
    state.passes[0] = 2  # one pass left
    assert medium_code(state, random.Random(1).random) != 60  # Medium keeps its last pass
    assert medium_code(state, random.Random(1).random, reserve=0) == 60
