"""A signed-in player plays under their username: the home form's name starts with it (and can
still be changed), and a seat taken or opened with no name typed gets it, cut to a table name's
24 characters. A guest with no name is still "Player 1"."""

import re

import pytest
from django.test import Client

from rooms.models import Room
from tests.history_support import user
from tests.live_support import new_session, rules
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db

PASSWORD = "long enough pw 1"


def name_value(html: str) -> str:
    field = re.search(r'<input type="text" name="name"[^>]*>', html).group(0)
    found = re.search(r'value="([^"]*)"', field)
    return found.group(1) if found else ""


def signed_up(name: str) -> Client:
    client = Client()
    response = client.post(
        "/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302
    return client


def test_it_fills_the_home_name_with_the_username():
    client = signed_up("newbie2")
    assert name_value(client.get("/").content.decode()) == "newbie2"
    assert name_value(client.get("/", {"preset": "chinese"}).content.decode()) == "newbie2"
    assert name_value(Client().get("/").content.decode()) == ""  # a guest's stays empty


def test_it_seats_the_username_at_a_cpu_table_and_in_the_history():
    client = signed_up("newbie2")
    name = name_value(client.get("/").content.decode())
    client.post("/new/", {**MENU, "name": name, "start": "cpu-easy"})
    room = Room.objects.get()
    assert room.seats.get(index=0).name == "newbie2"
    players = re.search(r'class="player-names">([^<]*)<', client.get("/matches/").content.decode())
    assert players.group(1).startswith("newbie2, ")


def test_it_gives_the_username_to_a_seat_opened_with_no_name():
    client = signed_up("newbie2")
    client.post("/new/", {**MENU, "name": "", "start": "friend"})
    assert Room.objects.get().seats.get(index=0).name == "newbie2"
    Client().post("/new/", {**MENU, "name": "", "start": "cpu-easy"})
    assert Room.objects.get(mode="cpu").seats.get(index=0).name == "Player 1"


def test_it_keeps_a_name_the_player_typed():
    client = signed_up("newbie2")
    client.post("/new/", {**MENU, "name": "Nina", "start": "cpu-easy"})
    assert Room.objects.get().seats.get(index=0).name == "Nina"
    assert name_value(client.get("/").content.decode()) == "Nina"  # the name last given


def test_it_gives_the_username_to_a_friend_who_takes_a_seat_with_no_name():
    from rooms.services import create_room

    room = create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=new_session()
    )
    client = signed_up("newbie2")
    # The room's page offers the seat with the name filled in (a guest's box is empty).
    box = re.search(
        r'<input id="join-name"[^>]*>', client.get(f"/room/{room.slug}/").content.decode()
    )
    assert 'value="newbie2"' in box.group(0)
    guest = Client().get(f"/room/{room.slug}/").content.decode()
    assert "value=" not in re.search(r'<input id="join-name"[^>]*>', guest).group(0)
    client.post(f"/room/{room.slug}/seat/", {"name": "  "})
    assert room.seats.get(index=1).name == "newbie2"


def test_it_cuts_a_long_username_to_a_table_name():
    client = Client()
    client.force_login(user("a" * 30))
    assert name_value(client.get("/").content.decode()) == "a" * 24
    client.post("/new/", {**MENU, "name": "", "start": "cpu-easy"})
    assert Room.objects.get().seats.get(index=0).name == "a" * 24


def test_the_rooms_seat_box_takes_a_table_names_length_and_a_cut_username():
    from rooms.forms import NAME_LENGTH
    from rooms.services import create_room

    room = create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=new_session()
    )
    client = Client()
    client.force_login(user("b" * 30))
    box = re.search(
        r'<input id="join-name"[^>]*>', client.get(f"/room/{room.slug}/").content.decode()
    ).group(0)
    assert f'maxlength="{NAME_LENGTH}"' in box
    assert f'value="{"b" * NAME_LENGTH}"' in box
