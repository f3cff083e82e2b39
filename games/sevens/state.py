"""A round of Sevens: the state, its legal actions, and applying them.

`RoundState` is mutable inside the engine (`step` changes it in place, which playouts need for
speed); everything outside uses `apply`, which copies first and returns the new state with the
events the action caused.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import cards
from .actions import JOKER_BASE, PASS, Action, IllegalAction
from .rows import ALL, row_table
from .rules import RuleSet

PLAYING, FINISHED, ELIMINATED, DROPPED = 0, 1, 2, 3
STATUS_NAMES = ("playing", "finished", "eliminated", "dropped")
SEVEN_D = cards.parse("7D")
SEVENS = sum(1 << (s * 13 + cards.SEVEN_RANK) for s in range(4))
JOKER_BIT = cards.JOKER_BIT
LOG_TYPES = ("play", "pass", "joker", "redeem", "eliminate")
_NEXT_SEAT = {n: [(s + 1) % n for s in range(n)] for n in (3, 4)}
_ROW_SHIFT = [c - c % 13 for c in range(52)]
_ROW_CLEAR = [~(ALL << (c - c % 13)) for c in range(52)]


class RoundResult:
    __slots__ = ("ranking", "points")

    def __init__(self, ranking: list[int], points: list[int]):
        self.ranking = ranking
        self.points = points

    def to_dict(self) -> dict[str, list[int]]:
        return {"ranking": list(self.ranking), "points": list(self.points)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RoundResult) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"RoundResult({self.ranking}, {self.points})"


class RoundState:
    __slots__ = (
        "rules",
        "n",
        "rows",
        "limit",
        "pwp",
        "first_out",
        "alive",
        "hands",
        "table",
        "placed",
        "playable",
        "status",
        "passes",
        "turn",
        "order",
        "eliminated",
        "dropped",
        "elim_counts",
        "first_play",
        "joker_removed",
        "over",
        "ender",
        "dealer",
        "deal",
        "record",
        "events",
        "voids",
        "pass_marks",
        "result_",
    )

    # -- construction ---------------------------------------------------------------------------
    def __init__(self, rules: RuleSet, hands: list[int], dealer: int, *, record: bool = True):
        self.rules = rules
        self.n = rules.players
        self.rows = row_table(rules.ace, rules.ends)
        self.limit = rules.pass_limit
        self.pwp = rules.pass_when_playable
        self.first_out = rules.round_end == "first_out"
        self.alive = self.n
        self.hands = list(hands)
        self.deal = tuple(hands)
        self.table = 0
        self.placed = 0
        self.playable = 0
        self.status = [PLAYING] * self.n
        self.passes = [0] * self.n
        self.turn = -1
        self.order: list[int] = []
        self.eliminated: list[int] = []
        self.dropped: list[int] = []
        self.elim_counts = [0] * self.n
        self.first_play = False
        self.joker_removed = False
        self.over = False
        self.ender = -1
        self.dealer = dealer
        self.record = record
        self.events: list[dict[str, Any]] = []
        self.voids = [0] * self.n
        self.pass_marks: list[tuple[int, int]] = []
        self.result_: RoundResult | None = None

    def copy(self, record: bool | None = None) -> RoundState:
        new = RoundState.__new__(RoundState)
        for slot in RoundState.__slots__:
            setattr(new, slot, getattr(self, slot))
        new.hands = list(self.hands)
        new.status = list(self.status)
        new.passes = list(self.passes)
        new.order = list(self.order)
        new.eliminated = list(self.eliminated)
        new.dropped = list(self.dropped)
        new.elim_counts = list(self.elim_counts)
        new.voids = list(self.voids)
        new.record = self.record if record is None else record
        new.events = list(self.events) if new.record else []
        new.pass_marks = list(self.pass_marks) if new.record else []
        return new

    def _start(self, first: int | None = None) -> None:
        if first is None:
            first = self.holder(SEVEN_D)  # before the 7s go to the table
            if first is None:  # 7♦ already down in a set-up position
                first = (self.dealer + 1) % self.n
        if self.rules.sevens == "laid_out":
            laid = {}
            for seat in range(self.n):
                sevens = self.hands[seat] & SEVENS
                if sevens:
                    laid[seat] = sevens
                    self.hands[seat] ^= sevens
                    self.table |= sevens
            if self.record:
                laid_names = {seat: cards.names(m) for seat, m in laid.items()}
                self.events.append({"type": "sevens_laid", "cards": laid_names})
        self._refresh_playable()
        self.first_play = self.rules.sevens == "played" and not self.table >> SEVEN_D & 1
        self._advance((first - 1) % self.n)

    # -- queries ----------------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.over else self.turn

    def holder(self, card: int) -> int | None:
        bit = 1 << card
        for seat, hand in enumerate(self.hands):
            if hand & bit:
                return seat
        return None

    def row(self, suit: int) -> int:
        return (self.table >> (13 * suit)) & ALL

    def _refresh_playable(self, suit: int | None = None) -> None:
        spots = self.rows.spots
        if suit is None:
            table, playable = self.table, 0
            for s in range(4):
                playable |= spots[(table >> (13 * s)) & ALL] << (13 * s)
            self.playable = playable
        else:
            shift = 13 * suit
            self.playable = (self.playable & ~(ALL << shift)) | (
                spots[(self.table >> shift) & ALL] << shift
            )

    def _joker_codes(self, hand: int) -> list[int]:
        codes = []
        for suit in range(4):
            info = self.rows.info(self.row(suit))
            base = 13 * suit
            for _kind, spot, beyond in info.growth:
                if beyond < 0:
                    continue
                spot_card, beyond_card = base + spot, base + beyond
                if not hand >> spot_card & 1 and hand >> beyond_card & 1:
                    codes.append(JOKER_BASE + spot_card * 64 + beyond_card)
        return codes

    def legal_codes(self) -> list[int]:
        """The legal actions of the seat to act, as ints (see `actions`)."""
        if self.over:
            return []
        if self.first_play:
            return [SEVEN_D]
        turn = self.turn
        hand = self.hands[turn]
        codes = cards.bits(hand & self.playable)
        if hand & JOKER_BIT:
            codes += self._joker_codes(hand)
        limit = self.limit
        if (limit is None or self.passes[turn] < limit) and (self.pwp or not codes):
            codes.append(PASS)
        return codes

    def legal_actions(self) -> list[Action]:
        return [Action.from_code(c) for c in self.legal_codes()]

    def legal_mask(self) -> int:
        """Cards the seat to act can play now (joker moves and passes not included)."""
        if self.over:
            return 0
        if self.first_play:
            return 1 << SEVEN_D
        return self.hands[self.turn] & self.playable

    def result(self) -> RoundResult | None:
        return self.result_

    def cards_left(self, seat: int) -> int:
        """The cards a seat pays for under `cards_left` (see the log spec)."""
        status = self.status[seat]
        if status == ELIMINATED:
            return self.elim_counts[seat]
        if status == DROPPED:
            return 1
        return cards.count(self.hands[seat])

    def log_events(self) -> list[dict[str, Any]]:
        out = []
        for e in self.events:
            if e["type"] in LOG_TYPES:
                out.append({k: v for k, v in e.items() if k in ("seat", "type", "card", "spot")})
        return out

    @property
    def hands_at_deal(self) -> list[list[str]]:
        return [cards.names(h) for h in self.deal]

    # -- changes ----------------------------------------------------------------------------------
    def _emit(self, event: dict[str, Any]) -> None:
        if self.record:
            self.events.append(event)

    def step(self, code: int) -> None:
        """Apply a legal action (as an int) in place. Unchecked: callers check first."""
        seat = self.turn
        if code < JOKER_BASE and code != PASS:
            bit = 1 << code
            hand = self.hands[seat] ^ bit
            self.hands[seat] = hand
            table = self.table | bit
            self.table = table
            shift = code - code % 13
            self.playable = (self.playable & ~(ALL << shift)) | (
                self.rows.spots[(table >> shift) & ALL] << shift
            )
            self.first_play = False
            if self.record:
                self.events.append({"seat": seat, "type": "play", "card": cards.name(code)})
            if hand == 0 or hand == JOKER_BIT:
                self._check_out(seat)
        elif code == PASS:
            self.passes[seat] += 1
            if self.record:
                self.pass_marks.append((seat, self.playable))
                self.events.append({"seat": seat, "type": "pass"})
            if not self.pwp:
                # Everyone knows a pass here means nothing was playable.
                self.voids[seat] |= self.playable
        else:
            self._step_joker(seat, code)
        self._advance(seat)

    def _step_joker(self, seat: int, code: int) -> None:
        spot, card = divmod(code - JOKER_BASE, 64)
        holder = self.holder(spot)
        assert holder is not None, "a joker spot's card is always in a playing hand"
        self.hands[seat] &= ~(JOKER_BIT | (1 << card))
        self.hands[holder] = (self.hands[holder] & ~(1 << spot)) | JOKER_BIT
        self.table |= (1 << spot) | (1 << card)
        self._refresh_playable(spot // 13)
        if self.record:
            self.events.append(
                {"seat": seat, "type": "joker", "spot": cards.name(spot), "card": cards.name(card)}
            )
            self.events.append({"seat": holder, "type": "redeem", "card": cards.name(spot)})
        self._check_out(seat)
        self._check_out(holder)

    def playout(self, rand: Callable[[], float]) -> None:
        """Play to the end of the round in place, each action drawn uniformly from the legal
        ones with `rand()` (a `random.Random().random`): exactly what
        `step(codes[int(rand() * len(codes))])` with `codes = legal_codes()` would do, in one
        loop, for the CPU's playouts. Anything but a plain play or pass goes through `step`."""
        if self.record:
            while not self.over:
                codes = self.legal_codes()
                self.step(codes[int(rand() * len(codes))])
            return
        hands, passes, status, voids = self.hands, self.passes, self.status, self.voids
        spots, limit, pwp = self.rows.spots, self.limit, self.pwp
        t0, t1, t2, t3 = cards._ROW_BITS
        after = _NEXT_SEAT[self.n]
        first_out = self.first_out
        # table, playable and turn live in locals here; they are written back before any call
        # into the general code (step, _advance, _check_out) and read again after it.
        table, playable, turn = self.table, self.playable, self.turn
        while True:
            hand = hands[turn]
            if hand & JOKER_BIT or self.first_play:
                self.table, self.playable, self.turn = table, playable, turn
                codes = self.legal_codes()
                self.step(codes[int(rand() * len(codes))])
                if self.over:
                    return
                table, playable, turn = self.table, self.playable, self.turn
                continue
            m = hand & playable
            count = m.bit_count()
            if (limit is None or passes[turn] < limit) and (pwp or not count):
                i = int(rand() * (count + 1))
            else:
                i = int(rand() * count)
            if i == count:
                passes[turn] += 1
                if not pwp:
                    voids[turn] |= playable
            else:
                # The i-th playable card, in card order (as legal_codes lists them).
                row = m & ALL
                n0 = row.bit_count()
                if i < n0:
                    code = t0[row][i]
                else:
                    i -= n0
                    row = (m >> 13) & ALL
                    n1 = row.bit_count()
                    if i < n1:
                        code = t1[row][i]
                    else:
                        i -= n1
                        row = (m >> 26) & ALL
                        n2 = row.bit_count()
                        code = t2[row][i] if i < n2 else t3[m >> 39][i - n2]
                hand ^= 1 << code
                hands[turn] = hand
                table |= 1 << code
                shift = _ROW_SHIFT[code]
                playable = (playable & _ROW_CLEAR[code]) | (spots[(table >> shift) & ALL] << shift)
                if hand == 0 or hand == JOKER_BIT:
                    self._check_out(turn)
                    if self.alive <= 1 or (first_out and self.order):
                        self.table, self.playable = table, playable
                        self._advance(turn)
                        return
            # The common case of _advance: the next seat can act.
            seat = after[turn]
            while status[seat]:
                seat = after[seat]
            if hands[seat] & playable or limit is None or passes[seat] < limit:
                turn = seat
                continue
            self.table, self.playable, self.turn = table, playable, turn
            self._advance(turn)
            if self.over:
                return
            table, playable, turn = self.table, self.playable, self.turn

    def _check_out(self, seat: int) -> None:
        hand = self.hands[seat]
        if hand == 0:
            self.status[seat] = FINISHED
            self.alive -= 1
            self.order.append(seat)
            self._emit({"seat": seat, "type": "finish", "place": len(self.order)})
        elif hand == JOKER_BIT:
            self.status[seat] = DROPPED
            self.alive -= 1
            self.dropped.append(seat)
            self._emit({"seat": seat, "type": "drop_out"})

    def _eliminate(self, seat: int) -> None:
        hand = self.hands[seat]
        placed = hand & cards.FULL_DECK
        self.elim_counts[seat] = cards.count(hand)
        if hand & JOKER_BIT:
            self.joker_removed = True
        self.hands[seat] = 0
        self.table |= placed
        self.placed |= placed
        self.status[seat] = ELIMINATED
        self.alive -= 1
        self.eliminated.append(seat)
        self._refresh_playable()
        self._emit(
            {
                "seat": seat,
                "type": "eliminate",
                "cards": cards.names(placed),
                "joker_removed": bool(hand & JOKER_BIT),
            }
        )

    def _advance(self, last: int) -> None:
        """Move the turn on from `last`, eliminating seats that can do nothing, or end the round."""
        n, status = self.n, self.status
        while True:
            if self.alive <= 1 or (self.first_out and self.order):
                self._end(last)
                return
            seat = (last + 1) % n
            while status[seat]:  # PLAYING is 0
                seat = (seat + 1) % n
            self.turn = seat
            if self.first_play:
                return
            # Can this seat act (play, pass, or use the joker)? Inline: runs after every action.
            hand = self.hands[seat]
            if hand & self.playable:
                return
            limit = self.limit
            if limit is None or self.passes[seat] < limit:
                return
            if hand & JOKER_BIT and self._joker_codes(hand):
                return
            self._eliminate(seat)
            last = seat

    def _end(self, ender: int) -> None:
        n = self.n
        self.over = True
        self.turn = -1
        self.ender = ender
        holders = [s for s in range(n) if self.status[s] == PLAYING]
        holders.sort(key=lambda s: (cards.count(self.hands[s]), (s - ender - 1) % n))
        ranking = self.order + holders + self.dropped + self.eliminated[::-1]
        if self.rules.scoring == "rank_points":
            points = [0] * n
            for place, seat in enumerate(ranking):
                points[seat] = n - 1 - place
        else:
            points = [-self.cards_left(s) for s in range(n)]
            points[ranking[0]] = 0
            points[ranking[0]] = -sum(points)
        self.result_ = RoundResult(ranking, points)
        self._emit({"type": "round_end", "ranking": ranking, "points": points})

    # -- checking ---------------------------------------------------------------------------------
    def check(self, seat: int | None, action: Action) -> None:
        """Raise `IllegalAction` unless `seat` may take `action` now."""
        if self.over:
            raise IllegalAction("round_over", "The round is over.")
        if seat is not None and seat != self.turn:
            raise IllegalAction("not_your_turn", "It is not your turn.", seat=self.turn)
        if not isinstance(action, Action) or action.type not in ("play", "pass", "joker"):
            raise IllegalAction("malformed", "That move could not be read.")
        if action.code in self.legal_codes():
            return
        from .explain import explain

        raise explain(self, action)


