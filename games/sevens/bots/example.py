"""An example bot to copy: "far cards first".

Load it with `python manage.py simulate --cpu games.sevens.bots.example:far_first,medium,medium,medium`.
A bot is a callable `(view, rng) -> Action`; the factory named after the colon builds it and may
take keyword options. The bot sees only its seat's `SeatView`: its own hand, the table, card counts,
passes, and the public history — never another seat's cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.sevens import PASS, Action, SeatView, cards


def far_first(**options: object) -> Callable[[SeatView, random.Random], Action]:
    """The factory: returns the bot. `keep_passes` (default 1) passes are kept in reserve."""
    keep = int(options.pop("keep_passes", 1))  # type: ignore[call-overload]
    if options:
        raise ValueError(f"unknown options: {', '.join(options)}")

    def choose(view: SeatView, rng: random.Random) -> Action:
        codes = view.legal_codes  # ints: a card 0-51, PASS, or a joker move (>= JOKER_BASE)
        plays = [c for c in codes if c < PASS]
        if not plays:
            # No plain card: use the joker if we can, else pass (always legal then).
            others = [c for c in codes if c != PASS]
            return Action.from_code(others[0] if others else PASS)

        # Play the card farthest from the 7; ties broken at random.
        def distance(card: int) -> int:
            return abs(cards.rank_of(card) - cards.SEVEN_RANK)

        far = max(distance(c) for c in plays)
        best = [c for c in plays if distance(c) == far]
        left = view.passes_left[view.me]
        # Hold a 6 or 8 (distance 1) while we can afford a pass (never with unlimited passes:
        # bots that all hold forever would never end the round).
        if far == 1 and PASS in codes and left is not None and left > keep:
            return Action.pass_()
        return Action.from_code(rng.choice(best))

    return choose
