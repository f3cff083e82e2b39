"""The hint button: Medium's move, with a reason code, its parameters and an English sentence."""

import random

from games.sevens import RuleSet, apply, new_round, seat_view
from games.sevens.bots import explain_hint, hint
from games.sevens.bots.medium import choose
from games.sevens.bots.reasons import REASONS, render

from .helpers import positions, random_rules


def test_it_renders_the_example_of_the_issue():
    text = render("keeps_block", {"card": "6S", "suit": "S", "side": "below"})
    assert text == "keeps ♠6: you hold no spades below it"


def test_it_suggests_a_legal_move_with_a_known_reason():
    rng = random.Random(6)
    codes = set()
    for seed in range(80):
        rules = random_rules(rng)
        for _state, view in positions(rules, seed, every=2):
            h = explain_hint(view)
            assert h.action in view.legal
            assert h.code in REASONS
            assert h.text == render(h.code, h.params)
            assert hint(view) == (h.action, h.text)
            codes.add(h.code)
    assert {"forced_pass", "runs", "least_block", "keeps_block", "opens_way"} <= codes


def test_it_is_the_move_medium_makes_when_one_move_is_best():
    rules = RuleSet.preset("japanese")
    state = new_round(rules, seed=8)
    while not state.over:
        view = seat_view(state, state.turn)
        h = explain_hint(view)
        action = choose(view, random.Random(0))
        assert h.action == action or h.action.type == action.type == "play"
        state, _ = apply(state, action)


def test_it_says_a_pass_is_forced():
    rules = RuleSet.preset("chinese")
    for _state, view in positions(rules, 1):
        if [a.type for a in view.legal] == ["pass"]:
            assert explain_hint(view).code == "forced_pass"
            break
    else:
        raise AssertionError("no forced pass in this round")


def test_it_names_the_placed_cards_only_when_an_eliminated_seat_laid_some_out():
    # The ace high (K then A), and A and K joined: the next card of the row is not "beyond the
    # placed cards", which only an eliminated seat's cards laid on the table make.
    rng = random.Random(11)
    seen = 0
    for seed in range(120):
        rules = random_rules(rng)
        for _state, view in positions(rules, seed):
            h = explain_hint(view)
            if h.code == "reaches_placed":
                assert view.placed, (rules, h)
                seen += 1
    chinese = RuleSet.preset("chinese")
    for seed in range(40):
        for _state, view in positions(chinese, seed):
            assert explain_hint(view).code != "reaches_placed"
    assert seen  # the reason still comes up where it is true
