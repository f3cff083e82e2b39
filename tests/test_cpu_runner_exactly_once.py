"""A CPU move is applied exactly once even when several processes try it at the same time."""

import asyncio
import threading

import pytest
from django.db import connection

from rooms import cpu
from rooms.cpu import CpuRunner
from rooms.models import Room
from rooms.services import submit_action
from tests.live_support import (
    cpu_room,
    db,
    fresh,
    legal,
    live,  # noqa: F401  (the fixture)
    new_session,
)

ACTIONS = ("play", "pass", "joker")


def human_moves(room, key) -> int:
    """Seat 0 plays its first legal move if it is its turn; returns 1 if it did."""
    room = fresh(room)
    if room.status != Room.Status.PLAYING or room.auto_turn:
        return 0
    return int(submit_action(room.slug, 0, legal(room)[0], room.version, key).ok)


def action_events(room) -> int:
    return sum(e["type"] in ACTIONS for e in fresh(room).match.rounds.get().events)


@pytest.mark.django_db(transaction=True)
def test_it_applies_each_cpu_move_once_when_workers_race(settings):
    settings.SEVENS_CPU_DELAY = 0
    aki = new_session()
    room = cpu_room(aki)
    by_server, by_human = [], 0
    while fresh(room).status == Room.Status.PLAYING:
        start = threading.Barrier(3)

        def worker(start=start):
            start.wait()
            try:
                by_server.append(cpu.play_pending(room.slug))
            finally:
                connection.close()

        threads = [threading.Thread(target=worker) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        by_human += human_moves(room, aki)
    assert sum(by_server) + by_human == action_events(room)
    assert sum(by_server) > 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("live")
async def test_it_applies_each_cpu_move_once_when_two_servers_run_the_room(monkeypatch):
    applied = {"server": 0, "human": 0}
    submit = cpu.submit

    def counted(turn, action):
        result = submit(turn, action)
        applied["server"] += result.ok
        return result

    monkeypatch.setattr(cpu, "submit", counted)
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    cpu.runner.bind()
    other = CpuRunner()  # a second server process on the same database
    other.bind()
    try:
        while (await db(fresh)(room)).status == Room.Status.PLAYING:
            # Both processes hear of the change and both try the CPU's move.
            cpu.runner.kick(room.slug)
            other.kick(room.slug)
            await asyncio.sleep(0)
            await cpu.runner.idle()
            await other.idle()
            applied["human"] += await db(human_moves)(room, aki)
    finally:
        await other.stop()
    assert applied["server"] > 0
    assert applied["server"] + applied["human"] == await db(action_events)(room)
