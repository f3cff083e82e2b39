"""Taking turns on one device: the name typed on the home page is the first seat's, the other
seats keep their default names ("Player 2", shown in each viewer's language)."""

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
