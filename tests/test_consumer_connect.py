"""Connecting to a room's socket: the full table at once, for this socket's own seat."""

import pytest

from config.asgi import application
from rooms.consumers import ACCOUNT_CHANGED
from rooms.models import Room
from tests.live_support import (
    HAND,
    Communicator,
    connect,
    cpu_room,
    db,
    frame_version,
    hotseat_room,
    live,  # noqa: F401  (the fixture)
    new_session,
    table_state,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]

IDS = (  # not the rules card: the page has it, and a room's rules never change
    "layout",
    "seats",
    "hand",
    "controls",
    "last-move",
    "log",
    "settlement",
    "messages",
    "table-state",
)


async def test_it_sends_the_whole_table_with_its_version_on_connect():
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, aki)
    frame = await comm.receive_from(timeout=10)
    for element_id in IDS:
        assert f'id="{element_id}"' in frame
    assert frame_version(frame) >= room.version
    state = table_state(frame)
    assert state["seat"] == 0
    hand = await db(lambda: room.match.rounds.get().hands[0])()
    assert set(state["hand"]) <= set(hand) and state["hand"]
    await comm.disconnect()


async def test_it_shows_a_watcher_the_table_but_no_hand():
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, None)
    frame = await comm.receive_from(timeout=10)
    assert table_state(frame)["hand"] is None
    assert "data-card=" not in HAND.search(frame).group(0)
    await comm.disconnect()


async def test_it_refuses_an_unknown_room():
    comm = Communicator(application, "/ws/room/nope/", headers=[(b"origin", b"http://localhost")])
    connected, _ = await comm.connect(timeout=10)
    assert not connected


async def test_it_refuses_a_foreign_origin():
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = Communicator(
        application, f"/ws/room/{room.slug}/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await comm.connect(timeout=10)
    assert not connected


async def test_it_treats_a_made_up_session_cookie_as_a_watcher():
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, "x" * 32)
    frame = await comm.receive_from(timeout=10)
    assert table_state(frame)["hand"] is None
    await comm.disconnect()


async def test_a_room_closed_while_open_says_so_and_takes_the_buttons_away(settings):
    # An operator closes a stuck room (admin), or the idle sweep does: an open page learns it at
    # once, not at its next press.
    from rooms import services

    settings.SEVENS_CPU_DELAY = 30  # nobody moves meanwhile
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, aki)
    await comm.receive_from(timeout=10)
    assert await db(services.close_room)(room.slug)
    frame = await comm.receive_from(timeout=10)
    while "This room is closed" not in frame:
        frame = await comm.receive_from(timeout=10)
    assert '<section id="controls" hx-swap-oob="true"' in frame
    controls = frame[frame.index('<section id="controls"') :]
    assert controls[: controls.index(">")].endswith("hidden")
    state = table_state(frame)
    assert state["legal"] == [] and state["turn"] is None
    await comm.disconnect()


async def test_a_browser_that_logs_out_elsewhere_leaves_its_open_table():
    """Logging out (in another tab) gives the session a new key and leaves the seats to the
    computer. The table still open under the old key played on as the seat, and kept it
    "connected": the computer never took over. It is closed normally, so the page reconnects,
    with the new cookie, as a watcher."""
    from rooms import services

    aki, watcher = await db(new_session)(), await db(new_session)()
    room = await db(hotseat_room)(aki)
    mine, theirs = await connect(room.slug, aki), await connect(room.slug, watcher)
    await mine.receive_from(timeout=10)
    await theirs.receive_from(timeout=10)

    assert await db(services.log_out_browser)(aki) == [room.slug]

    closed = await mine.receive_output(timeout=10)
    before_close = []
    while closed["type"] != "websocket.close":
        before_close.append(closed.get("text"))
        closed = await mine.receive_output(timeout=10)
    assert closed.get("code") == 1000
    # Told first, so the page fetches its header anew (panel.js): it says "Log in" again.
    assert before_close[-1] == ACCOUNT_CHANGED
    await mine.disconnect()
    frame = await theirs.receive_from(timeout=10)
    # Nobody is left at the table: the game stops there (the room would wait for ever for a
    # player who cannot come back), and the watcher is told so.
    assert "This room is closed. Its match is kept." in frame
    seats = await db(lambda: list(room.seats.values_list("session_key", "cpu_controlled")))()
    assert seats == [(aki, True)] * 4  # the old key kept: nobody takes these seats back
    status = await db(lambda: Room.objects.values_list("status", "match__status").get())()
    assert status == ("closed", "abandoned")
    await theirs.disconnect()


async def test_a_browser_that_logs_in_elsewhere_reconnects_under_its_new_key():
    """Logging in (in another tab) gives the session a new key and moves the seats to it: the
    table open under the old key is closed normally, so the page reconnects with the new cookie;
    another browser's socket in the same room stays open."""
    from rooms import services

    # A shared device's room: no computer moves while the test looks (nor after it).
    aki, watcher = await db(new_session)(), await db(new_session)()
    room = await db(hotseat_room)(aki)
    mine, theirs = await connect(room.slug, aki), await connect(room.slug, watcher)
    await mine.receive_from(timeout=10)
    await theirs.receive_from(timeout=10)
    new_key = await db(new_session)()

    assert await db(services.move_browser)(aki, new_key) == [room.slug]

    closed = await mine.receive_output(timeout=10)
    while closed["type"] != "websocket.close":
        closed = await mine.receive_output(timeout=10)
    assert closed.get("code") == 1000
    await mine.disconnect()  # the browser's side of the close
    frame = await theirs.receive_from(timeout=10)  # the new version, and no close
    assert table_state(frame).get("curtain") is None  # a watcher
    again = await connect(room.slug, new_key)
    state = table_state(await again.receive_from(timeout=10))
    # the seats are this device's under its new key: its curtain waits for the seat to play
    assert state["turn"] is not None and state.get("curtain") == state["turn"]
    await theirs.disconnect()
    await again.disconnect()
