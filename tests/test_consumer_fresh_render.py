"""Every pushed table equals the same table rendered fresh for that seat at that version, and a
socket that reconnects gets the full state."""

import pytest

from rooms.render import render_table
from tests.frames_support import apply, parse, same_table
from tests.live_support import (
    connect,
    cpu_room,
    db,
    frame_version,
    fresh,
    live,  # noqa: F401  (the fixture)
    new_session,
    table_state,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


async def drain(comm) -> list[str]:
    frames = []
    while not await comm.receive_nothing(timeout=0.3):
        frames.append(await comm.receive_from(timeout=10))
    return frames


async def test_it_pushes_what_a_fresh_render_shows(live):  # noqa: F811
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, aki)
    page = None
    for _ in range(5):
        frames = await drain(comm)
        await live.idle()
        frames += await drain(comm)
        room = await db(fresh)(room)
        tables = [f for f in frames if table_state(f)]
        last = tables[-1]
        assert frame_version(last) == room.version
        for frame in tables:  # a whole table, or a delta applied to the page it was made for
            if page is None or 'data-base="' not in frame:
                page = parse(frame)
            else:
                apply(page, frame)
        same_table(page, await db(render_table)(room, 0))
        state = table_state(last)
        if state["turn"] != 0 or not state["legal"]:
            break
        move = state["legal"][0]
        fields = "".join(f',"{k}":"{v}"' for k, v in move.items() if k != "type")
        await comm.send_to(
            text_data=f'{{"action":"{move["type"]}","version":"{room.version}"{fields}}}'
        )
    await comm.disconnect()


async def test_it_sends_the_full_state_again_on_reconnect(live):  # noqa: F811
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    first = await connect(room.slug, aki)
    await drain(first)
    await live.idle()
    await first.disconnect()
    again = await connect(room.slug, aki)
    frame = await again.receive_from(timeout=10)
    room = await db(fresh)(room)
    assert frame == await db(render_table)(room, 0)
    await again.disconnect()
