"""Where passes never run out and may be taken while able, a round could be passed round forever.
The CPU players play after a whole circle of passes, so every round they play among themselves
ends (the engine allows endless passing: it is the players who stop it)."""

import random

import pytest
from django.core.management import CommandError, call_command

from games.sevens import RuleSet, apply, new_round, seat_view, simulator
from games.sevens.actions import PASS
from games.sevens.bots.endgame import Endgame
from games.sevens.bots.hard import Hard
from games.sevens.bots.knowledge import circle_passed
from games.sevens.bots.medium import choose as medium_choose
from games.sevens.state import PLAYING

ENDLESS = {"pass_limit": None, "pass_when_playable": True}


# Before the rule, 3 of the 16 rounds of seeds 0-7 (3 players: seeds 3 and 7; 4 players: seed 1)
# were passed round forever by Hard seats that each waited for another to open a row. Those three,
# and one that always ended, for each table size (the 16 took half a minute of the suite).
STALLED_BEFORE = {3: (3, 7, 0), 4: (1, 0)}


def test_rounds_of_hard_players_alone_end():
    for players, seeds in STALLED_BEFORE.items():
        rules = RuleSet(players=players, **ENDLESS)
        for seed in seeds:
            hard, rng = Hard(playouts=8), random.Random(seed)
            state = new_round(rules, seed=seed)
            for _ in range(400):
                if state.over:
                    break
                state, _ = apply(state, hard(seat_view(state, state.turn), rng))
            assert state.over, f"{players} players, seed {seed}: still passing after 400 moves"


def circle_positions(count: int, two_seats: bool = False):
    """Positions after a whole circle of passes, where the seat to act may pass or play (with
    `two_seats`, only when two seats still hold cards: the endgame search's positions)."""
    rng = random.Random(5)
    found, seed = 0, 0
    while found < count:
        seed += 1
        rules = RuleSet(players=rng.choice([3, 4]), **ENDLESS)
        state = new_round(rules, seed=seed)
        while not state.over:
            view = seat_view(state, state.turn)
            codes = view.legal_codes
            playing = sum(1 for s in state.status if s == PLAYING)
            circle = len(codes) > 1 and PASS in codes and circle_passed(view)
            if circle and (playing == 2 or not two_seats):
                found += 1
                yield state, view
                break
            # Pass while a play is open, now and then, to reach the circles.
            code = PASS if PASS in codes and rng.random() < 0.6 else rng.choice(codes)
            state, _ = apply(state, next(a for a in view.legal if a.code == code))


def test_after_a_circle_of_passes_hard_and_medium_play():
    hard = Hard(playouts=20)
    modes = set()
    for two_seats in (False, True):
        for _, view in circle_positions(15, two_seats):
            assert medium_choose(view, random.Random(1)).code != PASS
            assert hard.choose_code(view, random.Random(1)) != PASS
            modes.add(hard.last["mode"])
    assert modes >= {"mc", "endgame"}, modes


def test_the_endgame_search_does_not_pass_back_at_the_root():
    for state, _ in circle_positions(15, two_seats=True):
        _, values = Endgame(state.copy(record=False), node_limit=10**6).best(last_pass=True)
        assert PASS not in values
        _, values = Endgame(state.copy(record=False), node_limit=10**6).best()
        assert PASS in values


def always_pass():
    """A bot that passes whenever the rules let it (`module.path:factory` for the simulator)."""

    def choose(view, rng):
        return next((a for a in view.legal if a.code == PASS), view.legal[0])

    return choose


def test_the_simulator_stops_on_a_round_passed_round_forever_and_says_which(monkeypatch):
    monkeypatch.setattr(simulator, "MAX_MOVES", 300)
    bot = "tests.bots.test_endless_passes:always_pass"
    args = ["--set", "pass_limit=unlimited", "--set", "pass_when_playable=true", "--seed", "3"]
    with pytest.raises(CommandError, match=r"match with seed \d+ .* did not end within 300 moves"):
        call_command("simulate", *args, "--matches", "2", "--cpu", f"{bot},{bot},{bot},{bot}")
    # The same seats end their rounds where passes run out.
    out = simulator.simulate(RuleSet(), [bot] * 4, 2, seed=3)
    assert out.matches == 2


def test_the_strength_script_stops_on_a_round_passed_round_forever(monkeypatch):
    """scripts/strength.py (and ceiling.py, which plays through it) has the simulator's cap."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / "strength.py"
    spec = importlib.util.spec_from_file_location("strength_script", path)
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    monkeypatch.setattr(simulator, "MAX_MOVES", 300)
    bot = "tests.bots.test_endless_passes:always_pass"
    endless = RuleSet(**ENDLESS).to_dict()
    with pytest.raises(simulator.StalledRound, match=r"seed 5, rotation 0 .* within 300 moves"):
        strength.play_deal((endless, [bot] * 4, 5))
    points, _ = strength.play_deal((RuleSet().to_dict(), [bot] * 4, 5))
    assert sum(points) == pytest.approx(6.0)  # 3 + 2 + 1 + 0 rank points, shared out
