"""The replay cache serves the same position as a full replay, and never another round's."""

import pytest

from games.models import MatchRound
from games.sevens import LogError, RuleSet, replay_round
from rooms import rounds
from tests.live_support import fresh, hotseat_room, new_session, play_round_by_hand

pytestmark = pytest.mark.django_db


def full(rnd, rules):
    return replay_round(rules, rnd.hands, rnd.dealer, rnd.events)


def test_it_rebuilds_every_position_as_a_full_replay_does():
    aki = new_session()
    room = play_round_by_hand(hotseat_room(aki, joker=True), aki)
    rules = RuleSet.from_dict(room.rules)
    stored = fresh(room).match.rounds.get()
    for n in range(len(stored.events) + 1):
        rnd = MatchRound(pk=stored.pk, dealer=stored.dealer, hands=stored.hands)
        rnd.events = stored.events[:n]
        try:
            replayed = full(rnd, rules)
        except LogError:
            continue  # cut between a joker and its redeem: not a log that can be stored
        cached = rounds.rebuild(rules, rnd)
        assert cached.log_events() == replayed.log_events()
        assert (cached.turn, cached.over, cached.hands) == (
            replayed.turn,
            replayed.over,
            replayed.hands,
        )


def test_it_does_not_serve_a_round_that_was_rolled_back_under_the_same_id():
    aki = new_session()
    room = hotseat_room(aki)
    rules = RuleSet.from_dict(room.rules)
    first = fresh(room).match.rounds.get()
    rounds.rebuild(rules, first)
    other = hotseat_room(aki).match.rounds.get()
    reused = MatchRound(pk=first.pk, dealer=other.dealer, hands=other.hands, events=[])
    assert rounds.rebuild(rules, reused).hands == full(reused, rules).hands
