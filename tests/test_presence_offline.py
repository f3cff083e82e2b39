"""A friend whose connection goes (a closed tab, a phone asleep) is said offline to the others at
once, while the grace period runs and the table waits for them; back, they are not. Saying so makes
a new version (the tables are drawn per version) that changes nothing in the game: a move or a
deal asked on the table before still stands.

Personas: Aki opens the room, Ben joins by the link, Dan only watches."""

import re
import time
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from rooms import frames, services
from rooms.cpu import play_pending
from rooms.models import Room, Seat
from tests.live_support import (
    connect,
    cpu_room,
    db,
    frames_until,
    fresh,
    legal,
    live,  # noqa: F401  (the fixture)
    new_session,
    rules,
)
from tests.test_pages_create import MENU as CREATE_MENU

pytestmark = pytest.mark.django_db

OFFLINE = "offline: the game waits a moment for them to come back"
MENU = {**CREATE_MENU, "start": "friend"}


@pytest.fixture
def friends():
    """Aki's friends' room, Ben seated by the link, Dan watching: three clients."""
    aki, ben, dan = Client(), Client(), Client()
    aki.post("/new/", MENU)
    room = Room.objects.get()
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    dan.get(f"/room/{room.slug}/")
    return room, aki, ben, dan


def key(client) -> str:
    return client.session.session_key


def page(client, room) -> str:
    return client.get(f"/room/{room.slug}/").content.decode()


def seat_line(html: str, name: str) -> str:
    """The seat list's line of `name` (the panel's #seats)."""
    match = re.search(rf'<b class="seat-name">(?:(?!</b>).)*?{name}.*?</b>', html, re.S)
    assert match, name
    return match.group(0)


def started(friends):
    room, aki, ben, dan = friends
    aki.post(f"/room/{room.slug}/start/", {"level": "random"})
    play_pending(room.slug)
    return fresh(room)


def test_a_friend_who_just_took_a_seat_is_not_said_offline(friends):
    room, aki, ben, dan = friends
    assert "Ben (offline)" not in page(dan, room)  # the lobby: Ben's page opens its socket next
    room = started(friends)
    assert OFFLINE not in page(dan, room)


def test_the_others_see_a_friend_offline_at_once_and_back_when_they_return(friends):
    room, aki, ben, dan = friends
    room = started(friends)
    services.seat_connected(room.slug, key(ben))
    before = fresh(room)
    services.seat_disconnected(room.slug, key(ben))
    after = fresh(room)
    assert after.version == before.version + 1  # drawn anew for everyone
    assert after.game_version == before.game_version  # the game did not change
    # nor when it last moved (the worker's stalled turns count from it)
    assert after.updated_at == before.updated_at
    assert OFFLINE in seat_line(page(dan, room), "Ben")
    assert OFFLINE in seat_line(page(aki, room), "Ben")
    assert OFFLINE not in seat_line(page(aki, room), "Aki")
    # not yet handed to the computer: the grace period runs
    assert not Seat.objects.get(room=room, session_key=key(ben)).cpu_controlled
    services.seat_connected(room.slug, key(ben))
    back = fresh(room)
    assert back.version == after.version + 1 and back.game_version == before.game_version
    assert OFFLINE not in page(dan, room)


def test_a_friends_own_page_never_says_them_offline(friends):
    # Ben reloads: his page is drawn before his socket is back.
    room, aki, ben, dan = friends
    room = started(friends)
    services.seat_disconnected(room.slug, key(ben))
    mine = seat_line(page(ben, room), "Ben")
    assert OFFLINE not in mine and '<span class="you">' in mine
    state = re.search(r'<script id="table-state"[^>]*>(.*?)</script>', page(ben, room), re.S)
    assert '"offline"' not in state.group(1)  # nor his 3D name tag
    theirs = re.search(r'<script id="table-state"[^>]*>(.*?)</script>', page(aki, room), re.S)
    assert '"offline"' in theirs.group(1)


def test_the_lobby_says_a_friend_offline(friends):
    room, aki, ben, dan = friends
    services.seat_disconnected(room.slug, key(ben))
    assert "Ben (offline)" in page(dan, room)
    services.seat_connected(room.slug, key(ben))
    assert "Ben (offline)" not in page(dan, room)


