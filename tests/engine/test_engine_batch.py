"""The batch engine plays the rules of the scalar one: same legal moves, same results.

Random rounds under every rule option `batch.supports` (all but the joker), from their deal and
from positions part-way through, are played to the end by both engines on the same actions (drawn
at random from the legal ones, or Medium's in batch): at every step both must offer the same legal
actions, and at the end give the same ranking, points, cards left and eliminations.
"""

import random

import numpy as np
import pytest

from games.sevens import PASS, RuleSet, new_round
from games.sevens.batch import Batch, supports
from games.sevens.bots.batch_medium import policy as medium_policy
from games.sevens.rules import OPTIONS, RuleError

SUPPORTED = {k: v for k, v in OPTIONS.items() if k != "joker"}


def random_rules(rng: random.Random, **fixed) -> RuleSet:
    while True:
        options = {k: rng.choice(v) for k, v in SUPPORTED.items()}
        options.update(joker=False, **fixed)
        try:
            return RuleSet(**options).validate()
        except RuleError:
            continue


def _codes(plays: np.ndarray, may_pass: bool) -> set[int]:
    out = {13 * s + r for s in range(4) for r in range(13) if int(plays[s]) >> r & 1}
    return out | {PASS} if may_pass else out


def _positions(rng: random.Random, rules: RuleSet, count: int) -> list:
    """Rounds at their start or after some random moves (none over)."""
    states = []
    while len(states) < count:
        state = new_round(rules, seed=rng.getrandbits(32), dealer=rng.randrange(rules.players))
        for _ in range(rng.choice([0, 0, 5, 15, 30])):
            codes = state.legal_codes()
            state.step(rng.choice(codes))
            if state.over:
                break
        if not state.over:
            states.append(state)
    return states


def _cross_check(states: list, batch: Batch, rng: random.Random, chooser=None, watch=None) -> int:
    scalars = [s.copy(record=True) for s in states]
    batch.watch = watch
    np_rng = np.random.default_rng(rng.getrandbits(32))
    steps = 0
    while batch.live:
        plays, may = batch.legal()
        codes = chooser(batch, np_rng) if chooser else np.zeros(batch.live, dtype=np.int64)
        for j, i in enumerate(batch.idx):
            state = scalars[i]
            expected = state.legal_codes()
            assert _codes(plays[j], bool(may[j])) == set(expected)
            assert batch.turn[j] == state.turn
            assert list(batch.passes[j]) == state.passes
            assert list(batch.status[j]) == state.status
            assert sum(int(r) << 13 * s for s, r in enumerate(batch.table[j])) == state.table
            if chooser is None:
                codes[j] = rng.choice(expected)
            else:
                assert codes[j] in expected
            state.step(int(codes[j]))
            steps += 1
        batch.step(codes)
    for state in scalars:  # played on to the end by the scalar engine alone
        while not state.over:
            state.step(rng.choice(state.legal_codes()))
    if watch is not None:
        assert (batch.done | batch.settled).all()
        for i, state in enumerate(scalars):
            assert batch.points[i, watch] == state.result().points[watch]
        return steps
    assert batch.done.all()
    for i, state in enumerate(scalars):
        result = state.result()
        assert list(batch.ranking[i]) == result.ranking
        assert list(batch.points[i]) == result.points
        assert list(batch.cards_left[i]) == [state.cards_left(s) for s in range(state.n)]
        assert list(batch.status_out[i]) == state.status
        eliminated = [int(s) for s in batch.ranking[i] if batch.status_out[i][s] == 2][::-1]
        assert eliminated == state.eliminated
    return steps


@pytest.mark.parametrize("seed", range(12))
def test_it_plays_random_actions_as_the_engine_does_under_random_rules(seed):
    rng = random.Random(seed)
    rules = random_rules(rng)
    states = _positions(rng, rules, 40)
    assert _cross_check(states, Batch.from_states(states), rng) > 300


@pytest.mark.parametrize("seed", range(6))
def test_it_plays_mediums_actions_as_the_engine_does_under_random_rules(seed):
    rng = random.Random(100 + seed)
    rules = random_rules(rng)
    states = _positions(rng, rules, 40)
    _cross_check(states, Batch.from_states(states), rng, medium_policy(me=0, reserve=0))


def test_it_covers_every_option_but_the_joker():
    rng = random.Random(7)
    for option, values in SUPPORTED.items():
        for value in values:
            rules = random_rules(rng, **{option: value})
            states = _positions(rng, rules, 8)
            _cross_check(states, Batch.from_states(states), rng)


@pytest.mark.parametrize("preset", ["japanese", "chinese"])
def test_it_plays_many_deals_of_one_position(preset):
    """Hard's use: one public position, the hidden hands dealt differently in every world."""
    rng = random.Random(3)
    rules = RuleSet.preset(preset)
    state = _positions(rng, rules, 1)[0]
    while sum(1 for h in state.hands if h) < 4 or state.first_play:
        state = _positions(rng, rules, 1)[0]
    me = state.turn
    hidden = [s for s in range(rules.players) if s != me and state.hands[s]]
    pool = [c for s in hidden for c in range(52) if state.hands[s] >> c & 1]
    states, hands = [], []
    for _ in range(30):
        rng.shuffle(pool)
        dealt, at = list(state.hands), 0
        for s in hidden:
            k = state.hands[s].bit_count()
            dealt[s] = sum(1 << c for c in pool[at : at + k])
            at += k
        world = state.copy(record=True)
        world.hands = dealt
        states.append(world)
        hands.append(dealt)
    batch = Batch.from_state(state, np.array(hands, dtype=np.uint64))
    _cross_check(states, batch, rng)


def test_it_leaves_the_joker_to_the_scalar_engine():
    assert supports(RuleSet.preset("japanese"))
    assert supports(RuleSet.preset("chinese"))
    assert not supports(RuleSet(joker=True))
    with pytest.raises(ValueError):
        Batch(RuleSet(joker=True), 1)


@pytest.mark.parametrize("seed", range(4))
def test_it_settles_a_watched_seat_once_it_is_out_of_cards(seed):
    """Under rank points a seat out of cards has its place: the watched seat's points then are
    the round's, however the others play on."""
    rng = random.Random(200 + seed)
    rules = random_rules(rng, scoring="rank_points")
    states = _positions(rng, rules, 40)
    batch = Batch.from_states(states)
    _cross_check(states, batch, rng, watch=0)
    assert batch.settled.any()
