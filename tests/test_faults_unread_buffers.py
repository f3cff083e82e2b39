"""A socket that closed with a notice on its way leaves nothing behind in its server process.

channels-redis takes a message for any socket of the process off Redis in whichever receive runs,
and keeps it by channel name until that socket's own receive takes it: a socket already closed
never does, and the layer kept the message and its queue for the process's life (about every
third match a process served left one). The two sweeps after a socket's close drop what the layer
holds for it. The in-memory layer expires its messages itself: Redis only."""

import asyncio

import pytest
from channels.layers import get_channel_layer

from tests.live_support import connect, cpu_room, db, live, new_session  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


async def test_a_sweep_drops_what_the_layer_holds_for_a_closed_socket(live):  # noqa: F811
    layer = get_channel_layer()
    if not hasattr(layer, "receive_buffer"):
        pytest.skip("channels-redis only")
    aki, dan = await db(new_session)(), await db(new_session)()
    room = await db(cpu_room)(aki)
    gone, staying = await connect(room.slug, aki), await connect(room.slug, dan)
    both = set(live.channels[room.slug])
    await gone.disconnect()
    (name,) = both - live.channels[room.slug]
    # A notice sent to the closed socket, taken off Redis by the receive of the one still open.
    await layer.send(name, {"type": "room.changed", "version": room.version})
    for _ in range(100):
        if name in layer.receive_buffer:
            break
        await asyncio.sleep(0.05)
    assert name in layer.receive_buffer
    await live.sweep_once()
    await live.sweep_once()
    assert name not in layer.receive_buffer
    assert room.slug in live.channels  # the open socket keeps its place
    await staying.disconnect()
