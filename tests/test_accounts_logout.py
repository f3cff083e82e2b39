"""Logging out of a browser seated at a game under way asks first: the seats stay with the old
session (on a shared computer the next person must not play them), so the computer plays them on.
With no game under way, or once confirmed, it logs out at once."""

import pytest

from rooms import services
from rooms.models import Room
from tests.history_support import user
from tests.live_support import rules
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db


def signed_in(client):
    client.force_login(user("aki"))
    return client


def test_it_logs_out_at_once_with_no_game_under_way(client):
    response = signed_in(client).post("/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert "_auth_user_id" not in client.session


def test_it_asks_first_when_this_browser_holds_a_seat_and_changes_nothing(client):
    signed_in(client).post("/new/", {**MENU, "start": "cpu-easy"})
    room = Room.objects.get()
    response = client.post("/accounts/logout/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "You have a game under way with nobody else at the table" in html
    assert f'href="/room/{room.slug}/"' in html and 'name="confirm"' in html
    assert "_auth_user_id" in client.session  # still logged in
    assert room.seats.get(index=0).session_key == client.session.session_key


def test_it_logs_out_once_confirmed(client):
    signed_in(client).post("/new/", {**MENU, "start": "cpu-easy"})
    response = client.post("/accounts/logout/", {"confirm": "1"})
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
    # The new session holds no seat: the game is not offered to whoever uses the browser next.
    assert "Back to the table" not in client.get("/").content.decode()


def test_a_finished_game_does_not_ask(client):
    signed_in(client).post("/new/", {**MENU, "start": "cpu-easy"})
    Room.objects.update(status="finished")
    assert client.post("/accounts/logout/").status_code == 302


def friends_room(client) -> Room:
    """Aki's friends' room, still waiting, with Ben seated too."""
    signed_in(client).get("/")
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"],
        session_key=client.session.session_key,
    )  # fmt: skip
    services.take_seat(room, 1, "Ben", "ben-session")
    return room


def friends_at_the_table(client) -> Room:
    """Aki's friends' room under way, Ben at the table too, the computer at the other seats."""
    room = friends_room(client)
    return services.fill_and_start(room, client.session.session_key, "easy")


def test_logging_out_hands_the_game_under_way_to_the_computer(client):
    """With a friend still at the table the seats stay with the old key and the computer plays
    them from then on: a table left open under that key no longer plays them
    (tests/test_consumer_connect.py), and the account counts as having left when the match is
    rated."""
    room = friends_at_the_table(client)
    key = client.session.session_key
    before = room.version
    html = client.post("/accounts/logout/").content.decode()
    assert "the computer plays your seat from then on" in html and "ends it there" not in html
    client.post("/accounts/logout/", {"confirm": "1"})
    room.refresh_from_db()
    seat = room.seats.get(index=0)
    assert seat.session_key == key and seat.cpu_controlled and not seat.connected
    assert room.version > before  # every table shows the seat away
    assert room.status == Room.Status.PLAYING and room.match.status == "playing"


@pytest.mark.parametrize("start", ["cpu-easy", "hotseat"])
def test_logging_out_of_a_game_with_nobody_else_at_the_table_ends_it(client, start):
    """Against the computer, or on a shared device, nobody would be left to play for: the room
    waited for a player who could not come back, and the page had promised the computer would
    play on. The game stops, kept as abandoned, and the page says so first."""
    signed_in(client).post("/new/", {**MENU, "start": start})
    room = Room.objects.get()
    html = client.post("/accounts/logout/").content.decode()
    assert "Logging out ends it there: it stays in your matches, unfinished." in html
    assert "the computer plays your seat" not in html
    client.post("/accounts/logout/", {"confirm": "1"})
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED
    assert room.match.status == "abandoned" and room.match.ended_at is not None


def test_logging_out_frees_a_seat_in_a_friends_room_still_waiting(client):
    room = friends_room(client)
    client.post("/accounts/logout/", {"confirm": "1"})
    room.refresh_from_db()
    assert room.seats.get(index=0).session_key is None
    assert room.seats.get(index=1).session_key == "ben-session"  # another browser's seat stays


def test_it_asks_first_in_a_friends_room_still_waiting_and_says_the_seat_is_freed(client):
    """A room waiting for players frees the seat (above): the page said the computer would play
    it from then on and that it could not be taken back, which is what a game under way does."""
    signed_in(client).get("/")
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"],
        session_key=client.session.session_key,
    )  # fmt: skip
    html = client.post("/accounts/logout/").content.decode()
    assert f'href="/room/{room.slug}/"' in html and 'name="confirm"' in html
    assert "still waiting for players. Logging out frees it for someone else." in html
    assert "the computer plays your seat" not in html


def _ben_left(room):
    services.leave_seat(room, "ben-session")


def _ben_away(room):
    from rooms.presence import hand_to_cpu

    hand_to_cpu(room.seats.get(index=1))


def _ben_closed_his_tab(room):
    room.seats.filter(index=1).update(connected=False)  # within the grace period: still his


@pytest.mark.parametrize(
    "ben, ends",
    [(_ben_left, True), (_ben_away, True), (_ben_closed_his_tab, False)],
    ids=["left", "away", "tab-closed"],
)
def test_the_page_says_what_logging_out_then_does(client, ben, ends):
    """The page's words and the log-out come from one rule (`guard.nobody_at_the_table`): a
    friend who left, or was away long enough for the computer to take over, is nobody at the
    table, so the game ends; a friend whose tab just closed still holds the seat, so it goes on."""
    room = friends_at_the_table(client)
    ben(room)
    html = client.post("/accounts/logout/").content.decode()
    assert ("ends it there" in html) is ends
    assert ("the computer plays your seat from then on" in html) is not ends
    client.post("/accounts/logout/", {"confirm": "1"})
    room.refresh_from_db()
    assert (room.status == Room.Status.CLOSED) is ends
