"""Many chains of deals at once: `evidence.Chain` as numpy array operations.

Hard's batch playouts need thousands of worlds per decision, more than one chain of card swaps in
Python can draw in the time (each swap replays the swapped seats' past decisions). Here `chains`
independent chains walk side by side: every step proposes one swap in each chain (two hidden
cards picked uniformly; a swap between two cards of one seat, or one that would give a seat a card
its forced passes rule out, is no move), weighs every chain's proposal by the same likelihood as
`evidence.Evidence.seat_log_weight` (Medium's scoring of each hidden seat's past decisions, with
`epsilon` for a decision Medium would not take) and keeps it with the Metropolis probability.

Each chain starts from a sampler deal (counts and known voids kept); after `burn` steps every
`thin` steps gives one world per chain. Only public facts and the seat's own hand enter: the
view's history, through `Evidence`, and the sampler's deals.
"""

from __future__ import annotations

import copy
import math
import random
from typing import Any

import numpy as np

from ..actions import PASS
from ..cards import FULL_DECK
from ..rows import ALL
from ..state import PLAYING
from ..view import SeatView
from .evidence import Evidence
from .medium import RACE_CARDS
from .sampler import Sampler

SUIT_ROWS = [ALL << (13 * s) for s in range(4)]


class DecisionTable:
    """The hidden seats' past decisions (`Evidence.points`) as arrays: one row per decision and
    one per card playable at it, so that every chain's guess is weighed at once."""

    def __init__(self, evidence: Evidence, n: int, counts: list[int]):
        self.n = n
        self.eps = evidence.epsilon
        points = [p for p in evidence.points if p[3]]
        # With nothing playable a pass was forced: the same log(1 - epsilon) for every deal.
        self.forced = np.zeros(n)
        for p in evidence.points:
            if not p[3]:
                self.forced[p[0]] += math.log(1 - self.eps)
        self.size = len(points)
        if not points:
            return
        rules_spots, far = evidence.spots, evidence.far
        limit, pwp = evidence.limit, evidence.pwp
        self.pwp = pwp
        u64 = np.uint64
        self.seat = np.array([p[0] for p in points])
        self.later = np.array([p[7] for p in points], dtype=u64)
        self.code = np.array([p[1] for p in points])
        may_pass, spend, last = [], [], []
        rows: list[tuple[Any, ...]] = []

        def race_now(seat: int, later: int) -> bool:
            return counts[seat] + later.bit_count() <= RACE_CARDS

        for i, (seat, _code, table, playable, passes, status, quiet, _later) in enumerate(points):
            opponents = sum(1 for s in range(n) if s != seat and status[s] == PLAYING)
            may = pwp and (limit is None or passes[seat] < limit)
            may_pass.append(may and quiet < opponents and not race_now(seat, _later))
            left = None if limit is None else limit - passes[seat]
            spend.append(left is None or left > 1)
            trapped = limit is not None and any(
                passes[s] >= limit for s in range(n) if s != seat and status[s] == PLAYING
            )
            last.append(left == 1 and trapped)
            for card in range(52):
                if not playable >> card & 1:
                    continue
                suit = card // 13
                shift = 13 * suit
                row = (table >> shift) & ALL
                bit = 1 << card
                opened = (rules_spots[row | (1 << (card - shift))] << shift) & ~playable & ~bit
                rows.append(
                    (
                        i,
                        bit,
                        opened,
                        far[card],
                        (far[card] & ~table).bit_count(),
                        opened.bit_count(),
                        row == 0,
                        SUIT_ROWS[suit],
                    )
                )
        cols = list(zip(*rows, strict=True))
        self.point = np.array(cols[0])
        self.bit, self.opened, self.far = (np.array(c, dtype=u64) for c in cols[1:4])
        self.block = -np.array(cols[4], dtype=np.float64)  # a block holds back these
        self.opened_count = np.array(cols[5], dtype=np.uint8)
        race = np.array([counts[p[0]] + p[7].bit_count() <= RACE_CARDS for p in points])
        self.race = np.nonzero(race[self.point])[0]
        self.switch = np.nonzero(np.array(cols[6]) & ~race[self.point])[0]
        self.suit = np.array(cols[7], dtype=u64)
        self.starts = np.searchsorted(self.point, np.arange(self.size))
        self.is_pass = self.code == PASS
        # Per decision, the row of the card played (a pass: its first row, not read).
        played = {(int(q), int(c)) for q, c in zip(self.point, self.bit, strict=True)}
        self.played_row = np.array(
            [
                self.starts[i]
                if p[1] == PASS
                else self.starts[i] + sum(1 for q, c in played if q == i and c < (1 << p[1]))
                for i, p in enumerate(points)
            ]
        )
        self.may_pass = np.array(may_pass)
        self.spend = np.array(spend)
        self.last = np.array(last)
        self.by_seat = np.zeros((n, self.size))
        self.by_seat[self.seat, np.arange(self.size)] = 1.0

    def log_weights(self, hands: np.ndarray) -> np.ndarray:
        """Per chain and seat, the log-likelihood of the seat's past decisions were `hands`
        (chains x seats, uint64) the deal (`Evidence.seat_log_weight` for every pair)."""
        if not self.size:
            return np.zeros(hands.shape) + self.forced
        took, n_best, others = self._decisions(hands)
        eps = self.eps
        logs = np.where(took, np.log((1 - eps) / n_best), np.log(eps / others))
        return (self.by_seat @ logs).T + self.forced

    def misses(self, hands: np.ndarray) -> np.ndarray:
        """Per chain and seat, how many of the seat's past decisions Medium would not have taken
        with that hand (for measuring the chains: `scripts/chain_quality.py`)."""
        if not self.size:
            return np.zeros(hands.shape)
        took = self._decisions(hands)[0]
        return (self.by_seat @ ~took).T

    def decisions(self) -> np.ndarray:
        """Per seat, how many of its past decisions had a choice (the ones weighed)."""
        return self.by_seat.sum(axis=1)

    def _decisions(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per decision and chain: whether Medium would have taken it, the number of Medium's
        tied best actions, and the number of its other actions."""
        held = hands.T[self.seat] | self.later[:, None]  # decisions x chains
        h = held[self.point]  # one row per playable card
        col = (slice(None), None)
        valid = (h & self.bit[col]) != 0
        mine_open = np.bitwise_count(h & self.opened[col])
        their_open = self.opened_count[col] - mine_open
        my_far = np.bitwise_count(h & self.far[col])
        # mimic._score, branch by branch (ints until the first float, as in Python)
        score = ((1 + 2 * mine_open) + 0.7 * my_far) - 0.6 * their_open
        score = np.where((my_far == 0) & (mine_open == 0), self.block[col], score)
        if len(self.switch):  # a 7 played in turn: its row was empty
            r = self.switch
            held_suit = np.bitwise_count(h[r] & self.suit[r, None])
            mo = mine_open[r]
            score[r] = (2 * mo + 0.8 * (held_suit - 1.0)) - 0.4 * (13.0 - held_suit)
        if len(self.race):  # the seat held three cards or fewer then (public: counts)
            r = self.race
            score[r] = (10 + 3 * mine_open[r] + my_far[r]) - 0.2 * their_open[r]
        score[~valid] = -np.inf
        top = np.maximum.reduceat(score, self.starts, axis=0)
        is_top = valid & (score == top[self.point])
        n_top = np.add.reduceat(is_top, self.starts, axis=0)
        n_valid = np.add.reduceat(valid, self.starts, axis=0)
        passing = (n_valid == 0) | (
            self.may_pass[col] & (top < 0) & (self.spend[col] | (self.last[col] & (top <= -4)))
        )
        n_best = np.where(passing, 1, n_top)
        chosen = is_top[self.played_row]  # the played card's row (or any row, for a pass)
        took = np.where(self.is_pass[col], passing, chosen & ~passing)
        others = np.maximum(1, n_valid + (1 if self.pwp else 0) - n_best)
        return took, n_best, others


class Chains:
    """`chains` independent Metropolis chains of deals for one view (see the module's doc)."""

    def __init__(
        self,
        view: SeatView,
        rng: random.Random,
        chains: int,
        burn: int,
        thin: int,
        epsilon: float,
        pass_weight: float,
    ):
        self.sampler = Sampler(view, pass_weight)
        self.np_rng = np.random.default_rng(rng.getrandbits(64))
        self.thin = thin
        self.size = chains
        seats = self.sampler.seats
        starts = [self.sampler.sample(rng) for _ in range(min(chains, 16))]
        hands = np.array([starts[i % len(starts)] for i in range(chains)], dtype=np.uint64)
        self.cards = np.array(self.sampler.cards)  # the hidden cards, in card order
        self.void = np.array(view.known_void, dtype=np.uint64) & np.uint64(FULL_DECK)
        evidence = Evidence(view, epsilon)
        # One table per hidden seat: a swap changes two hands, so only two seats' decisions
        # need weighing again.
        self.tables = {}
        for seat in seats:
            own = [p for p in evidence.points if p[0] == seat]
            if own:
                part = copy.copy(evidence)
                part.points = own
                self.tables[seat] = DecisionTable(part, view.n, view.counts)
        self.start(hands)
        self.moves = len(seats) > 1 and len(self.cards) > 1
        self.walk(burn)

    def start(self, hands: np.ndarray) -> None:
        """Puts every chain at its deal in `hands` (chains x seats, uint64), with the owner of
        each hidden card and each seat's decision weight to match."""
        self.hands = hands
        self.owner = np.zeros((len(hands), len(self.cards)), dtype=np.int64)
        for s in self.sampler.seats:
            held = (hands[:, s, None] >> self.cards.astype(np.uint64)) & np.uint64(1) == 1
            self.owner[held] = s
        self.logs = np.zeros(hands.shape)
        for seat, table in self.tables.items():
            self.logs[:, seat] = table.log_weights(hands)[:, seat]

    def walk(self, steps: int) -> None:
        if not self.moves:
            return
        rng, hands, owner, cards = self.np_rng, self.hands, self.owner, self.cards
        size, count = owner.shape
        rows = np.arange(size)
        one = np.uint64(1)
        for _ in range(steps):
            i = rng.integers(count, size=size)
            j = rng.integers(count, size=size)
            a, b = owner[rows, i], owner[rows, j]
            x = one << cards[i].astype(np.uint64)
            y = one << cards[j].astype(np.uint64)
            ok = (a != b) & ((self.void[b] & x) == 0) & ((self.void[a] & y) == 0)
            w = rows[ok]
            if not len(w):
                continue
            new = hands[w].copy()
            swap = x[w] | y[w]
            new[np.arange(len(w)), a[w]] ^= swap
            new[np.arange(len(w)), b[w]] ^= swap
            logs = self.logs[w]  # a copy (fancy index)
            for seat, table in self.tables.items():
                sel = np.flatnonzero((a[w] == seat) | (b[w] == seat))
                if len(sel):
                    logs[sel, seat] = table.log_weights(new[sel])[:, seat]
            delta = (logs - self.logs[w]).sum(axis=1)
            keep = np.log(rng.random(len(w))) < delta
            w = w[keep]
            hands[w] = new[keep]
            self.logs[w] = logs[keep]
            owner[w, i[w]], owner[w, j[w]] = b[w], a[w]

    def next(self) -> np.ndarray:
        """One world per chain (chains x seats, uint64), `thin` steps after the last ones."""
        self.walk(self.thin)
        return self.hands.copy()
