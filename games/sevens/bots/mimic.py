"""Medium's scoring on int masks, for the playouts: the other seats play as Medium would.

Medium (`medium.py`) scores every legal action from its seat's view; here the same scores are
worked out from a full `RoundState` for the seat to act, with no view built: the cards "the others
may hold" are everything not in the seat's hand and not on the table, which is exactly what the
seat's view calls unseen. The rules stay in the engine: the policy only reads the engine's row
tables and legal moves and picks among them; the state changes through `step`.

`medium_code(state, rnd, quiet)` is the action Medium would take (ties broken with `rnd`), where
`quiet` counts the passes in a row since the last play (Medium plays after a whole circle of them).
`playout_medium(state, rnd, quiet)` plays the round to its end with it, in place.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import JOKER_BASE, PASS
from ..cards import FULL_DECK, JOKER_BIT
from ..rows import ALL
from ..state import PLAYING, SEVEN_D, RoundState
from .knowledge import SUIT_MASKS, beyond_masks
from .medium import RACE_CARDS

_SUIT_OF = [c // 13 for c in range(52)]


def _score(
    card: int,
    extra: int,
    hand: int,
    table: int,
    playable: int,
    spots: list[int],
    far: tuple[int, ...],
    race: bool,
) -> float:
    """`medium.score_play` on masks (same expressions, so the same floats and the same ties)."""
    bit = 1 << card
    added = bit | extra
    suit = _SUIT_OF[card]
    shift = 13 * suit
    opened = (spots[((table | added) >> shift) & ALL] << shift) & ~playable & ~added
    others = FULL_DECK & ~hand & ~table
    mine_open = (opened & hand).bit_count()
    their_open = (opened & others).bit_count()
    beyond = far[card]
    my_far = (beyond & hand).bit_count()
    if race:
        return 10 + 3 * mine_open + my_far - 0.2 * their_open
    suit_mask = SUIT_MASKS[suit]
    if not table & suit_mask:
        my_suit = (hand & suit_mask & ~bit).bit_count()
        their_suit = (others & suit_mask).bit_count()
        return 2 * mine_open + 0.8 * my_suit - 0.4 * their_suit
    if not my_far and not mine_open:
        their_far = (beyond & others).bit_count()
        return 0.0 if their_far == 0 else -float(their_far)
    return 1 + 2 * mine_open + 0.7 * my_far - 0.6 * their_open


def medium_code(
    state: RoundState, rnd: Callable[[], float], quiet: int = 0, reserve: int = 1
) -> int:
    """The action Medium would choose for the seat to act in `state` (not over)."""
    if state.first_play:
        return SEVEN_D
    turn = state.turn
    hand = state.hands[turn]
    if hand & JOKER_BIT:
        best = _joker_top(state, quiet, reserve)
    else:
        best = plain_top(
            hand,
            state.table,
            state.playable,
            state.rows.spots,
            beyond_masks(state.rules.ace),
            state.passes,
            state.status,
            turn,
            state.limit,
            state.pwp,
            quiet,
            reserve,
        )
    if len(best) == 1:
        return best[0]
    return best[int(rnd() * len(best))]


def plain_top(
    hand: int,
    table: int,
    playable: int,
    spots: list[int],
    far: tuple[int, ...],
    passes: list[int],
    status: list[int],
    turn: int,
    limit: int | None,
    pwp: bool,
    quiet: int,
    reserve: int = 1,
) -> list[int]:
    """Medium's best actions (all tied) for a seat holding `hand` (no joker) on this table."""
    m = hand & playable
    if not m:
        return [PASS]
    may_pass = pwp and (limit is None or passes[turn] < limit)
    if not m & (m - 1) and not may_pass:
        return [m.bit_length() - 1]
    race = hand.bit_count() <= RACE_CARDS
    top = -1e9
    best: list[int] = []
    while m:
        low = m & -m
        m ^= low
        card = low.bit_length() - 1
        s = _score(card, 0, hand, table, playable, spots, far, race)
        if s > top:
            top, best = s, [card]
        elif s == top:
            best.append(card)
    if (
        may_pass
        and top < 0
        and not race
        and _would_pass(passes, status, turn, limit, quiet, top, reserve)
    ):
        return [PASS]
    return best


def _joker_top(state: RoundState, quiet: int, reserve: int) -> list[int]:
    turn = state.turn
    hand = state.hands[turn]
    codes = state.legal_codes()
    may_pass = codes[-1] == PASS
    if may_pass:
        codes.pop()
    if not codes:
        return [PASS]
    table, playable = state.table, state.playable
    spots, far = state.rows.spots, beyond_masks(state.rules.ace)
    race = (hand & ~JOKER_BIT).bit_count() <= RACE_CARDS
    top = -1e9
    best: list[int] = []
    for code in codes:
        if code < PASS:
            s = _score(code, 0, hand, table, playable, spots, far, race)
        else:
            spot, card = divmod(code - JOKER_BASE, 64)
            s = _score(card, 1 << spot, hand, table, playable, spots, far, race)
            s = s + 1.5 + (3.0 if hand.bit_count() <= 4 else 0.0)
        if s > top:
            top, best = s, [code]
        elif s == top:
            best.append(code)
    if (
        may_pass
        and state.pwp
        and top < 0
        and not race
        and _would_pass(state.passes, state.status, turn, state.limit, quiet, top, reserve)
    ):
        return [PASS]
    return best


def _would_pass(
    passes: list[int],
    status: list[int],
    turn: int,
    limit: int | None,
    quiet: int,
    top: float,
    reserve: int = 1,
) -> bool:
    """Medium's voluntary pass when every play gives up a block (`medium._pass_option`), keeping
    `reserve` passes back (Medium keeps one)."""
    opponents = [s for s in range(len(status)) if s != turn and status[s] == PLAYING]
    if quiet >= len(opponents):
        return False
    if limit is None:
        return True
    left = limit - passes[turn]
    if left > reserve:
        return True
    trapped = any(passes[s] >= limit for s in opponents)
    return left == 1 and trapped and top <= -4


def playout_medium(
    state: RoundState, rnd: Callable[[], float], quiet: int = 0, me: int = -1, reserve: int = 1
) -> None:
    """Play `state` (a `copy(record=False)`) to the end, every seat choosing as Medium, in place;
    seat `me` keeps `reserve` passes back instead of one."""
    step = state.step
    eliminated = state.eliminated
    while not state.over:
        code = medium_code(state, rnd, quiet, reserve if state.turn == me else 1)
        gone = len(eliminated)
        step(code)
        if code == PASS and len(eliminated) == gone:
            quiet += 1
        else:
            quiet = 0
