"""Cards as small ints, and their names at the engine's edge.

A card is ``suit * 13 + rank`` with suits S H D C (0–3) and ranks A 2 … K (0–12); the joker is 52.
Sets of cards are int bit masks (bit ``i`` is card ``i``), which keeps hands and the table cheap to
copy and test.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "SHDC"
RANKS = "A23456789TJQK"
JOKER = 52
JOKER_BIT = 1 << JOKER
SUIT_SYMBOLS = "♠♥♦♣"
ROW_BITS = 0x1FFF  # the 13 cards of one suit
FULL_DECK = (1 << 52) - 1
SEVEN_RANK = 6


class CardError(ValueError):
    """A card name that is not ``RANK + SUIT`` (``7D``, ``TS``) or ``JK``."""


def parse(name: str) -> int:
    if not isinstance(name, str):
        raise CardError(f"not a card: {name!r}")
    name = name.strip().upper()
    if name == "JK":
        return JOKER
    if name.startswith("10") and len(name) == 3:
        name = "T" + name[2]
    if len(name) != 2 or name[0] not in RANKS or name[1] not in SUITS:
        raise CardError(f"not a card: {name!r}")
    return SUITS.index(name[1]) * 13 + RANKS.index(name[0])


def name(card: int) -> str:
    if card == JOKER:
        return "JK"
    return RANKS[card % 13] + SUITS[card // 13]


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13


def mask_of(names: Iterable[str | int]) -> int:
    mask = 0
    for c in names:
        mask |= 1 << (c if isinstance(c, int) else parse(c))
    return mask


def _row_bits(offset: int) -> list[tuple[int, ...]]:
    return [tuple(offset + r for r in range(13) if m >> r & 1) for m in range(ROW_BITS + 1)]


# The set bits of every 13-bit row, for each suit's offset: `bits` is four lookups.
_ROW_BITS = [_row_bits(13 * s) for s in range(4)]


def bits(mask: int) -> list[int]:
    """The cards of a mask, in card order (S A…K, H …, D …, C …, then the joker)."""
    t = _ROW_BITS
    out = [
        *t[0][mask & 0x1FFF],
        *t[1][(mask >> 13) & 0x1FFF],
        *t[2][(mask >> 26) & 0x1FFF],
        *t[3][(mask >> 39) & 0x1FFF],
    ]
    if mask >> 52:
        out.append(JOKER)
    return out


def names(mask: int) -> list[str]:
    return [name(c) for c in bits(mask)]


def names_in_rows(mask: int, ace: str) -> list[str]:
    """The cards of a mask as a hand is shown: by suit, each suit in its row's order from the low
    end (A…K, or 2…A when `ace` is "high": the ace comes after the king), then the joker."""
    out = bits(mask)
    if ace == "high":
        out.sort(key=lambda c: (c // 13, (c % 13 - 1) % 13))  # the joker (52) stays last
    return [name(c) for c in out]


def count(mask: int) -> int:
    return mask.bit_count()


def deck(with_joker: bool) -> list[int]:
    return list(range(53 if with_joker else 52))
