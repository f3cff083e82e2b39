"""The engine's side of a stored match: deal, rebuild a round from its log, settle it.

A round is stored as its hands at the deal plus its sevens-log/1 events; its position is rebuilt by
replaying the actions through the engine. Only `rooms.services` calls this, inside its lock.
"""

import secrets
import threading
from collections import OrderedDict

from django.utils import timezone

from games.models import Match, MatchRound
from games.sevens import (
    Action,
    RuleSet,
    apply,
    new_round,
    parse_deal_code,
    replay_log,
    replay_round,
)

ACTION_TYPES = ("play", "pass", "joker")  # `redeem` and `eliminate` the engine applies itself
CACHE_SIZE = 512

# Every socket of a room renders after every move, and a full replay costs milliseconds: keep each
# round's latest state and extend it by the new events. A cached log must be a prefix of the
# stored one to be used, so a state from a rolled-back write is never served; the key holds the
# hands too, as a rolled-back round's id can be given again (SQLite).
_cache: OrderedDict[tuple, tuple[list, object]] = OrderedDict()
_cache_lock = threading.Lock()


def rebuild(rules: RuleSet, rnd: MatchRound):
    """The round's current state, replayed from its hands and events."""
    events = rnd.events
    with _cache_lock:
        hit = _cache.get(_key(rnd, rules))
    if hit and hit[0] == events[: len(hit[0])]:
        state = hit[1]
        for event in events[len(hit[0]) :]:
            if event["type"] in ACTION_TYPES:
                state, _ = apply(state, Action.from_dict(event), event["seat"])
    else:
        state = replay_round(rules, rnd.hands, rnd.dealer, events)
    if not hit or len(hit[0]) != len(events):
        remember(rnd, state)
    return state


def remember(rnd: MatchRound, state) -> None:
    key = _key(rnd, state.rules)
    with _cache_lock:
        _cache[key] = (list(state.log_events()), state)
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def _key(rnd: MatchRound, rules: RuleSet) -> tuple:
    return (rnd.pk, rules, rnd.dealer, tuple(tuple(hand) for hand in rnd.hands))


def deal(match: Match, rules: RuleSet, number: int, code: str | None = None):
    """Deals round `number` (0-based) with the dealer rotated; returns its MatchRound and state.
    A deal code (`deal_code`) deals that deal's cards again, from its dealer."""
    # The last seat deals first, so seat 0 receives the first card of the first round.
    dealer = (rules.players - 1 + number) % rules.players
    seed = secrets.randbits(62)
    if code:
        seed, dealer = parse_deal_code(code)
        dealer %= rules.players
    state = new_round(rules, seed=seed, dealer=dealer)
    rnd = MatchRound.objects.create(
        match=match,
        number=number,
        dealer=dealer,
        seed=seed,
        hands=[list(h) for h in state.hands_at_deal],
        events=list(state.log_events()),
    )
    return rnd, state


def record(rnd: MatchRound, state) -> None:
    """Stores the round's log after an action; settles the round (and the match) when it is over."""
    rnd.events = list(state.log_events())
    remember(rnd, state)
    fields = ["events"]
    if state.over:
        result = state.result()
        rnd.result = {"ranking": list(result.ranking), "points": list(result.points)}
        rnd.ended_at = timezone.now()
        fields += ["result", "ended_at"]
    rnd.save(update_fields=fields)
    if state.over:
        _settle_match(rnd.match, rnd)


def _settle_match(match: Match, rnd: MatchRound) -> None:
    points = rnd.result["points"]
    totals = match.totals or [0] * len(points)
    match.totals = [t + p for t, p in zip(totals, points, strict=True)]
    fields = ["totals"]
    if rnd.number + 1 >= match.rules["rounds"]:
        match.status = Match.Status.FINISHED
        # The engine replays the whole log and applies the tie-break: a last check of the record.
        log = {k: v for k, v in match.to_log().items() if k not in ("totals", "winner")}
        match.winner = replay_log(log).winner
        match.ended_at = timezone.now()
        fields += ["status", "winner", "ended_at"]
    match.save(update_fields=fields)
