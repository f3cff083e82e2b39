"""Each action is authorised for the seat that sends it: no acting for another seat, nor in a room
where one holds no seat, nor as a watcher; no seat is taken by guessing; the same move sent twice
(two tabs, a replayed frame) applies once and the second gets a resync."""

import asyncio
import json

import pytest
from django.test import Client

from rooms import services
from rooms.cpu import play_pending
from rooms.models import Room, Seat
from tests.live_support import (
    connect,
    db,
    fresh,
    hotseat_room,
    legal,
    live,  # noqa: F401  (the fixture)
    new_session,
    rules,
    table_state,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


def friend_match() -> tuple[Room, list[str]]:
    keys = [new_session() for _ in range(4)]
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=keys[0]
    )
    for index, name in enumerate(["Ben", "Chie", "Dan"], start=1):
        services.take_seat(room, index, name, keys[index])
    services.fill_and_start(room, keys[0], level="random")
    play_pending(room.slug)  # a forced pass the server makes: done before the test starts
    return fresh(room), keys


def send(**fields) -> str:
    return json.dumps({k: str(v) for k, v in fields.items()})


async def answer(comm) -> str:
    return await comm.receive_from(timeout=10)


async def test_it_refuses_a_move_for_another_seat():
    room, keys = await db(friend_match)()
    other = (room.turn + 1) % 4
    move = (await db(legal)(room))[0]
    comm = await connect(room.slug, keys[other])
    await answer(comm)
    fields = {"action": move["type"], "card": move.get("card", ""), "version": room.version}
    await comm.send_to(text_data=send(seat=room.turn, **fields))  # claims the seat to act
    assert "message-error" in await answer(comm)
    await comm.send_to(text_data=send(**fields))  # as itself: not its turn
    assert "message-error" in await answer(comm)
    assert (await db(fresh)(room)).version == room.version
    await comm.disconnect()


async def test_it_refuses_a_move_in_a_room_where_the_sender_holds_no_seat():
    room, keys = await db(friend_match)()  # Aki, Ben, Chie and Dan sit here
    elsewhere, _other_keys = await db(friend_match)()
    move = (await db(legal)(elsewhere))[0]
    comm = await connect(elsewhere.slug, keys[room.turn])
    frame = await answer(comm)
    assert table_state(frame)["hand"] is None  # a watcher there
    fields = {"action": move["type"], "card": move.get("card", ""), "version": elsewhere.version}
    await comm.send_to(text_data=send(seat=elsewhere.turn, **fields))
    assert "message-error" in await answer(comm)
    assert (await db(fresh)(elsewhere)).version == elsewhere.version
    await comm.disconnect()


@pytest.mark.parametrize(
    "action", ["play", "pass", "joker", "next_round", "rematch", "reveal", "hint"]
)
async def test_it_lets_a_watcher_do_nothing(action):
    room, _keys = await db(friend_match)()
    comm = await connect(room.slug, None)
    await answer(comm)
    await comm.send_to(text_data=send(action=action, card="7S", version=room.version, seat=0))
    assert "message-error" in await answer(comm)
    await comm.send_to(text_data=send(action="fast_forward"))
    assert await comm.receive_nothing(timeout=0.3)
    after = await db(fresh)(room)
    assert after.version == room.version and not after.fast_forward
    await comm.disconnect()


async def test_it_refuses_the_hotseat_curtain_to_another_browser():
    aki, mallory = await db(new_session)(), await db(new_session)()
    room = await db(hotseat_room)(aki)  # its first seat has a choice: a curtain with a button
    comm = await connect(room.slug, mallory)
    await answer(comm)
    await comm.send_to(text_data=send(action="reveal"))
    assert "message-error" in await answer(comm)
    await comm.send_to(text_data=send(action="reveal", seat=(await db(fresh)(room)).turn))
    frame = await answer(comm)
    assert "message-error" in frame and 'data-card="' not in frame
    await comm.disconnect()


async def test_another_browser_watches_a_hotseat_room_on_the_page_and_the_socket():
    aki, ben = await db(new_session)(), await db(new_session)()
    room = await db(hotseat_room)(aki)  # its first seat has a choice: a curtain with a button

    def page(key):
        client = Client()
        client.cookies["sessionid"] = key
        return client.get(f"/room/{room.slug}/").content.decode()

    own, other = await db(page)(aki), await db(page)(ben)
    assert "curtain-button" in own and "You are watching" not in own
    assert "You are watching" in other
    assert "curtain-button" not in other and 'value="reveal"' not in other
    assert "play-button" not in other and "No cards left" not in other
    comm = await connect(room.slug, ben)
    frame = await answer(comm)
    assert "You are watching" in frame and "curtain-button" not in frame
    assert "play-button" not in frame and 'data-card="' not in frame
    await comm.disconnect()


