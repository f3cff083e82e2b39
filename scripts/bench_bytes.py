#!/usr/bin/env python
"""The bytes a table sends, from seeded friend matches (four players, each playing its first legal
card) in each language: every whole table (each seat and a watcher, at every version, to the
round's settlement) and every delta; and the same for rounds where seat 0 passes whenever it may,
so seats run out of passes and lay their hands on the layout (the largest deltas). Prints the
largest whole table and the deltas' p50 / p95 / max per language. Issue 7's budget: a move's update
≤ 1.5 kB per seat, a whole table ≤ 8 kB (tests/test_frames_delta.py holds both).

    .venv/bin/python scripts/bench_bytes.py [--seeds 6]
"""

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_move import NoLoop, setup_django  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=6)
    args = parser.parse_args()
    setup_django()

    from rooms import announce, cpu, frames, rounds
    from tests.test_frames_delta import play_moves, play_passing

    cpu.runner.loop = NoLoop()
    announce._send = lambda slug, message: None
    print(f"{'language':9} {'whole max':>9} {'delta p50':>9} {'p95':>6} {'max':>6} {'laid max':>8}")
    for language in ("en", "ja", "zh-hans", "zh-hant"):
        whole, deltas, laid = [], [], []
        for seed in range(args.seeds):
            rounds.secrets.randbits = random.Random(seed).getrandbits
            for before, after in play_moves(language, 200, rounds=1 + 2 * (seed % 2)):
                whole += [len(t.html().encode()) for t in after]
                for old, new in zip(before, after, strict=True):
                    frame = frames.delta(old, new)
                    if frame is not None:
                        deltas.append(len(frame.encode()))
            rounds.secrets.randbits = random.Random(seed).getrandbits
            for _old, new, frame in play_passing(language):
                size = len(frame.encode())
                deltas.append(size)
                if '"eliminate"' in frame:
                    laid.append(size)
                whole.append(len(new.html().encode()))
        deltas.sort()
        p95 = deltas[int(0.95 * (len(deltas) - 1))]
        print(
            f"{language:9} {max(whole):9,} {statistics.median(deltas):9,.0f} {p95:6,} "
            f"{deltas[-1]:6,} {max(laid, default=0):8,}"
        )


if __name__ == "__main__":
    main()
