"""The sampler's deals always match the card counts and every forced-pass constraint."""

import random

from games.sevens import RuleSet
from games.sevens.bots.knowledge import joker_holder
from games.sevens.bots.sampler import Sampler
from games.sevens.cards import JOKER_BIT

from .helpers import positions, random_rules


def check_deal(view, hands):
    seen = view.hand | view.table
    for seat in range(view.n):
        assert hands[seat].bit_count() == view.counts[seat]
        assert not hands[seat] & view.known_void[seat] if seat != view.seat else True
        assert not hands[seat] & seen if seat != view.seat else hands[seat] == view.hand
    hidden = 0
    for seat in view.hidden_seats():
        assert not hidden & hands[seat]
        hidden |= hands[seat]
    assert hidden == view.unseen
    holder = joker_holder(view)
    if holder is not None and holder != view.seat:
        assert hands[holder] & JOKER_BIT
    view.determinize(hands)  # the engine accepts it as consistent


def test_it_deals_consistent_hands_under_must_play():
    # The Chinese family: every pass is forced, so voids pile up.
    rng = random.Random(1)
    voids = 0
    for seed in range(30):
        for _state, view in positions(RuleSet.preset("chinese"), seed, every=3):
            voids += sum(m.bit_count() for m in view.known_void)
            sampler = Sampler(view)
            for _ in range(5):
                check_deal(view, sampler.sample(rng))
    assert voids > 100


def test_it_deals_consistent_hands_under_random_rules():
    rng = random.Random(2)
    for seed in range(60):
        rules = random_rules(rng)
        for _state, view in positions(rules, seed, every=4):
            sampler = Sampler(view)
            for _ in range(3):
                check_deal(view, sampler.sample(rng))


def test_it_weights_passes_without_trusting_them():
    rng = random.Random(3)
    rules = RuleSet.preset("japanese")
    for seed in range(20):
        for _state, view in positions(rules, seed, every=6):
            if not view.pass_marks:
                continue
            sampler = Sampler(view, pass_weight=0.5)
            for _ in range(3):
                check_deal(view, sampler.sample(rng))