def _hands_from_names(
    rules: RuleSet, hands: list[list[str]], table: list[str]
) -> tuple[list[int], int]:
    if len(hands) != rules.players:
        raise ValueError(f"expected {rules.players} hands, got {len(hands)}")
    masks = [cards.mask_of(h) for h in hands]
    table_mask = cards.mask_of(table)
    seen, total = table_mask, cards.count(table_mask) + sum(len(h) for h in hands)
    for m in masks:
        if seen & m:
            raise ValueError(f"a card is dealt twice: {cards.names(seen & m)}")
        seen |= m
    if total != cards.count(seen):
        raise ValueError("a card appears twice in one hand")
    deck = cards.FULL_DECK | (JOKER_BIT if rules.joker else 0)
    if seen != deck:
        missing, extra = deck & ~seen, seen & ~deck
        raise ValueError(
            f"hands and table must hold the whole deck once; missing {cards.names(missing)}, "
            f"extra {cards.names(extra)}"
        )
    return masks, table_mask


_BIT = [1 << c for c in range(53)]


def deal(
    rules: RuleSet, seed: int | None = None, dealer: int = 0, rng: random.Random | None = None
) -> list[int]:
    """Shuffle with a seeded generator and deal one card at a time from the dealer's left."""
    rand = (rng or random.Random(seed)).random
    size = 53 if rules.joker else 52
    keys = [rand() for _ in range(size)]
    # Sorting by random keys is a uniform shuffle, and twice as fast as random.shuffle here.
    deck = sorted(range(size), key=keys.__getitem__)
    n = rules.players
    hands = [0] * n
    bit = _BIT.__getitem__
    for i in range(n):
        hands[(dealer + 1 + i) % n] = sum(map(bit, deck[i::n]))
    return hands