def spoken(html: str) -> str:
    """What the live region reads out on a page or in a frame."""
    return re.search(r'<div id="live"[^>]*>(.*?)</div>', html, re.S).group(1)


def test_the_lobby_tells_screen_readers_a_friend_offline_and_never_that_friend(friends):
    # The lobby's live region reads who sits; a friend offline there was only shown by their tag.
    room, aki, ben, dan = friends
    services.seat_disconnected(room.slug, key(ben))
    assert "Ben (offline)" in spoken(page(dan, room))
    assert "Ben (offline)" in spoken(page(aki, room))
    assert "Ben" in spoken(page(ben, room)) and "offline" not in spoken(page(ben, room))
    # On the sockets too: the live region of the others' frames, not Ben's own.
    snap = frames.read(room.slug)
    assert "Ben (offline)" in spoken(frames.table_for(snap, 0, None).html())
    assert "offline" not in spoken(frames.table_for(snap, 1, None).html())
    assert "Ben (offline)" in spoken(frames.table_for(snap, None, None).html())
    services.seat_connected(room.slug, key(ben))
    assert "offline" not in spoken(page(dan, room)) and "Ben" in spoken(page(dan, room))


def test_a_move_made_on_the_table_before_still_stands(friends):
    room, aki, ben, dan = friends
    room = started(friends)
    holder, other = (aki, ben) if room.turn == 0 else (ben, aki)
    assert room.turn in (0, 1)  # the computers' turns are played: a player's turn
    seen = room.version
    services.seat_disconnected(room.slug, key(other))  # a friend's tab closes meanwhile
    result = services.submit_action(room.slug, room.turn, legal(room)[0], seen, key(holder))
    assert result.error is None
    assert fresh(room).game_version == result.version == seen + 2


def test_a_move_made_before_a_change_to_the_game_is_still_refused(friends):
    room, aki, ben, dan = friends
    room = started(friends)
    holder = aki if room.turn == 0 else ben
    services.seat_disconnected(room.slug, key(ben))
    services.seat_connected(room.slug, key(ben))
    move = legal(room)[0]
    for seen in (room.version - 1, fresh(room).version + 1):  # before the deal; a made-up one
        result = services.submit_action(room.slug, room.turn, move, seen, key(holder))
        assert result.error is not None and result.error.code == "stale"
    assert fresh(room).game_version == room.game_version


def test_the_next_round_is_dealt_on_the_table_before_a_friend_went_offline(friends):
    room, aki, ben, dan = friends
    room = started(friends)
    while fresh(room).status == Room.Status.PLAYING:
        room = fresh(room)
        holder = aki if room.turn == 0 else ben
        services.submit_action(room.slug, room.turn, legal(room)[0], room.version, key(holder))
        play_pending(room.slug)
    room = fresh(room)
    assert room.status == Room.Status.BETWEEN_ROUNDS
    services.seat_disconnected(room.slug, key(ben))
    services.next_round(room.slug, key(aki), room.version)
    assert fresh(room).status == Room.Status.PLAYING


def test_nobody_is_told_of_a_closed_tab_against_the_computer():
    aki = new_session()
    room = cpu_room(aki)
    services.seat_connected(room.slug, aki)
    version = fresh(room).version
    services.seat_disconnected(room.slug, aki)
    services.seat_connected(room.slug, aki)
    assert fresh(room).version == version


def test_a_heartbeat_from_another_tab_says_the_friend_back(friends):
    # Ben's two tabs were served by two processes: one closed, the other's heartbeat still runs.
    room, aki, ben, dan = friends
    room = started(friends)
    services.seat_disconnected(room.slug, key(ben))
    offline = fresh(room).version
    assert services.heartbeats({room.slug: [key(ben), key(aki)]}) == 2
    assert fresh(room).version == offline + 1
    assert OFFLINE not in page(dan, room)
    services.heartbeats({room.slug: [key(ben), key(aki)]})  # nothing new to say: no version
    assert fresh(room).version == offline + 1


