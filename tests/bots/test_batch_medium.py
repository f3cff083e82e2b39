"""Medium's scoring in batch is `mimic`'s: the same best actions in every position."""

import random

import numpy as np

from games.sevens import apply, new_round, seat_view
from games.sevens.batch import Batch
from games.sevens.bots.batch_medium import policy, slot_scores
from games.sevens.bots.knowledge import beyond_masks, passes_since_last_play
from games.sevens.bots.mimic import plain_top

from .helpers import random_rules


def test_it_picks_one_of_mediums_best_actions_under_random_rules():
    rng = random.Random(21)
    checked = 0
    for seed in range(60):
        rules = random_rules(rng, joker=False)
        state = new_round(rules, seed=seed)
        while not state.over:
            view = seat_view(state, state.turn)
            quiet = passes_since_last_play(view)
            reserve = rng.choice([0, 1])
            if state.first_play:
                best = [view.legal_codes[0]]
            else:
                best = plain_top(
                    state.hands[state.turn],
                    state.table,
                    state.playable,
                    state.rows.spots,
                    beyond_masks(rules.ace),
                    state.passes,
                    state.status,
                    state.turn,
                    state.limit,
                    state.pwp,
                    quiet,
                    reserve,
                )
            batch = Batch.from_states([state], quiet=[quiet])
            for k in range(4):
                code = policy(me=state.turn, reserve=reserve)(batch, np.random.default_rng(k))
                assert int(code[0]) in best
            checked += 1
            state, _ = apply(state, rng.choice(view.legal))
    assert checked > 2000


def test_it_scores_every_playable_card_as_mimic_does():
    """Exact scores, not only the best: each slot's float equals `mimic._score`'s."""
    from games.sevens.bots.mimic import _score

    rng = random.Random(22)
    for seed in range(30):
        rules = random_rules(rng, joker=False)
        state = new_round(rules, seed=seed)
        while not state.over:
            if not state.first_play:
                batch = Batch.from_states([state])
                turn = state.turn
                cards, score = slot_scores(
                    batch.hands[:, turn], batch.table, batch.counts[:, turn], rules
                )
                hand = state.hands[turn]
                race = hand.bit_count() <= 3
                far = beyond_masks(rules.ace)
                got = {int(c): float(s) for c, s in zip(cards[0], score[0], strict=True) if c >= 0}
                want = {
                    c: _score(c, 0, hand, state.table, state.playable, state.rows.spots, far, race)
                    for c in range(52)
                    if state.legal_mask() >> c & 1
                }
                assert got == want
            codes = state.legal_codes()
            state.step(rng.choice(codes))
