"""Deals of the hidden hands consistent with one seat's view (determinizations).

Hard facts are always kept: each hidden seat gets exactly its card count; no seat gets a card its
forced passes rule out (`known_void`); the joker goes to the seat known to hold it (the last seat
that redeemed it). Weak facts are weighted, not trusted: under pass-while-able a pass may be a
tactic, so every card that was playable at a seat's pass makes that seat `pass_weight` times as
likely to hold it (0.6 by default) rather than impossible.

Cards whose possible seats are restricted are dealt first, each to a seat chosen in proportion to
its free places times its weight, among the seats that keep the rest of the deal possible (Hall's
condition over the few hidden seats). The rest are then dealt the same way without checks.
"""

from __future__ import annotations

import random

from ..cards import JOKER, JOKER_BIT
from ..view import SeatView
from .knowledge import joker_holder

PASS_WEIGHT = 0.6


class Sampler:
    """Built once per decision from a view; `sample(rng)` returns a list of hand masks per seat."""

    def __init__(self, view: SeatView, pass_weight: float = PASS_WEIGHT):
        self.n = view.n
        self.base = [0] * view.n
        for seat in range(view.n):
            known = view._public_hand(seat)
            if known is not None:
                self.base[seat] = known
        self.seats = view.hidden_seats()
        caps = {s: view.counts[s] for s in self.seats}
        unseen = view.unseen
        holder = joker_holder(view)
        if unseen & JOKER_BIT and holder in caps:
            self.base[holder] |= JOKER_BIT
            caps[holder] -= 1
            unseen &= ~JOKER_BIT
        self.caps = [caps[s] for s in self.seats]
        self.cards = [c for c in range(JOKER + 1) if unseen >> c & 1]
        weights: dict[int, list[float]] = {}
        allowed: dict[int, int] = {}
        full = (1 << len(self.seats)) - 1
        for card in self.cards:
            allow = 0
            for i, seat in enumerate(self.seats):
                if not view.known_void[seat] >> card & 1:
                    allow |= 1 << i
            allowed[card] = allow
        if view.rules.pass_when_playable and pass_weight != 1.0:
            index = {s: i for i, s in enumerate(self.seats)}
            for seat, playable in view.pass_marks:
                at = index.get(seat)
                if at is None:
                    continue
                for card in self.cards:
                    if playable >> card & 1:
                        w = weights.setdefault(card, [1.0] * len(self.seats))
                        w[at] *= pass_weight
        self.weights = weights
        self.allowed = allowed
        self.constrained = [c for c in self.cards if allowed[c] != full]
        self.free = [c for c in self.cards if allowed[c] == full]
        if sum(self.caps) != len(self.cards):
            raise ValueError("the view's counts do not match its unseen cards")

    def sample(self, rng: random.Random) -> list[int]:
        hands = list(self.base)
        caps = list(self.caps)
        seats = self.seats
        k = len(seats)
        if self.constrained:
            order = list(self.constrained)
            rng.shuffle(order)
            order.sort(key=lambda c: self.allowed[c].bit_count())
            remaining = [self.allowed[c] for c in order] + [(1 << k) - 1] * len(self.free)
            for j, card in enumerate(order):
                rest = remaining[j + 1 :]
                choices = []
                for i in range(k):
                    if caps[i] and self.allowed[card] >> i & 1:
                        caps[i] -= 1
                        if _feasible(rest, caps, k):
                            choices.append(i)
                        caps[i] += 1
                i = self._pick(card, choices, caps, rng)
                hands[seats[i]] |= 1 << card
                caps[i] -= 1
        free = list(self.free)
        rng.shuffle(free)
        if not self.weights:
            pos = 0
            for i in range(k):
                for card in free[pos : pos + caps[i]]:
                    hands[seats[i]] |= 1 << card
                pos += caps[i]
            return hands
        for card in free:
            choices = [i for i in range(k) if caps[i]]
            i = self._pick(card, choices, caps, rng)
            hands[seats[i]] |= 1 << card
            caps[i] -= 1
        return hands

    def _pick(self, card: int, choices: list[int], caps: list[int], rng: random.Random) -> int:
        if len(choices) == 1:
            return choices[0]
        w = self.weights.get(card)
        scores = [caps[i] * (w[i] if w else 1.0) for i in choices]
        x = rng.random() * sum(scores)
        for i, s in zip(choices, scores, strict=True):
            x -= s
            if x < 0:
                return i
        return choices[-1]


def _feasible(remaining: list[int], caps: list[int], k: int) -> bool:
    """Hall's condition: every set of seats has room for the cards that can go only there."""
    counts: dict[int, int] = {}
    for allow in remaining:
        counts[allow] = counts.get(allow, 0) + 1
    for subset in range(1, 1 << k):
        need = sum(c for allow, c in counts.items() if allow & ~subset == 0)
        room = sum(caps[i] for i in range(k) if subset >> i & 1)
        if need > room:
            return False
    return True