def friends_dealt(rounds: int) -> tuple[Room, str, str]:
    """Aki's friends' room with Ben seated by the link and two easy computers, dealt: the room and
    Aki's and Ben's browser keys."""
    aki, ben = new_session(), new_session()
    room = services.create_room(
        rules=rules(rounds=rounds), mode="friend", level=None, names=["Aki"], session_key=aki
    )
    services.take_seat(room, 1, "Ben", ben)
    services.fill_and_start(room, aki, level="easy")
    return room, aki, ben


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("live")
async def test_a_friend_s_closed_socket_reaches_the_others_tables_at_once():
    room, aki, ben = await db(friends_dealt)(3)
    at_aki, at_ben = await connect(room.slug, aki), await connect(room.slug, ben)
    await frames_until(at_aki, lambda f: "Ben" in f)
    await at_ben.disconnect()  # Ben's tab closes
    said = await frames_until(at_aki, lambda f: OFFLINE in f)
    assert "Ben" in said[-1]
    again = await connect(room.slug, ben)  # and opens again
    await frames_until(at_aki, lambda f: 'class="seat-name"' in f and OFFLINE not in f)
    await again.disconnect()
    await at_aki.disconnect()


def test_a_friends_own_lobby_never_says_them_offline(friends):
    # Ben reloads the lobby: his page is drawn before his socket is back.
    room, aki, ben, dan = friends
    services.seat_disconnected(room.slug, key(ben))
    assert "Ben (offline)" in page(dan, room)
    assert "Ben (offline)" not in page(ben, room)
    assert "Ben (offline)" in page(aki, room)


def test_a_friends_own_socket_never_says_them_offline(friends):
    # Ben's other tab, on another process, closed: his open tab gets the version saying him
    # offline to the others, drawn from the fragments the watchers' tables share.
    room, aki, ben, dan = friends
    services.seat_disconnected(room.slug, key(ben))
    snap = frames.read(room.slug)
    assert "Ben (offline)" in frames.table_for(snap, None, None).fragments["lobby"]
    assert "Ben (offline)" not in frames.table_for(snap, 1, None).fragments["lobby"]
    assert "Ben (offline)" in frames.table_for(snap, 0, None).fragments["lobby"]
    room = started(friends)
    services.seat_disconnected(room.slug, key(ben))
    snap = frames.read(room.slug)
    assert OFFLINE in frames.table_for(snap, None, None).fragments["seats"]  # shared first
    mine = frames.table_for(snap, 1, None)
    assert (
        OFFLINE not in mine.fragments["seats"] and '"offline"' not in mine.fragments["table_state"]
    )
    assert OFFLINE in frames.table_for(snap, 0, None).fragments["seats"]


def test_a_finished_match_says_nobody_offline(friends):
    # A finished match waits for nobody, and its player back says no version (`seat_connected`).
    room, aki, ben, dan = friends
    room = started(friends)
    while fresh(room).status != Room.Status.FINISHED:
        room = fresh(room)
        if room.status == Room.Status.BETWEEN_ROUNDS:
            services.next_round(room.slug, key(aki), room.version)
        else:
            holder = aki if room.turn == 0 else ben
            services.submit_action(room.slug, room.turn, legal(room)[0], room.version, key(holder))
        play_pending(room.slug)
    services.seat_disconnected(room.slug, key(ben))
    services.leave_seat(room.slug, key(aki))  # a new version, drawn for everyone
    assert OFFLINE not in page(dan, room)


def _play_out(slug: str, keys: dict) -> Room:
    room = Room.objects.get(slug=slug)
    while room.status == Room.Status.PLAYING:
        if room.turn in keys and not room.auto_turn:
            action = legal(room)[0]
            assert services.submit_action(slug, room.turn, action, room.version, keys[room.turn]).ok
        play_pending(slug)
        room = fresh(room)
    return room


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("live")
async def test_a_friend_gone_at_the_final_table_is_said_offline_on_the_sockets_after_play_again():
    room, aki, ben = await db(friends_dealt)(1)
    at_aki, at_ben = await connect(room.slug, aki), await connect(room.slug, ben)
    over = await db(_play_out)(room.slug, {0: aki, 1: ben})
    assert over.status == Room.Status.FINISHED
    await frames_until(at_aki, lambda f: "rematch-button" in f)
    await at_ben.disconnect()  # Ben's tab closes on the final table
    await db(services.seat_disconnected)(room.slug, ben)  # (already done by the socket's close)
    assert await db(services.rematch)(room.slug, aki, (await db(fresh)(over)).version)
    frames = await frames_until(at_aki, lambda f: "rematch-button" not in f and "seat-name" in f)
    assert OFFLINE in frames[-1]
    await at_aki.disconnect()


