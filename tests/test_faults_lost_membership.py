"""A socket whose group membership the channel layer lost (Redis restarted without its data while
the layer's retry reconnected the consumer, so nothing closed; or the membership outlived
channels-redis's group expiry) hears nothing again: no notice, no sweep's reminder. Each process's
sweep puts its own sockets back in their rooms' groups, so the table catches up within a sweep and
the next notices arrive as before."""

import pytest
from channels.layers import get_channel_layer

from rooms.announce import group_name
from tests.live_support import db, frame_version, fresh, live  # noqa: F401  (the fixture)
from tests.test_abuse_seats import friend_match
from tests.test_faults_dropped_notice import move, quiet, seated, table_frame

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


@pytest.fixture(autouse=True)
def no_server_moves(settings):
    settings.SEVENS_CPU_IN_SERVER = False


async def test_a_sweep_puts_sockets_back_in_a_group_the_layer_lost(live):  # noqa: F811
    room, keys = await db(friend_match)()
    comms = await seated(room, keys)
    layer = get_channel_layer()
    group = group_name(room.slug)
    names = set(live.channels[room.slug])
    assert len(names) == 4
    for name in names:  # the layer's data is gone (on either layer); the sockets stay open
        await layer.group_discard(group, name)
    lost = await move(room, comms[room.turn])
    for comm in comms:
        await quiet(comm, 0.5)  # deaf: the notice went to an empty group
    await live.sweep_once()
    for comm in comms:  # the sweep's reminder reaches them again, with the whole table
        assert frame_version(await table_frame(comm)) == lost
    # and the next move's notice arrives as before
    newest = await move(room, comms[(await db(fresh)(room)).turn])
    for comm in comms:
        assert frame_version(await table_frame(comm)) == newest
    for comm in comms:
        await comm.disconnect()
    assert room.slug not in live.channels
