"""What one seat may know: `seat_view(state, seat)`.

The view copies out public facts and the seat's own hand, and keeps no reference to the state, so
a bot holding a view has no path to another seat's cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import cards
from .actions import Action
from .rows import row_table
from .rules import RuleSet
from .state import (
    DROPPED,
    ELIMINATED,
    FINISHED,
    JOKER_BIT,
    PLAYING,
    SEVEN_D,
    STATUS_NAMES,
    RoundResult,
    RoundState,
)


@dataclass(frozen=True)
class Standings:
    """The match around the round, public to every seat: each seat's points from the rounds
    already played (`totals`) and how many rounds come after this one (`rounds_left`)."""

    totals: tuple[int, ...]
    rounds_left: int


class SeatView:
    """Everything `seat` may know (`seat` None: a watcher, who sees no hand). `standings`: the
    match's scores so far, when the caller knows them (a lone round has none)."""

    def __init__(self, state: RoundState, seat: int | None, standings: Standings | None = None):
        if seat is not None and not 0 <= seat < state.n:
            raise ValueError(f"no seat {seat} at this table")
        self.seat = seat
        self.standings = standings
        self.rules: RuleSet = state.rules
        self.n = state.n
        self.hand = state.hands[seat] if seat is not None else 0
        self.counts = [cards.count(h) for h in state.hands]
        self.table = state.table
        self.placed = state.placed
        self.playable = state.playable
        self.status = list(state.status)
        self.passes = list(state.passes)
        self.turn = None if state.over else state.turn
        self.over = state.over
        self.first_play = state.first_play
        self.joker_removed = state.joker_removed
        self.order = list(state.order)
        self.eliminated = list(state.eliminated)
        self.dropped = list(state.dropped)
        self.elim_counts = list(state.elim_counts)
        self.dealer = state.dealer
        self.ender = state.ender
        self.history = [dict(e) for e in state.events]
        self.known_void = list(state.voids)
        self.pass_marks = list(state.pass_marks)
        self.result: RoundResult | None = state.result_
        self.legal_codes = state.legal_codes() if seat is not None and seat == self.turn else []
        self.revealed: dict[int, int] | None = None
        if state.over and state.rules.scoring == "cards_left":
            winner = state.result_.ranking[0] if state.result_ else None
            self.revealed = {s: h for s, h in enumerate(state.hands) if h and s != winner}

    # -- for bots --------------------------------------------------------------------------------
    @property
    def me(self) -> int:
        """This seat, for a bot (which always plays a seat): a watcher's view has none."""
        if self.seat is None:
            raise ValueError("a watcher's view plays no seat")
        return self.seat

    @property
    def legal(self) -> list[Action]:
        return [Action.from_code(c) for c in self.legal_codes]

    @property
    def passes_left(self) -> list[int | None]:
        limit = self.rules.pass_limit
        return [None if limit is None else max(0, limit - p) for p in self.passes]

    @property
    def unseen(self) -> int:
        """Cards this seat has not seen: they are in the other playing seats' hands."""
        deck = cards.FULL_DECK | (JOKER_BIT if self.rules.joker else 0)
        seen = self.hand | self.table
        if self.joker_removed or self.dropped:
            seen |= JOKER_BIT
        return deck & ~seen

    def hidden_seats(self) -> list[int]:
        """Seats whose hands this seat cannot see (playing, not itself)."""
        return [s for s in range(self.n) if s != self.seat and self.status[s] == PLAYING]

    def determinize(self, hands: list[int]) -> RoundState:
        """A full state equal to this view, with the hidden hands replaced by `hands` (masks,
        index = seat). The seat's own hand and every public fact are kept as they are."""
        if len(hands) != self.n:
            raise ValueError("one hand per seat")
        for s in range(self.n):
            expected = self._public_hand(s)
            if expected is not None and hands[s] != expected:
                raise ValueError(f"seat {s}'s hand is known and differs")
            if cards.count(hands[s]) != self.counts[s]:
                raise ValueError(f"seat {s} holds {self.counts[s]} cards")
        state = RoundState(self.rules, hands, self.dealer, record=False)
        state.table = self.table
        state.placed = self.placed
        state.playable = self.playable
        state.status = list(self.status)
        state.alive = self.status.count(PLAYING)
        state.passes = list(self.passes)
        state.turn = -1 if self.turn is None else self.turn
        state.order = list(self.order)
        state.eliminated = list(self.eliminated)
        state.dropped = list(self.dropped)
        state.elim_counts = list(self.elim_counts)
        state.first_play = self.first_play
        state.joker_removed = self.joker_removed
        state.over = self.over
        state.ender = self.ender
        state.voids = list(self.known_void)
        state.result_ = self.result
        return state

    def _public_hand(self, seat: int) -> int | None:
        if seat == self.seat:
            return self.hand
        status = self.status[seat]
        if status in (FINISHED, ELIMINATED):
            return 0
        if status == DROPPED:
            return JOKER_BIT
        return None

    # -- for the site ----------------------------------------------------------------------------
    def place_of(self, seat: int) -> int | None:
        if self.result is not None:
            return self.result.ranking.index(seat) + 1
        if seat in self.order:
            return self.order.index(seat) + 1
        return None

    def rows_dict(self) -> list[dict[str, Any]]:
        table = row_table(self.rules.ace, self.rules.ends)
        # With 7s played in turn the round opens with the 7 of diamonds, the only card then.
        first_play = self.rules.sevens == "played" and not self.table >> SEVEN_D & 1
        out = []
        for suit in range(4):
            row = (self.table >> (13 * suit)) & 0x1FFF
            info = table.info(row)
            spots = 0 if self.over else info.spots
            if first_play and 13 * suit + cards.SEVEN_RANK != SEVEN_D:
                spots = 0
            cells = []
            for pos in range(13):
                rank = table.rank_of_pos(pos)
                if row >> rank & 1:
                    state = "run" if info.run >> rank & 1 else "placed"
                elif spots >> rank & 1:
                    state = "next"
                elif rank == info.closed:
                    state = "closed"
                else:
                    state = "empty"
                cells.append({"card": cards.name(13 * suit + rank), "state": state})
            out.append(
                {
                    "suit": cards.SUITS[suit],
                    "open": info.open,
                    "full": info.full,
                    "cells": cells,
                    "next": cards.names_in_rows(spots << 13 * suit, self.rules.ace),
                }
            )
        return out

    def to_dict(self) -> dict[str, Any]:
        limit = self.rules.pass_limit
        return {
            "seat": self.seat,
            "players": self.n,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "turn": self.turn,
            "over": self.over,
            "hand": None if self.seat is None else cards.names_in_rows(self.hand, self.rules.ace),
            "legal": [a.to_dict() for a in self.legal],
            "rows": self.rows_dict(),
            "seats": [
                {
                    "seat": s,
                    "cards": self.counts[s],
                    "passes_used": self.passes[s],
                    "passes_left": None if limit is None else max(0, limit - self.passes[s]),
                    "status": STATUS_NAMES[self.status[s]],
                    "place": self.place_of(s),
                }
                for s in range(self.n)
            ],
            "history": self.history,
            "revealed": None
            if self.revealed is None
            else {str(s): cards.names_in_rows(h, self.rules.ace) for s, h in self.revealed.items()},
            "result": None if self.result is None else self.result.to_dict(),
            "joker_removed": self.joker_removed,
        }


def seat_view(state: RoundState, seat: int | None, standings: Standings | None = None) -> SeatView:
    return SeatView(state, seat, standings)
