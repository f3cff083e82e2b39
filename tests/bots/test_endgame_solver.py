"""The two-seat endgame search against brute force on small positions.

Positions come from random rounds played until only two seats hold cards (few cards left); brute
force is the same "each seat maximises its own points" recursion with no memo and no limit.
"""

import random

from games.sevens import apply, new_round, seat_view
from games.sevens.bots.endgame import Endgame
from games.sevens.bots.hard import Hard
from games.sevens.state import PLAYING

from .helpers import random_rules


def brute(state, seats):
    if state.over:
        return tuple(state.result_.points[s] for s in seats)
    mover = seats.index(state.turn)
    best = None
    for code in state.legal_codes():
        child = state.copy(record=False)
        child.step(code)
        v = brute(child, seats)
        if best is None or v[mover] > best[mover]:
            best = v
    return best


def small_endgames(count: int, max_cards: int = 7):
    rng = random.Random(77)
    found = 0
    seed = 0
    while found < count:
        seed += 1
        rules = random_rules(rng, round_end="last_player", pass_limit=rng.choice([1, 2]))
        state = new_round(rules, seed=seed)
        while not state.over:
            playing = [s for s in range(state.n) if state.status[s] == PLAYING]
            left = sum(state.hands[s].bit_count() for s in playing)
            if len(playing) == 2 and left <= max_cards:
                found += 1
                yield state
                break
            state, _ = apply(state, rng.choice(seat_view(state, state.turn).legal))


def test_it_matches_brute_force_on_small_endgames():
    for state in small_endgames(40):
        search = Endgame(state.copy(record=False), node_limit=10**6)
        seats = search.seats
        assert search.value(state.copy(record=False)) == brute(state.copy(record=False), seats)
        code, values = search.best()
        me = seats.index(state.turn)
        for c, v in values.items():
            child = state.copy(record=False)
            child.step(c)
            assert brute(child, seats)[me] == v
        assert values[code] == max(values.values())


def test_it_is_what_hard_plays_when_two_seats_are_left():
    hard = Hard(playouts=10)
    for state in small_endgames(15):
        view = seat_view(state, state.turn)
        if len(view.legal_codes) < 2:
            continue
        code = hard.choose_code(view, random.Random(1))
        assert hard.last["mode"] == "endgame"
        _, values = Endgame(state.copy(record=False), node_limit=10**6).best()
        assert values[code] == max(values.values())
