"""Easy: a beginner. Plays a legal card at random, without looking ahead; passes only when it must.

The joker is used only when no plain card can be played (a beginner keeps the odd card for later).
"""

from __future__ import annotations

import random

from ..actions import JOKER_BASE, PASS, Action
from ..view import SeatView


def choose(view: SeatView, rng: random.Random) -> Action:
    codes = view.legal_codes
    plays = [c for c in codes if c < PASS]
    if not plays:
        plays = [c for c in codes if c >= JOKER_BASE]
    if not plays:
        return Action.from_code(PASS)
    return Action.from_code(rng.choice(plays))


def easy_bot(**options: object) -> object:
    """The Easy factory (no options)."""
    if options:
        raise ValueError(f"easy takes no options, not {', '.join(options)}")
    return choose
