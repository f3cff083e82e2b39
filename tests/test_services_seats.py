"""Seats: joining by the link, leaving to the CPU, coming back, and starting with CPUs."""

import pytest

from rooms import services
from rooms.errors import RoomError
from rooms.models import Room
from tests.live_support import fresh, new_session, rules

pytestmark = pytest.mark.django_db


def friend_room(aki):
    return services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=aki
    )


def test_it_gives_a_free_seat_to_a_visitor_with_the_link():
    aki, ben = new_session(), new_session()
    room = friend_room(aki)
    seat = services.take_seat(room, 2, "  Ben  ", ben)
    assert (seat.index, seat.name, seat.session_key) == (2, "Ben", ben)
    assert fresh(room).version == 2


def test_a_name_is_cut_as_the_forms_cut_it_whoever_calls():
    """The services keep the forms' limit (24), not a longer one of their own: a name given
    by a script or a test is shown as the pages would show it."""
    from rooms.forms import NAME_LENGTH

    aki, ben = new_session(), new_session()
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["A " * 30], session_key=aki
    )
    seat = services.take_seat(room, 1, "B" * 60, ben)
    assert seat.name == "B" * NAME_LENGTH
    assert room.seats.get(index=0).name == ("A " * 12).strip()


def test_it_refuses_a_taken_seat_and_a_second_seat():
    aki, ben, chie = new_session(), new_session(), new_session()
    room = friend_room(aki)
    services.take_seat(room, 1, "Ben", ben)
    for index, key, code in [
        (1, chie, "seat_taken"),
        (2, ben, "already_seated"),
        (0, chie, "seat_taken"),
        (7, chie, "no_such_seat"),
    ]:
        with pytest.raises(RoomError) as refused:
            services.take_seat(room, index, "x", key)
        assert refused.value.code == code


def test_it_lets_only_the_creator_fill_with_cpus_and_start():
    aki, ben = new_session(), new_session()
    room = friend_room(aki)
    services.take_seat(room, 1, "Ben", ben)
    with pytest.raises(RoomError) as refused:
        services.fill_and_start(room, ben)
    assert refused.value.code == "not_creator"
    services.fill_and_start(room, aki, level="easy")
    room = fresh(room)
    kinds = [(s.kind, s.level) for s in room.seats.all()]
    assert kinds == [("human", ""), ("human", ""), ("cpu", "easy"), ("cpu", "easy")]
    assert room.status == Room.Status.PLAYING and room.match.rounds.count() == 1
    with pytest.raises(RoomError):
        services.fill_and_start(room, aki)


def test_the_player_who_opened_the_room_and_left_their_seat_does_not_start_it():
    """Aki left her seat before the start: she only watches now, and a game she started would be
    one she is not in (with nobody seated, one nobody plays). Ben, seated, starts it; the help
    says "if they leave their seat before that, any seated player can"."""
    aki, ben = new_session(), new_session()
    room = friend_room(aki)
    services.leave_seat(room, aki)
    with pytest.raises(RoomError) as refused:
        services.fill_and_start(room, aki)
    assert refused.value.code == "start_from_seat"
    assert refused.value.message == "Only a player seated at the table can start the game."
    services.take_seat(room, 1, "Ben", ben)
    with pytest.raises(RoomError):
        services.fill_and_start(room, aki)
    assert fresh(room).status == Room.Status.WAITING
    services.fill_and_start(room, ben, level="easy")
    assert fresh(room).status == Room.Status.PLAYING


def test_it_hands_a_left_seat_to_the_cpu_until_someone_takes_it():
    aki, ben, chie = new_session(), new_session(), new_session()
    room = friend_room(aki)
    services.take_seat(room, 1, "Ben", ben)
    services.fill_and_start(room, aki)
    services.leave_seat(room, ben)
    seat = fresh(room).seats.get(index=1)
    assert seat.cpu_controlled and seat.session_key is None
    services.take_seat(room, 1, "Chie", chie)
    seat = fresh(room).seats.get(index=1)
    assert not seat.cpu_controlled and seat.session_key == chie


def test_it_frees_a_seat_left_before_the_start():
    aki, ben = new_session(), new_session()
    room = friend_room(aki)
    services.take_seat(room, 1, "Ben", ben)
    services.leave_seat(room, ben)
    seat = fresh(room).seats.get(index=1)
    assert seat.session_key is None and not seat.cpu_controlled
