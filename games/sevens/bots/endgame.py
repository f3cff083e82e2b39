"""Exact search of a two-seat endgame, where nothing is hidden any more.

Once only two seats hold cards, every card this seat cannot see is in the other hand, so the view
determines the whole state. Each seat then maximises its own points (with two seats left and the
others' places settled, that is the whole game); positions are memoised. A node limit is the
safety net: past it the search gives up (`NodeLimit`) and the caller falls back on playouts.

With unlimited passes that may be taken while able, two seats could pass forever; the search
allows a voluntary pass only when the previous action was not a pass.
"""

from __future__ import annotations

from ..actions import PASS
from ..state import PLAYING, RoundState


class NodeLimit(Exception):
    pass


class Endgame:
    def __init__(self, state: RoundState, node_limit: int = 50_000):
        self.seats = [s for s in range(state.n) if state.status[s] == PLAYING]
        if len(self.seats) != 2:
            raise ValueError("an endgame needs exactly two seats with cards")
        self.root = state
        self.limit = node_limit
        self.nodes = 0
        self.memo: dict[tuple[int, ...], tuple[int, int]] = {}
        self.path: set[tuple[int, ...]] = set()
        self.unlimited = state.rules.pass_limit is None
        self.loose = state.rules.endless_passes

    def moves(self, state: RoundState, last_pass: bool) -> list[int]:
        codes = state.legal_codes()
        if self.loose and last_pass and len(codes) > 1 and codes[-1] == PASS:
            codes.pop()
        return codes

    def value(self, state: RoundState, last_pass: bool = False) -> tuple[int, int]:
        """(points of seats[0], points of seats[1]) with both playing perfectly from here."""
        if state.over:
            points = state.result_.points  # type: ignore[union-attr]
            return points[self.seats[0]], points[self.seats[1]]
        a, b = self.seats
        hands, passes = state.hands, state.passes
        key: tuple[int, ...]
        if self.unlimited:
            key = (state.table, hands[a], hands[b], state.turn, last_pass and self.loose)
        else:
            key = (state.table, hands[a], hands[b], state.turn, passes[a], passes[b])
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.limit or key in self.path:
            raise NodeLimit  # too big, or a loop of passes: leave it to the playouts
        self.path.add(key)
        mover = 0 if state.turn == a else 1
        best: tuple[int, int] | None = None
        for code in self.moves(state, last_pass):
            child = state.copy(record=False)
            child.step(code)
            v = self.value(child, code == PASS)
            if best is None or v[mover] > best[mover]:
                best = v
        assert best is not None
        self.path.discard(key)
        self.memo[key] = best
        return best

    def best(self, last_pass: bool = False) -> tuple[int, dict[int, int]]:
        """The best action of the seat to act at the root, and every root action's value to it.
        `last_pass`: the other seat has just passed (then, where passes are unlimited and may be
        taken while able, the root may not pass either unless it must)."""
        state = self.root
        me = 0 if state.turn == self.seats[0] else 1
        values: dict[int, int] = {}
        for code in self.moves(state, last_pass):
            child = state.copy(record=False)
            child.step(code)
            values[code] = self.value(child, code == PASS)[me]
        top = max(values.values())
        return next(c for c, v in values.items() if v == top), values
