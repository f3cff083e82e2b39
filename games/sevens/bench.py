"""`python -m games.sevens.bench`: full random rounds per second on one core (CPU time of this process, so other load on the machine counts little).

Each round is dealt from a seeded shuffle and played to its end by uniformly random legal actions
through the engine's own mutable core (`RoundState.step`), as the Hard CPU's playouts are.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from .rules import RuleSet
from .state import new_round

CASES = {
    "japanese": RuleSet.preset("japanese"),
    "chinese": RuleSet.preset("chinese"),
    "3p joker + tunnel": RuleSet(players=3, joker=True, ends="tunnel"),
}


def rounds_per_second(rules: RuleSet, seconds: float, seed: int = 0) -> float:
    """Rounds dealt and played to the end per second, over about `seconds` of CPU time."""
    rng = random.Random(seed)
    rand = rng.random
    rounds = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(100):
            state = new_round(rules, rng=rng, dealer=rounds % rules.players, record=False)
            state.playout(rand)
            rounds += 1
    elapsed = time.process_time() - start
    return rounds / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per case")
    args = parser.parse_args(argv)
    if not args.seconds > 0:  # none would time no round, and print "0 rounds/s" for every case
        parser.error(
            f"argument --seconds: a number of seconds above 0 is expected, not {args.seconds}"
        )
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    for name, rules in CASES.items():
        print(f"{name:>20}: {rounds_per_second(rules, args.seconds):8.0f} rounds/s")


if __name__ == "__main__":
    main()
