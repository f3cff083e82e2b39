"""A move in a server process reads from the database only the locked room when the process
already holds that version's read (its sockets read it, or its writer kept it): the seats and the
round come from that read, which the write leaves as it was (the sockets may still be rendering
it). Without such a read the move reads them fresh."""

import asyncio

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rooms import cpu, frames, services
from rooms.models import Room
from tests.live_support import fresh, legal
from tests.test_abuse_seats import friend_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server_process(monkeypatch):
    loop = asyncio.new_event_loop()
    monkeypatch.setattr(cpu.runner, "loop", loop)
    monkeypatch.setattr(cpu.runner, "kick", lambda slug: None)
    frames.READS.clear()
    yield
    loop.close()


def selects(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]


def move(room: Room, key: str):
    action = legal(room)[0]
    with CaptureQueriesContext(connection) as queries:
        result = services.submit_action(room.slug, room.turn, action, room.version, key)
    assert result.ok, result.error
    return queries


def test_it_reads_only_the_room_when_the_process_holds_the_version(server_process):
    room, keys = friend_match()
    room = fresh(room)
    frames.read(room.slug, room.version)  # a socket of this process read it
    moved = 0
    while moved < 6 and room.status == Room.Status.PLAYING:
        if room.auto_turn:  # a forced pass the server makes for the next seat (a random deal)
            if not cpu.play_pending(room.slug):
                break
            room = fresh(room)
            frames.read(room.slug, room.version)
            continue
        before = frames.cached(room.slug, room.version)
        events = list(before.round.events)
        queries = move(room, keys[room.turn])
        assert len(selects(queries)) == 1, selects(queries)
        assert before.round.events == events  # the read the sockets render is left alone
        room = fresh(room)
        moved += 1
    assert moved >= 2


def test_it_reads_the_seats_and_the_round_without_that_read(server_process):
    room, keys = friend_match()
    room = fresh(room)
    frames.READS.clear()
    queries = move(room, keys[room.turn])
    assert len(selects(queries)) == 3, selects(queries)
