"""Plays matches among CPU seats and sums them up (the engine side of `manage.py simulate`)."""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .bots import Bot, get_bot
from .match import Match
from .rules import OPTIONS, RuleError, RuleSet
from .view import seat_view


@dataclass
class SimulationReport:
    matches: int = 0
    seconds: float = 0.0
    points: list[list[float]] = field(default_factory=list)  # per seat, one entry per match
    wins: list[int] = field(default_factory=list)
    cpus: list[str] = field(default_factory=list)
    duplicate: bool = False  # points/wins are per line-up entry, one value per deal
    deals: int = 0

    @property
    def matches_per_second(self) -> float:
        return self.matches / self.seconds if self.seconds else float("inf")

    def mean_ci(self, seat: int) -> tuple[float, float]:
        """Mean points per match and the half-width of its 95% confidence interval."""
        return mean_ci(self.points[seat])


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, float("nan")
    mean = sum(values) / n
    if n == 1:
        return mean, float("inf")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def random_rules(rng: random.Random, players: int | None = None) -> RuleSet:
    """A random valid mix of every option."""
    while True:
        options = {k: rng.choice(v) for k, v in OPTIONS.items()}
        if players is not None:
            options["players"] = players
        try:
            return RuleSet(**options).validate()
        except RuleError:
            continue


# A round has 52 cards to lay and, with the built-in levels, at most a circle of passes between
# two plays: a few hundred moves. Far past that, the seats are passing it round for ever.
MAX_MOVES = 5_000


class StalledRound(RuntimeError):
    """A round that did not end within `MAX_MOVES` moves: the seats pass it round for ever (the
    rules allow that with unlimited passes taken while able; the bots should not do it)."""


def _given(rules: RuleSet | None) -> RuleSet:
    if rules is None:
        raise ValueError("a rule set, or random options")
    return rules


def play_match(
    rules: RuleSet,
    bots: list[Bot],
    seed: int,
    names: list[str] | None = None,
    max_moves: int | None = None,
) -> Match:
    """One whole match; each bot sees only its seat's view. A round still going after `max_moves`
    moves (default `MAX_MOVES`) raises `StalledRound`."""
    limit = MAX_MOVES if max_moves is None else max_moves
    names = names or ["cpu"] * rules.players
    rng = random.Random(seed)
    seats = [{"name": n, "kind": "cpu", "level": n} for n in names]
    match = Match(rules, seats, seed=rng.getrandbits(48))
    bot_rngs = [random.Random(rng.getrandbits(48)) for _ in bots]
    while not match.over:
        state = match.start_round()
        moves = 0
        while not state.over:
            moves += 1
            if moves > limit:
                last = ", ".join(f"{e['type']} by seat {e.get('seat')}" for e in state.events[-4:])
                raise StalledRound(
                    f"round {len(match.rounds)} of the match with seed {seed} ({rules.summary()};"
                    f" seats {', '.join(names)}) did not end within"
                    f" {limit} moves; the last: {last}"
                )
            seat = state.turn
            action = bots[seat](seat_view(state, seat, match.scores_so_far()), bot_rngs[seat])
            match.record(action, seat)
            state = match.rounds[-1]
    return match


def simulate(
    rules: RuleSet | None,
    cpus: list[str],
    matches: int,
    seed: int = 0,
    *,
    random_options: bool = False,
    log_dir: Path | None = None,
    duplicate: bool = False,
) -> SimulationReport:
    if duplicate:
        return simulate_duplicate(
            rules, cpus, matches, seed, random_options=random_options, log_dir=log_dir
        )
    rng = random.Random(seed)
    players = len(cpus)
    bots = [get_bot(name) for name in cpus]
    report = SimulationReport(
        points=[[] for _ in range(players)], wins=[0] * players, cpus=list(cpus)
    )
    start = time.perf_counter()
    for i in range(matches):
        match_rules = random_rules(rng, players) if random_options else _given(rules)
        match = play_match(match_rules, bots, rng.getrandbits(48), cpus)
        for seat, total in enumerate(match.totals):
            report.points[seat].append(total)
        report.wins[match.standings[0]] += 1
        if log_dir is not None:
            path = log_dir / f"match-{seed}-{i + 1:05d}.json"
            path.write_text(json.dumps(match.to_log(), indent=1))
        report.matches += 1
    report.seconds = time.perf_counter() - start
    return report


def rotation(players: int, shift: int) -> list[int]:
    """The line-up entry sitting at each seat when the line-up is rotated by `shift` seats."""
    return [(seat - shift) % players for seat in range(players)]


def simulate_duplicate(
    rules: RuleSet | None,
    cpus: list[str],
    deals: int,
    seed: int = 0,
    *,
    random_options: bool = False,
    log_dir: Path | None = None,
) -> SimulationReport:
    """Duplicate play: every deal (a match seed) is played once per rotation of the line-up over
    the seats, so each entry sits in every seat with the same cards. `points[entry]` holds one
    value per deal: the entry's mean total over the rotations (the luck of the deal cancels, and
    deals are independent, so the confidence interval is over deals)."""
    rng = random.Random(seed)
    players = len(cpus)
    entry_bots = [get_bot(name) for name in cpus]
    report = SimulationReport(
        points=[[] for _ in range(players)],
        wins=[0] * players,
        cpus=list(cpus),
        duplicate=True,
    )
    start = time.perf_counter()
    for i in range(deals):
        match_rules = random_rules(rng, players) if random_options else _given(rules)
        match_seed = rng.getrandbits(48)
        sums = [0.0] * players
        for shift in range(players):
            entry_at = rotation(players, shift)
            bots = [entry_bots[e] for e in entry_at]
            match = play_match(match_rules, bots, match_seed, [cpus[e] for e in entry_at])
            for seat, total in enumerate(match.totals):
                sums[entry_at[seat]] += total
            report.wins[entry_at[match.standings[0]]] += 1
            if log_dir is not None:
                path = log_dir / f"match-{seed}-{i + 1:05d}-r{shift}.json"
                path.write_text(json.dumps(match.to_log(), indent=1))
            report.matches += 1
        for entry in range(players):
            report.points[entry].append(sums[entry] / players)
        report.deals += 1
    report.seconds = time.perf_counter() - start
    return report
