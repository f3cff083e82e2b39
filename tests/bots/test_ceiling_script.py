"""`scripts/ceiling.py`, the diagnostic that gives Hard information no seat has: a revealed seat's
real hand is in every world Hard deals, the others stay hidden and consistent, and the
perfect-information search picks an action no worse, in the real deal, than any other."""

import json
import random

from games.sevens import RuleSet
from games.sevens.batch import supports
from games.sevens.bots.batch_worlds import Chains
from games.sevens.bots.sampler import Sampler
from games.sevens.state import PLAYING

from .helpers import load_script, positions


def _mid_round_positions(seed):
    for state, view in positions(RuleSet.preset("japanese"), seed, every=4):
        if len(view.hidden_seats()) == 3:
            yield state, view


def test_it_deals_a_revealed_seats_real_hand_in_every_world():
    ceiling = load_script("ceiling")
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        for state, view in _mid_round_positions(seed):
            shown = (view.seat + 1) % view.n
            view = ceiling.reveal(view, state, {shown})
            assert view.hidden_seats() == [
                s
                for s in range(view.n)
                if s not in (view.seat, shown) and view.status[s] == PLAYING
            ]
            hands = Sampler(view).sample(rng)
            assert hands[shown] == state.hands[shown]
            hidden = hands[view.hidden_seats()[0]] | hands[view.hidden_seats()[1]]
            assert (
                hidden == state.hands[view.hidden_seats()[0]] | state.hands[view.hidden_seats()[1]]
            )
            assert supports(view.rules)
            worlds = Chains(view, rng, 20, 10, 1, 0.02, 0.6).next()
            assert all(int(w[shown]) == state.hands[shown] for w in worlds)
            view.determinize([int(h) for h in worlds[0]])  # the engine takes it as consistent
            checked += 1
    assert checked > 10


def test_it_deals_the_real_hands_when_every_seat_is_revealed():
    ceiling = load_script("ceiling")
    state, view = next(_mid_round_positions(5))
    view = ceiling.reveal(view, state, set(range(view.n)))
    assert view.hidden_seats() == [] and view.unseen == 0
    assert Sampler(view).sample(random.Random(0)) == list(state.hands)


def test_its_search_picks_the_best_action_of_the_real_deal():
    ceiling = load_script("ceiling")
    checked = 0
    for state, view in _mid_round_positions(6):
        codes = state.legal_codes()
        if len(codes) < 2:
            continue
        action = ceiling.search(None, state, view, 0, random.Random(0), depth=1)
        quiet = ceiling.passes_since_last_play(view)
        values = {c: ceiling.value(*ceiling._after(state, c, quiet), view.seat, 0) for c in codes}
        assert values[action.code] == max(values.values())
        # Two choices deep is never worse than one, in the same deal and the same model.
        deeper = ceiling.value(state.copy(record=False), quiet, view.seat, 2)
        assert deeper >= max(values.values())
        checked += 1
    assert checked >= 3


def test_it_runs_the_duplicate_deals_with_the_information_given(tmp_path, capsys):
    out = tmp_path / "values.json"
    argv = ["--reveal", "1,2,3", "--", "--cpu", "hard:playouts=40,medium,medium,medium"]
    argv += ["--deals", "2", "--seed", "4", "--values", str(out)]
    assert load_script("ceiling").main(argv) == 0
    values = json.loads(out.read_text())
    for deal in range(2):
        assert sum(v[deal] for v in values) == 6
    assert "entry 0 sees seats +1,2,3" in capsys.readouterr().out
