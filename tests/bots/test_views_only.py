"""No bot can reach another seat's cards: each receives only its view; the view's object graph holds
no `RoundState`; and the view is the same whatever the hidden hands are (swapping cards between two
other seats changes nothing a bot can read)."""

import gc
import random

from games.sevens import RuleSet, SeatView, cards, seat_view
from games.sevens.bots import get_bot
from games.sevens.cards import FULL_DECK
from games.sevens.state import RoundState

from .helpers import play_match, random_rules


def reachable(root):
    """Every object reachable from `root` through references (the view's whole object graph)."""
    seen, stack, out = set(), [root], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        out.append(obj)
        stack.extend(gc.get_referents(obj))
    return out


def swapped(state, seat, rng):
    """The same state with one card swapped between two other seats that hold cards."""
    others = [s for s in range(state.n) if s != seat and state.hands[s] & FULL_DECK]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    ca = rng.choice(cards.bits(state.hands[a] & FULL_DECK))
    cb = rng.choice(cards.bits(state.hands[b] & FULL_DECK))
    new = state.copy()
    new.hands[a] ^= (1 << ca) | (1 << cb)
    new.hands[b] ^= (1 << ca) | (1 << cb)
    return new


def check_view(state, view, rng):
    assert type(view) is SeatView
    for obj in reachable(view):
        assert not isinstance(obj, RoundState)
    other = swapped(state, view.seat, rng)
    if other is not None:
        again = seat_view(other, view.seat)
        assert vars(again) == vars(view)
        assert again.to_dict() == view.to_dict()


def test_it_hands_bots_only_views_without_other_hands():
    # The About page says it: "Our tests play thousands of turns and, at each one, swap cards
    # between the other players' hands". Every turn is checked, and there are thousands of them.
    rng = random.Random(4)
    checked = 0

    def on_view(state, view):
        nonlocal checked
        check_view(state, view, rng)
        checked += 1

    for i in range(12):
        rules = random_rules(rng, rounds=1) if i else RuleSet.preset("japanese", rounds=1)
        bots = [get_bot(n) for n in ("hard:playouts=8", "medium", "easy", "medium")]
        play_match(rules, bots[: rules.players], seed=i, on_view=on_view)
    seed = 12
    while checked < 2000:  # more matches of the quick levels (Hard's take the time)
        rules = random_rules(rng, rounds=1)
        bots = [get_bot(n) for n in ("easy", "medium", "random", "medium")]
        play_match(rules, bots[: rules.players], seed=seed, on_view=on_view)
        seed += 1
