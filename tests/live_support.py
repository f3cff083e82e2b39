"""Shared helpers of the live-play tests (services, consumer, CPU runner, leaks).

Personas: Aki opens rooms, Ben and Chie join friend rooms by the link, Dan only watches.
"""

import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore
from django.db import connections

from games.sevens import RuleSet
from rooms import services
from rooms.cpu import runner
from rooms.models import Room
from rooms.table import legal_actions

JAPANESE = RuleSet().to_dict()
CARD_ATTR = re.compile(r'data-card="([A2-9TJQK][SHDC]|JK)"')
STATE = re.compile(r'<script id="table-state"[^>]*>(.*?)</script>', re.S)
HAND = re.compile(r'<section id="hand".*?</section>', re.S)
VERSION = re.compile(r'data-version="(\d+)"')


def new_session() -> str:
    session = SessionStore()
    session.create()
    return session.session_key


def rules(**overrides) -> dict:
    return {**JAPANESE, **overrides}


def hotseat_room(key: str, **overrides) -> Room:
    """A hot-seat room whose first seat has a choice (a rare deal forces it to pass, and the
    server would then pass for it at once)."""
    while True:
        room = services.create_room(
            rules=rules(**overrides),
            mode="hotseat",
            level=None,
            names=["Aki", "Ben", "Chie", "Dan"],
            session_key=key,
        )
        if not room.auto_turn:
            return room
        room.delete()


def cpu_room(key: str, level: str = "random", **overrides) -> Room:
    return services.create_room(
        rules=rules(**overrides), mode="cpu", level=level, names=["Aki"], session_key=key
    )


def cpu_to_act(key: str) -> Room:
    """A CPU room whose first turn is a computer seat's (no runner saw it being made: as a room
    left by a server that stopped), dealt again until it is."""
    while True:
        room = cpu_room(key)
        if room.auto_turn and room.turn != 0:
            return room
        room.delete()


def fresh(room: Room) -> Room:
    return Room.objects.select_related("match").get(pk=room.pk)


def legal(room: Room) -> list[dict]:
    room = fresh(room)
    return services.legal_for(room.slug, room.turn)


def play_round_by_hand(room: Room, key: str) -> Room:
    """Hot-seat: plays the first legal action of every seat until the round is over."""
    room = fresh(room)
    while room.status == Room.Status.PLAYING:
        result = services.submit_action(room.slug, room.turn, legal(room)[0], room.version, key)
        assert result.ok, result.error
        room = fresh(room)
    return room


def ws_headers(key: str | None) -> list[tuple[bytes, bytes]]:
    headers = [(b"origin", b"http://localhost")]
    if key:
        headers.append((b"cookie", f"sessionid={key}".encode()))
    return headers


def table_state(frame: str) -> dict | None:
    """The viewer's seat view carried by a frame's `#table-state` script, if the frame has one."""
    match = STATE.search(frame)
    if not match or match.group(1).strip() in ("", "null"):
        return None
    state = json.loads(match.group(1))
    if "legal" in state:  # sent as words (rooms.table.legal_words)
        state["legal"] = legal_actions(state["legal"])
    if 'data-base="' in frame:
        # A delta's state leaves out what did not change; it is only sent while a round is played.
        state.setdefault("status", "playing")
    return state


def merged_state(before: dict | None, frame: str) -> dict | None:
    """The seat view a page holds once it has taken `frame`: a delta's state merged into `before`
    as panel.js merges it (the rows and the seats by index, any other key replaced); a whole
    table's state as it comes. None for a frame with no state (`before` stands)."""
    state = table_state(frame)
    if state is None or 'data-base="' not in frame or before is None:
        return state
    merged = dict(before)
    for key, value in state.items():
        if isinstance(merged.get(key), list) and isinstance(value, dict):
            merged[key] = [value.get(str(i), old) for i, old in enumerate(merged[key])]
        else:
            merged[key] = value
    return merged


def frame_version(frame: str) -> int | None:
    versions = {int(v) for v in VERSION.findall(frame)}
    return max(versions) if versions else None


@pytest.fixture
async def live(settings):
    """The CPU runner of this test's event loop: no delay, threads, no periodic sweep."""
    settings.SEVENS_CPU_DELAY = 0
    settings.SEVENS_CPU_EXECUTOR = "thread"
    settings.SEVENS_SWEEP_SECONDS = 3600
    settings.SEVENS_STALL_SECONDS = 0
    yield runner
    await runner.idle()
    await runner.stop()
    # channels-redis cleans each received message off its backup queue in a task of its own:
    # let those finish in this test's loop, not be cut off when it closes.
    layer = get_channel_layer()
    if hasattr(layer, "wait_received"):
        await layer.wait_received()
    # Channels' test communicator swaps `close_old_connections` for a no-op while it sends or
    # waits for a frame, so the database thread keeps the connection it used then. Close it in
    # that thread: on PostgreSQL an open one stops the test database from being dropped at the
    # end of the run ("being accessed by other users").
    await sync_to_async(connections.close_all, thread_sensitive=True)()


class Communicator(WebsocketCommunicator):
    """Channels' test socket, given time to close. Its `disconnect` waits one second for the
    consumer's own disconnect (a database write, then the notice to the other sockets) and then
    cancels it without a word: on a loaded CI machine that cut off the version saying a friend
    offline, and the test waiting for it timed out. A server gives a closing socket ten seconds
    (daphne's application close timeout)."""

    async def disconnect(self, code=1000, timeout=10):
        await super().disconnect(code, timeout)


async def connect(slug: str, key: str | None) -> WebsocketCommunicator:
    from config.asgi import application

    comm = Communicator(application, f"/ws/room/{slug}/", headers=ws_headers(key))
    connected, _ = await comm.connect(timeout=10)
    assert connected
    return comm


async def frames_until(comm, predicate, timeout: float = 10) -> list[str]:
    """Receives frames until one satisfies `predicate`; returns them all."""
    frames = []
    while True:
        frame = await comm.receive_from(timeout=timeout)
        frames.append(frame)
        if predicate(frame):
            return frames


def db(fn):
    return database_sync_to_async(fn)
