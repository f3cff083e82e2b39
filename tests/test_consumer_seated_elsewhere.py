"""A browser that takes a seat, or leaves it, in one tab of a friends' room tells its other tabs
(rooms.consumers SEATED, UNSEATED): before the deal no table says who is seated, and a tab drawn
for a watcher kept "Take a free seat" (tests/browser/test_browser_seat_other_tab.py). Only that
browser's sockets hear it."""

import pytest

from rooms import services
from rooms.consumers import SEATED, UNSEATED
from tests.live_support import (
    connect,
    db,
    frames_until,
    live,  # noqa: F401  (the fixture)
    new_session,
    rules,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


def friends_room(key: str):
    return services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=key
    )


async def drain(comm) -> list[str]:
    """The frames a socket has been sent and not yet read (a moment's wait for the last)."""
    seen = []
    while not await comm.receive_nothing(timeout=0.5):
        seen.append(await comm.receive_from())
    return seen


async def test_only_the_browser_that_took_or_left_a_seat_hears_it():
    aki, ben, chie = [await db(new_session)() for _ in range(3)]
    room = await db(friends_room)(aki)
    bens_other_tab = await connect(room.slug, ben)
    chies_tab = await connect(room.slug, chie)
    await frames_until(bens_other_tab, lambda f: 'id="lobby"' in f)
    await frames_until(chies_tab, lambda f: 'id="lobby"' in f)

    await db(services.take_seat)(room.slug, 1, "Ben", ben)
    assert SEATED in await frames_until(bens_other_tab, lambda f: f == SEATED)
    await db(services.leave_seat)(room.slug, ben)
    assert UNSEATED in await frames_until(bens_other_tab, lambda f: f == UNSEATED)
    # Chie's tab saw the lobby change twice, never a word meant for Ben's browser.
    seen = await drain(chies_tab)
    assert sum('id="lobby"' in f for f in seen) >= 2
    assert SEATED not in seen and UNSEATED not in seen
    await bens_other_tab.disconnect()
    await chies_tab.disconnect()