def test_a_reload_says_nothing_and_a_longer_absence_is_said(friends, settings):
    # A page reloaded, or a phone changing networks, is back within SEVENS_OFFLINE_SECONDS: no
    # version, nothing flashes at the others. Still down past them, the others are told.
    settings.SEVENS_OFFLINE_SECONDS = 30
    room, aki, ben, dan = friends
    room = started(friends)
    version = fresh(room).version
    services.seat_disconnected(room.slug, key(ben))
    services.seat_connected(room.slug, key(ben))  # the reload's new socket
    assert fresh(room).version == version
    services.seat_disconnected(room.slug, key(ben))
    assert fresh(room).version == version and OFFLINE not in page(dan, room)
    from rooms import presence

    # The socket's process asks again once the seconds have passed (`CpuRunner.offline_later`);
    # asked before, there is nothing to say yet, and no version.
    assert presence.said_offline(room.slug) is False
    assert fresh(room).version == version
    assert OFFLINE not in seat_line(page(dan, room), "Ben")  # not down long enough yet
    Seat.objects.filter(room=room, session_key=key(ben)).update(
        last_seen=timezone.now() - timedelta(seconds=31)
    )
    # Down that long, a page drawn now still says nothing until a version has said it: every
    # process draws a version alike, whenever it draws it.
    assert OFFLINE not in seat_line(page(dan, room), "Ben")
    assert presence.said_offline(room.slug) is True
    assert OFFLINE in seat_line(page(dan, room), "Ben")
    said = fresh(room).version
    assert said == version + 1
    assert presence.said_offline(room.slug) is False  # said once: asked again, no version
    assert fresh(room).version == said
    services.seat_connected(room.slug, key(ben))
    assert fresh(room).version == said + 1 and OFFLINE not in page(dan, room)
    services.seat_connected(room.slug, key(ben))  # already back: nothing to say
    assert fresh(room).version == said + 1
    assert presence.said_offline(room.slug) is False


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("live")
async def test_the_others_hear_of_a_closed_socket_only_once_it_stays_closed(settings):
    settings.SEVENS_OFFLINE_SECONDS = 0.6
    room, aki, ben = await db(friends_dealt)(3)
    at_aki = await connect(room.slug, aki)
    at_ben = await connect(room.slug, ben)
    await frames_until(at_aki, lambda f: "Ben" in f)
    while not await at_aki.receive_nothing(timeout=0.3):  # what the start still sends
        await at_aki.receive_from()
    # A reload: closed, and back at once: the others see nothing.
    await at_ben.disconnect()
    at_ben = await connect(room.slug, ben)
    assert await at_aki.receive_nothing(timeout=1.0)
    # Closed for good: nothing at first, then "offline".
    await at_ben.disconnect()
    assert await at_aki.receive_nothing(timeout=0.3)
    said = await frames_until(at_aki, lambda f: OFFLINE in f, timeout=5)
    assert "Ben" in said[-1]
    await at_aki.disconnect()


