"""Hard's playouts per decision in the middle of a round, at its default time budget.

    .venv/bin/python scripts/hard_speed.py [--deals 6] [--cpu hard] [--presets japanese,chinese]
    .venv/bin/python scripts/hard_speed.py --cpu hard:playouts=3000   # playouts per CPU second

Plays rounds between Medium seats; at every decision of seat 0 with a choice, with 5-9 cards in
hand and three or more seats still holding cards, times one decision of `--cpu` and prints the
playouts per decision (p5, p50, p95), the share of decisions with at least 20,000, the wall time
per decision and playouts per CPU second, with the load average of the machine.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.sevens import RuleSet, apply, new_round, seat_view  # noqa: E402
from games.sevens.bots import get_bot  # noqa: E402
from games.sevens.state import PLAYING  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--cpu", default="hard")
    parser.add_argument("--presets", default="japanese,chinese")
    opts = parser.parse_args(argv)
    print(f"{opts.cpu}; load average {os.getloadavg()[0]:.2f} at the start")
    for preset in opts.presets.split(","):
        rules = RuleSet.preset(preset)
        medium = get_bot("medium")
        rng = random.Random(1)
        hard = get_bot(opts.cpu)
        playouts: list[int] = []
        walls: list[float] = []
        cpu = 0.0
        for seed in range(opts.deals):
            state = new_round(rules, seed=seed)
            while not state.over:
                view = seat_view(state, state.turn)
                playing = sum(1 for s in view.status if s == PLAYING)
                if (
                    view.seat == 0
                    and len(view.legal_codes) > 1
                    and 5 <= view.counts[0] <= 9
                    and playing > 2
                ):
                    wall, start = time.perf_counter(), time.process_time()
                    hard(view, random.Random(seed))
                    cpu += time.process_time() - start
                    walls.append(time.perf_counter() - wall)
                    playouts.append(hard.last["playouts"])
                state, _ = apply(state, medium(view, rng))
        met = sum(1 for p in playouts if p >= 20_000) / len(playouts)
        print(
            f"{preset:>9}: {len(playouts)} mid-round decisions; playouts per decision p5 "
            f"{percentile(playouts, 0.05):,.0f}, p50 {percentile(playouts, 0.5):,.0f}, p95 "
            f"{percentile(playouts, 0.95):,.0f}; >= 20,000 in {met:.0%}; wall p50 "
            f"{percentile(walls, 0.5):.3f} s, max {max(walls):.3f} s; "
            f"{sum(playouts) / cpu:,.0f} playouts per CPU second"
        )
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
