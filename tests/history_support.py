"""Helpers of the history, replay, ratings and accounts tests: whole matches played by the engine
with seeded random legal actions, stored through the stored-match models as the room services store
them.

Personas: Aki and Ben have accounts, Chie plays as a guest; the CPU seats are the computer.
"""

import random
import re

from django.contrib.auth import get_user_model
from django.utils import timezone

from games.models import Match as StoredMatch
from games.models import MatchRound
from games.sevens import Match, RuleSet
from history.models import MatchPlayer

CARD = re.compile(r'data-card="([A2-9TJQK][SHDC]|JK)"')


def play(rules: RuleSet | None = None, *, seed: int = 1, seats=None, stop_after=None) -> Match:
    """A match of random legal actions. `stop_after=(round, actions)` leaves it unfinished there."""
    rules = rules or RuleSet(rounds=3)
    match = Match(rules, seats=seats, seed=seed)
    rng = random.Random(seed)
    for number in range(rules.rounds):
        state = match.start_round()
        taken = 0
        while not state.over:
            if stop_after and stop_after == (number, taken):
                return match
            match.record(rng.choice(state.legal_actions()))
            state = match.current
            taken += 1
    return match


def seats(*kinds: str) -> list[dict]:
    """Log seats: "human" names them Aki, Ben, Chie, Dan; "easy"/"medium"/"hard" are CPUs."""
    names = ["Aki", "Ben", "Chie", "Dan"]
    out = []
    for i, kind in enumerate(kinds):
        if kind == "human":
            out.append({"name": names[i], "kind": "human"})
        else:
            out.append({"name": f"CPU {i + 1}", "kind": "cpu", "level": kind})
    return out


def store(match: Match, *, players=None, abandoned: bool = False, room=None) -> StoredMatch:
    """Stores an engine match the way the services do: created while playing, its humans recorded,
    then saved as finished (or abandoned). `players`: {seat: (browser_key, user)}."""
    stored = StoredMatch.objects.create(
        rules=match.rules.to_dict(),
        seats=[dict(s) for s in match.seats],
        totals=[0] * match.rules.players,
        room=room,
    )
    for seat, (key, user) in (players or {}).items():
        MatchPlayer.objects.update_or_create(
            match=stored, seat=seat, defaults={"browser_key": key or "", "user": user}
        )
    for number, state in enumerate(match.rounds):
        result = state.result()
        MatchRound.objects.create(
            match=stored,
            number=number,
            dealer=state.dealer,
            seed=match.seeds[number],
            hands=[list(h) for h in state.hands_at_deal],
            events=list(state.log_events()),
            result=None if result is None else result.to_dict(),
        )
    stored.totals = match.totals
    if match.over:
        stored.status, stored.winner = StoredMatch.Status.FINISHED, match.winner
    elif abandoned:
        stored.status = StoredMatch.Status.ABANDONED
    stored.ended_at = timezone.now() if stored.status != StoredMatch.Status.PLAYING else None
    stored.save(update_fields=["totals", "status", "winner", "ended_at"])
    return stored


def user(name: str):
    return get_user_model().objects.create_user(username=name, password="a long pass phrase 7")


def cards_of(html: str) -> list[str]:
    return CARD.findall(html)
