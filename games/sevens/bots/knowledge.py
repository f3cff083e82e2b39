"""What a bot can work out from its view alone: rows, directions, who may hold what.

Everything here reads the `SeatView` and the engine's public row tables; nothing reaches a hidden
hand. Cards are ints (suit * 13 + rank) and sets of cards int masks, as in the engine.
"""

from __future__ import annotations

from functools import cache

from ..cards import JOKER_BIT
from ..rows import ALL, row_table
from ..state import PLAYING
from ..view import SeatView

SUIT_MASKS = tuple(ALL << (13 * s) for s in range(4))


@cache
def beyond_masks(ace: str) -> tuple[int, ...]:
    """Per card, the cards of its row further from the 7 on the same side (its "far" cards).

    Ignores the wrap of `connect`/`tunnel`: a rule of thumb, not a rule.
    """
    table = row_table(ace, "none")
    seven = table.seven_pos
    out = []
    for card in range(52):
        suit, rank = divmod(card, 13)
        pos = table.pos_of_rank(rank)
        if pos < seven:
            positions = range(0, pos)
        elif pos > seven:
            positions = range(pos + 1, 13)
        else:
            positions = range(0)
        mask = 0
        for p in positions:
            mask |= 1 << (13 * suit + table.rank_of_pos(p))
        out.append(mask)
    return tuple(out)


def playable_after(view: SeatView, added: int) -> int:
    """The playable mask once the cards of `added` are on the table (the engine's row tables)."""
    spots = row_table(view.rules.ace, view.rules.ends).spots
    table = view.table | added
    playable = view.playable
    for suit in range(4):
        if added & SUIT_MASKS[suit]:
            shift = 13 * suit
            playable = (playable & ~SUIT_MASKS[suit]) | (spots[(table >> shift) & ALL] << shift)
    return playable


def joker_holder(view: SeatView) -> int | None:
    """The seat publicly known to hold the joker: the last seat that redeemed it, if any."""
    if not view.rules.joker or view.joker_removed:
        return None
    holder = None
    for event in view.history:
        if event.get("type") == "redeem":
            holder = event["seat"]
    if holder is not None and view.status[holder] != PLAYING:
        return None
    return holder


def others_unseen(view: SeatView) -> int:
    """Cards in other playing seats' hands (the joker left out)."""
    return view.unseen & ~JOKER_BIT


def opponents_playing(view: SeatView) -> list[int]:
    return [s for s in range(view.n) if s != view.seat and view.status[s] == PLAYING]


def passes_since_last_play(view: SeatView) -> int:
    """Passes in a row at the end of the history (a whole circle of them means nobody moves)."""
    count = 0
    for event in reversed(view.history):
        kind = event.get("type")
        if kind == "pass":
            count += 1
        elif kind in ("play", "joker", "eliminate"):
            break
    return count


def circle_passed(view: SeatView) -> bool:
    """Every other seat still holding cards has passed since the last play: a whole circle of
    passes. The CPU players then play if they can, so that no round is passed round forever
    where passes are unlimited and may be taken while able."""
    return passes_since_last_play(view) >= len(opponents_playing(view))
