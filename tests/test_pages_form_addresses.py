"""The addresses that only take a form, opened with GET (a reload of a refused form's page, whose
address stays in the bar; an address pasted or bookmarked): they used to answer an empty 405, which
the browser shows as a blank page. They now send the browser to the page the form is on, and change
nothing."""

import pytest
from django.test import Client

from history.models import MatchPlayer
from rooms.models import Room
from tests.history_support import play, store
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("method", ["get", "head"])
def test_the_menus_address_sends_the_browser_home_and_opens_no_room(client, method):
    response = getattr(client, method)("/new/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert not Room.objects.exists()


def test_play_this_deal_sends_the_browser_to_the_match_page(client):
    stored = store(play(seed=6))
    response = client.get(f"/matches/{stored.pk}/deal/")
    assert response.status_code == 302 and response["Location"] == f"/matches/{stored.pk}/"
    assert not Room.objects.exists()


@pytest.mark.parametrize("action", ["seat", "leave", "start"])
def test_a_rooms_form_addresses_send_the_browser_to_the_room_and_change_nothing(action):
    aki, ben = Client(), Client()
    aki.post("/new/", {**MENU, "start": "friend"})
    room = Room.objects.get()
    seats = [(s.index, s.session_key, s.kind) for s in room.seats.order_by("index")]
    for client in (aki, ben):
        response = client.get(f"/room/{room.slug}/{action}/")
        assert response.status_code == 302 and response["Location"] == f"/room/{room.slug}/"
    room.refresh_from_db()
    assert [(s.index, s.session_key, s.kind) for s in room.seats.order_by("index")] == seats
    assert room.status == "waiting"
    assert not MatchPlayer.objects.exists()


def test_other_methods_are_still_refused(client):
    stored = store(play(seed=6))
    assert client.put("/new/").status_code == 405
    assert client.delete(f"/matches/{stored.pk}/deal/").status_code == 405
