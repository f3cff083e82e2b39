"""Creating a room from the menu: a POST (with CSRF) opens the room and redirects to its link."""

import pytest
from django.test import Client

from rooms.models import Room

pytestmark = pytest.mark.django_db

MENU = {
    "players": "4",
    "rounds": "3",
    "pass_limit": "3",
    "pass_when_playable": "on",
    "ends": "none",
    "sevens": "laid_out",
    "ace": "low",
    "round_end": "last_player",
    "scoring": "rank_points",
    "name": "Aki",
}


def test_it_opens_a_room_against_the_computer(client):
    response = client.post("/new/", {**MENU, "start": "cpu-hard"})
    room = Room.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/room/{room.slug}/"
    assert room.mode == "cpu" and room.status == "playing"
    assert room.rules["rounds"] == 3 and room.rules["pass_limit"] == 3
    seats = list(room.seats.order_by("index"))
    assert seats[0].name == "Aki" and seats[0].kind == "human"
    assert seats[0].session_key == client.session.session_key
    assert [s.kind for s in seats[1:]] == ["cpu"] * 3
    assert {s.level for s in seats[1:]} == {"hard"}


def test_it_opens_a_room_for_one_device_with_every_seat(client):
    client.post("/new/", {**MENU, "players": "3", "start": "hotseat"})
    room = Room.objects.get()
    assert room.mode == "hotseat" and room.rules["players"] == 3
    seats = list(room.seats.order_by("index"))
    assert [s.name for s in seats] == ["Aki", "Player 2", "Player 3"]
    assert {s.session_key for s in seats} == {client.session.session_key}


def test_it_opens_a_friend_room_that_waits_for_players(client):
    client.post("/new/", {**MENU, "start": "friend", "joker": "on", "ends": "tunnel"})
    room = Room.objects.get()
    assert room.mode == "friend" and room.status == "waiting"
    assert room.rules["joker"] is True and room.rules["ends"] == "tunnel"
    assert room.created_by == client.session.session_key


def test_it_plays_unlimited_passes_with_the_chinese_rules(client):
    chinese = {
        **MENU,
        "sevens": "played",
        "ace": "high",
        "pass_limit": "unlimited",
        "round_end": "first_out",
        "scoring": "cards_left",
        "start": "cpu-easy",
    }
    del chinese["pass_when_playable"]
    client.post("/new/", chinese)
    rules = Room.objects.get().rules
    assert rules["pass_limit"] is None and rules["pass_when_playable"] is False
    assert rules["sevens"] == "played" and rules["scoring"] == "cards_left"


def test_it_explains_rules_that_cannot_be_played_and_opens_nothing(client):
    response = client.post("/new/", {**MENU, "sevens": "played", "joker": "on", "start": "friend"})
    assert response.status_code == 400
    assert (
        "The joker is played only when all the 7s are laid out after the deal."
        in response.content.decode()
    )
    assert not Room.objects.exists()


def test_it_explains_rules_that_cannot_be_played_in_the_players_language(client):
    # The engine's own message is English-only: the page says it in the page's language.
    response = client.post(
        "/new/",
        {**MENU, "sevens": "played", "joker": "on", "start": "friend"},
        HTTP_ACCEPT_LANGUAGE="ja",
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "ジョーカー" in page and "7s are laid out" not in page and "joker is" not in page
    assert not Room.objects.exists()


def test_it_refuses_a_post_without_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/new/", {**MENU, "start": "cpu-easy"})
    assert response.status_code == 403
    assert not Room.objects.exists()


def test_it_refuses_a_mode_not_on_the_menu(client):
    response = client.post("/new/", {**MENU, "start": "cpu-impossible"})
    assert response.status_code == 400
    assert not Room.objects.exists()


def test_it_names_a_creator_who_typed_no_name_by_seat(client):
    client.post("/new/", {**MENU, "name": "", "start": "friend"})
    assert Room.objects.get().seats.get(index=0).name == "Player 1"


def test_it_refuses_unlimited_passes_when_passing_is_allowed_with_a_playable_card(client):
    response = client.post("/new/", {**MENU, "pass_limit": "unlimited", "start": "cpu-easy"})
    assert response.status_code == 400
    assert "Unlimited passes need" in response.content.decode()
    assert not Room.objects.exists()
