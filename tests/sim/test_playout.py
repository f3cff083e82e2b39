"""The one-loop playout is the same game as stepping through legal actions one at a time."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.sevens import new_round, seat_view
from games.sevens.simulator import random_rules


def step_by_step(state, rand):
    while not state.over:
        codes = state.legal_codes()
        state.step(codes[int(rand() * len(codes))])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_it_plays_exactly_as_step_does(rules_seed, seed):
    rules = random_rules(random.Random(rules_seed))
    fast = new_round(rules, seed=seed, record=False)
    slow = fast.copy()
    fast.playout(random.Random(seed).random)
    step_by_step(slow, random.Random(seed).random)
    for field in ("hands", "table", "placed", "playable", "status", "passes", "voids", "order",
                  "eliminated", "dropped", "elim_counts", "joker_removed", "alive"):  # fmt: skip
        assert getattr(fast, field) == getattr(slow, field), field
    assert fast.over and fast.result() == slow.result()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_it_continues_a_determinized_round_like_the_real_one(seed):
    rng = random.Random(seed)
    rules = random_rules(rng)
    state = new_round(rules, seed=seed)
    for _ in range(rng.randrange(40)):
        if state.over:
            break
        codes = state.legal_codes()
        state.step(codes[rng.randrange(len(codes))])
    if state.over:
        return
    view = seat_view(state, state.turn)
    guess = view.determinize(list(state.hands))
    assert guess.legal_codes() == state.legal_codes()
    real = state.copy(record=False)
    guess.playout(random.Random(seed).random)
    real.playout(random.Random(seed).random)
    assert guess.result() == real.result()
