"""Strength of CPU levels on duplicate deals: each deal is played once per rotation of the line-up.

    .venv/bin/python scripts/strength.py --preset japanese --cpu hard:playouts=200,medium,medium,medium \
        --deals 400 --seed 1 [--workers 2] [--times times.json] [--values values.json]

Prints, per line-up entry, the mean points per round with a 95% confidence interval over deals
(each deal's value is the entry's mean over the rotations, so the luck of the deal cancels), and
for entries with a `timing` attribute (Hard) the decision times and playouts per decision.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.sevens import Match, RuleSet, seat_view, simulator  # noqa: E402
from games.sevens.bots import get_bot  # noqa: E402


def mean_ci(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def ask_bot(bot, state, view, entry: int, rng: random.Random):
    """How a seat's action is found: its bot, given only its view (`ceiling.py` passes others)."""
    return bot(view, rng)


def play_deal(args: tuple, act=ask_bot) -> tuple[list[float], list[dict]]:
    """One deal, played once per rotation; returns each entry's mean points and Hard's stats.
    `act(bot, state, view, entry, rng)` finds each action (a module-level function, so that it
    reaches worker processes)."""
    rules_dict, cpus, seed = args
    rules = RuleSet.from_dict(rules_dict)
    n = rules.players
    totals = [0.0] * n
    stats: list[dict] = []
    for rot in range(n):
        entry_of_seat = [(seat - rot) % n for seat in range(n)]
        bots = [get_bot(cpus[entry_of_seat[s]]) for s in range(n)]
        rng = random.Random(seed)
        match = Match(rules, seed=rng.getrandbits(48))
        bot_rngs = [random.Random(rng.getrandbits(48) ^ s) for s in range(n)]
        while not match.over:
            state = match.start_round()
            moves = 0
            while not state.over:
                moves += 1
                if moves > simulator.MAX_MOVES:  # passed round for ever: say which deal
                    raise simulator.StalledRound(
                        f"a round of the deal with seed {seed}, rotation {rot}"
                        f" ({rules.summary()}; {', '.join(cpus)}) did not end within"
                        f" {simulator.MAX_MOVES} moves"
                    )
                seat = state.turn
                view = seat_view(state, seat)
                t0 = time.perf_counter()
                action = act(bots[seat], state, view, entry_of_seat[seat], bot_rngs[seat])
                dt = time.perf_counter() - t0
                last = getattr(bots[seat], "last", None)
                if last is not None:
                    stats.append(
                        {
                            "entry": entry_of_seat[seat],
                            "seconds": dt,
                            "playouts": last.get("playouts", 0),
                            "legal": len(view.legal_codes),
                            "cards": view.counts[seat],
                            "mode": last.get("mode", ""),
                        }
                    )
                match.record(action, seat)
                state = match.current
        for seat, total in enumerate(match.totals):
            totals[entry_of_seat[seat]] += total / rules.rounds
    return [t / n for t in totals], stats


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None, act=ask_bot, label: str = "") -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="japanese")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--cpu", required=True, help="line-up, one level per seat")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--times", type=Path, default=None, help="write decision stats (JSON)")
    parser.add_argument(
        "--values", type=Path, default=None, help="write each entry's value per deal (JSON)"
    )
    opts = parser.parse_args(argv)
    overrides = {"rounds": 1}
    if opts.players:
        overrides["players"] = opts.players
    rules = RuleSet.preset(opts.preset, **overrides)
    cpus = opts.cpu.split(",")
    if len(cpus) != rules.players:
        parser.error(f"--cpu needs {rules.players} levels")
    for name in cpus:
        get_bot(name)
    rng = random.Random(opts.seed)
    jobs = [(rules.to_dict(), cpus, rng.getrandbits(48)) for _ in range(opts.deals)]
    per_entry: list[list[float]] = [[] for _ in cpus]
    stats: list[dict] = []
    start = time.perf_counter()
    print(f"load average (1 min) at the start: {os.getloadavg()[0]:.2f}", flush=True)
    if opts.workers > 1:
        with ProcessPoolExecutor(opts.workers) as pool:
            results = list(pool.map(partial(play_deal, act=act), jobs, chunksize=4))
    else:
        results = [play_deal(job, act) for job in jobs]
    for points, deal_stats in results:
        for i, p in enumerate(points):
            per_entry[i].append(p)
        stats.extend(deal_stats)
    seconds = time.perf_counter() - start
    print(
        f"{opts.preset} {rules.players}p, line-up {opts.cpu}, {opts.deals} deals x {len(cpus)} "
        f"rotations, seed {opts.seed}, {seconds:.0f} s{label}"
    )
    for i, name in enumerate(cpus):
        mean, half = mean_ci(per_entry[i])
        print(
            f"  entry {i} {name:28s} {mean:+.3f} ± {half:.3f}  (95% CI {mean - half:+.3f} "
            f"… {mean + half:+.3f})"
        )
    thinking = [s for s in stats if s["legal"] > 1]
    if thinking:
        secs = [s["seconds"] for s in thinking]
        plays = [s["playouts"] for s in thinking]
        mid = [s["playouts"] for s in thinking if s["mode"] == "mc" and 5 <= s["cards"] <= 9]
        print(
            f"  decisions with a choice: {len(thinking)}; time p50 {percentile(secs, 0.5):.3f} s, "
            f"p95 {percentile(secs, 0.95):.3f} s, max {max(secs):.3f} s"
        )
        print(f"  playouts per decision p50 {percentile(plays, 0.5):.0f}")
        if mid:
            met = sum(1 for p in mid if p >= 20_000) / len(mid)
            print(
                f"  mid-round (5-9 cards, Monte Carlo): {len(mid)} decisions, playouts p5 "
                f"{percentile(mid, 0.05):.0f}, p50 {percentile(mid, 0.5):.0f}, p95 "
                f"{percentile(mid, 0.95):.0f}, >= 20,000 in {met:.0%}"
            )
    print(f"  load average (1 min) at the end: {os.getloadavg()[0]:.2f}")
    if opts.times:
        opts.times.write_text(json.dumps(stats))
    if opts.values:  # for paired comparisons of two runs on the same deals
        opts.values.write_text(json.dumps(per_entry))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
