"""A notice sent from the server's loop without waiting (`rooms.announce._send`) is a task the
process holds until it has run: asyncio keeps only weak references to tasks, and one nobody holds
may be collected before it has sent. Nothing stays held once the sends are done."""

import asyncio

import pytest
from channels.layers import get_channel_layer

from rooms import announce, cpu

pytestmark = pytest.mark.pure


async def test_it_holds_each_send_until_it_is_done(monkeypatch, settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "rooms.layers.InMemoryChannelLayer"}}
    monkeypatch.setattr(cpu.runner, "loop", asyncio.get_running_loop())
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(announce.group_name("held"), channel)
    announce._send("held", {"type": "room.changed", "version": 7})
    assert len(announce._SENDING) == 1
    assert (await asyncio.wait_for(layer.receive(channel), 5))["version"] == 7
    await asyncio.sleep(0)
    assert not announce._SENDING
