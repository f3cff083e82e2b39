"""Nothing relies on a group message arriving: a "room changed" notice dropped on the way (as
channels-redis does when a channel is full or a message expires) costs a resync, never a move.
Every frame carries the table's version and is the whole table; a client that asks gets it."""

import asyncio
import json
import re

import pytest

from rooms import announce
from tests.live_support import (
    connect,
    db,
    frame_version,
    frames_until,
    fresh,
    legal,
    live,  # noqa: F401  (the fixture)
    table_state,
)
from tests.test_abuse_seats import friend_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


def send(**fields) -> str:
    return json.dumps({k: str(v) for k, v in fields.items()})


@pytest.fixture(autouse=True)
def no_server_moves(settings):
    """A forced pass the server makes for the next seat is a new version with a notice of its
    own, which would reach the sockets in the window where nothing may."""
    settings.SEVENS_CPU_IN_SERVER = False


@pytest.fixture
def drop_next_notice(monkeypatch):
    """Arm it with `dropped.append(None)`: the next notice after that is lost."""
    dropped = []
    real = announce.announce

    def lossy(slug, version):
        if dropped == [None]:
            dropped[0] = version  # lost in the channel layer
            return
        real(slug, version)

    monkeypatch.setattr(announce, "announce", lossy)
    return dropped


async def first_sweep():
    """The runner sweeps once when its first socket binds it (and, here, not again for an hour):
    that sweep's version reminder must come before the notice the test loses, not after it."""
    from rooms.cpu import runner

    await asyncio.wait_for(runner.swept.wait(), 10)


async def seated(room, keys) -> list:
    """Every seat's socket, past its first frame and the runner's first sweep."""
    comms = [await connect(room.slug, key) for key in keys]
    for comm in comms:
        await comm.receive_from(timeout=10)
    await first_sweep()
    return comms


async def quiet(comm, timeout: float) -> None:
    """No table reaches this socket within `timeout`. A note for the seat may (the move can force
    the next seat to pass, and the note telling it so is not a room-changed notice); if a table
    comes, the failure shows it."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while (left := end - loop.time()) > 0:
        if await comm.receive_nothing(timeout=left):
            return
        frame = await comm.receive_from(timeout=1)
        if frame_version(frame) is not None:
            pytest.fail(f"a table came when none should: {frame[:600]}")


async def table_frame(comm) -> str:
    """The next frame that carries the table (past any note for the seat)."""
    return (await frames_until(comm, lambda frame: frame_version(frame) is not None))[-1]


async def move(room, comm):
    room = await db(fresh)(room)
    action = (await db(legal)(room))[0]
    await comm.send_to(
        text_data=send(action=action["type"], card=action.get("card", ""), version=room.version)
    )
    return room.version + 1


async def test_it_gives_the_whole_table_to_a_client_that_asks_after_a_lost_notice(
    drop_next_notice,
):
    room, keys = await db(friend_match)()
    mover = await connect(room.slug, keys[room.turn])
    other = await connect(room.slug, keys[(room.turn + 1) % 4])
    watcher = await connect(room.slug, None)
    for comm in (mover, other, watcher):
        await comm.receive_from(timeout=10)
    await first_sweep()
    drop_next_notice.append(None)
    version = await move(room, mover)
    for comm in (mover, other, watcher):
        await quiet(comm, 0.5)  # the notice never came
    assert drop_next_notice == [version]
    # The page asks for a resync (on a gap, on reconnect): the whole table, current version.
    await other.send_to(text_data=send(action="resync"))
    frame = await table_frame(other)
    assert frame_version(frame) == version and table_state(frame)["version"] == version
    assert 'id="layout"' in frame and 'id="hand"' in frame
    for comm in (mover, other, watcher):
        await comm.disconnect()


async def test_it_heals_a_lost_notice_with_the_next_frame(drop_next_notice):
    room, keys = await db(friend_match)()
    comms = await seated(room, keys)
    drop_next_notice.append(None)
    lost = await move(room, comms[room.turn])
    for comm in comms:
        await quiet(comm, 0.5)
    assert drop_next_notice == [lost]
    turn = (await db(fresh)(room)).turn
    # The next move's notice arrives: every socket gets the whole table at the newest version,
    # which includes the lost one (each frame is the full table, rendered from the database).
    newest = await move(room, comms[turn])
    assert newest == lost + 1
    for comm in comms:
        frame = await table_frame(comm)
        assert frame_version(frame) == newest and 'id="table-state"' in frame
    for comm in comms:
        await comm.disconnect()


def test_it_marks_every_fragment_of_a_frame_with_the_version():
    from rooms.render import render_table

    room, _keys = friend_match()
    frame = render_table(fresh(room), 0)
    assert re.search(f'<script id="table-state"[^>]*data-version="{room.version}"', frame)


async def test_it_heals_a_lost_last_notice_within_a_sweep(drop_next_notice, live):  # noqa: F811
    room, keys = await db(friend_match)()
    comms = await seated(room, keys)
    drop_next_notice.append(None)
    lost = await move(room, comms[room.turn])
    for comm in comms:
        await quiet(comm, 0.5)
    # No further move comes and nobody asks: the process's sweep reminds the room's sockets.
    await live.sweep_once()
    for comm in comms:
        frame = await table_frame(comm)
        assert frame_version(frame) == lost
    # Up-to-date sockets ignore the next reminder.
    await live.sweep_once()
    for comm in comms:
        await quiet(comm, 0.3)
    # (Only then do they close: a friend's socket closing is news to the others, "offline".)
    for comm in comms:
        await comm.disconnect()
