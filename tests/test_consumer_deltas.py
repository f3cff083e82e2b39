"""After a move each socket gets a delta in its own page's language, the whole table once it is
further behind, and every frame carries the version it brings the page to."""

import pytest

from rooms.models import Room
from tests.live_support import (
    Communicator,
    cpu_room,
    db,
    frame_version,
    live,  # noqa: F401  (the fixture)
    new_session,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


async def watch(slug: str, language: str) -> Communicator:
    from config.asgi import application

    headers = [(b"origin", b"http://localhost"), (b"accept-language", language.encode())]
    comm = Communicator(application, f"/ws/room/{slug}/", headers=headers)
    connected, _ = await comm.connect(timeout=10)
    assert connected
    return comm


async def frames_of(comm, count: int) -> list[str]:
    return [await comm.receive_from(timeout=10) for _ in range(count)]


async def test_it_sends_each_socket_its_deltas_in_its_own_language(live):  # noqa: F811
    aki = await db(new_session)()
    room = await db(cpu_room)(aki, level="random", rounds=1)
    english, japanese = await watch(room.slug, "en"), await watch(room.slug, "ja")
    first_en, first_ja = (
        await english.receive_from(timeout=10),
        await japanese.receive_from(timeout=10),
    )
    assert "data-base" not in first_en and "data-base" not in first_ja  # a new socket: all of it
    # The watchers sit at a table of one person and three computers: play Aki's turns from the
    # server side (as the CPU runner would) until some computer moves were pushed.
    from rooms import services

    def play_for_aki():
        fresh = Room.objects.get(pk=room.pk)
        if fresh.status == Room.Status.PLAYING and fresh.turn == 0:
            act = services.legal_for(fresh.slug, 0)[0]
            services.submit_action(fresh.slug, 0, act, fresh.version, aki)

    deltas = {"en": [], "ja": []}
    for _ in range(12):
        await db(play_for_aki)()
        await live.idle()
        for name, comm in (("en", english), ("ja", japanese)):
            while not await comm.receive_nothing(timeout=0.2):
                frame = await comm.receive_from(timeout=10)
                assert frame_version(frame) is not None
                if 'data-base="' in frame:
                    deltas[name].append(frame)
    assert deltas["en"] and deltas["ja"]
    assert all("played" in f or "passed" in f for f in deltas["en"] if 'id="move"' in f)
    for frame in deltas["ja"]:
        assert "played" not in frame and "passed" not in frame and "Waiting" not in frame
    assert any("出しました" in f or "パス" in f for f in deltas["ja"])
    await english.disconnect()
    await japanese.disconnect()
