"""`scripts/chain_quality.py`: Hard's deal chains measured against the real hands. Walking the
chains makes the deals explain more of the other seats' past decisions."""

import numpy as np

from games.sevens import RuleSet
from games.sevens.bots.batch_worlds import DecisionTable
from games.sevens.bots.evidence import Evidence

from .helpers import load_script
from .test_evidence import medium_rounds


def test_it_counts_no_miss_for_medium_players_real_hands():
    checked = 0
    for state, view in medium_rounds(RuleSet.preset("japanese"), range(3)):
        evidence = Evidence(view)
        table = DecisionTable(evidence, view.n, view.counts)
        if not table.size:
            continue
        real = np.array([state.hands], dtype=np.uint64)
        assert not table.misses(real).any()
        for seat in view.hidden_seats():
            own = [p for p in evidence.points if p[0] == seat and p[3]]  # with a choice
            assert table.decisions()[seat] == len(own)
        checked += 1
    assert checked > 20


def test_its_chains_explain_more_decisions_as_they_walk(capsys):
    found = load_script("chain_quality").measure("japanese", 2, [0, 200])
    decisions, before, right_before = found[0]
    _, after, right_after = found[200]
    assert decisions > 3
    assert after < before / 2
    assert 0.2 < right_before < 0.6 and 0.2 < right_after < 0.8
    assert load_script("chain_quality").main(["--rounds", "1", "--steps", "0,10"]) == 0
    assert "steps" in capsys.readouterr().out


def test_chains_started_at_the_real_deal_hold_it_then_walk_away_from_it():
    found = load_script("chain_quality").measure(
        "japanese", 2, [0, 300], from_truth=True, epsilon=0.001
    )
    decisions, missed, right = found[0]
    assert decisions > 3
    assert missed == 0 and right == 1.0  # the real deal, weighed as such
    _, _, right_after = found[300]
    assert 0.2 < right_after < 0.9  # the decisions leave most hands open: the chains mix
