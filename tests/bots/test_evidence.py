"""The other seats' past decisions, replayed on public positions, weigh the guessed deals."""

import math
import random

from games.sevens import RuleSet, apply, new_round, seat_view
from games.sevens.bots.evidence import Chain, Evidence
from games.sevens.bots.medium import choose
from games.sevens.bots.sampler import Sampler

from .helpers import positions, random_rules
from .test_sampler import check_deal


def medium_rounds(rules, seeds):
    """Positions of rounds played by four Medium seats: (state, view of the seat to act)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_round(rules, seed=seed)
        while not state.over:
            view = seat_view(state, state.turn)
            yield state, view
            state, _ = apply(state, choose(view, rng))


def test_it_finds_medium_players_real_hands_consistent_with_their_decisions():
    rules = RuleSet.preset("japanese")
    checked = 0
    for state, view in medium_rounds(rules, range(12)):
        evidence = Evidence(view)
        if not evidence.points:
            continue
        best = sum(
            math.log(1 - evidence.epsilon) for _ in evidence.points
        )  # an upper bound: every decision Medium's, no ties
        real = evidence.log_weight(list(state.hands))
        assert real <= best + 1e-9
        # No decision of the real hands is outside Medium's best ones (those cost epsilon).
        assert real > best - len(evidence.points) * math.log(20)
        checked += 1
    assert checked > 100


def test_it_weighs_random_deals_below_the_real_one_on_average():
    rules = RuleSet.preset("japanese")
    rng = random.Random(4)
    real_total = guess_total = 0.0
    for state, view in medium_rounds(rules, range(6)):
        evidence = Evidence(view)
        if len(evidence.points) < 5:
            continue
        real_total += evidence.log_weight(list(state.hands))
        guess_total += evidence.log_weight(Sampler(view).sample(rng))
    assert real_total > guess_total


def test_it_reads_no_evidence_from_a_set_up_position_or_under_the_joker():
    rules = RuleSet.preset("japanese", joker=True)
    for _state, view in positions(rules, seed=2, every=5):
        assert Evidence(view).points == []


def test_its_chain_deals_keep_counts_and_forced_pass_voids():
    rng = random.Random(7)
    for seed in range(40):
        rules = random_rules(rng, joker=False)
        for _state, view in positions(rules, seed, every=4):
            evidence = Evidence(view)
            sampler = Sampler(view)
            chain = Chain(evidence, sampler.sample(rng), sampler.seats, view.known_void, rng, 30, 3)
            for _ in range(3):
                check_deal(view, chain.next())


def test_its_chain_moves_towards_the_real_hands():
    rules = RuleSet.preset("japanese")
    rng = random.Random(8)
    right_chain = right_sampler = 0
    for state, view in medium_rounds(rules, range(8)):
        evidence = Evidence(view)
        if view.seat != 0 or len(evidence.points) < 5:
            continue
        sampler = Sampler(view, 1.0)
        chain = Chain(evidence, sampler.sample(rng), sampler.seats, view.known_void, rng, 100, 10)
        for seat in sampler.seats:
            right_chain += (chain.next()[seat] & state.hands[seat]).bit_count()
            right_sampler += (sampler.sample(rng)[seat] & state.hands[seat]).bit_count()
    assert right_chain > right_sampler


def test_it_gives_hard_the_same_choice_from_several_chains_and_the_same_rng():
    from games.sevens.bots import get_bot

    rules = RuleSet.preset("japanese")
    checked = 0
    for _state, view in medium_rounds(rules, range(2)):
        if len(view.legal_codes) < 2 or not Evidence(view).points:
            continue
        a = get_bot("hard:playouts=40+chains=3+burn=20")(view, random.Random(9))
        b = get_bot("hard:playouts=40+chains=3+burn=20")(view, random.Random(9))
        assert a == b and a.code in view.legal_codes
        checked += 1
    assert checked > 5
