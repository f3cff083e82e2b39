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


async def test_a_socket_s_channel_is_left_to_the_sweep_only_once_its_receive_has_ended(
    live,  # noqa: F811
    monkeypatch,
):
    # A receive still waiting on the channel deletes its queue itself when cancelled: the sweep
    # dropping it first made that a KeyError, which left the layer's receive lock held.
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    gone = await connect(room.slug, aki)
    (name,) = live.channels[room.slug]
    at_depart = []
    depart = live.depart
    monkeypatch.setattr(
        live, "depart", lambda *a, **k: (depart(*a, **k), at_depart.append(name in live.closed))
    )
    await gone.disconnect()
    assert at_depart == [False]  # not while the consumer, and its receive, still ran
    assert name in live.closed  # once it had ended
