"""Two submissions of the same move (double click, two tabs, two processes) apply once."""

import threading

import pytest
from django.db import connection

from rooms.services import submit_action
from tests.live_support import fresh, hotseat_room, legal, new_session


@pytest.mark.django_db
def test_it_applies_the_same_version_once_when_sent_twice():
    aki = new_session()
    room = hotseat_room(aki)
    seat, move = room.turn, legal(room)[0]
    first = submit_action(room.slug, seat, move, 1, aki)
    second = submit_action(room.slug, seat, move, 1, aki)
    assert first.ok and second.stale
    room = fresh(room)
    assert room.version == 2
    assert len(room.match.rounds.get().events) == 1


@pytest.mark.django_db(transaction=True)
def test_it_applies_one_of_many_simultaneous_submits():
    # On PostgreSQL the row lock makes the others wait, then see a newer version; on SQLite the
    # IMMEDIATE transaction serialises them the same way. Either way exactly one applies.
    aki = new_session()
    room = hotseat_room(aki)
    seat, move = room.turn, legal(room)[0]
    results, start = [], threading.Barrier(6)

    def submit():
        start.wait()
        try:
            results.append(submit_action(room.slug, seat, move, 1, aki))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.ok for r in results) == [False] * 5 + [True]
    assert all(r.stale for r in results if not r.ok)
    room = fresh(room)
    assert room.version == 2
    assert len(room.match.rounds.get().events) == 1
