"""Accounts: "playing never needs an account"; signing up (name + password) or logging in claims the
guest's matches played in this browser, and later matches of a signed-in browser are theirs."""

import pytest
from django.contrib.auth import get_user_model

from games.models import Match as StoredMatch
from history.models import MatchPlayer
from rooms import services
from rooms.models import Room
from tests.history_support import play, seats, store, user
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db
PASSWORD = "a long pass phrase 7"


def test_it_claims_this_browsers_matches_on_sign_up(client):
    chie = client.session.session_key
    mine = store(
        play(seed=71, seats=seats("human", "easy", "easy", "easy")), players={0: (chie, None)}
    )
    theirs = store(play(seed=72), players={0: ("another-browser", None)})

    response = client.post(
        "/accounts/signup/", {"username": "chie", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert response.status_code == 302 and response["Location"] == "/matches/"
    chie_user = get_user_model().objects.get(username="chie")
    assert MatchPlayer.objects.get(match=mine).user == chie_user
    assert MatchPlayer.objects.get(match=theirs).user is None
    html = client.get("/matches/").content.decode()
    assert f'data-match="{mine.pk}"' in html and f'data-match="{theirs.pk}"' not in html


def test_it_claims_this_browsers_matches_on_log_in(client):
    ben = user("ben")
    guest = client.session.session_key
    earlier = store(play(seed=73), players={1: (guest, None)})
    response = client.post(
        "/accounts/login/",
        {"username": "ben", "password": PASSWORD, "next": f"/matches/{earlier.pk}/"},
    )
    assert response.status_code == 302 and response["Location"] == f"/matches/{earlier.pk}/"
    assert MatchPlayer.objects.get(match=earlier).user == ben
    assert client.session.session_key != guest  # logging in rotated the session


def test_it_gives_a_signed_in_browsers_new_matches_to_the_account(client):
    aki = user("aki")
    client.post("/accounts/login/", {"username": "aki", "password": PASSWORD})
    key = client.session.session_key
    room = services.create_room(
        rules=play(seed=74).rules.to_dict(),
        mode="cpu",
        level="easy",
        names=["Aki"],
        session_key=key,
    )
    player = MatchPlayer.objects.get(match=StoredMatch.objects.get(room=room))
    assert (player.seat, player.browser_key, player.user) == (0, key, aki)


def test_it_refuses_a_bad_sign_up_and_a_bad_password_and_logs_out(client):
    response = client.post(
        "/accounts/signup/", {"username": "dan", "password1": PASSWORD, "password2": "other"}
    )
    assert response.status_code == 400 and not get_user_model().objects.exists()
    user("dan")
    assert (
        client.post("/accounts/login/", {"username": "dan", "password": "wrong"}).status_code == 400
    )
    client.post("/accounts/login/", {"username": "dan", "password": PASSWORD})
    assert client.post("/accounts/logout/").status_code == 302
    assert "_auth_user_id" not in client.session


def test_it_never_redirects_elsewhere_after_log_in(client):
    user("eve")
    response = client.post(
        "/accounts/login/",
        {"username": "eve", "password": PASSWORD, "next": "https://evil.example/"},
    )
    assert response["Location"] == "/matches/"


def test_signing_up_during_a_game_keeps_the_seat(client):
    """Logging in gives the session a new key; the seat of the game under way follows it, so the
    table still shows the player's hand and the game goes on (it used to turn them into a watcher,
    and the computer took the seat over)."""
    client.get("/")
    assert client.post("/new/", {**MENU, "start": "cpu-easy"}).status_code == 302
    room = Room.objects.get()
    guest = client.session.session_key
    assert room.seats.get(index=0).session_key == guest and room.created_by == guest
    before = room.version

    client.post(
        "/accounts/signup/", {"username": "chie", "password1": PASSWORD, "password2": PASSWORD}
    )

    key = client.session.session_key
    assert key != guest
    room.refresh_from_db()
    assert room.seats.get(index=0).session_key == key and room.created_by == key
    assert room.version == before + 1  # every socket reads the seat as this browser's
    html = client.get(f"/room/{room.slug}/").content.decode()
    assert "You are watching" not in html and 'id="hand"' in html
    assert f'href="/room/{room.slug}/"' in client.get("/").content.decode()  # games in progress


def test_a_friends_room_waiting_stays_its_creators_to_start(client):
    client.get("/")
    guest = client.session.session_key
    room = services.create_room(
        rules=play(seed=76).rules.to_dict(),
        mode="friend",
        level=None,
        names=["Aki"],
        session_key=guest,
    )
    user("aki")
    client.post("/accounts/login/", {"username": "aki", "password": PASSWORD})
    html = client.get(f"/room/{room.slug}/").content.decode()
    assert 'class="start-form"' in html and 'class="leave-form"' in html


def test_another_accounts_seats_stay_its_own(client):
    """Logging in as someone else on a signed-in browser starts a new session: the seats of the
    account that was signed in do not pass to the next one."""
    user("aki")
    user("ben")
    client.post("/accounts/login/", {"username": "aki", "password": PASSWORD})
    akis = client.session.session_key
    room = services.create_room(
        rules=play(seed=77).rules.to_dict(),
        mode="cpu",
        level="easy",
        names=["Aki"],
        session_key=akis,
    )
    client.post("/accounts/login/", {"username": "ben", "password": PASSWORD})
    assert client.session.session_key != akis
    assert room.seats.get(index=0).session_key == akis
