"""Extends the frame scan of tests/test_leaks_frames.py to what it does not cover: the room page
served over HTTP (the first render, before any socket) to every seat of a friend match and to a
watcher, mid-round and after a round, and the hint and error fragments sent to seats who are not
to act. None may carry another seat's card, the deck order or a seed."""

import json
from types import SimpleNamespace

import pytest
from django.test import Client

from rooms import services
from rooms.models import Room
from tests.live_support import (
    connect,
    db,
    fresh,
    legal,
    live,  # noqa: F401  (the fixture)
)
from tests.test_abuse_seats import friend_match
from tests.test_leaks_frames import check_frames, secrets_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


def browser(key: str | None) -> Client:
    client = Client()
    if key:
        client.cookies["sessionid"] = key
    return client


def play(room: Room, keys: list[str], moves: int) -> Room:
    for _ in range(moves):
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        action = legal(room)[0]
        assert services.submit_action(
            room.slug, room.turn, action, room.version, keys[room.turn]
        ).ok
    return fresh(room)


def pages(room: Room, keys: list[str]) -> dict:
    out = {i: browser(k).get(f"/room/{room.slug}/").content.decode() for i, k in enumerate(keys)}
    out[None] = browser(None).get(f"/room/{room.slug}/").content.decode()
    return out


def scan(frames_by_viewer: dict, room: Room) -> int:
    hands, seeds = secrets_of(room)
    shown = 0
    for viewer, frames in frames_by_viewer.items():
        agent = SimpleNamespace(frames=frames)
        shown += check_frames(agent, lambda state, v=viewer: v, hands, seeds)
    return shown


def test_it_serves_each_seat_a_page_with_only_its_own_cards(deals):
    deals(1)  # every seat holds playable cards: none runs out of passes in 12 moves
    room, keys = friend_match()
    seen = {v: [page] for v, page in pages(room, keys).items()}
    room = play(room, keys, 12)
    for v, page in pages(room, keys).items():
        seen[v].append(page)
    assert scan(seen, room) >= 8  # every seat saw its own hand, twice


def test_it_leaks_nothing_in_the_pages_after_a_round():
    room, keys = friend_match()
    room = play(room, keys, 400)
    assert room.status in (Room.Status.BETWEEN_ROUNDS, Room.Status.FINISHED)
    seen = {v: [page] for v, page in pages(room, keys).items()}
    scan(seen, room)
    assert all(str(s) not in json.dumps(seen) for s in secrets_of(room)[1])


async def test_it_sends_hints_and_errors_that_name_no_other_card():
    room, keys = await db(friend_match)()
    frames = {}
    for seat, key in [*enumerate(keys), (None, None)]:
        comm = await connect(room.slug, key)
        got = [await comm.receive_from(timeout=10)]
        for action in ("hint", "play", "pass", "joker", "reveal"):
            await comm.send_to(
                text_data=json.dumps({"action": action, "card": "7S", "version": str(room.version)})
            )
            while not await comm.receive_nothing(timeout=0.2):
                got.append(await comm.receive_from(timeout=10))
        await comm.disconnect()
        frames[seat] = got
    hands, _seeds = await db(secrets_of)(room)
    for seat, got in frames.items():
        own = hands[0][seat] if seat is not None else set()
        others = set().union(*hands[0]) - own
        for frame in got[1:]:
            if 'id="table-state"' in frame:
                continue  # a resync: the whole table, scanned below
            named = {c for c in others if f'data-card="{c}"' in frame or f'"{c}"' in frame}
            assert not named, (seat, named)
    assert await db(scan)(frames, await db(fresh)(room)) >= 4
