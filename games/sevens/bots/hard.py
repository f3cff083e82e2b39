"""Hard: determinized Monte Carlo through the engine, and exact search of two-seat endgames.

For each decision it deals the hidden hands many times over, consistently with the view: the
`sampler` keeps every hard fact (counts, forced-pass voids, the joker's holder), and a chain of
card swaps (`evidence.Chain`) then draws deals in proportion to how likely each makes the other
seats' past plays and passes, were they playing as Medium does (`epsilon` is the chance given to
a decision Medium would not take; `burn` and `chain` are the swaps before the first deal and
between deals; `chain=0` turns it off). For every deal ("world") it plays each legal action out to
the end of the round through the engine, every seat choosing as Medium does (`mimic`; its own seat
keeps `reserve` passes back instead of Medium's one; `policy=block` uses the cheaper rules of
`rollout` instead). The same worlds serve every candidate, so the comparison is paired. It picks
the action with the best mean points under the round's scoring (rank points, or cards left). It
thinks to a time budget (`seconds`, default 0.5) or to a fixed number of playouts (`playouts`,
spread over the candidates: worlds = playouts // candidates, at least one), which makes it
deterministic given its rng. A rule of thumb's move is the default (Medium's scoring, with the
same pass `reserve`): the playouts replace it only when their best action beats it by more than
`trust` standard errors of the paired difference, so a handful of noisy playouts never does worse
than the rule of thumb. When only two seats hold cards, nothing is hidden: it solves the endgame
exactly (`endgame_nodes` is the search's safety net). In the last round of a longer match a
playout is worth the seats it leaves Hard above in the match's standings before its points
(`standings`): the standings are public, in the view.

Where `batch.supports` the rules (all but the joker) and the policy is Medium's, the worlds come
from `batch_chains` chains walked side by side (`batch_worlds.Chains`: `batch_burn` steps, then one
world per chain every `batch_thin` steps) and are played out together as array operations
(`batch.Batch` with `batch_medium`'s policy); `batch=0` keeps the scalar path everywhere.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ..actions import PASS, Action
from ..batch import Batch, supports
from ..state import PLAYING, RoundState
from ..view import SeatView
from . import standings as match_standings
from .batch_medium import policy as batch_policy
from .batch_worlds import Chains
from .endgame import Endgame, NodeLimit
from .evidence import EPSILON, Chain, Evidence
from .knowledge import circle_passed, passes_since_last_play
from .medium import choose as medium_choose
from .mimic import medium_code, playout_medium
from .rollout import playout
from .sampler import PASS_WEIGHT, Sampler

MIN_WORLDS = 4
BURN = 300  # swaps of the deal chain before its first world
POLICIES = ("medium", "block")  # the playout policy: Medium's scoring, or the cheaper block rules
NODES_PER_SECOND = 30_000  # endgame search nodes per second of one core, measured
# The batch path (`batch=1`, for the rules `batch.supports`): chains of deals walked side by side,
# swaps before the first world, swaps between worlds.
BATCH_CHAINS = 500
BATCH_BURN = 30
BATCH_THIN = 3
MIN_ROUND = 100  # worlds: a smaller round of draws and playouts is not worth its overhead
BATCH_ROWS = 200_000  # playouts in one batch at most (memory: some 100 bytes a playout)


class Hard:
    def __init__(
        self,
        seconds: float = 0.5,
        playouts: int | None = None,
        endgame_nodes: int = 50_000,
        pass_weight: float = PASS_WEIGHT,
        trust: float = 1.0,
        policy: str = "medium",
        chain: int = 20,
        burn: int = BURN,
        reserve: int = 0,
        chains: int = 1,
        epsilon: float = EPSILON,
        batch: int = 1,
        batch_chains: int = BATCH_CHAINS,
        batch_burn: int = BATCH_BURN,
        batch_thin: int = BATCH_THIN,
        standings: int = 1,
    ):
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {', '.join(POLICIES)}")
        if playouts is not None and playouts < 1:
            raise ValueError("playouts must be at least 1")
        if seconds <= 0:
            raise ValueError("seconds must be positive")
        self.seconds = seconds
        self.playouts = playouts
        self.endgame_nodes = endgame_nodes
        self.pass_weight = pass_weight
        self.trust = trust
        self.policy = policy
        self.chain = chain
        self.burn = burn
        self.reserve = reserve
        self.chains = chains
        self.epsilon = epsilon
        self.batch = batch
        self.batch_chains = batch_chains
        self.batch_burn = batch_burn
        self.batch_thin = batch_thin
        self.standings = standings
        self.last: dict[str, Any] = {}

    def __call__(self, view: SeatView, rng: random.Random) -> Action:
        return Action.from_code(self.choose_code(view, rng))

    def choose_code(self, view: SeatView, rng: random.Random) -> int:
        codes = view.legal_codes
        # Passes that never run out could go round forever: after a whole circle of them Hard
        # plays if it can, as Medium does (and as the endgame search assumes of both seats).
        circle = view.rules.endless_passes and circle_passed(view)
        if circle and len(codes) > 1:
            codes = [c for c in codes if c != PASS]
        if len(codes) == 1:
            self.last = {"mode": "single", "playouts": 0}
            return codes[0]
        start = time.perf_counter()
        if sum(1 for s in view.status if s == PLAYING) == 2:
            code = self._endgame(view, circle)
            if code is not None:
                return code
        if self.batch and supports(view.rules) and self.policy == "medium":
            return self._batch_monte_carlo(view, codes, rng, start)
        return self._monte_carlo(view, codes, rng, start)

    def _endgame(self, view: SeatView, circle: bool) -> int | None:
        sampler = Sampler(view, 1.0)
        state = view.determinize(sampler.sample(random.Random(0)))  # the only deal there is
        limit = self.endgame_nodes
        if self.playouts is None:
            # On a time budget the search may use about half of it (some 30 µs a node here);
            # the playouts that follow a search too big to finish use what is left.
            limit = min(limit, int(self.seconds * NODES_PER_SECOND / 2))
        search = Endgame(state, limit)
        try:
            code, _ = search.best(last_pass=circle)  # two seats: the other one just passed
        except NodeLimit:
            return None
        self.last = {"mode": "endgame", "playouts": 0, "nodes": search.nodes}
        return code

    def _monte_carlo(
        self, view: SeatView, codes: list[int], rng: random.Random, start: float
    ) -> int:
        me = view.me
        draw = self._worlds(view, rng)
        template = view.determinize(draw())
        k = len(codes)
        values: list[list[float]] = [[] for _ in codes]
        target = None if self.playouts is None else max(1, self.playouts // k)
        deadline = start + self.seconds
        rnd = rng.random
        worlds = 0
        hands = template.hands
        mimic = self.policy == "medium"
        quiet = passes_since_last_play(view)
        totals = self._standings(view)
        while True:
            for i, code in enumerate(codes):
                state = template.copy(record=False)
                state.hands = list(hands)
                gone = len(state.eliminated)
                state.step(code)
                if mimic:
                    after = quiet + 1 if code == PASS and len(state.eliminated) == gone else 0
                    playout_medium(state, rnd, after, me, self.reserve)
                else:
                    playout(state, rnd)
                points = state.result_.points  # type: ignore[union-attr]
                values[i].append(
                    points[me] if totals is None else match_standings.value(totals, me, points)
                )
            worlds += 1
            if target is not None:
                if worlds >= target:
                    break
            elif worlds >= MIN_WORLDS and time.perf_counter() >= deadline:
                break
            hands = draw()
        means = [sum(v) / worlds for v in values]
        return self._pick(view, template, codes, values, means, start, rng, totals is not None)

    def _batch_monte_carlo(
        self, view: SeatView, codes: list[int], rng: random.Random, start: float
    ) -> int:
        """`_monte_carlo` with the worlds drawn by `batch_worlds.Chains` and played out together
        in `batch.Batch`: each round of the loop takes one world from every chain and plays each
        candidate on all of them."""
        me, k = view.me, len(codes)
        target = None if self.playouts is None else max(1, self.playouts // k)
        chains = Chains(
            view,
            rng,
            self.batch_chains if target is None else min(self.batch_chains, target),
            self.batch_burn,
            self.batch_thin,
            self.epsilon if self.chain else 0.0,
            self.pass_weight,
        )
        template = view.determinize([int(h) for h in chains.hands[0]])
        deadline = start + self.seconds
        quiet = passes_since_last_play(view)
        choose = batch_policy(me, self.reserve)
        totals = self._standings(view)
        np_rng = np.random.default_rng(rng.getrandbits(64))
        first = np.array(codes)
        parts: list[np.ndarray] = []

        def play(hands: np.ndarray) -> None:
            size = len(hands)
            batch = Batch.from_state(template, np.tile(hands, (k, 1)), quiet)
            batch.step(np.repeat(first, size))
            if totals is not None:  # every seat's points count: play each world to its end
                batch.play_out(choose, np_rng)
                parts.append(match_standings.values(totals, me, batch.points).reshape(k, size))
            else:
                batch.play_out(choose, np_rng, watch=me)
                parts.append(batch.points[:, me].reshape(k, size))

        if target is not None:
            hands = np.concatenate([chains.next() for _ in range(-(-target // chains.size))])
            for at in range(0, target, BATCH_ROWS // k):
                play(hands[at : min(target, at + BATCH_ROWS // k)])
        else:
            # A first round of worlds tells how long a world takes to draw and to play; the time
            # left then goes to one more round as large as fits (a large batch costs less a world).
            # Each round draws and plays as many worlds as the last round's pace leaves time for
            # (a large batch costs less a world than a small one, so the pace only improves).
            more = chains.size
            while more >= MIN_ROUND:
                began = time.perf_counter()
                draws = [chains.next() for _ in range(-(-more // chains.size))]
                play(np.concatenate(draws)[:more])
                now = time.perf_counter()
                per_world = (now - began) / more
                more = min(int(0.95 * (deadline - now) / per_world), BATCH_ROWS // k)
        points = np.concatenate(parts, axis=1)
        means = points.mean(axis=1).tolist()
        values = points.tolist()
        standings = totals is not None
        return self._pick(view, template, codes, values, means, start, rng, standings, batch=True)

    def _standings(self, view: SeatView) -> tuple[int, ...] | None:
        """The match's totals when this round is played for the standings, else None."""
        if self.standings and match_standings.last_round(view):
            return view.standings.totals  # type: ignore[union-attr]
        return None

    def _pick(
        self,
        view: SeatView,
        template: RoundState,
        codes: list[int],
        values: list[list[float]],
        means: list[float],
        start: float,
        rng: random.Random,
        standings: bool,
        **about: Any,
    ) -> int:
        """The candidate with the best mean, unless Medium's move is kept (`_keep_default`);
        `last` tells how the decision was made."""
        best = max(range(len(codes)), key=lambda i: means[i])
        fallback = self._keep_default(view, template, codes, values, best, rng)
        worlds = len(values[0])
        self.last = {
            "mode": "mc",
            "objective": "standings" if standings else "points",
            **about,
            "playouts": worlds * len(codes),
            "worlds": worlds,
            "means": dict(zip(codes, means, strict=True)),
            "medium": fallback is not None,
            "seconds": time.perf_counter() - start,
        }
        return codes[best] if fallback is None else fallback

    def _worlds(self, view: SeatView, rng: random.Random) -> Callable[[], list[int]]:
        """A function that returns the next world: a deal from the sampler, or, when the other
        seats' past decisions say something (`Evidence`), from a chain of deals that follows how
        likely each makes those decisions."""
        sampler = Sampler(view, self.pass_weight)
        evidence = Evidence(view, self.epsilon) if self.chain else None
        if evidence is None or not evidence.points:
            return lambda: sampler.sample(rng)
        chains: list[Chain] = []
        turn = [0]

        def draw() -> list[int]:
            # Several chains in turn: one chain's deals are alike, and alike deals would make the
            # paired comparison look surer than it is.
            i = turn[0] % self.chains
            turn[0] += 1
            if i == len(chains):
                start = sampler.sample(rng)
                seats, voids = sampler.seats, view.known_void
                chains.append(Chain(evidence, start, seats, voids, rng, self.burn, self.chain))
            return chains[i].next()

        return draw

    def _keep_default(
        self,
        view: SeatView,
        template: RoundState,
        codes: list[int],
        values: list[list[float]],
        best: int,
        rng: random.Random,
    ) -> int | None:
        """Medium's move, unless the playouts show the best one beats it clearly: the paired
        difference over the same worlds must exceed `trust` standard errors. Few worlds are noisy,
        and a rule of thumb is a better default than noise."""
        if self.trust <= 0:
            return None
        if self.reserve == 1:
            medium = medium_choose(view, rng).code
        else:  # Medium's scoring with the pass reserve of the playouts (own hand, public facts)
            quiet = passes_since_last_play(view)
            medium = medium_code(template.copy(record=False), rng.random, quiet, self.reserve)
        if medium not in codes or codes[best] == medium:
            return None
        a, b = values[best], values[codes.index(medium)]
        n = len(a)
        if n < 2:
            return medium
        diffs = [x - y for x, y in zip(a, b, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > self.trust * math.sqrt(var / n):
            return None
        return medium


def hard_bot(**options: Any) -> Hard:
    """The Hard factory: `seconds` (time budget per decision), `playouts` (fixed count instead),
    `endgame_nodes`, `pass_weight`, `trust`, `policy`, `chain`, `burn`, `reserve`, `epsilon`,
    `batch` (0: scalar playouts only), `batch_chains`, `batch_burn`, `batch_thin`, `standings` (0:
    the last round of a match for points too)."""
    known = {
        "seconds": float,
        "playouts": int,
        "endgame_nodes": int,
        "pass_weight": float,
        "trust": float,
        "policy": str,
        "chain": int,
        "burn": int,
        "reserve": int,
        "chains": int,
        "epsilon": float,
        "batch": int,
        "batch_chains": int,
        "batch_burn": int,
        "batch_thin": int,
        "standings": int,
    }
    kwargs = {}
    for key, value in options.items():
        if key not in known:
            raise ValueError(f"hard has no option {key!r}: one of {', '.join(known)}")
        kwargs[key] = known[key](value)
    return Hard(**kwargs)
