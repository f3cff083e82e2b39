"""Where Hard's strength goes: line-up entry 0 given information no seat has, as a measure.

A diagnostic for `docs/ai.md`, never a level: it hands entry 0 (Hard) what its view hides, to
measure how much of the gap between Hard and a perfect player is information and how much search.

    .venv/bin/python scripts/ceiling.py --reveal 1 -- --cpu hard:playouts=2000,medium,medium,medium \
        --deals 200 --seed 2027
    .venv/bin/python scripts/ceiling.py --reveal 1,2,3 --hidden-at-most 15 -- --cpu …
    .venv/bin/python scripts/ceiling.py --search 3 -- --cpu medium,medium,medium,medium --deals 200

`--reveal 1,2,3`: entry 0's view shows the real hands of the seats 1, 2, 3 places after it in turn
order (its sampler and deal chains then deal only the rest). `--hidden-at-most K` /
`--hidden-above K`: only at decisions where the hidden seats hold at most / more than K cards.
`--search D`: entry 0 sees every hand and, since the other seats are Medium, simulates them exactly
and searches its own next D decisions exhaustively, then plays on by Medium's scoring spending its
last pass (Hard's default move); `--search 1` is the one-move look-ahead of Hard with every world
right. Everything after `--` goes to `strength.py` (the line-up, deals, seed, workers, values).
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import main as strength_main  # noqa: E402

from games.sevens.actions import PASS, Action  # noqa: E402
from games.sevens.bots.knowledge import passes_since_last_play  # noqa: E402
from games.sevens.bots.mimic import medium_code, playout_medium  # noqa: E402
from games.sevens.state import RoundState  # noqa: E402
from games.sevens.view import SeatView  # noqa: E402


class RevealedView(SeatView):
    """A view in which the seats `shown` hold public hands (their real ones)."""

    shown: dict[int, int]

    @property
    def unseen(self) -> int:
        mask = SeatView.unseen.fget(self)  # type: ignore[attr-defined]
        for hand in self.shown.values():
            mask &= ~hand
        return mask

    def hidden_seats(self) -> list[int]:
        return [s for s in SeatView.hidden_seats(self) if s not in self.shown]

    def _public_hand(self, seat: int) -> int | None:
        if seat in self.shown:
            return self.shown[seat]
        return SeatView._public_hand(self, seat)


def reveal(view: SeatView, state: RoundState, seats: set[int]) -> SeatView:
    """`view` (changed in place) with the real hands of those of `seats` still hidden shown."""
    hidden = set(view.hidden_seats())
    view.__class__ = RevealedView
    view.shown = {s: state.hands[s] for s in seats & hidden}  # type: ignore[attr-defined]
    return view


def hidden_cards(view: SeatView) -> int:
    return sum(view.counts[s] for s in view.hidden_seats())


def peek(bot, state, view, entry, rng, offsets=(), at_most=None, above=None):
    """Entry 0's bot, given a view that shows the seats `offsets` after it when the hidden seats'
    cards are within the bounds."""
    if entry == 0 and offsets:
        cards = hidden_cards(view)
        if (at_most is None or cards <= at_most) and (above is None or cards > above):
            view = reveal(view, state, {(view.seat + o) % view.n for o in offsets})
    return bot(view, rng)


def _after(state: RoundState, code: int, quiet: int) -> tuple[RoundState, int]:
    child = state.copy(record=False)
    gone = len(child.eliminated)
    child.step(code)
    return child, quiet + 1 if code == PASS and len(child.eliminated) == gone else 0


def value(state: RoundState, quiet: int, me: int, depth: int) -> float:
    """`me`'s points from `state` when it searches its next `depth` choices exhaustively (the
    others play as Medium; ties broken by a fixed seed), then plays on as Hard's default move."""
    rnd = random.Random(1).random
    while not state.over and state.turn != me:
        state, quiet = _after(state, medium_code(state, rnd, quiet, 1), quiet)
    if state.over:
        return state.result_.points[me]  # type: ignore[union-attr]
    codes = state.legal_codes()
    if len(codes) == 1:
        return value(*_after(state, codes[0], quiet), me, depth)
    if depth == 0:
        state = state.copy(record=False)
        playout_medium(state, rnd, quiet, me, 0)
        return state.result_.points[me]  # type: ignore[union-attr]
    return max(value(*_after(state, c, quiet), me, depth - 1) for c in codes)


def search(bot, state, view, entry, rng, depth=1):
    """Entry 0 sees every hand and searches (`value`); Hard's default move wins ties."""
    if entry != 0:
        return bot(view, rng)
    codes = state.legal_codes()
    if len(codes) == 1:
        return Action.from_code(codes[0])
    quiet = passes_since_last_play(view)
    default = medium_code(state.copy(record=False), random.Random(0).random, quiet, 0)
    values = {c: value(*_after(state, c, quiet), state.turn, depth - 1) for c in codes}
    best = max(codes, key=lambda c: values[c])
    return Action.from_code(default if values[default] == values[best] else best)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ours, rest = argv, []
    if "--" in argv:
        ours, rest = argv[: argv.index("--")], argv[argv.index("--") + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reveal", default="", help="seat offsets after entry 0, e.g. 1 or 1,2,3")
    parser.add_argument("--hidden-at-most", type=int, default=None)
    parser.add_argument("--hidden-above", type=int, default=None)
    parser.add_argument("--search", type=int, default=None, help="depth of the exhaustive search")
    opts = parser.parse_args(ours)
    if opts.search is not None:
        if opts.search < 1:
            parser.error("--search needs a depth of at least 1")
        act = partial(search, depth=opts.search)
        label = f"; entry 0: every hand seen, its next {opts.search} choice(s) searched"
    else:
        offsets = tuple(int(o) for o in opts.reveal.split(",") if o)
        act = partial(peek, offsets=offsets, at_most=opts.hidden_at_most, above=opts.hidden_above)
        bounds = "".join(
            f", {word} {k} hidden cards"
            for word, k in (("at most", opts.hidden_at_most), ("above", opts.hidden_above))
            if k is not None
        )
        label = f"; entry 0 sees seats +{opts.reveal}{bounds}" if offsets else ""
    return strength_main(rest, act=act, label=label)


if __name__ == "__main__":
    raise SystemExit(main())
