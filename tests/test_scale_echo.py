"""The echo socket, the load script's floor: a frame sent by one socket of a group reaches every
socket of the group unchanged; an oversized frame closes; it is routed only when asked for."""

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import path

from rooms import echo

# No database here, but Channels checks the thread's kept connection (CONN_MAX_AGE=None on
# SQLite) before each message, so the test must be allowed to touch it.
pytestmark = pytest.mark.django_db

app = URLRouter([path("ws/echo/<str:group>/", echo.EchoConsumer.as_asgi())])


async def join(group: str) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(app, f"/ws/echo/{group}/")
    assert (await comm.connect(timeout=10))[0]
    return comm


async def test_it_pushes_a_frame_to_every_socket_of_the_group():
    seats = [await join("t1") for _ in range(4)]
    stranger = await join("t2")
    await seats[2].send_to(text_data='<p data-version="7">x</p>')
    for seat in seats:
        assert await seat.receive_from(timeout=5) == '<p data-version="7">x</p>'
    assert await stranger.receive_nothing(timeout=0.2)
    for comm in [*seats, stranger]:
        await comm.disconnect()


async def test_it_closes_on_an_oversized_frame_or_a_bad_group():
    comm = await join("t3")
    await comm.send_to(text_data="x" * 5000)
    assert (await comm.receive_output(timeout=5))["code"] == 4009
    bad = WebsocketCommunicator(app, "/ws/echo/a.b/")
    assert not (await bad.connect(timeout=10))[0]


@pytest.mark.parametrize(
    ("debug", "flag", "routed"), [(False, None, False), (False, "1", True), (True, None, True)]
)
def test_it_is_routed_only_in_debug_or_when_asked(settings, monkeypatch, debug, flag, routed):
    settings.DEBUG = debug
    if flag is None:
        monkeypatch.delenv("SEVENS_ECHO", raising=False)
    else:
        monkeypatch.setenv("SEVENS_ECHO", flag)
    assert bool(echo.routes()) is routed