def new_round(
    rules: RuleSet,
    seed: int | None = None,
    *,
    hands: list[list[str]] | None = None,
    table: list[str] | None = None,
    dealer: int = 0,
    first: int | None = None,
    rng: random.Random | None = None,
    record: bool = True,
) -> RoundState:
    """A new round, dealt from `seed` (or `rng`), or from explicit `hands` (and cards already on
    the `table`, for tests that set up a position; `first` then names the seat to act)."""
    rules.validate()
    if not 0 <= dealer < rules.players:
        raise ValueError("dealer must be a seat")
    if hands is None:
        state = RoundState(rules, deal(rules, seed, dealer, rng), dealer, record=record)
        state._start()
        return state
    masks, table_mask = _hands_from_names(rules, hands, table or [])
    state = RoundState(rules, masks, dealer, record=record)
    state.table = table_mask
    state._start(first)
    return state


def apply(
    state: RoundState, action: Action | dict[str, Any], seat: int | None = None
) -> tuple[RoundState, list[dict[str, Any]]]:
    """Check `action` for `seat` (default: the seat to act) and return the new state and the
    events it caused. `state` itself is not changed; an illegal action raises `IllegalAction`."""
    if isinstance(action, dict):
        action = Action.from_dict(action)
    state.check(state.turn if seat is None else seat, action)
    new = state.copy(record=True)
    before = len(new.events)
    new.step(action.code)
    return new, new.events[before:]
