"""Taking turns on one device: the name typed on the home page is the first seat's, the names
typed under "Names of the other players" the next seats'; a seat left unnamed keeps its default
name ("Player 2", shown in each viewer's language)."""

import re

import pytest
from django.test import Client

from rooms.models import Room
from tests.history_support import user
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db


def seat_names() -> list[str]:
    return list(Room.objects.get().seats.order_by("index").values_list("name", flat=True))


def test_it_names_the_first_seat_after_the_name_typed(client):
    client.post("/new/", {**MENU, "name": "Alice", "players": "3", "start": "hotseat"})
    assert seat_names() == ["Alice", "Player 2", "Player 3"]
    page = client.get(f"/room/{Room.objects.get().slug}/").content.decode()
    assert "Alice" in page


def test_it_keeps_every_default_name_when_none_is_typed(client):
    client.post("/new/", {**MENU, "name": " ", "players": "4", "start": "hotseat"})
    assert seat_names() == ["Player 1", "Player 2", "Player 3", "Player 4"]


def test_it_names_the_first_seat_after_a_signed_in_player_who_typed_none():
    client = Client()
    client.force_login(user("newbie2"))
    client.post("/new/", {**MENU, "name": "", "players": "3", "start": "hotseat"})
    assert seat_names() == ["newbie2", "Player 2", "Player 3"]


def test_it_names_the_other_seats_after_the_names_typed(client):
    client.post(
        "/new/",
        {
            **MENU,
            "name": "Aki",
            "name2": "  Bea  ",
            "name3": "",
            "name4": "Dan",
            "start": "hotseat",
        },
    )
    assert seat_names() == ["Aki", "Bea", "Player 3", "Dan"]
    # The curtain and the seats call them so.
    page = client.get(f"/room/{Room.objects.get().slug}/").content.decode()
    assert "Bea" in page and "Dan" in page


def test_a_fourth_name_is_not_used_by_three_players(client):
    client.post(
        "/new/", {**MENU, "players": "3", "name2": "Bea", "name4": "Dan", "start": "hotseat"}
    )
    assert seat_names() == ["Aki", "Bea", "Player 3"]


def test_the_other_names_name_no_seat_of_a_computer_or_friend_game(client):
    client.post("/new/", {**MENU, "name2": "Bea", "start": "cpu-easy"})
    assert "Bea" not in seat_names()


def test_a_name_longer_than_a_table_name_is_refused_with_nothing_opened(client):
    response = client.post("/new/", {**MENU, "name3": "x" * 25, "start": "hotseat"})
    assert response.status_code == 400
    assert not Room.objects.exists()
    assert re.search(r"field-name3 has-error", response.content.decode())


def test_the_menu_remembers_the_names_for_the_next_game(client):
    client.post("/new/", {**MENU, "name2": "Bea", "name3": "Chen", "start": "hotseat"})
    page = client.get("/").content.decode()
    assert re.search(r'name="name2"[^>]*value="Bea"', page)
    assert re.search(r'name="name3"[^>]*value="Chen"', page)
    # A preset pressed keeps them too, as it keeps the first name.
    page = client.get("/", {"preset": "chinese"}).content.decode()
    assert re.search(r'name="name2"[^>]*value="Bea"', page)


def test_the_fourth_name_box_is_hidden_for_three_players(client):
    client.post("/new/", {**MENU, "players": "3", "start": "hotseat"})
    page = client.get("/").content.decode()
    assert re.search(r'<div class="name4" hidden>', page)
    client.post("/new/", {**MENU, "players": "4", "start": "hotseat"})
    assert '<div class="name4">' in client.get("/").content.decode()


@pytest.mark.parametrize(
    ("typed", "refused"),
    [
        ({"name": "Aki", "name2": "aki"}, "name2"),
        ({"name": "Aki", "name3": "Ａｋｉ"}, "name3"),
        ({"name": "Aki", "name2": "Bea", "name4": " bea "}, "name4"),
    ],
)
def test_two_seats_of_one_name_are_refused_with_nothing_opened(client, typed, refused):
    """The curtain's "pass the device to" and the log's lines would name either player."""
    response = client.post("/new/", {**MENU, "players": "4", **typed, "start": "hotseat"})
    assert response.status_code == 400
    assert not Room.objects.exists()
    form = response.context["form"]
    assert form.errors[refused] == ["A player at this table already has that name: type another."]
    assert list(form.errors) == [refused]
    # said beside the box, in the names' section opened to show it
    page = response.content.decode()
    assert "already has that name" in page and '<details class="hotseat-names" open>' in page


def test_a_signed_in_players_username_counts_as_the_first_seats_name():
    client = Client()
    client.force_login(user("newbie3"))
    response = client.post(
        "/new/", {**MENU, "name": "", "name2": "Newbie3", "players": "3", "start": "hotseat"}
    )
    assert response.status_code == 400 and not Room.objects.exists()
    assert "name2" in response.context["form"].errors


def test_a_name_repeated_in_a_box_the_players_do_not_reach_is_ignored(client):
    client.post(
        "/new/", {**MENU, "players": "3", "name2": "Bea", "name4": "bea", "start": "hotseat"}
    )
    assert seat_names() == ["Aki", "Bea", "Player 3"]


def test_the_same_names_open_a_computer_game(client):
    client.post("/new/", {**MENU, "name": "Aki", "name2": "Aki", "start": "cpu-easy"})
    assert Room.objects.count() == 1
