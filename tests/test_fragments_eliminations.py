"""A seat is knocked out as a consequence of another seat's move: the last move, the live region
and the 3D table's history all start at that move, and say what became of a joker it held.

Rules (seed 004): "a player who must pass with no passes left is out: their cards are laid out
where they belong ... the joker is removed instead of being placed in the layout"."""

import random

import pytest
from sample_views import NAMES, fragment, table_for, view

from games.sevens import RuleSet, apply, new_round
from rooms.table import compact_state, last_move

pytestmark = pytest.mark.pure


def knocked_out(*, joker: bool):
    """The first move of random rounds (pass limit 1) that knocks a seat out, with a joker in the
    knocked-out hand when `joker`: (the state after it, the seat that moved, the events)."""
    for seed in range(400):
        rules = RuleSet.preset("japanese", pass_limit=1, joker=joker)
        state = new_round(rules, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not state.over:
            mover = state.turn
            state, events = apply(state, rng.choice(state.legal_actions()))
            out = [e for e in events if e["type"] == "eliminate"]
            if out and events[0]["type"] in ("play", "pass", "joker"):
                if out[0]["joker_removed"] == joker:
                    return state, mover, events
                break
    raise AssertionError("no such round in 400 seeds")


def test_the_last_move_is_the_move_that_knocked_a_seat_out_and_then_the_knock_out():
    state, mover, events = knocked_out(joker=False)
    v = view(state, 0)
    assert last_move(v["history"]) == events[: len(last_move(v["history"]))]
    assert last_move(v["history"])[0] == events[0]
    t = table_for(v, 0)
    shown = fragment(t, "last_move")
    moved = {"play": "played", "pass": "passed", "joker": "joker"}[events[0]["type"]]
    assert NAMES[mover] in shown and moved in shown
    assert "is out of passes" in shown
    assert "is out of passes" in fragment(t, "live") and NAMES[mover] in fragment(t, "live")


def test_the_3d_tables_history_starts_at_that_move():
    state, _mover, events = knocked_out(joker=False)
    v = view(state, 0)
    sent = compact_state(v)
    first = sent["history"][0]
    assert first["type"] == events[0]["type"] and first.get("seat") == events[0]["seat"]
    assert sent["hs"] == len(v["history"]) - len(sent["history"])
    assert any(e["type"] == "eliminate" for e in sent["history"])


def test_it_says_that_a_knocked_out_joker_leaves_the_game():
    state, _mover, _events = knocked_out(joker=True)
    shown = fragment(table_for(view(state, 0), 0), "last_move")
    assert "their joker leaves the game" in shown

    state, _mover, _events = knocked_out(joker=False)
    assert "joker" not in fragment(table_for(view(state, 0), 0), "last_move")
