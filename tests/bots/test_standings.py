"""The last round of a match is played for the standings: the match's totals so far reach every
bot through its view (public to all), and Hard's value of a finished round counts the seats it
ends the match above."""

import random

import numpy as np
import pytest

from games.sevens import Match, RuleSet, Standings, seat_view
from games.sevens.bots.hard import Hard
from games.sevens.bots.medium import choose as medium
from games.sevens.bots.standings import WEIGHT, last_round, value, values
from games.sevens.simulator import play_match


def test_a_round_is_worth_the_seats_it_puts_me_above_in_the_match():
    totals = (5, 3, 4, 0)  # I am seat 1, two behind the leader
    # Second place in the round (2 points) and the leader last: 5 against 5, my place breaks it.
    assert value(totals, 1, [0, 2, 1, 3]) == WEIGHT * 3 + 2
    # First place (3 points) with the leader second: 6 against 7, above seats 2 and 3 only.
    assert value(totals, 1, [2, 3, 1, 0]) == WEIGHT * 2 + 3
    # Equal totals and equal points (cards left): half a seat each.
    assert value((0, 0, 0), 0, [-2, -2, 0]) == WEIGHT * 0.5 - 2


def test_the_batch_values_are_the_single_ones():
    rng = random.Random(3)
    for players in (3, 4):
        for _ in range(200):
            totals = tuple(rng.randrange(0, 9) for _ in range(players))
            rows = [[rng.randrange(-5, 4) for _ in range(players)] for _ in range(7)]
            me = rng.randrange(players)
            expected = [value(totals, me, row) for row in rows]
            assert values(totals, me, np.array(rows)).tolist() == expected


def test_every_bot_sees_the_match_so_far_and_the_rounds_to_come():
    seen: list[tuple[int, Standings]] = []

    def watcher(view, rng):
        seen.append((view.rules.rounds, view.standings))
        return rng.choice(view.legal)

    rules = RuleSet.preset("japanese", rounds=3)
    match = play_match(rules, [watcher] * 4, seed=5)
    by_round = []
    for _, standings in seen:
        if not by_round or by_round[-1] != standings:
            by_round.append(standings)
    points = [r.points for r in match.results()]
    assert by_round == [
        Standings((0, 0, 0, 0), 2),
        Standings(tuple(points[0]), 1),
        Standings(tuple(a + b for a, b in zip(points[0], points[1], strict=True)), 0),
    ]


def test_only_the_last_round_of_a_longer_match_is_played_for_the_standings():
    match = Match(RuleSet.preset("japanese", rounds=3), seed=1)
    state = match.start_round()
    view = seat_view(state, state.turn, match.scores_so_far())
    assert not last_round(view)  # two rounds to come
    last = seat_view(state, state.turn, Standings((3, 0, 1, 2), 0))
    assert last_round(last)
    single = Match(RuleSet.preset("japanese", rounds=1), seed=1)
    state = single.start_round()
    assert not last_round(seat_view(state, state.turn, single.scores_so_far()))
    assert not last_round(seat_view(state, state.turn))  # no standings known


def last_round_position(seed: int, batch: int):
    """A decision with a choice in the middle of a round, and a Hard to make it."""
    rules = RuleSet.preset("japanese", rounds=3)
    match = Match(rules, seed=seed)
    state = match.start_round()
    rng = random.Random(seed)
    while True:
        view = seat_view(state, state.turn)
        if len(view.legal_codes) >= 2 and sum(view.counts) < 36 and view.status.count(0) >= 3:
            return state, Hard(playouts=120, batch=batch)
        match.record(medium(view, rng), state.turn)
        state = match.current


def test_hard_plays_the_last_round_for_the_standings():
    for batch in (0, 1):
        state, hard = last_round_position(11, batch)
        me = state.turn
        points_view = seat_view(state, me)
        hard.choose_code(points_view, random.Random(1))
        assert hard.last["objective"] == "points"
        by_points = hard.last["means"]
        # Far ahead of everybody: three seats beaten in every world, so the same decision.
        lead = tuple(30 if seat == me else 0 for seat in range(4))
        ahead = seat_view(state, me, Standings(lead, 0))
        code = hard.choose_code(ahead, random.Random(1))
        assert hard.last["objective"] == "standings"
        assert hard.last.get("batch", False) == bool(batch)  # both paths are covered
        if batch:  # played to the end, the worlds draw their randomness otherwise: every
            # world beats the three seats, and is worth 0 to 3 points beyond that
            assert all(WEIGHT * 3 <= m <= WEIGHT * 3 + 3 for m in hard.last["means"].values())
        else:  # the same worlds, each worth three seats more than its points
            expected = {c: pytest.approx(WEIGHT * 3 + m) for c, m in by_points.items()}
            assert hard.last["means"] == expected
            again = Hard(playouts=120, batch=batch).choose_code(points_view, random.Random(1))
            assert code == again
        # Level with another seat: now the worlds are worth more or less than their points.
        level = tuple(5 if seat in (me, (me + 1) % 4) else 0 for seat in range(4))
        hard.choose_code(seat_view(state, me, Standings(level, 0)), random.Random(1))
        shifted = {c: m - WEIGHT * 2 for c, m in hard.last["means"].items()}
        assert shifted != by_points
        # Turned off (for measuring what it is worth): points.
        off = Hard(playouts=120, batch=batch, standings=0)
        off.choose_code(seat_view(state, me, Standings(level, 0)), random.Random(1))
        assert off.last["objective"] == "points"
        # With rounds to come, points it is.
        hard.choose_code(seat_view(state, me, Standings(level, 1)), random.Random(1))
        assert hard.last["objective"] == "points"
        assert hard.last["means"] == {c: pytest.approx(m) for c, m in by_points.items()}
