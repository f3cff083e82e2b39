"""Many rounds at once: the same rules as `state.RoundState`, as numpy array operations.

Hard's playouts play thousands of guessed deals ("worlds") to the end of the round. One world at a
time through `RoundState.step` costs some microseconds a move in Python; here every world moves in
lockstep, one array operation for all of them, so a move costs a few nanoseconds a world.

The rules here are the engine's, step for step (`RoundState.step`, `_advance`, `_eliminate`,
`_end`), and a test plays thousands of worlds with both and compares every legal-move set and
every result. What may be played in a row comes from the engine's own row tables (`rows.py`).
`supports(rules)` says which rule sets this covers: every option except the joker (a joker move
takes a card from another hand, which we leave to the scalar engine).

A world's hands are kept per seat and suit as 13-bit rows (bit r = rank r), the table as four rows.
Worlds that end leave the arrays (their results are written out by their index), so the arrays
shrink as a playout goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from .actions import PASS
from .rows import ALL, row_table
from .rules import RuleSet
from .state import ELIMINATED, FINISHED, PLAYING, SEVEN_D, RoundState

SEVEN_D_SUIT, SEVEN_D_BIT = SEVEN_D // 13, 1 << (SEVEN_D % 13)
NO_CARD = -1


# A live world's arrays (besides `idx`, its index among all the worlds).
_ARRAYS = (
    "hands",
    "counts",
    "table",
    "status",
    "passes",
    "turn",
    "alive",
    "playing",
    "first_play",
    "quiet",
    "fin",
    "nfin",
    "elim",
    "nelim",
    "elim_counts",
)


def supports(rules: RuleSet) -> bool:
    """Whether `Batch` plays these rules. Everything but the joker; Hard falls back on its scalar
    playouts for the rest."""
    return not rules.joker


# Bits in a 13-bit row, and the lowest set bit's rank, for every row (one lookup each).
POP = np.array([bin(m).count("1") for m in range(ALL + 1)], dtype=np.int16)
LOW_RANK = np.array([(m & -m).bit_length() - 1 for m in range(ALL + 1)], dtype=np.int16)
SHIFTS = np.array([0, 13, 26, 39], dtype=np.uint64)


@cache
def spots_table(ace: str, ends: str) -> np.ndarray:
    """The engine's playable spots of a row, for every row mask (`rows.RowTable.spots`)."""
    return np.array(row_table(ace, ends).spots, dtype=np.uint16)


@cache
def next_seat_table(n: int) -> np.ndarray:
    """[last seat, mask of playing seats] -> the next playing seat after `last` (as `_advance`)."""
    out = np.zeros((n, 1 << n), dtype=np.int64)
    for last in range(n):
        for mask in range(1, 1 << n):
            seat = (last + 1) % n
            while not mask >> seat & 1:
                seat = (seat + 1) % n
            out[last, mask] = seat
    return out


# A playout policy: the action (a card 0–51 or `PASS`) of the seat to act in every live world.
Policy = Callable[["Batch", np.random.Generator], np.ndarray]


def rows_of(masks: np.ndarray) -> np.ndarray:
    """Card masks (any shape, uint64) -> their four 13-bit rows (shape + (4,), uint16)."""
    masks = np.asarray(masks, dtype=np.uint64)
    return ((masks[..., None] >> SHIFTS) & np.uint64(ALL)).astype(np.uint16)


