"""Play a friend: the creator shares the link; a visitor takes a free seat with a display name or
watches; the creator fills empty seats with the computer and starts. Watchers never see a hand.

Personas: Aki opens the room, Ben joins by the link, Dan only watches."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from rooms import presence
from rooms.models import Room, Seat

pytestmark = pytest.mark.django_db

MENU = {
    "players": "4",
    "rounds": "1",
    "pass_limit": "3",
    "pass_when_playable": "on",
    "ends": "none",
    "sevens": "laid_out",
    "ace": "low",
    "round_end": "last_player",
    "scoring": "rank_points",
    "name": "Aki",
    "start": "friend",
}


@pytest.fixture
def aki():
    return Client()


@pytest.fixture
def ben():
    return Client()


@pytest.fixture
def dan():
    return Client()


@pytest.fixture
def room(aki) -> Room:
    aki.post("/new/", MENU)
    return Room.objects.get()


def page(client, room) -> str:
    return client.get(f"/room/{room.slug}/").content.decode()


def test_it_gives_the_creator_the_link_to_share_and_the_start_button(aki, room):
    html = page(aki, room)
    assert re.search(rf'class="share-link"[^>]*value="http://testserver/room/{room.slug}/"', html)
    assert "Fill empty seats with the computer and start" in html
    assert "Take a free seat" not in html
    assert "Waiting for players" in html
    assert html.count(" data-free>Free seat<") == 3  # the lobby's seat tags


def test_it_offers_a_visitor_a_free_seat_with_a_display_name(ben, room):
    html = page(ben, room)
    assert re.search(rf'action="/room/{room.slug}/seat/"', html)
    assert 'name="name"' in html
    assert "Fill empty seats with the computer and start" not in html
    response = ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    assert response.status_code == 302
    seat = room.seats.get(index=1)
    assert seat.name == "Ben" and seat.session_key == ben.session.session_key
    assert "Take a free seat" not in page(ben, room)


def test_it_fills_empty_seats_with_the_computer_when_the_creator_starts(aki, ben, room):
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    aki.post(f"/room/{room.slug}/start/")
    room.refresh_from_db()
    assert room.status == "playing"
    assert [s.kind for s in room.seats.order_by("index")] == ["human", "human", "cpu", "cpu"]
    assert re.search(r'data-card="\w+"', page(ben, room))


def test_the_creator_chooses_the_level_of_the_computers_that_fill_the_seats(aki, ben, room):
    html = page(aki, room)
    levels = re.search(r'<select id="fill-level" name="level">(.*?)</select>', html).group(1)
    assert re.findall(r'<option value="(\w+)"', levels) == ["easy", "medium", "hard"]
    assert '<option value="medium" selected>' in levels  # SEVENS_FILL_LEVEL's default
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    aki.post(f"/room/{room.slug}/start/", {"level": "hard"})
    seats = room.seats.order_by("index")
    assert [(s.kind, s.level) for s in seats][2:] == [("cpu", "hard"), ("cpu", "hard")]


def test_a_level_that_is_not_one_starts_nothing(aki, room):
    response = aki.post(f"/room/{room.slug}/start/", {"level": "grandmaster"})
    assert response.status_code == 400
    assert "level: easy, medium or hard" in response.content.decode()
    room.refresh_from_db()
    assert room.status == "waiting"


def test_it_lets_only_the_creator_start(ben, room):
    response = ben.post(f"/room/{room.slug}/start/")
    assert response.status_code == 400
    assert "Only the player who opened the room can do that." in response.content.decode()
    room.refresh_from_db()
    assert room.status == "waiting"


def start_form(html: str) -> str | None:
    found = re.search(r'<form [^>]*class="start-form"[^>]*>', html)
    return found.group(0) if found else None


def test_once_the_creator_has_left_a_seated_friend_may_start(aki, ben, room):
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    html = page(ben, room)
    assert 'data-creator-seated="true"' in html
    assert " hidden" in start_form(html)  # shown only once Aki leaves (panel.js followStatus)
    assert re.search(r'<p class="start-note" data-starter="creator">The player who opened', html)
    assert ben.post(f"/room/{room.slug}/start/").status_code == 400  # not yet
    aki.post(f"/room/{room.slug}/leave/")
    html = page(ben, room)
    assert 'data-creator-seated="false"' in html
    assert " hidden" not in start_form(html)
    assert re.search(r'<p class="start-note" data-starter="creator" hidden>', html)
    assert ben.post(f"/room/{room.slug}/start/").status_code == 302
    room.refresh_from_db()
    assert room.status == "playing"
    assert [s.kind for s in room.seats.order_by("index")] == ["cpu", "human", "cpu", "cpu"]


def test_once_the_creator_stayed_away_from_the_lobby_a_seated_friend_may_start(aki, ben, room):
    # Aki's tab closed in the lobby: past the grace period she is away, and Ben, at the table,
    # may start (he would otherwise wait for the idle sweep). The computer plays her seat then,
    # until she comes back.
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    assert ben.post(f"/room/{room.slug}/start/").status_code == 400  # Aki is there
    Seat.objects.filter(room=room, index=0).update(
        connected=False, last_seen=timezone.now() - timedelta(hours=1)
    )
    assert presence.expire_absent_seats() == [room.slug]
    html = page(ben, room)
    assert 'data-creator-seated="false"' in html and " hidden" not in start_form(html)
    assert re.search(r'<li class="seat-tag seat-red">Aki \(away\)</li>', html)
    assert ben.post(f"/room/{room.slug}/start/").status_code == 302
    room.refresh_from_db()
    assert room.status == "playing"
    aki_seat = room.seats.get(index=0)
    assert aki_seat.kind == "human" and aki_seat.cpu_controlled  # hers, the computer's for now
    # Back (her socket opens): the seat is hers to play again.
    presence.seat_connected(room, aki.session.session_key)
    assert not room.seats.get(index=0).cpu_controlled


def test_a_friend_away_from_the_lobby_is_back_at_the_table_when_their_tab_opens(aki, ben, room):
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    Seat.objects.filter(room=room, index=1).update(
        connected=False, last_seen=timezone.now() - timedelta(hours=1)
    )
    assert presence.expire_absent_seats() == [room.slug]
    assert "Ben (away)" in page(aki, room)
    presence.seat_connected(room, ben.session.session_key)
    html = page(aki, room)
    assert "Ben (away)" not in html and re.search(r'<li class="seat-tag seat-blue">Ben</li>', html)


def test_it_shows_a_watcher_the_table_and_never_a_hand(aki, dan, room):
    aki.post(f"/room/{room.slug}/start/")
    html = page(dan, room)
    assert "You are watching" in html
    assert "data-card=" not in html
    assert '"hand":null' in html
    assert 'id="layout"' in html and '<li id="c7S" class="r">' in html


def test_it_lets_a_player_leave_its_seat_to_the_computer(aki, ben, room):
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    aki.post(f"/room/{room.slug}/start/")
    assert "Leave my seat" in page(ben, room)
    ben.post(f"/room/{room.slug}/leave/")
    seat = room.seats.get(index=1)
    assert seat.session_key is None and seat.cpu_controlled


def test_it_lets_a_player_who_left_take_the_seat_back(aki, ben, room):
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    aki.post(f"/room/{room.slug}/start/")
    ben.post(f"/room/{room.slug}/leave/")
    assert "Take a free seat" in page(ben, room)
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    seat = room.seats.get(index=1)
    assert seat.session_key == ben.session.session_key and not seat.cpu_controlled
    assert re.search(r'data-card="\w+"', page(ben, room))


def test_a_refused_seat_still_offers_the_rooms_own_link_to_share(aki, ben, room):
    # The room page drawn again to say why a form changed nothing is served at the form's
    # address: its link to share named that address (/seat/), which a friend opening it got 405.
    for name in ("Ben", "Chie", "Dan"):
        Client().post(f"/room/{room.slug}/seat/", {"name": name})
    response = ben.post(f"/room/{room.slug}/seat/", {"name": "Eri"})
    html = response.content.decode()
    assert "That seat is already taken." in html
    assert re.search(rf'class="share-link"[^>]*value="http://testserver/room/{room.slug}/"', html)
    # Nor does the language menu send the player back to the form's address.
    assert f'<input name="next" type="hidden" value="/room/{room.slug}/">' in html


def test_a_player_who_left_takes_their_own_seat_back_when_two_are_free(aki, ben, dan, room):
    # Ben (seat 1) and Dan (seat 2) leave during the match; Dan comes back first. "The computer
    # plays their seat until they come back and take it again" (the help): Dan gets his own seat,
    # with his cards and his points, not Ben's, the first free one.
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    dan.post(f"/room/{room.slug}/seat/", {"name": "Dan"})
    aki.post(f"/room/{room.slug}/start/")
    ben.post(f"/room/{room.slug}/leave/")
    dan.post(f"/room/{room.slug}/leave/")
    dan.post(f"/room/{room.slug}/seat/", {"name": "Dan"})
    assert room.seats.get(index=2).session_key == dan.session.session_key
    assert room.seats.get(index=1).session_key is None
    # Anyone else takes the first free seat, as before.
    chie = Client()
    chie.post(f"/room/{room.slug}/seat/", {"name": "Chie"})
    assert room.seats.get(index=1).session_key == chie.session.session_key


def test_a_player_who_left_finds_their_name_in_the_box_to_take_the_seat_back(aki, ben, room):
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    aki.post(f"/room/{room.slug}/start/")
    ben.post(f"/room/{room.slug}/leave/")
    box = re.search(r'<input id="join-name"[^>]*>', page(ben, room)).group(0)
    assert 'value="Ben"' in box
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})  # the box, sent as it is
    assert room.seats.get(index=1).name == "Ben"


def test_the_box_to_take_a_seat_offers_the_name_a_game_was_last_opened_under(aki, room):
    other = Room.objects.create(rules=room.rules, mode="friend", created_by="someone")
    for index in range(4):
        other.seats.create(index=index)
    box = re.search(r'<input id="join-name"[^>]*>', page(aki, other)).group(0)
    assert 'value="Aki"' in box


def join_form(html: str) -> str | None:
    found = re.search(r'<form [^>]*class="join-form"[^>]*>', html)
    return found.group(0) if found else None


def test_a_seat_its_player_left_during_the_match_is_offered_to_a_watcher(aki, ben, dan, room):
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    aki.post(f"/room/{room.slug}/start/")
    # No seat is free: the offer is on the page, hidden (panel.js shows it once one is).
    html = page(dan, room)
    assert " hidden" in join_form(html) and "data-free" not in html
    ben.post(f"/room/{room.slug}/leave/")
    html = page(dan, room)
    assert " hidden" not in join_form(html)
    line = re.search(r'<li class="seat[^"]*" data-seat="1"[^>]*>.*?</b>', html, re.S).group(0)
    assert "data-free" in line
    assert "free seat: the computer plays it until someone takes it" in line
    # Aki's tab closed too, past the grace period: nobody is at the table, and the free seat
    # waits for anyone to take it (not for its player to come back).
    Seat.objects.filter(room=room, index=0).update(
        connected=False, last_seen=timezone.now() - timedelta(hours=1)
    )
    assert presence.expire_absent_seats() == [room.slug]
    html = page(dan, room)
    line = re.search(r'<li class="seat[^"]*" data-seat="1"[^>]*>.*?</b>', html, re.S).group(0)
    assert "free seat: the game waits for someone to take it" in line
    aki_line = re.search(r'<li class="seat[^"]*" data-seat="0"[^>]*>.*?</b>', html, re.S)
    assert "away: the game waits for a player to come back" in aki_line.group(0)
    dan.post(f"/room/{room.slug}/seat/", {"name": "Dan"})
    assert "data-free" not in page(aki, room)


def test_a_friend_may_join_without_typing_a_name(aki, ben, room):
    ben.post(f"/room/{room.slug}/seat/", {"name": ""})
    seat = room.seats.get(index=1)
    assert seat.session_key == ben.session.session_key and seat.name == "Player 2"
    html = page(ben, room)
    assert 'id="join-name"' not in html and "Leave my seat" in html


def test_a_visitor_sees_the_seat_to_take_before_the_link_and_leaving_comes_after_the_table(
    aki, ben, room
):
    html = page(ben, room)
    assert html.index("Take a free seat") < html.index("Send this link to your friends")
    creator = page(aki, room)
    # The creator shares first, then starts; leaving sits below the table, away from Start.
    assert creator.index("Send this link to your friends") < creator.index("and start")
    assert creator.index('id="table3d"') < creator.index("Leave my seat")
    assert creator.index("and start") < creator.index('id="table3d"')


def test_the_room_page_carries_every_cards_words_in_its_language(aki, room):
    """panel.js reads them to give the log's and the last move's cards their words for screen
    readers (the frames on the wire stay as they were)."""
    import json

    html = page(aki, room)
    words = json.loads(
        re.search(r'<script id="card-words" type="application/json">(.*?)</script>', html).group(1)
    )
    assert len(words) == 52
    assert (
        words["8♦"] == "8 of diamonds"
        and words["A♠"] == "ace of spades"
        and words["10♥"] == "10 of hearts"
    )
    aki.cookies["django_language"] = "ja"
    ja = json.loads(
        re.search(
            r'<script id="card-words" type="application/json">(.*?)</script>', page(aki, room)
        ).group(1)
    )
    assert ja["8♦"] != "8 of diamonds" and "8" in ja["8♦"]


def test_leaving_a_seat_before_the_start_does_not_promise_the_computer_will_play_it(aki, ben, room):
    """Before the deal, leaving frees the seat (the computer plays a seat only once the match is
    on): the button says so, and says the other once the match starts (panel.js swaps the two
    with the lobby's status on a page that stays open)."""
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    button = re.compile(r'<form[^>]*class="leave-form".*?</form>', re.S)
    shown = re.compile(r"<span data-while=\"([\w-]+)\"( hidden)?>([^<]*)</span>")

    waiting = {
        w: (text, bool(hidden))
        for w, hidden, text in shown.findall(button.search(page(ben, room)).group())
    }
    assert waiting == {
        "not-live": ("Leave my seat", False),
        "live": ("Leave my seat (the computer plays it)", True),
    }
    ben.post(f"/room/{room.slug}/leave/")
    seat = room.seats.get(index=1)
    assert seat.session_key is None and not seat.cpu_controlled

    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    aki.post(f"/room/{room.slug}/start/")
    playing = {
        w: (text, bool(hidden))
        for w, hidden, text in shown.findall(button.search(page(ben, room)).group())
    }
    assert playing == {
        "not-live": ("Leave my seat", True),
        "live": ("Leave my seat (the computer plays it)", False),
    }


def test_the_3d_table_is_hidden_while_the_room_waits_for_players(aki, room):
    # It has no cards to show yet (panel.js shows it once the match starts, `data-while`).
    island = re.compile(r'<div id="table3d"[^>]*>')
    waiting = island.search(page(aki, room)).group(0)
    assert 'data-while="playing"' in waiting and " hidden" in waiting
    aki.post(f"/room/{room.slug}/start/")
    started = island.search(page(aki, room)).group(0)
    assert 'data-while="playing"' in started and " hidden" not in started


def test_with_every_seat_taken_the_start_button_only_starts(aki, ben, dan, room):
    def shown(html: str, words: str) -> bool:
        return (
            re.search(rf"<span data-while=\"(free|full)\">{re.escape(words)}</span>", html)
            is not None
        )

    html = page(aki, room)
    assert shown(html, "Fill empty seats with the computer and start")
    assert not shown(html, "Start the game")  # there, hidden until the seats are all taken
    for client, name in ((ben, "Ben"), (dan, "Dan"), (Client(), "Chie")):
        client.post(f"/room/{room.slug}/seat/", {"name": name})
    html = page(aki, room)
    assert shown(html, "Start the game")
    assert not shown(html, "Fill empty seats with the computer and start")
    level = re.search(r'<span class="fill-level"[^>]*>', html).group(0)
    assert " hidden" in level  # no computer to choose a level for
    aki.post(f"/room/{room.slug}/start/")
    assert Room.objects.get(pk=room.pk).status == Room.Status.PLAYING


def test_opening_a_rooms_address_leaves_no_session_behind_until_a_seat_is_taken(ben, room):
    """A link preview or a crawler opening a room's address watches: no session is made for it
    (one used to be saved for a year on every such visit). Taking a seat makes one."""
    from django.contrib.sessions.models import Session

    before = Session.objects.count()
    response = ben.get(f"/room/{room.slug}/")
    assert response.status_code == 200 and "Take a free seat" in response.content.decode()
    assert Session.objects.count() == before and "sessionid" not in response.cookies
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    assert Session.objects.count() == before + 1
    assert room.seats.filter(name="Ben").exclude(session_key=None).exists()
    assert "Leave my seat" in page(ben, room)


def test_the_player_who_opened_the_room_and_left_their_seat_is_offered_no_start(aki, ben, room):
    # Watching now: a start would deal a game without her (the help: "if they leave their seat
    # before that, any seated player can"). Ben, seated, is offered it.
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    aki.post(f"/room/{room.slug}/leave/")
    assert start_form(page(aki, room)) is None
    assert start_form(page(ben, room)) is not None
    response = aki.post(f"/room/{room.slug}/start/")
    assert response.status_code == 400
    assert "Only a player seated at the table can start the game." in response.content.decode()
