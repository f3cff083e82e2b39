"""A computer thinks during the readable delay, not after it: a move takes the delay whatever its
thinking, so how long a computer took never tells what it held. (A Hard seat searched up to half a
second after the delay when it had a choice, and passed at once after it when it held no card it
could play: under "pass even when you can play" that quick pass told the table so.)"""

import asyncio
import time

import pytest

from tests.live_support import (
    cpu_to_act,
    db,
    fresh,
    live,  # noqa: F401  (the fixture)
    new_session,
)


@pytest.mark.django_db(transaction=True)
async def test_the_computer_thinks_while_the_delay_runs(live, settings, monkeypatch):  # noqa: F811
    settings.SEVENS_CPU_DELAY = 0.6
    aki = await db(new_session)()
    room = await db(cpu_to_act)(aki)
    started, thought = [], []
    think = live._think

    async def slow_think(job):
        started.append(time.monotonic())
        action = await think(job)
        await asyncio.sleep(0.4)  # a search of 0.4 s, within the delay
        thought.append(time.monotonic())
        return action

    monkeypatch.setattr(live, "_think", slow_think)
    live.bind()
    kicked = time.monotonic()
    live.kick(room.slug)
    while not thought:
        await asyncio.sleep(0.02)
        assert time.monotonic() - kicked < 30
    # the thinking began with the turn, not 0.6 s on
    assert started[0] - kicked < 0.3, started[0] - kicked
    while (await db(fresh)(room)).version == room.version:
        await asyncio.sleep(0.02)
        assert time.monotonic() - kicked < 30
    # and the move came after the delay (not before it), not after the delay and the search
    took = time.monotonic() - kicked
    assert 0.6 <= took < 1.0 + 0.5, took
