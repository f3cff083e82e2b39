"""The fast playouts: a round played to its end through the engine's own `step`.

The policies are inlined on int masks, so a move costs one engine `step` and a few integer
operations; the rules stay in the engine, the playout only picks among the moves it allows.

- `playout_random`: every seat plays a uniformly random playable card and passes only when it has
  none (a seat holding the joker asks the engine for its joker moves).
- `playout` (Hard's first policy, now `hard:policy=block`; by default Hard plays every seat with
  Medium's full scoring, see `mimic`): Medium's first rules of thumb in a few mask operations. A seat
  plays a random card among those its own next card follows (a run), else among those with some
  of its own cards beyond them (or, for a 7 played in turn, some of its suit); failing that it keeps its blocks — it passes while it has more than one
  pass left and the rules allow a pass while able — or gives up the block that holds back fewest
  cards. With three cards or fewer it races, and after a whole circle of passes someone plays, so
  unlimited passes cannot loop.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..actions import PASS
from ..cards import JOKER_BIT
from ..rows import ALL
from ..state import SEVEN_D, RoundState
from .knowledge import beyond_masks

RESERVE = 1  # passes a seat keeps back from blocking in the playouts


@cache
def _follow_masks(ace: str) -> tuple[int, ...]:
    """Per card, the cards that make it worth playing when held: its far cards, or for a 7 the
    rest of its suit."""
    far = list(beyond_masks(ace))
    for suit in range(4):
        seven = 13 * suit + 6
        far[seven] = (ALL << (13 * suit)) & ~(1 << seven)
    return tuple(far)


@cache
def _next_masks(ace: str) -> tuple[int, ...]:
    """Per card, the card right beyond it (for a 7, its 6 and 8): holding it makes a run."""
    far = beyond_masks(ace)
    out = []
    for card in range(52):
        suit_base = card - card % 13
        if card % 13 == 6:
            out.append((1 << (card - 1)) | (1 << (card + 1)))
            continue
        nearest = 0
        best = 99
        for c in range(suit_base, suit_base + 13):
            if far[card] >> c & 1 and abs(c - card) < best:
                best, nearest = abs(c - card), 1 << c
        out.append(nearest)
    return tuple(out)


def playout_random(state: RoundState, rnd: Callable[[], float]) -> None:
    """Play `state` (a `copy(record=False)`) to the end with random playable cards, in place."""
    hands = state.hands
    step = state.step
    while not state.over:
        if state.first_play:
            step(SEVEN_D)
            continue
        hand = hands[state.turn]
        if hand & JOKER_BIT:
            codes = state.legal_codes()
            if codes[-1] == PASS:
                codes.pop()
            step(codes[int(rnd() * len(codes))] if codes else PASS)
            continue
        m = hand & state.playable
        if not m:
            step(PASS)
            continue
        if m & (m - 1):
            k = int(rnd() * m.bit_count())
            while k:
                m &= m - 1
                k -= 1
        step((m & -m).bit_length() - 1)


def playout(state: RoundState, rnd: Callable[[], float]) -> None:
    """Play `state` (a `copy(record=False)`) to the end with the blocking policy, in place."""
    hands = state.hands
    passes = state.passes
    step = state.step
    follow = _follow_masks(state.rules.ace)
    after = _next_masks(state.rules.ace)
    may_hold = state.rules.pass_when_playable
    limit = state.limit
    keep = 10**9 if limit is None else limit - RESERVE  # passes a seat may spend on blocking
    circle = state.n - 1
    quiet = 0  # passes in a row
    while not state.over:
        if state.first_play:
            step(SEVEN_D)
            quiet = 0
            continue
        turn = state.turn
        hand = hands[turn]
        if hand & JOKER_BIT:
            codes = state.legal_codes()
            if codes[-1] == PASS:
                codes.pop()
            if codes:
                step(codes[int(rnd() * len(codes))])
                quiet = 0
            else:
                step(PASS)
                quiet += 1
            continue
        m = hand & state.playable
        if not m:
            step(PASS)
            quiet += 1
            continue
        good = run = 0
        block, fewest = -1, 99
        table = state.table
        mm = m
        while mm:
            low = mm & -mm
            mm ^= low
            card = low.bit_length() - 1
            far = follow[card]
            if far & hand:
                good |= low
                if after[card] & hand:
                    run |= low
            else:
                held = (far & ~table).bit_count()
                if held < fewest:
                    block, fewest = card, held
        if good:
            if run:
                good = run
            if good & (good - 1):
                k = int(rnd() * good.bit_count())
                while k:
                    good &= good - 1
                    k -= 1
            step((good & -good).bit_length() - 1)
            quiet = 0
        elif (
            may_hold and fewest and passes[turn] < keep and quiet < circle and hand.bit_count() > 3
        ):
            step(PASS)
            quiet += 1
        else:
            step(block)
            quiet = 0
