"""Hard's batch path: used where `batch.supports` the rules, the scalar playouts elsewhere; its
chains weigh deals exactly as `Evidence` does."""

import random

import numpy as np

from games.sevens import RuleSet, apply, new_round, seat_view
from games.sevens.bots import get_bot
from games.sevens.bots.batch_worlds import Chains, DecisionTable
from games.sevens.bots.evidence import Evidence
from games.sevens.bots.sampler import Sampler
from games.sevens.state import PLAYING

from .helpers import random_rules


def _mid_round_views(rules: RuleSet, seed: int, count: int):
    """Views of seats with a choice, three or more seats holding cards (Medium plays)."""
    medium, rng = get_bot("medium"), random.Random(seed)
    state = new_round(rules, seed=seed)
    out = []
    while not state.over and len(out) < count:
        view = seat_view(state, state.turn)
        playing = sum(1 for s in view.status if s == PLAYING)
        if len(view.legal_codes) > 1 and playing > 2 and view.counts[view.seat] < 11:
            out.append(view)
        state, _ = apply(state, medium(view, rng))
    return out


def test_it_uses_the_batch_where_the_rules_allow():
    for preset in ("japanese", "chinese"):
        hard = get_bot("hard:playouts=200")
        for view in _mid_round_views(RuleSet.preset(preset), 1, 3):
            assert hard(view, random.Random(0)) in view.legal
            assert hard.last["batch"] is True
            assert hard.last["playouts"] >= 200 - len(view.legal_codes)


def test_it_falls_back_on_scalar_playouts_with_the_joker():
    rules = RuleSet(joker=True)
    hard = get_bot("hard:playouts=40")
    views = _mid_round_views(rules, 2, 3)
    assert views
    for view in views:
        assert hard(view, random.Random(0)) in view.legal
        assert "batch" not in hard.last


def test_it_can_be_told_not_to_batch():
    hard = get_bot("hard:playouts=40+batch=0")
    view = _mid_round_views(RuleSet.preset("japanese"), 3, 1)[0]
    hard(view, random.Random(0))
    assert "batch" not in hard.last


def test_it_weighs_deals_as_the_evidence_does():
    rng = random.Random(8)
    checked = 0
    for seed in range(8):
        rules = random_rules(rng, joker=False)
        for view in _mid_round_views(rules, seed, 6):
            evidence = Evidence(view)
            if not evidence.points:
                continue
            table = DecisionTable(evidence, view.n, view.counts)
            sampler = Sampler(view)
            deals = [sampler.sample(rng) for _ in range(10)]
            got = table.log_weights(np.array(deals, dtype=np.uint64))
            for k, deal in enumerate(deals):
                for seat in view.hidden_seats():
                    want = evidence.seat_log_weight(seat, deal[seat])
                    assert abs(got[k, seat] - want) < 1e-9
                    checked += 1
    assert checked > 300


def test_its_chains_keep_counts_and_known_voids():
    rules = RuleSet.preset("chinese")  # forced passes make known voids
    for view in _mid_round_views(rules, 4, 5):
        chains = Chains(view, random.Random(1), 50, 20, 5, 0.02, 0.6)
        deals = chains.next()
        for deal in deals:
            for seat in view.hidden_seats():
                hand = int(deal[seat])
                assert hand.bit_count() == view.counts[seat]
                assert not hand & view.known_void[seat]
            assert int(deal[view.seat]) == view.hand
            union = 0
            for seat in view.hidden_seats():
                union |= int(deal[seat])
            assert union == view.unseen