async def test_it_gives_no_hint_to_a_socket_whose_seat_changed_hands_unknown_to_it():
    # The notices of the seat's changes never reached the socket (a channel layer may drop
    # them): it still takes itself for the seat. A hint names cards of the seat's hand, now
    # another player's. Here the seat changes hands in the database alone, with no notice.
    room, keys = await db(friend_match)()
    comm = await connect(room.slug, keys[room.turn])
    await answer(comm)
    eve = await db(new_session)()
    await db(Seat.objects.filter(room=room, index=room.turn).update)(session_key=eve)
    await comm.send_to(text_data=send(action="hint"))
    reply = await answer(comm)
    assert "You do not hold that seat." in reply and "data-hint" not in reply
    await comm.disconnect()


async def test_it_looks_up_no_joker_spot_for_a_socket_whose_seat_changed_hands_unknown_to_it():
    # A joker sent without its spot has the spot looked up in the seat's legal moves, and the
    # answer ("cannot follow the joker", "choose which spot", or on to the move) told which cards
    # the seat's new player holds beside the joker, card by card.
    room, keys = await db(friend_match)()
    comm = await connect(room.slug, keys[room.turn])
    await answer(comm)
    eve = await db(new_session)()
    await db(Seat.objects.filter(room=room, index=room.turn).update)(session_key=eve)
    await comm.send_to(text_data=send(action="joker", card="9S", version=room.version))
    reply = await answer(comm)
    assert "You do not hold that seat." in reply and "joker" not in reply
    await comm.disconnect()


def test_it_gives_no_seat_to_a_guess():
    room, keys = friend_match()
    assert len(room.slug) >= 16  # 12 random bytes: rooms are found by their link only
    guesser = Client()
    guesser.cookies["sessionid"] = "x" * 32  # a made-up session holds nothing
    page = guesser.get(f"/room/{room.slug}/")
    assert page.status_code == 200
    response = guesser.post(f"/room/{room.slug}/seat/", {"name": "Mallory"})
    assert response.status_code == 400  # every seat is taken
    assert not fresh(room).seats.filter(name="Mallory").exists()
    assert guesser.get("/room/AAAAAAAAAAAAAAAA/").status_code == 404


async def test_it_applies_the_same_move_from_two_tabs_once(settings):
    # No server moves: a forced pass the server would make for the next seat moves the version too.
    settings.SEVENS_CPU_IN_SERVER = False
    room, keys = await db(friend_match)()
    tab1, tab2 = (
        await connect(room.slug, keys[room.turn]),
        await connect(room.slug, keys[room.turn]),
    )
    await answer(tab1)
    await answer(tab2)
    move = (await db(legal)(room))[0]
    text = send(action=move["type"], card=move.get("card", ""), version=room.version)
    await asyncio.gather(tab1.send_to(text_data=text), tab2.send_to(text_data=text))
    await asyncio.sleep(1)
    after = await db(fresh)(room)
    events = await db(lambda: after.match.rounds.get().events)()
    mine = [e for e in events if e.get("seat") == room.turn and e["type"] == move["type"]]
    assert len(mine) == 1 and after.version == room.version + 1
    # The loser of the race was told the table changed and got it again, not an error page.
    frames = []
    for tab in (tab1, tab2):
        while not await tab.receive_nothing(timeout=0.3):
            frames.append(await tab.receive_from(timeout=10))
    stale = [f for f in frames if "message-error" in f]
    assert len(stale) <= 1
    await tab1.disconnect()
    await tab2.disconnect()


async def test_it_resyncs_a_replayed_frame(settings):
    # No server moves: a forced pass the server would make for the next seat moves the version too.
    settings.SEVENS_CPU_IN_SERVER = False
    room, keys = await db(friend_match)()
    comm = await connect(room.slug, keys[room.turn])
    await answer(comm)
    move = (await db(legal)(room))[0]
    text = send(action=move["type"], card=move.get("card", ""), version=room.version)
    await comm.send_to(text_data=text)
    first = await answer(comm)
    assert table_state(first)["version"] == room.version + 1
    await comm.send_to(text_data=text)  # replayed: its version is old now
    table, error = await answer(comm), await answer(comm)
    assert 'id="table-state"' in table and "message-error" in error
    assert (await db(fresh)(room)).version == room.version + 1
    await comm.disconnect()
