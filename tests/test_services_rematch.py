"""Play again: when a match is over, a seated player starts a new match in the same room, with the
same seats and rules, so friends need no new link; the finished match stays as it was."""

import pytest

from games.models import Match
from history.models import MatchPlayer
from rooms import presence, services
from rooms.errors import RoomError
from rooms.models import Room
from tests.live_support import fresh, hotseat_room, new_session, play_round_by_hand

pytestmark = pytest.mark.django_db


def finished_room(key: str, **rules) -> Room:
    room = play_round_by_hand(hotseat_room(key, rounds=1, **rules), key)
    assert room.status == Room.Status.FINISHED
    return room


def test_it_starts_a_new_match_with_the_same_seats_and_rules():
    aki = new_session()
    room = finished_room(aki, players=3, joker=True)
    old = Match.objects.get(pk=room.match_id)
    seats_before = list(room.seats.values_list("index", "name", "kind", "session_key"))

    assert services.rematch(room, aki, room.version) is True
    room = fresh(room)
    assert room.status == Room.Status.PLAYING and room.turn is not None
    assert room.match_id != old.pk
    new = Match.objects.get(pk=room.match_id)
    assert new.rules == old.rules and new.seats == old.seats
    assert new.status == Match.Status.PLAYING and new.rounds.count() == 1
    assert list(room.seats.values_list("index", "name", "kind", "session_key")) == seats_before
    assert MatchPlayer.objects.filter(match=new).count() == 3  # in the player's history too
    old.refresh_from_db()
    assert old.status == Match.Status.FINISHED and old.winner is not None


def test_a_second_press_of_the_same_finished_table_changes_nothing():
    aki = new_session()
    room = finished_room(aki)
    seen = room.version
    assert services.rematch(room, aki, seen) is True
    started = fresh(room)
    assert services.rematch(room, aki, seen) is False  # another player (or tab) was first
    after = fresh(room)
    assert (after.version, after.match_id) == (started.version, started.match_id)
    assert Match.objects.filter(room=room).count() == 2


def test_it_refuses_a_match_still_being_played_and_a_browser_with_no_seat():
    aki, mallory = new_session(), new_session()
    room = hotseat_room(aki, rounds=1)
    with pytest.raises(RoomError) as refused:
        services.rematch(room, aki, room.version)
    assert refused.value.code == "not_finished"
    room = finished_room(aki)
    with pytest.raises(RoomError) as refused:
        services.rematch(room, mallory, room.version)
    assert refused.value.code == "not_your_seat"
    assert fresh(room).status == Room.Status.FINISHED


def test_a_closed_room_says_so():
    aki = new_session()
    room = finished_room(aki)
    assert presence.close_room(room)
    with pytest.raises(RoomError) as refused:
        services.rematch(room, aki, fresh(room).version)
    assert refused.value.code == "room_closed"
