"""The last round of a match, played for the standings rather than for the round's points.

In the last round a seat's points only matter through where they leave it in the match: a seat two
points behind the leader wants the one result that overtakes it, and a seat far ahead wants only
not to be caught. Hard then scores each playout by the seats it finishes the match above (its
final total higher, or equal with the better place in this round, as `Match.standings` breaks
ties), worth more than any round's points; the round's points only separate results that leave
the standings alike.

Earlier rounds are played for points: with rounds to come, points are what the standings are made
of. The standings are public (`SeatView.standings`), so nothing hidden is used.
"""

from __future__ import annotations

import numpy as np

from ..view import SeatView

WEIGHT = 100  # one seat passed in the match outweighs any round's points


def last_round(view: SeatView) -> bool:
    """Whether `view`'s seat plays this round for the standings."""
    standings = view.standings
    return (
        standings is not None
        and standings.rounds_left == 0
        and view.rules.rounds > 1
        and view.seat is not None
    )


def value(totals: tuple[int, ...], me: int, points: list[int]) -> float:
    """One finished round (`points`: every seat's points in it) as `me` sees it in the match."""
    mine = totals[me] + points[me]
    beaten = 0.0
    for seat, total in enumerate(totals):
        if seat == me:
            continue
        theirs = total + points[seat]
        if mine > theirs or (mine == theirs and points[me] > points[seat]):
            beaten += 1
        elif mine == theirs and points[me] == points[seat]:
            beaten += 0.5
    return WEIGHT * beaten + points[me]


def values(totals: tuple[int, ...], me: int, points: np.ndarray) -> np.ndarray:
    """`value` of many finished rounds at once: `points` has a row per round, a column per seat."""
    points = np.asarray(points, dtype=np.int64)
    final = points + np.asarray(totals, dtype=np.int64)
    mine, own = final[:, me : me + 1], points[:, me : me + 1]
    above = (mine > final) | ((mine == final) & (own > points))
    level = (mine == final) & (own == points)
    beaten = above.sum(axis=1) + 0.5 * (level.sum(axis=1) - 1)  # less `me` itself
    return WEIGHT * beaten + points[:, me]
