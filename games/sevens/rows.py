"""What can be played in one row, for every way a row can be filled.

A row is 13 bits, one per rank (bit 0 = A … bit 12 = K), set where that card is on the table. Every
rule about where a card may go in a row is here, worked out once for all 8,192 masks and looked up
afterwards, so a playout pays one list index per row.

The row is walked in *positions*: 0 … 12 from the low end to the high end (A…K, or 2…A when the
ace is high). From the 7 a walk goes outward while the cards are on the table — through placed
cards of eliminated seats too, which is how the run "reaches" them — and stops at the first gap:
that gap is a spot where a card can be played. Under `connect` the walks wrap round from the end
to the other end; under `tunnel`, once a walk reaches its end, the other walk is closed and a new
walk starts at the far end and comes inwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

ALL = 0x1FFF

# Kinds of growth point, i.e. the walk a spot belongs to.
SEVEN = "seven"  # the row is not open; its 7 is the only spot (7s played in turn)
UP = "up"
DOWN = "down"
TUNNEL_UP = "tunnel_up"  # under tunnel: from the low end upwards, after the high side ran out
TUNNEL_DOWN = "tunnel_down"


@dataclass(frozen=True)
class RowInfo:
    """One row, in rank space (bit r / value r is rank r: 0 = A … 12 = K)."""

    open: bool
    full: bool
    spots: int  # mask of the ranks playable now
    growth: tuple[tuple[str, int, int], ...]  # (kind, spot rank, beyond rank or -1 for none)
    run: int  # mask of cards joined to the 7 (placed cards included once reached)
    closed: int  # rank of the spot a tunnel has closed, or -1


class RowTable:
    """The lookup tables for one (ace, ends) pair."""

    def __init__(self, ace: str, ends: str):
        self.ace = ace
        self.ends = ends
        self.seven_pos = 6 if ace == "low" else 5
        self.spots = [self._analyze(self._to_pos(m))[2] for m in range(ALL + 1)]
        self.spots = [self._to_rank(p) for p in self.spots]

    # Rank space <-> position space. With the ace high, 2 is position 0 and A is position 12.
    def _to_pos(self, m: int) -> int:
        if self.ace == "low":
            return m
        return (m >> 1) | ((m & 1) << 12)

    def _to_rank(self, p: int) -> int:
        if self.ace == "low":
            return p
        return ((p << 1) & ALL) | (p >> 12)

    def rank_of_pos(self, pos: int) -> int:
        return pos if self.ace == "low" else (pos + 1) % 13

    def pos_of_rank(self, rank: int) -> int:
        return rank if self.ace == "low" else (rank - 1) % 13

    def _walk(self, occ: int, step: int, wrap: bool) -> tuple[int, int | None, bool]:
        """From the 7 outward: (positions passed, the first gap or None, reached the end)."""
        s7 = self.seven_pos
        run, p = 0, s7
        while True:
            q = p + step
            if wrap:
                q %= 13
            elif q < 0 or q > 12:
                return run, None, True
            if q == s7:
                return run, None, True
            if not occ >> q & 1:
                return run, q, False
            run |= 1 << q
            p = q

    def _analyze(self, occ: int) -> tuple[bool, tuple[tuple[str, int], ...], int, int, int]:
        """(open, growth [(kind, pos)], spots, run, closed pos) in position space."""
        s7 = self.seven_pos
        if not occ >> s7 & 1:
            return False, ((SEVEN, s7),), 1 << s7, 0, -1
        wrap = self.ends == "connect"
        run_up, up, up_end = self._walk(occ, 1, wrap)
        run_down, down, down_end = self._walk(occ, -1, wrap)
        run = (1 << s7) | run_up | run_down
        growth: list[tuple[str, int]] = []
        closed = -1
        if self.ends == "tunnel" and (up_end or down_end) and not (up_end and down_end):
            # One side reached its end: the other side stops, and the row carries on from the
            # far end inwards.
            # The side that did not reach its end has a gap (else both would have).
            if up_end:
                kind, q, step, closed = TUNNEL_UP, 0, 1, down if down is not None else -1
            else:
                kind, q, step, closed = TUNNEL_DOWN, 12, -1, up if up is not None else -1
            while occ >> q & 1:
                run |= 1 << q
                q += step
            growth.append((kind, q))
            if closed == q:
                closed = -1
        else:
            if up is not None:
                growth.append((UP, up))
            if down is not None:
                growth.append((DOWN, down))
        spots = 0
        for _, q in growth:
            spots |= 1 << q
        return True, tuple(growth), spots, run, closed

    @lru_cache(maxsize=16384)  # noqa: B019 - one table per rule pair, kept for the process
    def info(self, mask: int) -> RowInfo:
        occ = self._to_pos(mask)
        is_open, growth, spots, run, closed = self._analyze(occ)
        out = []
        for kind, q in growth:
            beyond = self._beyond(occ, kind, q) if kind != SEVEN else None
            out.append(
                (kind, self.rank_of_pos(q), -1 if beyond is None else self.rank_of_pos(beyond))
            )
        return RowInfo(
            open=is_open,
            full=occ == ALL,
            spots=self._to_rank(spots),
            growth=tuple(out),
            run=self._to_rank(run),
            closed=-1 if closed in (-1, None) else self.rank_of_pos(closed),
        )

    def leads_to(self, mask: int, spot: int, card: int, avoid: int = -1) -> bool:
        """Whether the row reaches `card` by the walk of its open spot `spot` (ranks): filling that
        spot, then the next one the same walk opens, and so on. Refusing a card that does not
        connect, only the spots whose walk leads to it are named (with ♠6–8 down, the J needs the
        9, not the 6; with A and K joined, both walks may lead to it). With `avoid` (a rank not on
        the table), only a walk that gets to `card` without filling that spot counts."""
        occ = self._to_pos(mask)
        target = self.pos_of_rank(card)
        here = self.pos_of_rank(spot)
        avoid_pos = -1 if avoid < 0 else self.pos_of_rank(avoid)
        kind = next((k for k, q in self._analyze(occ)[1] if q == here), None)
        if kind is None or kind == SEVEN:
            return False
        for _ in range(13):
            if here == target:
                return True
            if here == avoid_pos:
                return False
            after = self._beyond(occ, kind, here)
            if after is None:
                return False
            occ |= 1 << here
            kind = next((k for k, q in self._analyze(occ)[1] if q == after), kind)
            here = after
        return False

    def _beyond(self, occ: int, kind: str, q: int) -> int | None:
        """The spot the same walk reaches once `q` is filled (the joker's "card beyond")."""
        _, growth, _, _, _ = self._analyze(occ | (1 << q))
        follow = {UP: (UP, TUNNEL_UP), DOWN: (DOWN, TUNNEL_DOWN)}.get(kind, (kind,))
        if self.ends != "tunnel":
            follow = follow[:1]
        for k, spot in growth:
            if k in follow:
                return spot
        return None


@cache
def row_table(ace: str, ends: str) -> RowTable:
    return RowTable(ace, ends)
