"""A match: rounds with the dealer rotating, totals, the winner, and the sevens-log/1 log."""

from __future__ import annotations

import random
from typing import Any

from . import cards
from .actions import Action, IllegalAction
from .rules import OPTIONS, RuleError, RuleSet
from .state import LOG_TYPES, RoundResult, RoundState, apply, new_round
from .view import Standings

FORMAT = "sevens-log/1"
DEAL_SIZES = {
    (4, False): [13, 13, 13, 13],
    (3, False): [18, 17, 17],
    (4, True): [14, 13, 13, 13],
    (3, True): [18, 18, 17],
}
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


class LogError(ValueError):
    """A log that is malformed or breaks the rules; names the first bad place."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        round: int | None = None,
        event: int | None = None,
        params: dict[str, Any] | None = None,
    ):
        where = ""
        if round is not None:
            where = f"round {round + 1}"
            if event is not None:
                where += f", event {event + 1}"
            where += ": "
        super().__init__(where + message)
        self.code = code
        self.message = message
        self.round = round
        self.event = event
        self.params = params or {}  # the facts of the message, for saying it in other words


def deal_code(seed: int, dealer: int) -> str:
    """A short code that deals the same cards again (with the same players and joker option)."""
    value, out = seed * 4 + dealer, ""
    while True:
        value, digit = divmod(value, 36)
        out = _B36[digit] + out
        if not value:
            return out


def parse_deal_code(code: str) -> tuple[int, int]:
    """(seed, dealer) from a deal code; ValueError if it is not one."""
    code = code.strip().lower()
    if not code or len(code) > 16 or any(c not in _B36 for c in code):
        raise ValueError("not a deal code")
    value = int(code, 36)
    return value // 4, value % 4


class Match:
    def __init__(
        self,
        rules: RuleSet,
        seats: list[dict[str, Any]] | None = None,
        seed: int | None = None,
        *,
        first_deal: str | None = None,
    ):
        self.rules = rules.validate()
        n = rules.players
        self.seats = seats or [{"name": f"Seat {i + 1}", "kind": "cpu"} for i in range(n)]
        if len(self.seats) != n:
            raise ValueError(f"{n} seats expected")
        self._rng = random.Random(seed)
        self._first_deal = parse_deal_code(first_deal) if first_deal else None
        self.rounds: list[RoundState] = []
        self.seeds: list[int | None] = []

    # -- playing ---------------------------------------------------------------------------------
    @property
    def current(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def over(self) -> bool:
        return len(self.rounds) == self.rules.rounds and bool(self.rounds) and self.rounds[-1].over

    def next_dealer(self) -> int:
        n = self.rules.players
        if not self.rounds:
            return n - 1  # so the first round is dealt starting with seat 0
        return (self.rounds[-1].dealer + 1) % n

    def start_round(self, hands: list[list[str]] | None = None) -> RoundState:
        if self.current is not None and not self.current.over:
            raise ValueError("the current round is not over")
        if len(self.rounds) >= self.rules.rounds:
            raise ValueError("the match is over")
        dealer = self.next_dealer()
        seed = None
        if hands is None:
            if self._first_deal and not self.rounds:
                seed, dealer = self._first_deal
                dealer %= self.rules.players
            else:
                seed = self._rng.getrandbits(48)
            state = new_round(self.rules, seed, dealer=dealer)
        else:
            state = new_round(self.rules, hands=hands, dealer=dealer)
        self.rounds.append(state)
        self.seeds.append(seed)
        return state

    def record(
        self, action: Action | dict[str, Any], seat: int | None = None
    ) -> list[dict[str, Any]]:
        """Apply an action to the current round; returns its events."""
        state = self.current
        if state is None:
            raise IllegalAction("round_over", "No round is being played.")
        new, events = apply(state, action, seat)
        self.rounds[-1] = new
        return events

    def deal_code(self, index: int) -> str | None:
        seed = self.seeds[index]
        return None if seed is None else deal_code(seed, self.rounds[index].dealer)

    # -- results ---------------------------------------------------------------------------------
    def results(self) -> list[RoundResult]:
        return [r.result_ for r in self.rounds if r.result_ is not None]

    @property
    def totals(self) -> list[int]:
        totals = [0] * self.rules.players
        for result in self.results():
            for seat, p in enumerate(result.points):
                totals[seat] += p
        return totals

    @property
    def standings(self) -> list[int]:
        """Seats from first to last: total, then the better place in the final round."""
        totals = self.totals
        results = self.results()
        last = results[-1].ranking if results else list(range(self.rules.players))
        return sorted(range(self.rules.players), key=lambda s: (-totals[s], last.index(s)))

    def scores_so_far(self) -> Standings:
        """What every seat knows of the match while a round is played: the totals of the rounds
        before it and how many rounds follow it."""
        done = [r.result_ for r in self.rounds[:-1] if r.result_ is not None]
        totals = [sum(result.points[seat] for result in done) for seat in range(self.rules.players)]
        return Standings(tuple(totals), self.rules.rounds - max(len(self.rounds), 1))

    @property
    def winner(self) -> int | None:
        return self.standings[0] if self.over else None

    def to_log(self) -> dict[str, Any]:
        rounds = []
        for state in self.rounds:
            entry: dict[str, Any] = {
                "dealer": state.dealer,
                "hands": state.hands_at_deal,
                "events": state.log_events(),
            }
            if state.result_ is not None:
                entry["result"] = state.result_.to_dict()
            rounds.append(entry)
        return {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "seats": [dict(s) for s in self.seats],
            "rounds": rounds,
            "totals": self.totals,
            "winner": self.winner,
        }


def replay_round(
    rules: RuleSet, hands: list[list[str]], dealer: int, events: list[dict[str, Any]]
) -> RoundState:
    """Rebuild a round from its dealt hands and logged events (raises LogError at the first bad
    event, with `round` unset)."""
    state = new_round(rules, hands=hands, dealer=dealer)
    return _replay_events(state, events, None)


def _replay_events(
    state: RoundState, events: list[dict[str, Any]], round_index: int | None
) -> RoundState:
    """Apply logged events in place to `state` (a round just dealt, owned by the caller)."""
    # events the engine applied itself, still to be matched in the log
    pending: list[dict[str, Any]] = []
    seen = len(state.events)
    for i, event in enumerate(events):
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise LogError(
                "malformed",
                "an event must be an object with a type",
                round=round_index,
                event=i,
                params={"lacks": "type"},
            )
        if pending:
            # The engine applied this one itself (a redeem or an elimination): it must match.
            expected = pending.pop(0)
            if _norm(event) != expected:
                raise LogError(
                    "mismatch",
                    f"expected {expected}, found {_norm(event)}",
                    round=round_index,
                    event=i,
                    params={"expected": expected},
                )
            continue
        if event["type"] not in ("play", "pass", "joker"):
            kind = str(event["type"])[:40]  # the file's, of any length
            raise LogError(
                "unexpected",
                # "a eliminate event" read badly
                f"an event of type “{kind}” cannot happen here",
                round=round_index,
                event=i,
                params={"type": kind},
            )
        seat = event.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise LogError(
                "malformed",
                "the event has no seat",
                round=round_index,
                event=i,
                params={"lacks": "seat"},
            )
        if not 0 <= seat < state.rules.players:
            raise LogError(
                "no_seat",
                f"there is no seat {seat}",
                round=round_index,
                event=i,
                params={"seat": seat},
            )
        for key in ("spot", "card"):
            if key in event:
                _check_card(event[key], round_index, i)
        try:
            action = Action.from_dict(event)
            state.check(seat, action)
        except IllegalAction as exc:
            raise LogError(
                exc.code, exc.message, round=round_index, event=i, params=exc.params
            ) from exc
        state.step(action.code)
        produced = [_norm(e) for e in state.events[seen:] if e["type"] in LOG_TYPES]
        seen = len(state.events)
        pending.extend(produced[1:])  # the first is the action itself
    if pending:
        raise LogError(
            "missing",
            f"the log stops before {pending[0]}",
            round=round_index,
            event=len(events),
            params={"expected": pending[0]},
        )
    return state


# A card as the format writes it: rank then suit, upper case (the engine's own reader is kinder,
# for people typing; a log is written by a program).
_CARD_NAMES = frozenset(r + s for r in cards.RANKS for s in cards.SUITS) | {"JK"}


def _check_card(value: Any, round_index: int | None, event: int | None) -> None:
    if not isinstance(value, str) or value not in _CARD_NAMES:
        raise LogError(
            "card",
            f"{value!r} is not a card as sevens-log/1 writes it",
            round=round_index,
            event=event,
            params={"card": str(value)[:12]},
        )


def _norm(event: dict[str, Any]) -> dict[str, Any]:
    return {k: event[k] for k in ("seat", "type", "card", "spot") if k in event}


# Each object of a log, its keys in the order the format's document writes them (any other key
# after them): a log stored as JSON that does not keep key order (PostgreSQL's jsonb sorts them)
# is written out as the format shows it.
_KEY_ORDER = {
    "log": ("format", "rules", "seats", "rounds", "totals", "winner"),
    "rules": tuple(OPTIONS),
    "seat": ("name", "kind", "level"),
    "round": ("dealer", "hands", "events", "result"),
    "event": ("seat", "type", "spot", "card"),
    "result": ("ranking", "points"),
}


def _ordered(obj: Any, kind: str) -> Any:
    if not isinstance(obj, dict):
        return obj
    order = _KEY_ORDER[kind]
    return {k: obj[k] for k in order if k in obj} | {k: v for k, v in obj.items() if k not in order}


def in_log_order(log: dict[str, Any]) -> dict[str, Any]:
    """`log` with every object's keys in the order of the sevens-log/1 document (values as they
    are: a copy of the structure, not a check)."""
    out: dict[str, Any] = _ordered(log, "log")
    if "rules" in out:
        out["rules"] = _ordered(out["rules"], "rules")
    if isinstance(out.get("seats"), list):
        out["seats"] = [_ordered(seat, "seat") for seat in out["seats"]]
    if isinstance(out.get("rounds"), list):
        rounds = []
        for entry in out["rounds"]:
            entry = _ordered(entry, "round")
            if isinstance(entry, dict):
                if isinstance(entry.get("events"), list):
                    entry["events"] = [_ordered(e, "event") for e in entry["events"]]
                if "result" in entry:
                    entry["result"] = _ordered(entry["result"], "result")
            rounds.append(entry)
        out["rounds"] = rounds
    return out


def replay_log(data: Any) -> Match:
    """Rebuild a whole match from a sevens-log/1 document; raise LogError at the first problem."""
    if not isinstance(data, dict) or "format" not in data:
        raise LogError("format", f"not a {FORMAT} document")
    if data["format"] != FORMAT:
        raise LogError(
            "format_other",
            f"the format is {data['format']!r}, not {FORMAT}",
            params={"format": str(data["format"])[:40]},
        )
    try:
        rules = RuleSet.from_dict(data.get("rules"))  # type: ignore[arg-type]  # checked there
    except RuleError as exc:
        raise LogError(
            "rules", f"bad rules: {exc}", params={"option": exc.option, "kind": exc.kind}
        ) from exc
    except TypeError as exc:
        raise LogError("rules", f"bad rules: {exc}") from exc
    seats = data.get("seats") or None
    if seats is not None and (not isinstance(seats, list) or len(seats) != rules.players):
        raise LogError(
            "seats", f"seats must list {rules.players} seats", params={"players": rules.players}
        )
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise LogError("rounds", "rounds must list the rounds played, at least one")
    if len(rounds) > rules.rounds:
        raise LogError(
            "too_many_rounds",
            f"{len(rounds)} rounds, but the rules play {rules.rounds}",
            params={"count": len(rounds), "rules": rules.rounds},
        )
    match = Match(rules, seats)
    for r, entry in enumerate(rounds):
        _replay_round_entry(match, entry, r, last=r == len(rounds) - 1)
    for key in ("totals", "winner"):
        # (absent: not checked; the site rebuilds its own matches from logs without them, and the
        # upload form requires them. `true` is no seat, though it equals 1.)
        if key in data and (
            data[key] != getattr(match, key) or type(data[key]) is not type(getattr(match, key))
        ):
            raise LogError(
                key,
                f"{key} should be {getattr(match, key)}, not {data[key]}",
                params={"want": getattr(match, key)},
            )
    return match


def _replay_round_entry(match: Match, entry: Any, r: int, *, last: bool) -> None:
    rules = match.rules
    if not isinstance(entry, dict) or not isinstance(entry.get("hands"), list):
        raise LogError(
            "malformed", "a round needs its hands", round=r, params={"round_lacks": "hands"}
        )
    hands = entry["hands"]
    sizes = DEAL_SIZES[(rules.players, rules.joker)]
    if len(hands) != rules.players or sorted(
        len(h) for h in hands if isinstance(h, list)
    ) != sorted(sizes):
        raise LogError(
            "hands",
            f"hands must be a deal of {'/'.join(map(str, sizes))} cards",
            round=r,
            params={"sizes": list(sizes)},
        )
    for hand in hands:
        for card in hand:
            _check_card(card, r, None)
    dealer = entry.get("dealer", match.next_dealer())
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
        raise LogError("dealer", "dealer must be a seat", round=r)
    try:
        state = new_round(rules, hands=hands, dealer=dealer)
    except (ValueError, cards.CardError) as exc:
        raise LogError("hands", str(exc), round=r) from exc
    events = entry.get("events")
    if not isinstance(events, list):
        raise LogError(
            "malformed", "a round needs its events", round=r, params={"round_lacks": "events"}
        )
    state = _replay_events(state, events, r)
    match.rounds.append(state)
    match.seeds.append(None)
    if not state.over and not last:
        raise LogError("unfinished", "only the last round may be unfinished", round=r)
    result = entry.get("result")
    if result is None and state.over:  # only an unfinished last round has no result
        raise LogError(
            "malformed",
            "a round that ended needs its result",
            round=r,
            params={"round_lacks": "result"},
        )
    if result is not None and (state.result_ is None or result != state.result_.to_dict()):
        got = None if state.result_ is None else state.result_.to_dict()
        raise LogError("result", f"the result should be {got}, not {result}", round=r)
