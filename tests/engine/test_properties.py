"""Laws that hold in every game, over random games of both presets and random option mixes."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.sevens import (
    OPTIONS,
    Action,
    IllegalAction,
    Match,
    RoundState,
    RuleSet,
    apply,
    cards,
    replay_log,
    seat_view,
)

MAX_STEPS = 5000
CARD = __import__("re").compile(r"\b(?:[A2-9TJQK][SHDC]|JK)\b")


@st.composite
def rule_sets(draw):
    preset = draw(st.sampled_from(["japanese", "chinese", "mix", "mix"]))
    if preset != "mix":
        return RuleSet.preset(preset, rounds=draw(st.sampled_from([1, 3])))
    options = {name: draw(st.sampled_from(values)) for name, values in OPTIONS.items()}
    if options["sevens"] == "played":
        options["joker"] = False
    options["rounds"] = min(options["rounds"], 3)
    return RuleSet(**options).validate()


seeds = st.integers(min_value=0, max_value=2**32 - 1)


def runs(examples):
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def choose(state, rng):
    """A random legal action, passing less often so unlimited passes still end rounds."""
    actions = state.legal_actions()
    plays = [a for a in actions if a.type != "pass"]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(actions)


def deck_mask(rules):
    return cards.FULL_DECK | (cards.JOKER_BIT if rules.joker else 0)


def fingerprint(state):
    """Every field of a round, as plain data, to tell whether it changed."""
    out = []
    for slot in RoundState.__slots__:
        value = getattr(state, slot)
        if isinstance(value, list | tuple | dict):
            value = json.dumps(value, default=repr, sort_keys=True)
        elif slot not in ("rules", "rows"):
            value = repr(value)
        out.append(value)
    return out


def hands_of(state):
    return [seat_view(state, s).hand for s in range(state.rules.players)]


def assert_accounted(state):
    hands = hands_of(state)
    table = seat_view(state, None).table
    removed = cards.JOKER_BIT if seat_view(state, None).joker_removed else 0
    total = table | removed
    count = cards.count(table) + (1 if removed else 0)
    for h in hands:
        total |= h
        count += cards.count(h)
    assert total == deck_mask(state.rules)
    assert count == cards.count(total), "a card is in two places"


def cards_named(value, skip_keys=("spot",)):
    """Every card name in a view's dict, outside the rows (whose cells name every spot)."""
    found = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("rows", "rules", *skip_keys):
                continue
            found |= cards_named(v, skip_keys)
    elif isinstance(value, list):
        for v in value:
            found |= cards_named(v, skip_keys)
    elif isinstance(value, str):
        found |= set(CARD.findall(value))
    return found


def assert_private(state, seat):
    """The seat's view names no card another seat holds (but the losers' hands once revealed)."""
    d = seat_view(state, seat).to_dict()
    hands = hands_of(state)
    revealed = d["revealed"] or {}
    named = cards_named({k: v for k, v in d.items() if k != "revealed"})
    for other, mask in enumerate(hands):
        if other == seat:
            assert d["hand"] == cards.names_in_rows(mask, state.rules.ace)
            continue
        theirs = set(cards.names(mask))
        assert not named & theirs, f"seat {seat} sees {named & theirs} of seat {other}"
        if str(other) in revealed:
            assert sorted(revealed[str(other)]) == sorted(theirs)
    if revealed:
        assert d["over"] and state.rules.scoring == "cards_left"
        winner = state.result().ranking[0]
        assert str(winner) not in revealed
        assert set(revealed) == {str(s) for s, h in enumerate(hands) if h and s != winner}
    elif d["over"] and state.rules.scoring == "cards_left":
        winner = state.result().ranking[0]
        assert not any(h for s, h in enumerate(hands) if s != winner)


def assert_knowledge_sound(state):
    """What a view says a bot may infer holds: a seat never holds a card it was shown void in, and
    the cards a seat has not seen are exactly the other playing seats' hands."""
    hands = hands_of(state)
    watcher = seat_view(state, None)
    for seat, hand in enumerate(hands):
        assert watcher.known_void[seat] & hand == 0
        others = 0
        for other, theirs in enumerate(hands):
            if other != seat and watcher.status[other] == 0:
                others |= theirs
        assert seat_view(state, seat).unseen == others


def assert_result(state):
    result = state.result()
    n = state.rules.players
    assert sorted(result.ranking) == list(range(n))
    if state.rules.scoring == "rank_points":
        assert [result.points[s] for s in result.ranking] == list(range(n - 1, -1, -1))
    else:
        assert sum(result.points) == 0
        winner = result.ranking[0]
        assert all(result.points[s] <= 0 for s in range(n) if s != winner)


@runs(30)
@given(rules=rule_sets(), seed=seeds)
def test_it_keeps_cards_accounted_views_private_and_inputs_unchanged(rules, seed):
    """Every card is in a hand, on the table or (the joker) removed; a view never shows another
    seat's cards until a `cards_left` round reveals the losers'; `apply` never changes its input."""
    match = Match(rules.validate(), seed=seed)
    rng = random.Random(seed)
    state = match.start_round()
    assert_accounted(state)
    steps = 0
    while not state.over:
        before = fingerprint(state)
        action = choose(state, rng)
        new, events = apply(state, action)
        assert fingerprint(state) == before
        assert events and events[0]["type"] in ("play", "pass", "joker")
        state = new
        assert_accounted(state)
        assert_private(state, rng.randrange(rules.players))
        assert_knowledge_sound(state)
        steps += 1
        assert steps < MAX_STEPS
    for seat in range(rules.players):
        assert_private(state, seat)
    assert_result(state)


