"""Accounts: "playing never needs an account"; signing up (name + password) or logging in claims the
guest's matches played in this browser, and later matches of a signed-in browser are theirs."""

import pytest
from django.contrib.auth import get_user_model

from games.models import Match as StoredMatch
from history.models import MatchPlayer
from rooms import services
from tests.history_support import play, seats, store, user

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
