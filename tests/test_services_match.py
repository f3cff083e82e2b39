"""A whole match through the services: rounds settle, the dealer rotates, the winner is kept, and
the stored log is a valid sevens-log/1 document."""

import pytest

from games.models import Match
from games.sevens import replay_log
from rooms import services
from rooms.errors import RoomError
from rooms.models import Room
from tests.live_support import fresh, hotseat_room, new_session, play_round_by_hand

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("preset", [{}, {"players": 3, "joker": True, "ends": "tunnel"}])
def test_it_plays_three_rounds_to_a_winner(preset):
    aki = new_session()
    room = hotseat_room(aki, rounds=3, **preset)
    for number in range(3):
        room = play_round_by_hand(room, aki)
        if number < 2:
            assert room.status == Room.Status.BETWEEN_ROUNDS and room.turn is None
            services.next_round(room, aki)
    room = fresh(room)
    assert room.status == Room.Status.FINISHED
    match = Match.objects.get(pk=room.match_id)
    assert match.status == Match.Status.FINISHED
    dealers = [r.dealer for r in match.rounds.order_by("number")]
    n = room.players
    assert dealers == [(n - 1 + k) % n for k in range(3)]
    replayed = replay_log(match.to_log())
    assert (replayed.totals, replayed.winner) == (match.totals, match.winner)


def test_it_deals_the_next_round_only_between_rounds_and_for_a_seated_player():
    aki, ben = new_session(), new_session()
    room = hotseat_room(aki, rounds=3)
    with pytest.raises(RoomError) as refused:
        services.next_round(room, aki)
    assert refused.value.code == "not_between_rounds"
    room = play_round_by_hand(room, aki)
    with pytest.raises(RoomError) as refused:
        services.next_round(room, ben)
    assert refused.value.code == "not_your_seat"


def test_two_presses_of_the_same_finished_round_deal_one_round():
    aki = new_session()
    room = play_round_by_hand(hotseat_room(aki, rounds=3), aki)
    seen = room.version
    services.next_round(room, aki, seen)
    dealt = fresh(room)
    services.next_round(room, aki, seen)  # the other player's press, on the table they saw
    after = fresh(room)
    assert after.version == dealt.version and after.status == Room.Status.PLAYING
    assert Match.objects.get(pk=room.match_id).rounds.count() == 2
