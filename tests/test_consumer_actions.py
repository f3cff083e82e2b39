"""Moves over the socket: applied and pushed to every socket of the room; a wrong press is
explained to the sender only; a stale press gets a resync."""

import asyncio
import json
import re

import pytest

from rooms.models import Room
from rooms.table import legal_words
from tests.live_support import (
    CARD_ATTR,
    HAND,
    connect,
    db,
    frame_version,
    fresh,
    hotseat_room,
    legal,
    live,  # noqa: F401  (the fixture)
    new_session,
    play_round_by_hand,
    table_state,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


def match_ids(room) -> list[int]:
    from games.models import Match

    return list(Match.objects.filter(room=room).order_by("pk").values_list("pk", flat=True))


def send(**fields):
    # What htmx's ws extension sends: the form fields and a HEADERS object.
    return json.dumps({**{k: str(v) for k, v in fields.items()}, "HEADERS": {"HX-Request": "true"}})


async def test_it_shows_the_hotseat_hand_only_after_the_curtain_is_lifted():
    aki = await db(new_session)()
    room = await db(hotseat_room)(aki)
    comm = await connect(room.slug, aki)
    frame = await comm.receive_from(timeout=10)
    assert CARD_ATTR.findall(HAND.search(frame).group(0)) == []
    assert table_state(frame)["hand"] is None
    await comm.send_to(text_data=send(action="reveal"))
    frame = await comm.receive_from(timeout=10)
    hand = await db(lambda: fresh(room).match.rounds.get().hands[room.turn])()
    shown = CARD_ATTR.findall(HAND.search(frame).group(0))
    assert shown and set(shown) <= set(hand)
    await comm.disconnect()


async def test_it_pushes_a_move_to_every_socket_and_covers_the_hand_again():
    aki = await db(new_session)()
    room = await db(hotseat_room)(aki)
    device, watcher = await connect(room.slug, aki), await connect(room.slug, None)
    await device.receive_from(timeout=10)
    await watcher.receive_from(timeout=10)
    await device.send_to(text_data=send(action="reveal"))
    await device.receive_from(timeout=10)
    move = (await db(legal)(room))[0]
    await device.send_to(text_data=send(action=move["type"], card=move.get("card", ""), version=1))
    pushed = await device.receive_from(timeout=10)
    seen = await watcher.receive_from(timeout=10)
    assert frame_version(pushed) == frame_version(seen) == 2
    room = await db(fresh)(room)
    if room.status == Room.Status.PLAYING:
        assert table_state(pushed)["hand"] is None  # the next player has not lifted the curtain
    await device.disconnect()
    await watcher.disconnect()


async def test_it_explains_a_wrong_press_to_the_sender_only():
    aki = await db(new_session)()
    room = await db(hotseat_room)(aki)
    device, watcher = await connect(room.slug, aki), await connect(room.slug, None)
    await device.receive_from(timeout=10)
    await watcher.receive_from(timeout=10)
    await device.send_to(text_data=send(action="reveal"))
    await device.receive_from(timeout=10)
    await device.send_to(text_data=send(action="play", card="KS", version=1))
    answer = await device.receive_from(timeout=10)
    assert 'id="messages"' in answer and 'id="layout"' not in answer
    assert "message-error" in answer
    assert await watcher.receive_nothing(timeout=0.3)
    assert (await db(fresh)(room)).version == 1
    await device.disconnect()
    await watcher.disconnect()


async def test_it_resyncs_a_move_made_against_an_old_version():
    aki = await db(new_session)()
    room = await db(hotseat_room)(aki)
    device = await connect(room.slug, aki)
    await device.receive_from(timeout=10)
    await device.send_to(text_data=send(action="reveal"))
    await device.receive_from(timeout=10)
    move = (await db(legal)(room))[0]
    await device.send_to(text_data=send(action=move["type"], card=move.get("card", ""), version=0))
    table = await device.receive_from(timeout=10)
    note = await device.receive_from(timeout=10)
    assert 'id="layout"' in table and frame_version(table) == 1
    assert "message-error" in note
    assert (await db(fresh)(room)).version == 1
    await device.disconnect()


async def test_it_refuses_a_move_before_the_curtain_is_lifted():
    aki = await db(new_session)()
    room = await db(hotseat_room)(aki)
    device = await connect(room.slug, aki)
    await device.receive_from(timeout=10)
    move = (await db(legal)(room))[0]
    await device.send_to(text_data=send(action=move["type"], card=move.get("card", ""), version=1))
    answer = await device.receive_from(timeout=10)
    assert "message-error" in answer
    assert (await db(fresh)(room)).version == 1
    await device.disconnect()


async def test_it_answers_a_hint_with_a_legal_move_for_the_sender():
    aki = await db(new_session)()
    room = await db(hotseat_room)(aki)
    device = await connect(room.slug, aki)
    await device.receive_from(timeout=10)
    await device.send_to(text_data=send(action="reveal"))
    await device.receive_from(timeout=10)
    await device.send_to(text_data=send(action="hint"))
    answer = await device.receive_from(timeout=10)
    assert 'id="messages"' in answer and "Hint" in answer
    hinted = re.search(r'data-hint="([^"]+)"', answer).group(1)  # the panel chooses it
    assert hinted in legal_words(await db(legal)(room))
    await device.disconnect()


async def test_play_again_pushes_the_new_match_to_every_socket_once():
    aki = await db(new_session)()
    room = await db(hotseat_room)(aki, rounds=1)
    room = await db(play_round_by_hand)(room, aki)
    assert room.status == Room.Status.FINISHED
    device, watcher = await connect(room.slug, aki), await connect(room.slug, None)
    over = await device.receive_from(timeout=10)
    await watcher.receive_from(timeout=10)
    assert 'value="rematch"' in over
    finished = frame_version(over)

    await device.send_to(text_data=send(action="rematch", version=finished))
    for comm in (device, watcher):
        frame = await comm.receive_from(timeout=10)
        assert frame_version(frame) == finished + 1
        assert table_state(frame)["status"] == "playing"
    new_match = await db(match_ids)(room)
    await device.send_to(text_data=send(action="rematch", version=finished))  # a double press
    # It changes nothing and says nothing. (A frame may still come: the new deal's first seat
    # may hold nothing to play, and its forced pass is made for it.)
    await asyncio.sleep(0.3)
    while not await device.receive_nothing(timeout=0.2):
        later = await device.receive_from(timeout=1)
        assert "message-error" not in later
    assert await db(match_ids)(room) == new_match and len(new_match) == 2
    await device.disconnect()
    await watcher.disconnect()
