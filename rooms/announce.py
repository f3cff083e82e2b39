"""Telling a room's sockets, and this process's CPU runner, that the room changed.

The group message carries only the room's new version: each socket then renders its own seat's view
from the database, so no secret travels through the channel layer and any process can render.
A lost message costs nothing but a resync: clients compare versions.

In a server process the writer reads the new version once, before the notice goes out
(`rooms.frames.warm`): its sockets then render on the event loop with no trip to the database
thread. The notice is handed to the process's event loop without waiting for it, so the database
thread moves on to the next write (a later version overtaking it costs nothing: sockets keep the
newest version they saw).
"""

import asyncio
import hashlib
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)


def group_name(slug: str) -> str:
    return f"room.{slug}"


def announce_on_commit(slug: str, version: int, *, server_turn: bool = True) -> None:
    """After commit: warm this process's read of the version, tell the sockets, and kick the CPU
    runner when the server is to act (`server_turn`: the room's `auto_turn` after the write; a
    room without one needs no plan)."""
    transaction.on_commit(lambda: warm(slug, version))
    transaction.on_commit(lambda: announce(slug, version))
    if server_turn:
        transaction.on_commit(lambda: kick(slug))


def warm(slug: str, version: int) -> None:
    from rooms import cpu, frames

    if cpu.runner.loop is None:  # not a server process (the CPU worker, a management command)
        return
    try:
        frames.read(slug, version)
    except Exception:
        log.exception("could not read room %s version %s", slug, version)


def kick(slug: str) -> None:
    from rooms import cpu

    cpu.runner.kick(slug)


def tell_seat_on_commit(slug: str, seat: int, note: str) -> None:
    """After commit, a note for one seat's sockets only (each consumer keeps those of its seat)."""
    transaction.on_commit(lambda: _send(slug, {"type": "seat.note", "seat": seat, "note": note}))


def browser_key_mark(session_key: str) -> str:
    """What a notice says of a browser's session key: a digest, never the key itself."""
    return hashlib.sha256(f"sevens-browser:{session_key}".encode()).hexdigest()[:32]


def tell_browser_moved_on_commit(slug: str, old_key: str) -> None:
    """After commit: the sockets this browser opened under its old session key reconnect (their
    new handshake carries the new key, which never travels through the channel layer)."""
    mark = browser_key_mark(old_key)
    transaction.on_commit(lambda: _send(slug, {"type": "browser.moved", "mark": mark}))


def tell_browser_seated_on_commit(slug: str, session_key: str, seated: bool) -> None:
    """After commit: the other pages of this browser in the room learn it took a seat, or left
    it (another tab): a page drawn the other way ("Take a free seat" for a seated browser, "Leave
    my seat" for a watcher) loads anew. Before the deal no table says who is seated."""
    mark = browser_key_mark(session_key)
    message = {"type": "browser.seated", "mark": mark, "seated": seated}
    transaction.on_commit(lambda: _send(slug, message))


def _send(slug: str, message: dict) -> None:
    """Sends `message` to the room's group; on a server process's loop without waiting for it.
    A failure is logged: the write is committed, and clients catch up by version."""
    from rooms import cpu

    what = f"{message['type']} to room {slug}"
    loop = cpu.runner.loop
    if loop is not None and loop.is_running():
        coro = get_channel_layer().group_send(group_name(slug), message)
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        try:
            if running is loop:
                future = loop.create_task(coro)
                # The loop keeps only a weak reference to a task: one nobody holds may be
                # collected before it has sent (asyncio's documentation of create_task).
                _SENDING.add(future)
                future.add_done_callback(_SENDING.discard)
            else:
                future = asyncio.run_coroutine_threadsafe(coro, loop)
        except RuntimeError:  # the loop closed meanwhile
            coro.close()
        else:
            future.add_done_callback(lambda f: _failed(f, what))
            return
    try:
        async_to_sync(get_channel_layer().group_send)(group_name(slug), message)
    except Exception:
        log.exception("could not send %s", what)


_SENDING: set[asyncio.Task] = set()  # the sends under way on this process's loop


def _failed(future, what: str) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("could not send %s", what, exc_info=future.exception())


def announce(slug: str, version: int) -> None:
    """Called after commit: a failure here must not undo a move that is already saved."""
    _send(slug, {"type": "room.changed", "version": version})
