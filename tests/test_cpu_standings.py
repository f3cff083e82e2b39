"""A CPU turn of a live room carries the match's standings (public: the totals every seat sees),
so Hard can play the last round of a match for them."""

import pytest

from games.models import Match, MatchRound
from rooms import cpu, services
from rooms.moves import choose_move
from tests.live_support import cpu_room, fresh, legal, new_session

pytestmark = pytest.mark.django_db


def cpu_turn(room, key):
    room = fresh(room)
    while room.turn == 0:  # the player's turn first: play anything
        assert services.submit_action(room.slug, 0, legal(room)[0], room.version, key).ok
        room = fresh(room)
    return cpu.plan(room.slug)


def test_a_cpu_turn_knows_the_match_so_far(settings):
    settings.SEVENS_CPU_IN_SERVER = False
    key = new_session()
    room = cpu_room(key, level="hard", rounds=3)
    turn = cpu_turn(room, key)
    assert turn.job["totals"] == [0, 0, 0, 0] and turn.job["rounds_left"] == 2
    # The last round, with the totals the earlier rounds left.
    Match.objects.filter(pk=room.match_id).update(totals=[6, 2, 3, 1])
    MatchRound.objects.filter(match_id=room.match_id).update(number=2)
    turn = cpu.plan(room.slug)
    assert turn.job["totals"] == [6, 2, 3, 1] and turn.job["rounds_left"] == 0
    turn.job["level"] = "hard:playouts=40"
    action = choose_move(turn.job)
    assert action is not None and action["type"] in ("play", "pass", "joker")
