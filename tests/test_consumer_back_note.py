"""A player whose seat the computer played while they were away is told so when they come back
(their hand and passes changed without them), and only that player."""

from datetime import timedelta

import pytest
from django.utils import timezone

from rooms import services
from rooms.cpu import play_pending
from rooms.models import Seat
from tests.live_support import (
    connect,
    db,
    live,  # noqa: F401  (the fixture)
    new_session,
    rules,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]

NOTE = "You are back at your seat: the computer played your turns while you were away."


def friends() -> tuple[str, str, str]:
    aki, ben = new_session(), new_session()
    room = services.create_room(
        rules=rules(rounds=3), mode="friend", level=None, names=["Aki"], session_key=aki
    )
    services.take_seat(room, 1, "Ben", ben)
    services.fill_and_start(room, aki, level="easy")
    return room.slug, aki, ben


def away(slug: str, *keys: str) -> None:
    """These players' connections dropped and stayed down past the grace period."""
    for key in keys:
        services.seat_disconnected(slug, key)
    later = timezone.now() + timedelta(seconds=services.grace_seconds() + 1)
    assert services.expire_absent_seats(later) == [slug]


def cpu_holds(slug: str, index: int) -> bool:
    return Seat.objects.get(room__slug=slug, index=index).cpu_controlled


async def frames(comm, *, opened: bool = False) -> list[str]:
    """What `comm` is sent until it has been quiet for half a second. A socket just `opened` is
    first sent the whole table, however long a loaded machine takes to draw it."""
    out = [await comm.receive_from(timeout=10)] if opened else []
    while not await comm.receive_nothing(timeout=0.5):
        out.append(await comm.receive_from(timeout=10))
    return out


def cpu_moved(slug: str, index: int) -> bool:
    return Seat.objects.get(room__slug=slug, index=index).cpu_moved


def aki_plays_until_the_computer_moves_for_ben(slug: str, aki: str) -> None:
    """Aki (seat 0) takes her turns until the computer has made a move at Ben's seat (1)."""
    for _ in range(60):
        if cpu_moved(slug, 1):
            return
        room = services.Room.objects.get(slug=slug)
        if room.turn == 0:
            move = services.legal_for(slug, 0)[0]
            assert services.submit_action(slug, 0, move, room.version, aki).ok
        else:
            play_pending(slug)
    raise AssertionError("the computer never moved for Ben's seat")


def ben_plays_until_akis_turn(slug: str, ben: str) -> None:
    """Ben (seat 1) takes his turns, the computers theirs, until Aki (seat 0) is to choose."""
    for _ in range(60):
        room = services.Room.objects.get(slug=slug)
        assert room.status == services.Room.Status.PLAYING
        if room.turn == 0 and not room.auto_turn:
            return
        if room.turn == 1 and not room.auto_turn:
            move = services.legal_for(slug, 1)[0]
            assert services.submit_action(slug, 1, move, room.version, ben).ok
        else:
            play_pending(slug)
    raise AssertionError("Aki's turn never came")


async def comes_back(slug: str, key: str, runner) -> list[str]:
    """Ben's socket opens again: his seat is his again; what he was sent."""
    socket = await connect(slug, key)
    await runner.idle()
    seen = await frames(socket, opened=True)
    assert not await db(cpu_holds)(slug, 1)
    await socket.disconnect()
    return seen


async def test_the_player_back_at_a_seat_the_computer_played_is_told_so(live):  # noqa: F811
    slug, aki, ben = await db(friends)()
    aki_socket = await connect(slug, aki)
    await db(away)(slug, ben)
    assert await db(cpu_holds)(slug, 1)
    await live.idle()
    await db(aki_plays_until_the_computer_moves_for_ben)(slug, aki)
    await live.idle()
    await frames(aki_socket)

    ben_socket = await connect(slug, ben)
    await live.idle()
    seen_by_ben, seen_by_aki = await frames(ben_socket, opened=True), await frames(aki_socket)
    assert not await db(cpu_holds)(slug, 1) and not await db(cpu_moved)(slug, 1)
    assert any(NOTE in f for f in seen_by_ben)
    assert not any(NOTE in f for f in seen_by_aki)
    await ben_socket.disconnect()
    await aki_socket.disconnect()


async def test_nobody_is_told_so_when_the_room_waited_for_its_players(live):  # noqa: F811
    # With every player away the computer plays nobody's seat: the room waits, nothing changed.
    slug, aki, ben = await db(friends)()
    await db(away)(slug, aki, ben)
    room = await db(services.Room.objects.get)(slug=slug)
    assert not room.auto_turn  # nobody is played for: the room waits

    seen_by_ben = await comes_back(slug, ben, live)
    assert seen_by_ben and not any(NOTE in f for f in seen_by_ben)


async def test_nobody_is_told_so_when_the_seats_turn_never_came(live):  # noqa: F811
    # Ben away while Aki thinks over her turn: the computer holds Ben's seat but makes no move.
    slug, aki, ben = await db(friends)()
    await db(ben_plays_until_akis_turn)(slug, ben)
    await db(away)(slug, ben)
    await live.idle()
    assert await db(cpu_holds)(slug, 1) and not await db(cpu_moved)(slug, 1)

    seen_by_ben = await comes_back(slug, ben, live)
    assert seen_by_ben and not any(NOTE in f for f in seen_by_ben)
