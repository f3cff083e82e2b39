"""A player deletes their own account from their profile page, with their password asked again:
the name leaves the matches they played (each of their seats says "Player N"), their ratings and
profile go, the matches stay. Wrong password, or nobody logged in: nothing is deleted."""

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from games.models import Match
from history.models import MatchPlayer
from rooms.models import Room
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db

PASSWORD = "a long pass phrase 7"


@pytest.fixture
def akiko(client) -> User:
    account = User.objects.create_user("akiko_t", password=PASSWORD)
    client.force_login(account)
    return account


def test_only_the_account_s_own_profile_offers_to_delete_it(client, akiko):
    User.objects.create_user("ben_k", password=PASSWORD)
    assert 'href="/accounts/delete/"' in client.get("/players/akiko_t/").content.decode()
    assert 'href="/accounts/delete/"' not in client.get("/players/ben_k/").content.decode()
    assert 'href="/accounts/delete/"' not in Client().get("/players/akiko_t/").content.decode()


def test_a_guest_is_sent_to_log_in_first():
    response = Client().get("/accounts/delete/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert Client().post("/accounts/delete/", {"password": "x"}).status_code == 302


def test_the_page_says_what_goes_and_what_stays(client, akiko):
    html = client.get("/accounts/delete/").content.decode()
    assert "cannot be undone" in html and "Player 1" in html
    assert 'type="password"' in html and 'autocomplete="current-password"' in html


def test_a_wrong_password_deletes_nothing(client, akiko):
    response = client.post("/accounts/delete/", {"password": "not it"})
    assert response.status_code == 400
    assert "That is not this account" in response.content.decode()
    assert User.objects.filter(pk=akiko.pk).exists() and "_auth_user_id" in client.session


def test_the_right_password_deletes_the_account_and_its_name_on_its_matches(client, akiko):
    client.post("/new/", {**MENU, "name": "akiko_t", "start": "cpu-easy"})
    room = Room.objects.get()
    match = Match.objects.get()
    assert MatchPlayer.objects.get(match=match, seat=0).user == akiko
    html = client.get("/accounts/delete/").content.decode()
    assert "You have a game under way with nobody else at the table" in html  # said first
    response = client.post("/accounts/delete/", {"password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/accounts/deleted/"
    assert not User.objects.filter(pk=akiko.pk).exists()
    assert "_auth_user_id" not in client.session
    assert "akiko_t" not in client.get(f"/matches/{match.pk}/").content.decode()
    assert MatchPlayer.objects.get(match=match, seat=0).user is None  # the match stays
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED  # nobody left at its table, as on logging out
    assert client.get("/players/akiko_t/").status_code == 404
    assert "Account deleted" in client.get("/accounts/deleted/").content.decode()


def test_it_stops_guessing_past_the_address_budget(client, akiko, settings):
    cache.clear()
    settings.RATELIMIT_ENABLE = True
    settings.SEVENS_RATES = {**settings.SEVENS_RATES, "account": "2/h"}
    for _ in range(2):
        assert client.post("/accounts/delete/", {"password": "guess"}).status_code == 400
    refused = client.post("/accounts/delete/", {"password": PASSWORD})
    assert refused.status_code == 429
    assert User.objects.filter(pk=akiko.pk).exists()


def test_a_seat_in_a_friends_lobby_keeps_no_name_of_a_deleted_account(client, akiko):
    # Akiko waits at Ben's table under her account's name, then deletes her account: no match
    # was dealt there, so no record holds the browser's key; the freed seat kept her name.
    Client().post("/new/", {**MENU, "name": "Ben", "start": "friend"})
    room = Room.objects.get()
    client.post(f"/room/{room.slug}/seat/", {"name": ""})
    assert room.seats.filter(name="akiko_t").exists()
    client.post("/accounts/delete/", {"password": PASSWORD})
    assert not room.seats.filter(name="akiko_t").exists()
    assert room.seats.filter(session_key=None, kind="human").count() == 3  # her seat is free again


def test_her_other_browsers_seat_in_a_lobby_keeps_no_name_of_the_deleted_account(client, akiko):
    # Akiko's phone, signed in to the same account, waits at Ben's table; she deletes the account
    # on her computer. No match holds the phone's key yet: its seat kept her name.
    phone = Client()
    phone.force_login(akiko)
    Client().post("/new/", {**MENU, "name": "Ben", "start": "friend"})
    room = Room.objects.get()
    phone.post(f"/room/{room.slug}/seat/", {"name": ""})
    seat = room.seats.get(name="akiko_t")
    client.post("/accounts/delete/", {"password": PASSWORD})
    assert not User.objects.filter(username="akiko_t").exists()
    seat.refresh_from_db()
    assert seat.name == "Player 2" and seat.session_key  # still the phone's seat, nameless
    assert room.seats.get(index=0).name == "Ben"  # nobody else's name goes


def test_an_administrator_s_account_is_deleted_in_the_admin_only(client):
    boss = User.objects.create_user("boss", password=PASSWORD, is_staff=True, is_superuser=True)
    client.force_login(boss)
    assert 'href="/accounts/delete/"' not in client.get("/players/boss/").content.decode()
    page = client.get("/accounts/delete/")
    assert page.status_code == 403 and "deleted in the site's admin" in page.content.decode()
    assert client.post("/accounts/delete/", {"password": PASSWORD}).status_code == 403
    assert User.objects.filter(pk=boss.pk).exists()
