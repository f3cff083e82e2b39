"""Helpers for the CPU tests: play rounds and matches with bots that see only their view."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

from games.sevens import Match, RuleSet, apply, new_round, seat_view
from games.sevens.rules import OPTIONS, RuleError

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def load_script(name: str) -> ModuleType:
    """`scripts/<name>.py`, loaded from its file: the scripts are run by hand, not a package."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def random_rules(rng: random.Random, **fixed) -> RuleSet:
    while True:
        options = {k: rng.choice(v) for k, v in OPTIONS.items()}
        options.update(fixed)
        try:
            return RuleSet(**options).validate()
        except RuleError:
            continue


def play_match(rules: RuleSet, bots, seed: int, on_view=None) -> Match:
    """A whole match; every action is checked by the engine (`Match.record` raises if illegal)."""
    rng = random.Random(seed)
    match = Match(rules, seed=rng.getrandbits(32))
    rngs = [random.Random(rng.getrandbits(32)) for _ in bots]
    while not match.over:
        state = match.start_round()
        while not state.over:
            seat = state.turn
            view = seat_view(state, seat)
            if on_view is not None:
                on_view(state, view)
            match.record(bots[seat](view, rngs[seat]), seat)
            state = match.current
    return match


def positions(rules: RuleSet, seed: int, every: int = 1):
    """Every `every`-th position of a random round: (state, view of the seat to act)."""
    rng = random.Random(seed)
    state = new_round(rules, seed=seed)
    i = 0
    while not state.over:
        view = seat_view(state, state.turn)
        if i % every == 0:
            yield state, view
        state, _ = apply(state, rng.choice(view.legal))
        i += 1
