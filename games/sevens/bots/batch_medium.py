"""Medium's scoring for many worlds at once: `mimic` as numpy array operations.

The same scores as `mimic._score` / `medium.score_play` (the same float expressions in the same
order, so the same ties), the same voluntary pass (`mimic._would_pass`) and the same random choice
among tied best cards, worked out for the seat to act in every world of a `batch.Batch`. A test
checks it picks one of `mimic.plain_top`'s best actions in every position of random-rule rounds.

Each row of the table has at most two spots, so a seat has at most eight playable cards: they are
scored as eight slots (two per suit: the lower and the higher playable rank), empty slots scoring
minus infinity.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..actions import PASS
from ..batch import LOW_RANK, SEVEN_D_BIT, SEVEN_D_SUIT, Batch, Policy, spots_table
from ..rows import ALL
from ..rules import RuleSet
from .knowledge import beyond_masks
from .medium import RACE_CARDS

NONE = -np.inf


@cache
def far_table(ace: str) -> np.ndarray:
    """[rank] -> its far cards in the row (`knowledge.beyond_masks`), as a row."""
    return np.array(beyond_masks(ace)[:13], dtype=np.uint16)


@cache
def opened_table(ace: str, ends: str) -> np.ndarray:
    """[row, rank] -> the spots that playing `rank` on `row` opens (not playable before)."""
    spots = spots_table(ace, ends)
    rows = np.arange(ALL + 1)[:, None]
    bits = (1 << np.arange(13))[None, :]
    return (spots[rows | bits] & ~spots[rows] & ~bits).astype(np.uint16)


def slot_scores(
    hand: np.ndarray, table: np.ndarray, count: np.ndarray, rules: RuleSet
) -> tuple[np.ndarray, np.ndarray]:
    """(card of each slot or -1, its score or -inf), both (worlds x 8), for a seat holding
    `hand` (rows, worlds x 4) of `count` cards on `table` (rows)."""
    w, slot, card, score = scored(hand, table, count, rules)
    scores = np.full((len(hand), 8), NONE)
    scores[w, slot] = score
    cards = np.full((len(hand), 8), -1, dtype=np.int64)
    cards[w, slot] = card
    return cards, scores


def scored(
    hand: np.ndarray,
    table: np.ndarray,
    count: np.ndarray,
    rules: RuleSet,
    m: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The filled slots only, as (world, slot, card, score) arrays: a seat has two or three
    playable cards in a typical position, not eight. `m`: the playable cards of `hand`."""
    if m is None:
        m = hand & spots_table(rules.ace, rules.ends)[table]
    # Flat indices (world * 4 + suit): one-axis gathers are several times faster in numpy.
    # Counting bits is `np.bitwise_count`, not a table: a gather costs more than the count.
    first = np.flatnonzero(m)
    row = m.reshape(-1)[first]
    low = row & (~row + np.uint16(1))
    high = row ^ low
    two = high != 0  # a row's second spot
    at = np.concatenate([first, first[two]])
    b = np.concatenate([low, high[two]])
    w, suit = at >> 2, at & 3
    slot = np.concatenate([2 * (first & 3), 2 * (first[two] & 3) + 1])
    rank = np.bitwise_count(b - np.uint16(1)).astype(np.int64)
    t = table.reshape(-1)[at]
    h = hand.reshape(-1)[at]
    opened = opened_table(rules.ace, rules.ends).reshape(-1)[t.astype(np.int64) * 13 + rank]
    mine_open = np.bitwise_count(opened & h)
    their_open = np.bitwise_count(opened) - mine_open  # the opened spots are off the table
    far = far_table(rules.ace)[rank]
    my_far = np.bitwise_count(far & h)
    # mimic._score, branch by branch (ints until the first float, as in Python)
    score = ((1 + 2 * mine_open) + 0.7 * my_far) - 0.6 * their_open
    block = (my_far == 0) & (mine_open == 0)
    score = np.where(block, -np.bitwise_count(far & ~t).astype(np.float64), score)
    switch = np.flatnonzero(t == 0)  # a 7 played in turn: the row holds no card
    if len(switch):
        held = np.bitwise_count(h[switch])
        mo = mine_open[switch]
        score[switch] = (2 * mo + 0.8 * (held - 1.0)) - 0.4 * (13.0 - held)
    race = np.flatnonzero(count[w] <= RACE_CARDS)
    if len(race):
        mo, mf = mine_open[race], my_far[race]
        score[race] = (10 + 3 * mo + mf) - 0.2 * their_open[race]
    return w, slot, 13 * suit + rank, score


