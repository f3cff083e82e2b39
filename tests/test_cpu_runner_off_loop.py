"""A Hard CPU thinks in a process pool: its search never stalls the event loop that serves every
socket of the process."""

import asyncio
import os
import time

import pytest

from rooms.models import Room
from tests.live_support import (
    cpu_room,
    db,
    fresh,
    live,  # noqa: F401  (the fixture)
    new_session,
)


def hard_cpu_to_act(key):
    while True:
        room = cpu_room(key, level="hard")
        if room.auto_turn and room.turn != 0:
            return room
        room.delete()


@pytest.mark.django_db(transaction=True)
async def test_it_keeps_the_event_loop_free_while_a_hard_cpu_thinks(live, settings):  # noqa: F811
    settings.SEVENS_CPU_EXECUTOR = "process"
    aki = await db(new_session)()
    room = await db(hard_cpu_to_act)(aki)
    live.bind()
    live.kick(room.slug)
    await asyncio.sleep(0)  # the kick starts the room's task on the loop's next turn
    task = live.tasks[room.slug]
    gaps, started = [], time.monotonic()
    while not task.done():
        before = time.monotonic()
        await asyncio.sleep(0.01)
        gaps.append(time.monotonic() - before)
        assert time.monotonic() - started < 120
    room = await db(fresh)(room)
    assert room.version > 1 and (room.turn == 0 or room.status != Room.Status.PLAYING)
    # Hard thinks about half a second per move: on the loop, that would be a half-second stall.
    assert max(gaps) < 0.3, max(gaps)


async def test_its_thinking_processes_run_at_a_lower_priority_than_the_server(live, settings):  # noqa: F811
    settings.SEVENS_CPU_EXECUTOR = "process"
    settings.SEVENS_CPU_NICE = 7
    loop = asyncio.get_running_loop()
    own = os.nice(0)
    old = live._pools.pop("process", None)  # an earlier test's pool, started with the default
    if old is not None:
        old.shutdown()
    pool = live._pool()
    try:
        assert await loop.run_in_executor(pool, os.nice, 0) == min(own + 7, 19)
    finally:
        live._pools.pop("process", None)
        pool.shutdown()
