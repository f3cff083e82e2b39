"""create_room: the three modes seat their players as the issue says."""

import pytest

from games.models import Match
from rooms.errors import RoomError
from rooms.models import Room
from rooms.services import create_room
from tests.live_support import cpu_room, hotseat_room, new_session, rules

pytestmark = pytest.mark.django_db


def test_it_seats_the_creator_in_red_against_cpus_and_deals():
    aki = new_session()
    room = cpu_room(aki, level="hard")
    seats = list(room.seats.all())
    assert [(s.kind, s.level) for s in seats] == [("human", ""), *[("cpu", "hard")] * 3]
    assert seats[0].session_key == aki and seats[0].name == "Aki"
    assert all(s.session_key is None for s in seats[1:])
    assert room.status == Room.Status.PLAYING and room.version == 1
    assert room.match.status == Match.Status.PLAYING
    assert room.match.rounds.count() == 1
    assert sum(len(h) for h in room.match.rounds.get().hands) == 52


def test_it_gives_every_hotseat_seat_to_the_one_device():
    aki = new_session()
    room = hotseat_room(aki, players=3)
    assert [s.session_key for s in room.seats.all()] == [aki] * 3
    assert room.status == Room.Status.PLAYING


def test_it_keeps_a_friend_room_waiting_with_free_seats():
    aki = new_session()
    room = create_room(rules=rules(), mode="friend", level=None, names=["Aki"], session_key=aki)
    seats = list(room.seats.all())
    assert room.status == Room.Status.WAITING and room.match is None
    assert seats[0].session_key == aki
    assert [s.session_key for s in seats[1:]] == [None] * 3
    assert len(room.slug) >= 16


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"rules": rules(players=5), "mode": "cpu", "level": "easy"}, "bad_rules"),
        ({"rules": {"players": 4}, "mode": "cpu", "level": "easy"}, "bad_rules"),
        ({"rules": rules(), "mode": "online", "level": "easy"}, "bad_mode"),
        ({"rules": rules(), "mode": "cpu", "level": "genius"}, "bad_level"),
    ],
)
def test_it_refuses_a_room_it_cannot_play(kwargs, code):
    with pytest.raises(RoomError) as refused:
        create_room(names=[], session_key=new_session(), **kwargs)
    assert refused.value.code == code
    assert Room.objects.count() == 0
