"""How good Hard's deals are: its deal chains measured against the real hands, by steps walked.

    .venv/bin/python scripts/chain_quality.py --rounds 5 --steps 30,100,300,1000

Plays rounds of four Medium CPUs (`japanese` unless `--preset`); at every decision of seat 0 with
a choice while all three other seats hold cards, it starts Hard's batch chains (500 chains from
16 sampler deals, as Hard does) and after each number of steps prints, over those decisions:
the share of the other seats' past decisions that the chains' deals say Medium would not have
taken (the real hands: none), and the share of the hidden cards the deals put in the right hand
(a uniform deal: about a third).

With `--from-truth` every chain starts from the real deal instead: if the chains mix, they walk
away from it to what the decisions allow, and the share right falls to about where chains from
sampler deals end; if it stays high, the chains from sampler deals have not reached the deals the
decisions favour, and a better sampler would tell Hard more.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from games.sevens import RuleSet, apply, new_round, seat_view  # noqa: E402
from games.sevens.bots import get_bot  # noqa: E402
from games.sevens.bots.batch_worlds import Chains  # noqa: E402
from games.sevens.bots.evidence import EPSILON  # noqa: E402
from games.sevens.bots.hard import BATCH_CHAINS  # noqa: E402
from games.sevens.bots.sampler import PASS_WEIGHT  # noqa: E402


def start_from_truth(chains: Chains, state, seats) -> None:
    """Every chain's deal made the real one."""
    hands = chains.hands.copy()
    for s in seats:
        hands[:, s] = np.uint64(state.hands[s])
    chains.start(hands)


def measure(
    preset: str,
    rounds: int,
    steps: list[int],
    seed: int = 0,
    from_truth: bool = False,
    epsilon: float = EPSILON,
) -> dict[int, tuple]:
    """Per number of steps: (decisions measured, contradicted share, cards right)."""
    medium = get_bot("medium")
    found: dict[int, list[tuple[float, float]]] = {k: [] for k in steps}
    for r in range(rounds):
        rng = random.Random(seed + r)
        state = new_round(RuleSet.preset(preset), seed=seed + r)
        while not state.over:
            view = seat_view(state, state.turn)
            hidden = view.hidden_seats()
            if state.turn == 0 and len(view.legal_codes) > 1 and len(hidden) == 3:
                chains = Chains(view, random.Random(r), BATCH_CHAINS, 0, 1, epsilon, PASS_WEIGHT)
                if from_truth:
                    start_from_truth(chains, state, hidden)
                made = sum(t.decisions()[s] for s, t in chains.tables.items())
                walked = 0
                for k in steps:
                    chains.walk(k - walked)
                    walked = k
                    missed = sum(t.misses(chains.hands)[:, s] for s, t in chains.tables.items())
                    right = sum(
                        np.bitwise_count(chains.hands[:, s] & np.uint64(state.hands[s]))
                        for s in hidden
                    )
                    share = float(np.mean(missed)) / made if made else 0.0
                    found[k].append((share, float(np.mean(right)) / view.unseen.bit_count()))
            state, _ = apply(state, medium(view, rng))
    return {k: (len(v), *np.mean(v, axis=0).tolist()) for k, v in found.items() if v}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="japanese")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", default="30,100,300,1000")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--from-truth", action="store_true", help="start every chain at the real deal"
    )
    parser.add_argument(
        "--epsilon", type=float, default=EPSILON, help="weight of a decision Medium would not take"
    )
    opts = parser.parse_args(argv)
    steps = sorted(int(k) for k in opts.steps.split(","))
    for k, (n, share, right) in measure(
        opts.preset, opts.rounds, steps, opts.seed, opts.from_truth, opts.epsilon
    ).items():
        print(
            f"{opts.preset}, {k:5d} steps: {n} decisions; other seats' decisions contradicted "
            f"{share:.1%}, hidden cards in the right hand {right:.1%}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
