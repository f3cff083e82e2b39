"""A NUL in what a request carries never reaches the database: PostgreSQL refuses a NUL in any text
it is asked about (a server error), where SQLite looks it up and finds nothing. A player's page
named with one is not found; a session cookie holding one (a quoted cookie value may say `\\000`)
is no session, on the pages and on the room socket.

On SQLite the tests check that no such look-up is made; CI's run on PostgreSQL checks the pages too.
"""

from importlib import import_module

import pytest
from django.conf import settings
from django.test import Client

from tests.live_support import Communicator, connect, cpu_room, db, live, new_session  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

NUL_KEY = "abcdefgh\x00ijklmnopqrstuvwxyz0123"


def test_a_player_page_named_with_a_nul_is_not_found_and_never_looked_up(
    client, django_assert_num_queries
):
    with django_assert_num_queries(0):
        assert client.get("/players/a%00b/").status_code == 404


def test_a_session_key_django_could_not_have_made_is_no_session():
    store = import_module(settings.SESSION_ENGINE).SessionStore
    for key in (NUL_KEY, "ABCDEFGH" * 4, "abcdefgh-ijklmnop"):
        assert store(session_key=key).session_key is None, key
    made = store()
    made.create()
    assert store(session_key=made.session_key).session_key == made.session_key


@pytest.mark.parametrize("path", ["/", "/matches/", "/room/{slug}/"])
def test_a_session_cookie_with_a_nul_is_a_new_visitor(path):
    room = cpu_room(new_session())
    visitor = Client()
    visitor.cookies["sessionid"] = NUL_KEY
    assert visitor.get(path.format(slug=room.slug)).status_code == 200


@pytest.mark.usefixtures("live")
async def test_the_room_socket_takes_it_for_a_watcher():
    room = await db(cpu_room)(await db(new_session)())
    comm = await connect(room.slug, NUL_KEY)
    frame = await comm.receive_from(timeout=10)
    assert 'id="table-state"' in frame
    await comm.disconnect()


@pytest.mark.usefixtures("live")
async def test_a_room_socket_whose_address_holds_a_nul_is_no_room_and_never_looked_up(monkeypatch):

    from config.asgi import application
    from rooms import consumers

    looked_up = []
    monkeypatch.setattr(consumers, "_room_exists", lambda slug: looked_up.append(slug) or False)
    comm = Communicator(
        application,
        "/ws/room/ab\x00cd/",
        headers=[(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")],
    )
    connected, code = await comm.connect(timeout=10)
    assert not connected and code == consumers.CLOSE_NO_ROOM
    assert looked_up == []
