"""The default channel layer (in memory, one process) sweeps expired messages and memberships
once a second, not on every message: its sweep walks every socket's channel, and a notice
received by 400 sockets paid it 400 times."""

from types import SimpleNamespace

import pytest
from channels.layers import get_channel_layer

from rooms import layers
from rooms.layers import InMemoryChannelLayer


def test_it_is_the_default_layer_without_redis(settings):
    if "redis" in settings.CHANNEL_LAYERS["default"]["BACKEND"]:
        pytest.skip("the Redis layer is configured")
    assert isinstance(get_channel_layer(), InMemoryChannelLayer)


async def test_it_sweeps_at_most_once_a_second_and_still_expires(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(layers, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    layer = InMemoryChannelLayer(expiry=60)
    sweeps = []
    real = layers.ChannelsInMemoryChannelLayer._clean_expired
    monkeypatch.setattr(
        layers.ChannelsInMemoryChannelLayer,
        "_clean_expired",
        lambda self: sweeps.append(clock[0]) or real(self),
    )
    await layer.group_add("room.x", "a.inmemory!one")
    for _ in range(5):
        await layer.group_send("room.x", {"type": "room.changed", "version": 1})
    assert len(sweeps) == 1
    clock[0] += 1.5
    await layer.group_send("room.x", {"type": "room.changed", "version": 2})
    assert len(sweeps) == 2
    # An old message is still dropped by the next sweep, and its channel leaves the groups (a
    # socket that stopped reading).
    queue = layer.channels["a.inmemory!one"]
    expiry, message = queue._queue[0]
    queue._queue[0] = (expiry - 120, message)
    clock[0] += 1.5
    await layer.group_send("room.x", {"type": "room.changed", "version": 3})
    assert [m["version"] for _e, m in queue._queue] == [1, 1, 1, 1, 2]  # five 1s and a 2, less one
    assert "a.inmemory!one" not in layer.groups.get("room.x", {})
