"""The CPU plays for a player who left or stayed away past the grace period, and gives the seat
back when the player returns."""

from datetime import timedelta

import pytest
from django.utils import timezone

from rooms import cpu, services
from rooms.models import Room, Seat
from tests.live_support import fresh, new_session, rules

pytestmark = pytest.mark.django_db


@pytest.fixture
def friends(settings):
    settings.SEVENS_CPU_DELAY = 0
    aki, ben = new_session(), new_session()
    room = services.create_room(
        rules=rules(rounds=3), mode="friend", level=None, names=["Aki"], session_key=aki
    )
    services.take_seat(room, 1, "Ben", ben)
    services.fill_and_start(room, aki, level="random")
    return fresh(room), aki, ben


def ben_goes_away(room, aki, ben):
    # Aki's tab stays open; Ben's connection drops and stays down past the grace period.
    services.seat_connected(room.slug, aki)
    services.seat_disconnected(room.slug, ben)
    grace = services.grace_seconds()
    assert services.expire_absent_seats(timezone.now() + timedelta(seconds=grace + 1))


def test_it_plays_bens_seat_while_he_is_away_and_stops_when_he_is_back(friends):
    room, aki, ben = friends
    ben_goes_away(room, aki, ben)
    assert [s.cpu_controlled for s in fresh(room).seats.all()] == [False, True, False, False]
    for _ in range(40):  # Aki plays her turns; the CPU plays everyone else's, Ben's too
        cpu.play_pending(room.slug)
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        assert room.turn == 0
        move = services.legal_for(room.slug, 0)[0]
        assert services.submit_action(room.slug, 0, move, room.version, aki).ok
    events = fresh(room).match.rounds.get().events
    assert any(e["seat"] == 1 and e["type"] in ("play", "joker") for e in events)
    services.seat_connected(room.slug, ben)
    assert not Seat.objects.get(room=room, index=1).cpu_controlled


def test_it_drops_a_cpu_move_planned_just_before_the_player_came_back(friends):
    room, aki, ben = friends
    ben_goes_away(room, aki, ben)
    turn = None
    for _ in range(40):
        turn = cpu.plan(room.slug)
        if turn and turn.seat == 1:
            break
        if turn:
            cpu.submit(turn, cpu.decide(turn))
        else:
            room = fresh(room)
            move = services.legal_for(room.slug, 0)[0]
            services.submit_action(room.slug, 0, move, room.version, aki)
    assert turn and turn.seat == 1
    services.seat_connected(room.slug, ben)  # Ben is back before the CPU's move lands
    result = cpu.submit(turn, cpu.decide(turn))
    assert result.stale
    room = fresh(room)
    assert room.turn == 1 and room.version == turn.version + 1


def aki_plays_to_the_end(room: Room, aki: str) -> Room:
    """Aki (seat 0) takes her turns, the computer every other, until the match is over."""
    room = fresh(room)
    for _ in range(80):
        cpu.play_pending(room.slug)
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        move = services.legal_for(room.slug, 0)[0]
        assert services.submit_action(room.slug, 0, move, room.version, aki).ok
    assert room.status == Room.Status.FINISHED
    return room


def test_a_player_back_once_the_match_is_over_plays_the_rematch_himself(settings):
    """Ben's connection dropped, the computer played his seat to the end of the match; he opens
    the room again on the final table and Aki presses "Play again": the new match is his to play,
    not the computer's (his socket stays open, so nothing would give the seat back later)."""
    settings.SEVENS_CPU_DELAY = 0
    aki, ben = new_session(), new_session()
    room = services.create_room(
        rules=rules(rounds=1), mode="friend", level=None, names=["Aki"], session_key=aki
    )
    services.take_seat(room, 1, "Ben", ben)
    services.fill_and_start(room, aki, level="random")
    ben_goes_away(fresh(room), aki, ben)
    room = aki_plays_to_the_end(room, aki)
    version = room.version

    services.seat_connected(room.slug, ben)
    seat = Seat.objects.get(room=room, index=1)
    assert not seat.cpu_controlled and seat.connected
    assert fresh(room).version == version + 1  # every table stops showing him away

    assert services.rematch(room, aki, fresh(room).version)
    assert [s.cpu_controlled for s in fresh(room).seats.all()] == [False, False, False, False]


def test_a_seat_whose_player_logged_out_is_free_in_the_next_match(settings):
    """Ben logged out during the match: the computer played his seat to the end, under his old
    key (nobody could take it then). "Play again" frees it for anyone with the link; it used to
    read "away" match after match, and nobody could take it."""
    from importlib import import_module

    settings.SEVENS_CPU_DELAY = 0
    aki, ben, chie = new_session(), new_session(), new_session()
    room = services.create_room(
        rules=rules(rounds=1), mode="friend", level=None, names=["Aki"], session_key=aki
    )
    services.take_seat(room, 1, "Ben", ben)
    services.take_seat(room, 2, "Chie", chie)
    services.fill_and_start(room, aki, level="random")
    services.log_out_browser(ben)
    import_module(settings.SESSION_ENGINE).SessionStore(session_key=ben).delete()  # logout()
    services.seat_disconnected(room.slug, chie)  # Chie only closed her tab: she may come back
    services.expire_absent_seats(timezone.now() + timedelta(hours=1))
    services.seat_connected(room.slug, aki)  # Aki, at the table all along
    assert [s.cpu_controlled for s in fresh(room).seats.all()] == [False, True, True, False]
    room = aki_plays_to_the_end(room, aki)

    assert services.rematch(room, aki, fresh(room).version)
    ben_seat, chie_seat = (Seat.objects.get(room=room, index=i) for i in (1, 2))
    assert ben_seat.session_key is None and ben_seat.cpu_controlled  # free: the computer plays it
    assert chie_seat.session_key == chie and chie_seat.cpu_controlled  # hers, away for now
    assert services.take_seat(room, 1, "Dan", new_session()).name == "Dan"
