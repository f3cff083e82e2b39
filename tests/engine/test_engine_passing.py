"""Passing: on purpose, up to a limit, and only when stuck if the table says so (seed 004)."""

import pytest
from engine_kit import error_code, japanese, legal, of_type, plays, run, seat_info, start

from games.sevens import Action, IllegalAction, apply


def test_it_lets_a_seat_pass_even_when_it_can_play():
    """004: "If you have no card you can play, you pass. Even when you have a card you can play, you
    can pass on purpose to hold back the other players." """
    state = start(japanese(), {0: "7D 6D"}, dealer=3)
    assert "6D" in plays(state)
    assert "pass" in legal(state)
    state, events = run(state, "0:pass")
    assert [e["type"] for e in events] == ["pass"]
    assert state.turn == 1
    assert seat_info(state, 0)["passes_used"] == 1
    assert seat_info(state, 0)["passes_left"] == 2


@pytest.mark.parametrize("limit", [1, 2, 3, 4, 5])
def test_it_counts_passes_up_to_the_chosen_limit(limit):
    """004: "You can pass up to 3 times per round (you can choose 1–5 in the menu)." """
    state = start(japanese(pass_limit=limit), {0: "7D 6D", 1: "8D", 2: "6S", 3: "8S"}, dealer=3)
    for used in range(limit):
        assert seat_info(state, 0)["passes_left"] == limit - used
        state, _ = run(state, "0:pass 1:pass 2:pass 3:pass")
    assert seat_info(state, 0)["passes_used"] == limit
    assert seat_info(state, 0)["passes_left"] == 0
    assert "pass" not in legal(state)
    assert error_code(state, "pass") == "no_passes_left"


def test_it_lets_a_seat_pass_without_limit_when_the_limit_is_off():
    state = start(japanese(pass_limit=None), {0: "7D 6D"}, dealer=3)
    state, _ = run(state, "0:pass 1:pass 2:pass 3:pass " * 8)
    assert seat_info(state, 0)["passes_used"] == 8
    assert seat_info(state, 0)["passes_left"] is None
    assert "pass" in legal(state)


def test_it_allows_a_pass_only_with_nothing_to_play_when_passing_while_able_is_off():
    """004: "Pass even when you can play: This is on by default. If you turn it off, you can pass
    only when you have no card to play (those passes still count toward the limit)." """
    rules = japanese(pass_when_playable=False)
    state = start(rules, {0: "7D 6D", 1: "AS 2S 3S AH 2H 3H AD 2D 3D AC 2C 3C KS"}, dealer=3)
    assert "pass" not in legal(state)
    assert error_code(state, "pass") == "must_play"
    with pytest.raises(IllegalAction) as err:
        apply(state, Action.pass_())
    assert err.value.code == "must_play"
    assert err.value.message
    state, _ = run(state, "0:6D")
    assert legal(state) == {"pass"}
    state, _ = run(state, "1:pass")
    assert seat_info(state, 1)["passes_used"] == 1
    assert seat_info(state, 1)["passes_left"] == 2


def test_it_eliminates_a_stuck_seat_whose_forced_passes_used_up_the_limit():
    """004: "(those passes still count toward the limit)": three forced passes, and at the fourth
    turn with nothing to play the seat loses."""
    rules = japanese(players=3, pass_when_playable=False)
    deal = {
        0: "7D 6D 5D 4D 6S 6H 6C 8S 8H 8D 8C 5S 5H 5C 9S 9H 9D 9C",
        1: "AS-3S AH-3H AD-3D AC-3C 4S 4H 4C TS TD",
        2: "JS-KS JH-KH JD-KD JC-KC TH TC 7S 7H 7C",
    }
    state = start(rules, deal, dealer=2)
    state, events = run(state, "0:6D 1:pass 2:pass 0:8D 1:pass 2:pass 0:6S 1:pass 2:pass")
    assert not of_type(events, "eliminate")
    state, events = run(state, "0:8S")
    assert [e["seat"] for e in of_type(events, "eliminate")] == [1, 2]
    assert state.over
