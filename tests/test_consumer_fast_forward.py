"""Fast-forward over the socket: the player who pressed it is told it is on, and the note stands
while the computer plays; nobody else is told."""

import json
import re

import pytest

from rooms.models import Room
from tests.live_support import (
    connect,
    cpu_room,
    db,
    frame_version,
    frames_until,
    fresh,
    live,  # noqa: F401  (the fixture)
    new_session,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]

NOTE = "Fast-forward: the computer plays without waiting until this round ends."
EMPTIED = re.compile(r'<div id="messages"[^>]*></div>')
FAST_FORWARD = json.dumps({"action": "fast_forward", "HEADERS": {"HX-Request": "true"}})


def computer_to_play(key):
    """A deal the seat after the player's opens: two more computer moves before the player's turn
    (the note stands until then)."""
    while True:
        room = cpu_room(key)
        if room.turn == 1 and room.auto_turn:
            return room
        room.delete()


async def test_it_tells_the_player_who_pressed_it_and_the_computer_stops_waiting(live, settings):  # noqa: F811
    settings.SEVENS_CPU_DELAY = 0.5  # the sockets are in before the computer's first move
    aki = await db(new_session)()
    room = await db(computer_to_play)(aki)
    player = await connect(room.slug, aki)
    watcher = await connect(room.slug, None)
    await player.receive_from(timeout=10)
    await watcher.receive_from(timeout=10)
    await player.send_to(text_data=FAST_FORWARD)
    got = await frames_until(player, lambda f: NOTE in f)
    assert f'<p class="message message-info">{NOTE}</p>' in got[-1]
    # The note stands while the computer moves (the runner's tests time the delay itself), until
    # the player's turn.
    moved = await frames_until(player, lambda f: (frame_version(f) or 0) > room.version)
    assert not any(EMPTIED.search(f) for f in moved)
    assert (await db(fresh)(room)).fast_forward
    seen = await frames_until(watcher, lambda f: (frame_version(f) or 0) > room.version)
    assert not any(NOTE in f for f in seen)
    await player.disconnect()
    await watcher.disconnect()


async def test_it_says_nothing_once_the_match_is_over(live):  # noqa: F811
    aki = await db(new_session)()
    room = await db(computer_to_play)(aki)
    await db(lambda: Room.objects.filter(pk=room.pk).update(status=Room.Status.FINISHED))()
    player = await connect(room.slug, aki)
    await player.receive_from(timeout=10)
    await player.send_to(text_data=FAST_FORWARD)
    assert await player.receive_nothing(timeout=0.5)
    assert not (await db(fresh)(room)).fast_forward
    await player.disconnect()
