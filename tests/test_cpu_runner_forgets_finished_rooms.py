"""The CPU runner forgets a room once its server moves are made: one process serves room after
room for months, and the finished task it kept for every room ever played grew without bound
(about a kilobyte a room, never given back)."""

import asyncio

import pytest

from rooms.models import Room
from tests.live_support import (
    cpu_to_act,
    db,
    fresh,
    live,  # noqa: F401  (the fixture)
    new_session,
)


@pytest.mark.django_db(transaction=True)
async def test_it_keeps_no_task_for_rooms_whose_cpu_moves_are_made(live):  # noqa: F811
    aki = await db(new_session)()
    rooms = [await db(cpu_to_act)(aki) for _ in range(3)]
    live.bind()
    for room in rooms:
        live.kick(room.slug)
    await asyncio.sleep(0)  # the kicks start the rooms' tasks on the loop's next turn
    assert len(live.tasks) == 3
    await live.idle()
    for room in rooms:
        room = await db(fresh)(room)
        # The CPUs played up to Aki's turn (or to the round's end): the runner did its work.
        assert room.version > 1 and (room.turn == 0 or room.status != Room.Status.PLAYING)
    assert live.tasks == {}
    assert live.again == set()
