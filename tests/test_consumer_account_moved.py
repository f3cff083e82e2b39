"""Signing up or logging in in another tab moves the browser's seats to its new session key: the
table open under the old key reconnects under the new one. Before it closed, that socket was sent
the room's new version rendered for its old key, which no longer held the seat: a watcher's table,
with no hand. The page then forgot the card its player had chosen, and the hand blinked away."""

import pytest

from rooms.consumers import ACCOUNT_CHANGED
from tests.live_support import (
    connect,
    db,
    hotseat_room,
    live,  # noqa: F401  (the fixture)
    new_session,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


async def test_the_table_under_the_old_key_is_never_shown_as_a_watchers():
    from rooms import services

    aki = await db(new_session)()
    room = await db(hotseat_room)(aki)  # no computer moves while the test looks
    mine = await connect(room.slug, aki)
    await mine.receive_from(timeout=10)
    new_key = await db(new_session)()

    assert await db(services.move_browser)(aki, new_key) == [room.slug]

    sent = []
    output = await mine.receive_output(timeout=10)
    while output["type"] != "websocket.close":
        sent.append(output.get("text", ""))
        output = await mine.receive_output(timeout=10)
    assert sent == [ACCOUNT_CHANGED]
    assert not [text for text in sent if 'class="watching"' in text]
    await mine.disconnect()