def policy(me: int = -1, reserve: int = 1) -> Policy:
    """The playout policy: every seat chooses as Medium does; seat `me` keeps `reserve` passes
    back instead of one. Returns `choose(batch, rng) -> codes`."""

    def choose(batch: Batch, rng: np.random.Generator) -> np.ndarray:
        size = batch.live
        hand = batch.turn_hands()
        count = batch.turn_values(batch.counts)
        m = hand & batch.spots[batch.table]
        plays = np.bitwise_count(m.view(np.uint64)[:, 0])  # the four rows as one word
        codes = np.full(size, PASS, dtype=np.int64)
        # Whether Medium might pass though it can play: only then does a lone card need a score.
        if batch.pwp:
            limit = batch.limit
            left = None if limit is None else limit - batch.turn_values(batch.passes)
            may_pass = np.ones(size, dtype=bool) if left is None else left > 0
            may_pass &= (count > RACE_CARDS) & (batch.quiet < batch.alive - 1)
        else:
            left, may_pass = None, np.zeros(size, dtype=bool)
        lone = np.nonzero((plays == 1) & ~may_pass)[0]
        suit = (m[lone] != 0).argmax(axis=1)
        codes[lone] = 13 * suit + LOW_RANK[m.reshape(-1)[lone * 4 + suit]]
        j = np.nonzero((plays > 1) | ((plays == 1) & may_pass))[0]
        if len(j):
            codes[j] = self_choice(batch, rng, j, hand[j], count[j], m[j], may_pass[j], left)
        first = batch.first_play
        if first.any():
            codes[first] = 13 * SEVEN_D_SUIT + SEVEN_D_BIT.bit_length() - 1
        return codes

    def self_choice(
        batch: Batch,
        rng: np.random.Generator,
        j: np.ndarray,
        hand: np.ndarray,
        count: np.ndarray,
        m: np.ndarray,
        may_pass: np.ndarray,
        left: np.ndarray | None,
    ) -> np.ndarray:
        """Medium's scored choice in the worlds `j` (each has a card to play)."""
        size = len(j)
        w, slot, card, score = scored(hand, batch.table[j], count, batch.rules, m)
        at = w * 8 + slot
        full = np.full((size, 8), NONE)
        full.reshape(-1)[at] = score
        top = full.max(axis=1)
        # A random one of the tied best: a random key per best slot, the largest wins.
        keys = np.full((size, 8), -1.0)
        keys.reshape(-1)[at] = np.where(score == top[w], rng.random(len(w)), -1.0)
        pick = keys.argmax(axis=1)
        cards = np.zeros((size, 8), dtype=np.int64)
        cards.reshape(-1)[at] = card
        codes = cards.reshape(-1)[np.arange(size) * 8 + pick]
        blocked = may_pass & (top < 0)
        if left is not None and blocked.any():
            turn, left, limit = batch.turn[j], left[j], batch.limit
            keep = np.where(turn == me, reserve, 1)
            spend = left > keep
            last = blocked & ~spend & (left == 1) & (top <= -4)
            if last.any():  # keeping the last pass unless another seat may be trapped
                i = np.nonzero(last)[0]
                ji = j[i]
                others = (batch.status[ji] == 0) & (np.arange(batch.n) != turn[i, None])
                last[i] = (others & (batch.passes[ji] >= limit)).any(axis=1)
            blocked &= spend | last
        codes[blocked] = PASS
        return codes

    return choose
