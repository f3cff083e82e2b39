"""A server process keeps the read its writer made of a move's new version: every seat's view of it
equals a fresh read of the room. And the CPU runner is kicked after a write only when the server
is to act (a CPU seat, an absent player's seat, a forced pass): a room of present humans costs no
plan."""

import asyncio

import pytest

from rooms import cpu, frames, services, tableview
from rooms.models import Room
from tests.live_support import fresh, legal
from tests.test_abuse_seats import friend_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server_process(monkeypatch):
    """The runner bound to a loop (as in daphne), and its kicks recorded instead of run."""
    loop = asyncio.new_event_loop()
    kicks = []
    monkeypatch.setattr(cpu.runner, "loop", loop)
    monkeypatch.setattr(cpu.runner, "kick", kicks.append)
    frames.READS.clear()
    yield kicks
    loop.close()


def move(room: Room, key: str | None):
    action = legal(room)[0]
    return services.submit_action(room.slug, room.turn, action, room.version, key)


def test_it_keeps_a_read_equal_to_a_fresh_one(server_process):
    room, keys = friend_match()
    for _ in range(12):
        room = fresh(room)
        if room.status != Room.Status.PLAYING or room.auto_turn:
            break
        assert move(room, keys[room.turn]).ok
        kept = frames.cached(room.slug, room.version + 1)
        assert kept is not None
        again = tableview.read(Room.objects.select_related("match").get(slug=room.slug))
        assert again.room.version == kept.room.version
        for seat in (None, 0, 1, 2, 3):
            assert kept.view(seat) == again.view(seat)
        assert kept.results == again.results


def test_it_kicks_the_runner_only_when_the_server_is_to_act(server_process):
    room, keys = friend_match()
    quiet = 0
    for _ in range(12):
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        server_process.clear()
        if room.auto_turn:  # a forced pass: the server makes it
            cpu.play_pending(room.slug, limit=1)
        else:
            assert move(room, keys[room.turn]).ok
        after = fresh(room)
        assert (room.slug in server_process) == (after.status == "playing" and after.auto_turn)
        quiet += room.slug not in server_process
    assert quiet > 0
