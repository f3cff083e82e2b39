"""Presence: a connection down past the grace period hands the seat to the CPU; coming back takes
it again; a room nobody is in closes and keeps its match, abandoned."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from rooms import services
from rooms.models import Room, Seat
from tests.live_support import cpu_room, fresh, new_session

pytestmark = pytest.mark.django_db


def test_it_hands_a_seat_to_the_cpu_after_the_grace_period(settings):
    settings.SEVENS_GRACE_SECONDS = 30
    aki = new_session()
    room = cpu_room(aki)
    services.seat_connected(room.slug, aki)
    services.seat_disconnected(room.slug, aki)
    assert services.expire_absent_seats(timezone.now() + timedelta(seconds=10)) == []
    assert not Seat.objects.get(room=room, index=0).cpu_controlled
    version = fresh(room).version
    assert services.expire_absent_seats(timezone.now() + timedelta(seconds=31)) == [room.slug]
    seat = Seat.objects.get(room=room, index=0)
    assert seat.cpu_controlled and seat.session_key == aki
    assert fresh(room).version == version + 1


def test_it_counts_a_seat_whose_heartbeats_stopped_as_away(settings):
    # A server process that died never marks its sockets disconnected.
    settings.SEVENS_GRACE_SECONDS = 30
    aki = new_session()
    room = cpu_room(aki)
    services.seat_connected(room.slug, aki)
    assert services.expire_absent_seats(timezone.now() + timedelta(seconds=45)) == []
    assert services.expire_absent_seats(timezone.now() + timedelta(seconds=61)) == [room.slug]


def test_a_process_just_started_hands_no_seat_over_before_its_players_could_be_back(settings):
    # Every process restarted after an outage longer than the grace period: the seats' last
    # heartbeats are as old as the outage. The first sweep came before any page reconnected.
    settings.SEVENS_GRACE_SECONDS = 30
    aki, ben = new_session(), new_session()
    gone, stale = cpu_room(aki), cpu_room(ben)
    services.seat_disconnected(gone.slug, aki)  # a closed tab, before the outage
    services.seat_connected(stale.slug, ben)  # a socket its dead process never said gone
    outage_over = timezone.now() + timedelta(seconds=90)
    started = outage_over - timedelta(seconds=1)
    assert services.expire_absent_seats(outage_over, awake_since=started) == []
    later = started + timedelta(seconds=31)  # awake a grace period: the closed tab is away
    assert services.expire_absent_seats(later, awake_since=started) == [gone.slug]
    assert not Seat.objects.get(room=stale, index=0).cpu_controlled
    later = started + timedelta(seconds=61)  # and the silent socket counts as dead
    assert services.expire_absent_seats(later, awake_since=started) == [stale.slug]


def test_it_gives_the_seat_back_when_its_player_reconnects(settings):
    aki = new_session()
    room = cpu_room(aki)
    services.seat_disconnected(room.slug, aki)
    services.expire_absent_seats(timezone.now() + timedelta(seconds=3600))
    assert Seat.objects.get(room=room, index=0).cpu_controlled
    version = fresh(room).version
    services.seat_connected(room.slug, aki)
    seat = Seat.objects.get(room=room, index=0)
    assert not seat.cpu_controlled and seat.connected
    assert fresh(room).version == version + 1


def test_it_stops_playing_when_nobody_is_left_to_play_for():
    aki = new_session()
    room = cpu_room(aki)
    services.leave_seat(room, aki)
    assert fresh(room).auto_turn is False


def test_it_closes_a_room_nobody_is_in_and_keeps_its_match(settings):
    settings.SEVENS_ROOM_IDLE_SECONDS = 600
    aki = new_session()
    room = cpu_room(aki)
    services.seat_disconnected(room.slug, aki)
    assert services.close_idle_rooms(timezone.now() + timedelta(seconds=60)) == []
    assert services.close_idle_rooms(timezone.now() + timedelta(seconds=601)) == [room.slug]
    room = fresh(room)
    assert room.status == Room.Status.CLOSED
    assert Match.objects.get(pk=room.match_id).status == Match.Status.ABANDONED
    assert room.match.rounds.count() == 1


def test_it_closes_a_stuck_room_on_request_once():
    aki = new_session()
    room = cpu_room(aki)
    assert services.close_room(room.slug) is True
    assert services.close_room(room.slug) is False
    room = fresh(room)
    assert room.status == Room.Status.CLOSED and not room.auto_turn
    assert Match.objects.get(pk=room.match_id).status == Match.Status.ABANDONED


def test_it_keeps_a_room_open_when_someone_came_back_before_the_sweep(settings):
    settings.SEVENS_ROOM_IDLE_SECONDS = 600
    aki = new_session()
    room = cpu_room(aki)
    services.heartbeat(room.slug, aki)
    since = timezone.now() - timedelta(seconds=1)
    assert services.close_room(room.slug, idle_since=since) is False
    assert fresh(room).status == Room.Status.PLAYING


def test_it_refreshes_only_the_seats_whose_browser_is_present_in_that_room():
    aki, ben = new_session(), new_session()
    here, there = cpu_room(aki), cpu_room(ben)
    Seat.objects.update(last_seen=None, connected=False)
    assert services.heartbeats({here.slug: [aki, ben], there.slug: [aki]}) == 1
    assert Seat.objects.get(room=here, index=0).connected
    assert not Seat.objects.get(room=there, index=0).connected
