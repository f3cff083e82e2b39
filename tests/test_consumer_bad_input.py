"""Bad input on a room's socket: an error fragment, never a traceback; floods and oversized
frames get a polite close; the game is unchanged."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.live_support import (
    connect,
    db,
    fresh,
    hotseat_room,
    live,  # noqa: F401  (the fixture)
    new_session,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]

GARBAGE = [
    " ",
    "not json",
    "[]",
    "null",
    json.dumps({"action": "fly"}),
    json.dumps({"action": {"x": 1}}),
    json.dumps({"action": "play", "card": "ZZ", "version": "1"}),
    json.dumps({"action": "play", "card": ["AS", "2S", "3S"], "version": "1"}),
    json.dumps({"action": "play", "card": "AS", "version": "-1"}),
    json.dumps({"action": "play", "card": "AS", "seat": "9", "version": "1"}),
    json.dumps({"action": "pass", "version": "1", "seat": "1.5"}),
    "[" * 2000,
]


async def test_it_answers_garbage_with_an_error_fragment_and_stays_open():
    aki = await db(new_session)()
    room = await db(hotseat_room)(aki)
    comm = await connect(room.slug, aki)
    await comm.receive_from(timeout=10)
    for text in GARBAGE:
        await comm.send_to(text_data=text)
        answer = await comm.receive_from(timeout=10)
        assert 'id="messages"' in answer and "Traceback" not in answer, text
    await comm.send_to(bytes_data=b"\x00\x01")
    assert 'id="messages"' in await comm.receive_from(timeout=10)
    assert (await db(fresh)(room)).version == 1
    await comm.disconnect()


async def test_it_closes_politely_on_an_oversized_frame():
    aki = await db(new_session)()
    room = await db(hotseat_room)(aki)
    comm = await connect(room.slug, aki)
    await comm.receive_from(timeout=10)
    await comm.send_to(text_data=json.dumps({"action": "resync", "pad": "x" * 5000}))
    assert "message-error" in await comm.receive_from(timeout=10)
    closed = await comm.receive_output(timeout=10)
    assert closed["type"] == "websocket.close" and closed["code"] == 4009


async def test_it_closes_politely_when_the_message_budget_is_spent(settings):
    settings.SEVENS_WS_BUDGET = 5
    aki = await db(new_session)()
    room = await db(hotseat_room)(aki)
    comm = await connect(room.slug, aki)
    await comm.receive_from(timeout=10)
    for _ in range(5):
        await comm.send_to(text_data=json.dumps({"action": "fly"}))
        await comm.receive_from(timeout=10)
    await comm.send_to(text_data=json.dumps({"action": "fly"}))
    assert "message-error" in await comm.receive_from(timeout=10)
    closed = await comm.receive_output(timeout=10)
    assert closed["type"] == "websocket.close" and closed["code"] == 4029


fields = st.dictionaries(
    st.sampled_from(["action", "card", "spot", "seat", "version", "HEADERS", "x"]),
    st.one_of(
        st.text(max_size=8),
        st.integers(),
        st.none(),
        st.booleans(),
        st.lists(st.text(max_size=3), max_size=3),
        st.sampled_from(["play", "pass", "joker", "hint", "reveal", "next_round", "6D", "JK"]),
    ),
)


@pytest.fixture
def fuzz_room(db):
    return hotseat_room(new_session())


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(message=fields)
async def test_it_never_breaks_on_random_frames(message, fuzz_room):
    # Each example is a fresh socket that never lifted the curtain: nothing it sends may act.
    comm = await connect(fuzz_room.slug, fuzz_room.created_by)
    await comm.receive_from(timeout=10)
    await comm.send_to(text_data=json.dumps(message))
    while not await comm.receive_nothing(timeout=0.05):
        assert "Traceback" not in await comm.receive_from(timeout=10)
    await comm.disconnect()
    assert (await db(fresh)(fuzz_room)).version == 1
