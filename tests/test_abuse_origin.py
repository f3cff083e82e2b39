"""The room socket checks the browser's Origin against ALLOWED_HOSTS before any room code runs:
a foreign, look-alike, missing or null Origin is refused; the site's own is let in."""

import pytest

from config.asgi import application
from tests.live_support import Communicator, cpu_room, db, live, new_session  # noqa: F401  (live: the fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


async def opens(slug: str, origin: bytes | None) -> bool:
    headers = [(b"origin", origin)] if origin is not None else []
    comm = Communicator(application, f"/ws/room/{slug}/", headers=headers)
    connected, _ = await comm.connect(timeout=10)
    if connected:
        await comm.receive_from(timeout=10)
        await comm.disconnect()
    return connected


@pytest.mark.parametrize(
    "origin",
    [
        b"http://evil.example",
        b"http://localhost.evil.example",
        b"http://127.0.0.1.nip.io",
        b"null",
        b"",
        None,
    ],
)
async def test_it_refuses_a_socket_from_another_origin(origin):
    room = await db(cpu_room)(await db(new_session)())
    assert not await opens(room.slug, origin)


@pytest.mark.parametrize("origin", [b"http://localhost", b"http://127.0.0.1:8000"])
async def test_it_lets_in_the_sites_own_origin(origin):
    room = await db(cpu_room)(await db(new_session)())
    assert await opens(room.slug, origin)
