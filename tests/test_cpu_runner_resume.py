"""A pending CPU turn resumes after a server restart: from a fresh runner's first sweep, from a
player's reconnect, or from the worker command."""

import asyncio

import pytest
from django.core.management import call_command

from rooms.cpu import CpuRunner
from rooms.models import Room
from tests.live_support import (
    connect,
    cpu_to_act,
    db,
    fresh,
    live,  # noqa: F401  (the fixture)
    new_session,
)


def waiting_for_a_human(room) -> bool:
    room = fresh(room)
    return room.status != Room.Status.PLAYING or not room.auto_turn


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("live")
async def test_it_resumes_a_pending_cpu_turn_on_a_fresh_runners_first_sweep():
    aki = await db(new_session)()
    room = await db(cpu_to_act)(aki)
    restarted = CpuRunner()
    restarted.bind()
    try:
        await asyncio.wait_for(restarted.swept.wait(), timeout=10)
        await restarted.idle()
    finally:
        await restarted.stop()
    assert await db(waiting_for_a_human)(room)
    assert await db(lambda: len(fresh(room).match.rounds.get().events))() >= 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("live")
async def test_it_resumes_a_pending_cpu_turn_when_the_player_reconnects(live):  # noqa: F811
    aki = await db(new_session)()
    room = await db(cpu_to_act)(aki)
    comm = await connect(room.slug, aki)
    await comm.receive_from(timeout=10)
    await live.idle()
    assert await db(waiting_for_a_human)(room)
    await comm.disconnect()


@pytest.mark.django_db
def test_it_resumes_pending_cpu_turns_from_the_worker_command(settings):
    settings.SEVENS_CPU_DELAY = 0
    aki = new_session()
    room = cpu_to_act(aki)
    call_command("run_cpu_worker", "--once", "--stall", "0")
    assert waiting_for_a_human(room)
    events = fresh(room).match.rounds.get().events
    # The worker never chooses for the human: at most it makes their forced passes.
    assert events and all(e["seat"] != 0 or e["type"] in ("pass", "eliminate") for e in events)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("live")
async def test_it_resumes_pending_cpu_turns_at_the_first_request_after_a_restart(live):  # noqa: F811
    from channels.testing import HttpCommunicator

    from config.asgi import application

    aki = await db(new_session)()
    room = await db(cpu_to_act)(aki)
    request = HttpCommunicator(application, "GET", "/", headers=[(b"host", b"localhost")])
    await request.get_response(timeout=20)
    await asyncio.wait_for(live.swept.wait(), timeout=10)
    await live.idle()
    assert await db(waiting_for_a_human)(room)
