"""What the other seats' past decisions say about their hands, if they play like Medium.

Every play and pass of another seat still holding cards was taken on a public position (the table,
the passes, who was still playing) with a hand that is the seat's hand now plus the cards it has
put down since. For a guessed deal of the hidden hands, `Evidence.log_weight(hands)` replays
those decisions on their public positions and asks Medium's scoring (`mimic.plain_top`) what that
hand would have done: a decision Medium would take counts 1/(number of tied best actions), one it
would not counts `epsilon`/(number of its other actions) — so a player who does not play like
Medium only flattens the weights, and no deal is ever ruled out.

Everything is read from the view's public history; the hidden hands enter only as the guessed
deal. Under the joker the history is not replayed (a redeemed joker moves cards between hands),
and if the replayed table does not come out as the view's table (a set-up position), there is no
evidence either.
"""

from __future__ import annotations

import math
import random
from typing import Any

from .. import cards
from ..actions import PASS
from ..cards import JOKER_BIT
from ..rows import ALL, row_table
from ..state import DROPPED, ELIMINATED, FINISHED, PLAYING
from ..view import SeatView
from .knowledge import beyond_masks
from .mimic import plain_top

EPSILON = 0.02
_ENDED = {"finish": FINISHED, "drop_out": DROPPED, "eliminate": ELIMINATED}


class Evidence:
    """The hidden seats' past decisions, each with its public position (built once per view)."""

    def __init__(self, view: SeatView, epsilon: float = EPSILON):
        self.points: list[tuple[Any, ...]] = []
        self.by_seat: dict[int, list[tuple[Any, ...]]] = {}
        self.epsilon = epsilon
        rules = view.rules
        if rules.joker or not 0 < epsilon < 1:
            return
        self.spots = row_table(rules.ace, rules.ends).spots
        self.far = beyond_masks(rules.ace)
        self.limit = rules.pass_limit
        self.pwp = rules.pass_when_playable
        hidden = set(view.hidden_seats())
        n = view.n
        table = 0
        passes = [0] * n
        status = [PLAYING] * n
        quiet = 0
        points = []
        for event in view.history:
            kind = event.get("type")
            if kind == "sevens_laid":
                for names in event["cards"].values():
                    table |= cards.mask_of(names)
            elif kind in ("play", "pass"):
                seat = event["seat"]
                code = PASS if kind == "pass" else cards.parse(event["card"])
                first = kind == "play" and not table and rules.sevens == "played"
                if seat in hidden and not first:
                    playable = self._playable(table)
                    points.append(
                        [seat, code, table, playable, list(passes), list(status), quiet, 0]
                    )
                if kind == "pass":
                    passes[seat] += 1
                    quiet += 1
                else:
                    table |= 1 << code
                    quiet = 0
                    for point in points:
                        if point[0] == seat:
                            point[7] |= 1 << code  # held at every earlier decision of the seat
            elif kind in _ENDED:
                status[event["seat"]] = _ENDED[kind]
                if kind == "eliminate":
                    table |= cards.mask_of(event["cards"])
                    quiet = 0
            elif kind in ("joker", "redeem"):
                return
        if table != view.table:
            return
        self.points = [tuple(p) for p in points]
        for decision in self.points:
            self.by_seat.setdefault(decision[0], []).append(decision)

    def _playable(self, table: int) -> int:
        spots = self.spots
        out = 0
        for suit in range(4):
            out |= spots[(table >> (13 * suit)) & ALL] << (13 * suit)
        return out

    def log_weight(self, hands: list[int]) -> float:
        """The log-likelihood of the hidden seats' past decisions, were `hands` the deal."""
        total = 0.0
        eps = self.epsilon
        spots, far, limit, pwp = self.spots, self.far, self.limit, self.pwp
        for seat, code, table, playable, passes, status, quiet, later in self.points:
            hand = hands[seat] | later
            best = plain_top(
                hand, table, playable, spots, far, passes, status, seat, limit, pwp, quiet
            )
            if code in best:
                total += math.log((1 - eps) / len(best))
            else:
                m = hand & playable
                others = m.bit_count() + (1 if pwp else 0) - len(best)
                total += math.log(eps / max(1, others))
        return total

    def seat_log_weight(self, seat: int, hand: int) -> float:
        """`log_weight`'s share from one seat's decisions, were `hand` its hand now."""
        total = 0.0
        eps = self.epsilon
        spots, far, limit, pwp = self.spots, self.far, self.limit, self.pwp
        for point in self.by_seat.get(seat, ()):
            _, code, table, playable, passes, status, quiet, later = point
            held = hand | later
            best = plain_top(
                held, table, playable, spots, far, passes, status, seat, limit, pwp, quiet
            )
            if code in best:
                total += math.log((1 - eps) / len(best))
            else:
                others = (held & playable).bit_count() + (1 if pwp else 0) - len(best)
                total += math.log(eps / max(1, others))
        return total


def _nth_bit(mask: int, k: int) -> int:
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


class Chain:
    """Deals of the hidden hands drawn in proportion to how likely they make the other seats'
    past decisions (Metropolis: swap a card between two hidden hands, keep the swap with the
    likelihood ratio; known voids are never broken, counts never change). Starts from a sampler
    deal, walks `burn` swaps, then `thin` swaps between the deals it returns."""

    def __init__(
        self,
        evidence: Evidence,
        start: list[int],
        seats: list[int],
        voids: list[int],
        rng: random.Random,
        burn: int = 100,
        thin: int = 10,
    ):
        self.evidence = evidence
        self.hands = list(start)
        self.seats = [s for s in seats if start[s] & ~JOKER_BIT]
        self.voids = voids
        self.rng = rng
        self.thin = thin
        self.logs = {s: evidence.seat_log_weight(s, start[s]) for s in self.seats}
        if len(self.seats) > 1:
            self._walk(burn)

    def _walk(self, steps: int) -> None:
        rnd = self.rng.random
        seats, hands, voids, logs = self.seats, self.hands, self.voids, self.logs
        weigh = self.evidence.seat_log_weight
        k = len(seats)
        for _ in range(steps):
            i = int(rnd() * k)
            j = int(rnd() * (k - 1))
            if j >= i:
                j += 1
            a, b = seats[i], seats[j]
            ha, hb = hands[a] & ~JOKER_BIT, hands[b] & ~JOKER_BIT
            x = 1 << _nth_bit(ha, int(rnd() * ha.bit_count()))
            y = 1 << _nth_bit(hb, int(rnd() * hb.bit_count()))
            if voids[b] & x or voids[a] & y:
                continue
            na, nb = hands[a] ^ x ^ y, hands[b] ^ x ^ y
            la, lb = weigh(a, na), weigh(b, nb)
            delta = la + lb - logs[a] - logs[b]
            if delta >= 0 or rnd() < math.exp(delta):
                hands[a], hands[b] = na, nb
                logs[a], logs[b] = la, lb

    def next(self) -> list[int]:
        if len(self.seats) > 1:
            self._walk(self.thin)
        return list(self.hands)
