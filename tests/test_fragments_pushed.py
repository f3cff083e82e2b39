"""Every pushed fragment equals the same partial rendered fresh: the frame a socket receives and
the room page agree, element for element."""

import re

import pytest
from django.test import Client

from rooms.render import FRAGMENTS
from tests.live_support import (
    connect,
    cpu_room,
    db,
    frames_until,
    live,  # noqa: F401  (the fixture)
    new_session,
    table_state,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


def waiting_for_me(frame: str) -> bool:
    state = table_state(frame)
    return bool(state and state["turn"] == 0 and any(a["type"] == "play" for a in state["legal"]))


def split_frame(html: str) -> list[str]:
    starts = [m.start() for m in re.finditer(r'^<\w+ id="[\w-]+"', html, re.M)]
    return [html[a:b].strip() for a, b in zip(starts, [*starts[1:], len(html)], strict=True)]


def page_for(slug: str, key: str) -> str:
    client = Client()
    client.cookies["sessionid"] = key
    return client.get(f"/room/{slug}/").content.decode()


async def test_it_pushes_the_fragments_the_page_renders(deals):
    # A deal where seat 0 holds cards it can play from the start: on a random deal it might have
    # none on any turn, and pass until out of passes without ever being waited for.
    deals(1)
    aki = await db(new_session)()
    room = await db(cpu_room)(aki)
    comm = await connect(room.slug, aki)
    await frames_until(comm, waiting_for_me)
    await comm.disconnect()
    comm = await connect(room.slug, aki)  # a new socket gets the whole table
    frame = await comm.receive_from(timeout=10)
    page = await db(page_for)(room.slug, aki)
    parts = split_frame(frame)
    assert len(parts) == len(FRAGMENTS)
    for part in parts:
        assert part in page, part[:120]
    await comm.disconnect()