@runs(120)
@given(rules=rule_sets(), seed=seeds)
def test_it_ends_every_round_with_places_and_points(rules, seed):
    """Every round ends; places are a permutation of the seats; rank points are 3/2/1/0 (2/1/0)
    by place; `cards_left` points sum to zero; the match totals are the sums."""
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        state = match.start_round()
        steps = 0
        while not state.over:
            match.record(choose(state, rng))
            state = match.current
            steps += 1
            assert steps < MAX_STEPS
        assert_result(state)
        assert_accounted(state)
    results = match.results()
    assert len(results) == rules.rounds
    assert match.totals == [sum(r.points[s] for r in results) for s in range(rules.players)]
    assert match.winner in match.standings[:1]


@runs(50)
@given(rules=rule_sets(), seed=seeds, stop=st.floats(min_value=0, max_value=1))
def test_it_rebuilds_any_position_by_replaying_the_log(rules, seed, stop):
    """spec/sevens-log.md: "Any position of a match can be rebuilt by replaying its log." The match
    stops part-way through a round (or at its end) and its log is replayed."""
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    total_rounds = rng.randint(1, rules.rounds)
    for r in range(total_rounds):
        state = match.start_round()
        last = r == total_rounds - 1
        steps = 0
        while not state.over and not (last and rng.random() < stop / 20):
            match.record(choose(state, rng))
            state = match.current
            steps += 1
            assert steps < MAX_STEPS
    log = json.loads(json.dumps(match.to_log()))
    again = replay_log(log)
    assert again.to_log() == log
    a, b = match.current, again.current
    for seat in [None, *range(rules.players)]:
        assert seat_view(a, seat).to_dict() == seat_view(b, seat).to_dict()
    assert a.legal_actions() == b.legal_actions()


def every_action(state):
    out = [Action.pass_()] + [Action.play(c) for c in range(53)]
    for spot in range(52):
        suit = spot // 13
        out += [Action.joker(spot, suit * 13 + r) for r in range(13)]
    return out


@runs(20)
@given(rules=rule_sets(), seed=seeds)
def test_it_applies_every_legal_action_and_refuses_every_other(rules, seed):
    """`legal_actions` lists exactly what `check` accepts; the others raise `IllegalAction` with a
    code and a message, and another seat is always told it is not its turn."""
    rng = random.Random(seed)
    state = Match(rules, seed=seed).start_round()
    steps = 0
    while not state.over:
        legal = {a.to_dict()["type"] + str(a.code) for a in state.legal_actions()}
        assert legal
        plain = [a.card for a in state.legal_actions() if a.type == "play"]
        assert cards.bits(state.legal_mask()) == plain
        if rng.random() < 0.08:
            for a in every_action(state):
                key = a.to_dict()["type"] + str(a.code)
                if key in legal:
                    assert state.check(state.turn, a) is None
                    apply(state, a)
                else:
                    try:
                        state.check(state.turn, a)
                    except IllegalAction as err:
                        assert err.code and err.message
                    else:
                        raise AssertionError(f"{a} passes check but is not legal")
            other = (state.turn + 1) % rules.players
            try:
                state.check(other, state.legal_actions()[0])
            except IllegalAction as err:
                assert err.code == "not_your_turn"
            else:
                raise AssertionError("another seat may act")
        state, _ = apply(state, choose(state, rng))
        steps += 1
        assert steps < MAX_STEPS
    try:
        state.check(None, Action.pass_())
    except IllegalAction as err:
        assert err.code == "round_over"
    else:
        raise AssertionError("a finished round takes actions")


@runs(40)
@given(seed=seeds)
def test_it_always_leaves_someone_able_to_play_in_the_chinese_game(seed):
    """002: 牌局還沒結束時至少有一家能出牌，不會出現四家一直過下去的情況。 (While the round is on, at
    least one seat can play: the four never pass forever.)"""
    rules = RuleSet.preset("chinese")
    rng = random.Random(seed)
    state = Match(rules, seed=seed).start_round()
    passes_in_a_row = 0
    while not state.over:
        action = choose(state, rng)
        if action.type == "pass":
            passes_in_a_row += 1
            assert passes_in_a_row < 4
        else:
            passes_in_a_row = 0
        state, _ = apply(state, action)
    assert state.result().ranking[0] in state.order


@runs(40)
@given(seed=seeds)
def test_the_chinese_game_ends_at_the_first_seat_out_and_each_other_pays_its_hand(seed):
    """002: the 7♦ holder opens with it; a seat passes only when no card fits; the first seat to
    empty its hand ends the round at once and takes the sum of the others' cards left, one point a
    card."""
    rules = RuleSet.preset("chinese")
    rng = random.Random(seed)
    state = Match(rules, seed=seed).start_round()
    opener = state.holder(cards.parse("7D"))
    assert state.turn == opener and [a.to_dict() for a in state.legal_actions()] == [
        {"type": "play", "card": "7D"}
    ]
    while not state.over:
        action = state.legal_actions()[0] if rng.random() < 0.5 else choose(state, rng)
        if action.type == "pass":
            assert state.legal_actions() == [Action.pass_()]
        state, _ = apply(state, action)
    left = [cards.count(hand) for hand in state.hands]
    assert left.count(0) == 1
    winner = left.index(0)
    result = state.result()
    assert result.ranking[0] == winner
    assert result.points == [sum(left) if s == winner else -left[s] for s in range(4)]