def _away_through_the_round(slug: str, aki: str, ben: str) -> Room:
    """Aki's tab closed long ago: the computer takes the seat and plays it to the round's end."""
    room = Room.objects.get(slug=slug)
    Seat.objects.filter(room=room, session_key=aki).update(
        connected=False, last_seen=timezone.now() - timedelta(hours=1)
    )
    from rooms import presence

    assert presence.expire_absent_seats() == [slug]
    return _play_out(slug, {1: ben})


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("live")
async def test_a_friend_offline_between_rounds_leaves_the_others_notes_in_place():
    # Between rounds every version is a whole table (no delta off a table in play); one that only
    # says a friend offline must leave a player's note where it is, not empty #messages and send
    # the note again: #messages is a live region, and then read out at once, so a friend's phone
    # going to sleep read "You are back at your seat…" out again to that player.
    room, aki, ben = await db(friends_dealt)(3)
    at_ben = await connect(room.slug, ben)
    between = await db(_away_through_the_round)(room.slug, aki, ben)
    assert between.status == Room.Status.BETWEEN_ROUNDS
    at_aki = await connect(room.slug, aki)  # back: the computer played Aki's turns meanwhile
    said = await frames_until(at_aki, lambda f: "You are back at your seat" in f)
    assert "next-round-button" in "".join(said)
    while not await at_aki.receive_nothing(timeout=0.3):
        await at_aki.receive_from()
    await at_ben.disconnect()  # Ben's tab closes: a whole table says him offline
    said = await frames_until(at_aki, lambda f: OFFLINE in f)
    assert 'id="settlement"' in said[-1]  # the whole table all the same,
    assert 'id="messages"' not in said[-1]  # but the note stays,
    assert await at_aki.receive_nothing(timeout=0.5)  # and is not sent again
    # The next deal is another table: its whole table starts with no notes.
    await db(services.next_round)(room.slug, aki, (await db(fresh)(between)).version)
    dealt = await frames_until(at_aki, lambda f: "next-round-button" not in f and "seat-name" in f)
    assert re.search(r'<div id="messages"[^>]*></div>', dealt[-1])
    await at_aki.disconnect()


def test_a_friend_whose_process_died_before_saying_it_is_said_offline_by_a_sweep_once(
    friends, settings
):
    # Ben's tab closed, and the process that held its socket died within SEVENS_OFFLINE_SECONDS,
    # before saying him offline (`CpuRunner.offline_later`): any process's sweep says it, once.
    settings.SEVENS_OFFLINE_SECONDS = 3
    room, aki, ben, dan = friends
    room = started(friends)
    services.seat_disconnected(room.slug, key(ben))
    version = fresh(room).version
    assert services.say_offline_due() == []  # not down long enough yet
    Seat.objects.filter(room=room, session_key=key(ben)).update(
        last_seen=timezone.now() - timedelta(seconds=4)
    )
    assert services.say_offline_due() == [room.slug]
    assert fresh(room).version == version + 1
    assert OFFLINE in seat_line(page(dan, room), "Ben")
    # Two sweeps, or a sweep and the socket's own process: said once.
    assert services.say_offline_due() == []
    assert services.said_offline(room.slug) is False
    assert fresh(room).version == version + 1
    services.seat_connected(room.slug, key(ben))
    assert fresh(room).version == version + 2 and OFFLINE not in page(dan, room)


def test_a_version_drawn_after_a_friend_came_back_does_not_say_them_offline(friends, settings):
    # A process reads a version while Ben's tab reloads, and draws it for a socket only later
    # (the read is kept per version, the view made at the first socket that asks): Ben came back
    # within SEVENS_OFFLINE_SECONDS meanwhile, so no version followed. Drawn by the clock, that
    # kept read said him offline, and every later socket of that process got it until the next
    # change of the game.
    settings.SEVENS_OFFLINE_SECONDS = 0.3
    room, aki, ben, dan = friends
    room = started(friends)
    services.seat_disconnected(room.slug, key(ben))
    snap = frames.read(room.slug)  # read while Ben's seat is down
    services.seat_connected(room.slug, key(ben))  # back at once: no version
    assert fresh(room).version == snap.room.version
    time.sleep(0.4)
    assert not snap.view(None)["seats"][1]["offline"]
    assert OFFLINE not in frames.table_for(snap, 0, None).fragments["seats"]


def test_a_friend_marked_connected_before_being_said_back_is_said_back_on_their_return(friends):
    # Ben was said offline; a heartbeat of his other tab marked the seat connected, and its
    # process stopped there (it died before `said_back`): the others' tables still say him
    # offline. His page reconnecting says him back, rather than finding the seat connected
    # already and saying nothing.
    room, aki, ben, dan = friends
    room = started(friends)
    services.seat_disconnected(room.slug, key(ben))  # said offline at once (conftest)
    Seat.objects.filter(room=room, session_key=key(ben)).update(connected=True)
    said = fresh(room).version
    services.seat_connected(room.slug, key(ben))
    assert fresh(room).version == said + 1
    assert not Seat.objects.get(room=room, session_key=key(ben)).offline_said
