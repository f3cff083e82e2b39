"""#table-state carries the legal moves as words (`rooms.table.legal_words`), which the page's
`wire.js` reads back; the words say exactly the engine's actions, whatever the rules."""

import random

import pytest

from games.sevens import RuleSet, apply, new_round, seat_view
from rooms.table import compact_state, legal_actions, legal_words

pytestmark = pytest.mark.pure


def test_the_words_say_every_legal_action_of_random_rounds_exactly():
    seen = set()
    for seed in range(40):
        rules = RuleSet.preset("japanese", joker=seed % 2 == 0, pass_limit=None if seed % 5 else 3)
        state = new_round(rules, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not state.over:
            legal = [a.to_dict() for a in seat_view(state, state.turn).legal]
            words = legal_words(legal)
            assert legal_actions(words) == legal
            assert all(isinstance(w, str) and len(w) <= 5 for w in words)
            seen |= {a["type"] for a in legal}
            state, _ = apply(state, rng.choice(state.legal_actions()))
    assert seen == {"play", "pass", "joker"}


def test_the_compact_state_sends_the_words():
    state = new_round(RuleSet.preset("japanese"), seed=3, dealer=0)
    view = {
        **seat_view(state, state.turn).to_dict(),
        "version": 1,
        "status": "playing",
        "round": 1,
        "mode": "cpu",
        "names": ["A", "B", "C", "D"],
    }
    sent = compact_state(view)["legal"]
    assert sent == legal_words(view["legal"]) and sent and all(isinstance(w, str) for w in sent)