class Batch:
    """`size` worlds, each a round in play, all from one position with different hidden hands.

    Built from a state (`from_state`: its public facts) and one deal per world. `step(codes)`
    applies one legal action (a card 0–51 or `PASS`) in every live world; worlds that end drop out
    of the arrays, and `points`, `ranking`, `cards_left` hold every world's result by its index.
    """

    # The live worlds, a row each (set by `from_state`; `_keep` drops the rows of ended worlds):
    idx: np.ndarray  # the world of each row
    hands: np.ndarray  # (rows, seats, 4) uint16: each seat's hand as four 13-bit suit rows
    counts: np.ndarray  # (rows, seats): cards in hand
    table: np.ndarray  # (rows, 4) uint16: the layout's rows
    status: np.ndarray  # (rows, seats): PLAYING, FINISHED or ELIMINATED
    passes: np.ndarray  # (rows, seats): passes taken
    turn: np.ndarray  # (rows,): the seat to act
    alive: np.ndarray  # (rows,): seats still playing
    playing: np.ndarray  # (rows,): a bit per seat still playing
    first_play: np.ndarray  # (rows,): the next play must be the 7♦ (7s played in turn)
    quiet: np.ndarray  # (rows,): passes in a row
    fin: np.ndarray  # (rows, seats): the order in which seats went out, -1 for none yet
    nfin: np.ndarray  # (rows,): seats gone out
    elim: np.ndarray  # (rows, seats): the order of eliminations, -1 for none
    nelim: np.ndarray  # (rows,): seats eliminated
    elim_counts: np.ndarray  # (rows, seats): the cards a seat held when eliminated

    def __init__(self, rules: RuleSet, size: int):
        rules.validate()
        if not supports(rules):
            raise ValueError("the joker is not played in batch")
        self.rules = rules
        self.n = rules.players
        self.size = size
        self.spots = spots_table(rules.ace, rules.ends)
        self.next_seat = next_seat_table(self.n)
        self.limit = rules.pass_limit
        self.pwp = rules.pass_when_playable
        self.first_out = rules.round_end == "first_out"
        self.rank_points = rules.scoring == "rank_points"
        n = self.n
        self.points = np.zeros((size, n), dtype=np.int16)
        self.ranking = np.zeros((size, n), dtype=np.int8)
        self.cards_left = np.zeros((size, n), dtype=np.int16)
        self.status_out = np.zeros((size, n), dtype=np.int8)
        self.done = np.zeros(size, dtype=bool)
        self.settled = np.zeros(size, dtype=bool)
        self.watch: int | None = None

    @classmethod
    def from_state(cls, state: RoundState, hands: np.ndarray, quiet: int = 0) -> Batch:
        """Worlds equal to `state` in every public fact, with `hands` (size x seats card masks,
        uint64) as the hands; `quiet` is the passes in a row before this position."""
        if state.over:
            raise ValueError("the round is over")
        hands = np.asarray(hands, dtype=np.uint64)
        size, n = hands.shape
        b = cls(state.rules, size)
        b.idx = np.arange(size)
        b.hands = rows_of(hands)
        b.counts = np.bitwise_count(hands).astype(np.int16)
        b.table = np.broadcast_to(rows_of(np.array(state.table, dtype=np.uint64)), (size, 4)).copy()
        b.status = np.tile(np.array(state.status, dtype=np.int8), (size, 1))
        b.passes = np.tile(np.array(state.passes, dtype=np.int16), (size, 1))
        b.turn = np.full(size, state.turn, dtype=np.int64)
        b.alive = np.full(size, state.alive, dtype=np.int16)
        b.playing = np.full(size, sum(1 << s for s in range(n) if state.status[s] == PLAYING))
        b.first_play = np.full(size, state.first_play, dtype=bool)
        b.quiet = np.full(size, quiet, dtype=np.int16)
        fin = np.full(n, -1, dtype=np.int8)
        for i, seat in enumerate(state.order):
            fin[seat] = i
        elim = np.full(n, -1, dtype=np.int8)
        for i, seat in enumerate(state.eliminated):
            elim[seat] = i
        b.fin = np.tile(fin, (size, 1))
        b.nfin = np.full(size, len(state.order), dtype=np.int8)
        b.elim = np.tile(elim, (size, 1))
        b.nelim = np.full(size, len(state.eliminated), dtype=np.int8)
        b.elim_counts = np.tile(np.array(state.elim_counts, dtype=np.int16), (size, 1))
        return b

    @classmethod
    def from_states(cls, states: list[RoundState], quiet: list[int] | None = None) -> Batch:
        """One world per state (any positions of rounds under the same rules, none over)."""
        rules = states[0].rules
        first = cls.from_state(states[0], np.zeros((len(states), rules.players), np.uint64))
        for i, state in enumerate(states):
            if state.rules != rules or state.over:
                raise ValueError("states of one rule set, none over")
            one = cls.from_state(state, np.array([state.hands], dtype=np.uint64))
            one.quiet[0] = 0 if quiet is None else quiet[i]
            for name in _ARRAYS:
                getattr(first, name)[i] = getattr(one, name)[0]
        first.idx = np.arange(len(states))
        return first

    # -- what the seat to act may do -----------------------------------------------------------
    @property
    def live(self) -> int:
        return len(self.idx)

    def turn_hands(self) -> np.ndarray:
        """The rows of the seat to act, per live world (live x 4)."""
        words = self.hands.reshape(-1, 4).view(np.uint64).reshape(-1)
        return words[np.arange(self.live) * self.n + self.turn].view(np.uint16).reshape(-1, 4)

    def turn_values(self, array: np.ndarray) -> np.ndarray:
        """`array` (live x seats) at the seat to act, per live world."""
        return array.reshape(-1)[np.arange(self.live) * self.n + self.turn]

    def playable(self) -> np.ndarray:
        """The playable spots of every row (live x 4), from the engine's row tables."""
        return self.spots[self.table]

    def legal(self) -> tuple[np.ndarray, np.ndarray]:
        """(playable rows of the seat to act: live x 4, may it pass: live), as `legal_codes`."""
        plays = self.turn_hands() & self.playable()
        first = self.first_play
        if first.any():
            plays[first] = 0
            plays[first, SEVEN_D_SUIT] = SEVEN_D_BIT
        passes = self.turn_values(self.passes)
        may = np.ones(self.live, dtype=bool) if self.limit is None else passes < self.limit
        if not self.pwp:
            may &= ~plays.any(axis=1)
        return plays, may & ~first

    # -- changes ---------------------------------------------------------------------------------
    def step(self, codes: np.ndarray) -> None:
        """Apply one legal action per live world (unchecked, as `RoundState.step`)."""
        # Indexing is flat (a world's seat is `world * n + seat`): numpy gathers and scatters
        # along one axis several times faster than with a pair of index arrays.
        codes = np.asarray(codes, dtype=np.int64)
        n = self.n
        live = np.arange(self.live)
        turn = self.turn
        play = codes != PASS
        ended = np.zeros(self.live, dtype=bool)
        w = live[play]
        if len(w):
            code = codes[w]
            ws = w * n + turn[w]
            suit, bit = code // 13, (1 << (code % 13)).astype(np.uint16)
            self.hands.reshape(-1)[ws * 4 + suit] ^= bit
            self.table.reshape(-1)[w * 4 + suit] |= bit
            counts = self.counts.reshape(-1)
            counts[ws] -= 1
            self.first_play[w] = False
            self.quiet[w] = 0
            out = counts[ws] == 0
            if out.any():
                w, ws, t = w[out], ws[out], turn[w[out]]
                self.status.reshape(-1)[ws] = FINISHED
                self.playing[w] ^= 1 << t
                self.alive[w] -= 1
                self.fin.reshape(-1)[ws] = self.nfin[w]
                self.nfin[w] += 1
                if self.watch is not None and self.rank_points:
                    # Rank points: a seat out of cards has its place, whatever follows.
                    w = w[t == self.watch]
                    i = self.idx[w]
                    self.points[i, self.watch] = self.n - 1 - self.fin[w, self.watch]
                    self.settled[i] = True
                    ended[w] = True
        w = live[~play]
        if len(w):
            self.passes.reshape(-1)[w * n + turn[w]] += 1
            self.quiet[w] += 1
        self._advance(ended)

    def _advance(self, ended: np.ndarray) -> None:
        """Move every world's turn on (eliminating seats that can do nothing), or end it;
        worlds already `ended` leave the arrays with the others that end."""
        n = self.n
        w = np.nonzero(~ended)[0]
        last = self.turn.copy()
        words = self.hands.reshape(-1, 4).view(np.uint64).reshape(-1)  # a seat's hand, one word
        table = self.table.view(np.uint64).reshape(-1)
        while len(w):
            over = self.alive[w] <= 1
            if self.first_out:
                over |= self.nfin[w] > 0
            if over.any():
                ended[w[over]] = True
                self._end(w[over], last[w[over]])
                w = w[~over]
            if not len(w):
                break
            seat = self.next_seat[last[w], self.playing[w]]
            self.turn[w] = seat
            if self.limit is None:  # a seat can always pass
                break
            ws = w * n + seat
            out = ~self.first_play[w] & (self.passes.reshape(-1)[ws] >= self.limit)
            w, seat, ws = w[out], seat[out], ws[out]
            hand = words[ws]
            spots = self.spots[self.table[w]].view(np.uint64).reshape(-1)
            out = hand & spots == 0
            w, seat, ws = w[out], seat[out], ws[out]
            if len(w):  # `_eliminate`: the cards go face up to their spots
                table[w] |= hand[out]
                self.playing[w] ^= 1 << seat
                counts = self.counts.reshape(-1)
                self.elim_counts.reshape(-1)[ws] = counts[ws]
                counts[ws] = 0
                words[ws] = 0
                self.status.reshape(-1)[ws] = ELIMINATED
                self.alive[w] -= 1
                self.elim.reshape(-1)[ws] = self.nelim[w]
                self.nelim[w] += 1
                self.quiet[w] = 0
                last[w] = seat
        if ended.any():
            self._keep(~ended)

    def _end(self, w: np.ndarray, ender: np.ndarray) -> None:
        """`RoundState._end` for the worlds `w`: finishers in order, then the holders by cards
        left (ties to the seat first after the ender), then the eliminated, latest first."""
        n = self.n
        status, counts = self.status[w], self.counts[w]
        seats = np.arange(n)
        after = (seats[None, :] - ender[:, None] - 1) % n
        key = np.where(status == FINISHED, self.fin[w].astype(np.int64), 0)
        key = np.where(status == PLAYING, 100 + 8 * counts.astype(np.int64) + after, key)
        key = np.where(status == ELIMINATED, 1000 - self.elim[w].astype(np.int64), key)
        ranking = np.argsort(key, axis=1, kind="stable")
        left = np.where(status == ELIMINATED, self.elim_counts[w], counts)
        if self.rank_points:
            place = np.argsort(ranking, axis=1)
            points = (n - 1 - place).astype(np.int16)
        else:
            points = -left
            winner = ranking[:, 0]
            rows = np.arange(len(w))
            points[rows, winner] = 0
            points[rows, winner] = -points.sum(axis=1)
        i = self.idx[w]
        self.points[i] = points
        self.ranking[i] = ranking
        self.cards_left[i] = left
        self.status_out[i] = status
        self.done[i] = True

    def _keep(self, keep: np.ndarray) -> None:
        self.idx = self.idx[keep]
        for name in _ARRAYS:
            setattr(self, name, getattr(self, name)[keep])

    def play_out(self, policy: Policy, rng: np.random.Generator, watch: int | None = None) -> None:
        """Play every world to its end, `policy(batch, rng)` giving each live world's action.
        With `watch` (a seat) under rank points, a world also ends once that seat is out of
        cards: its place is settled, and only its points are written (`settled` marks those
        worlds)."""
        self.watch = watch
        while self.live:
            self.step(policy(self, rng))
