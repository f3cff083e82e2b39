"""The log-out address opened in the browser (typed, or an old bookmark): a page with the log-out
button, not an empty 405 that the browser shows as its own error in English. Opening it changes
nothing: only the button's POST logs out."""

import pytest

from rooms.models import Room
from tests.history_support import user
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db


def test_it_offers_the_log_out_button_and_stays_logged_in(client):
    client.force_login(user("aki"))
    response = client.get("/accounts/logout/", HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'action="/accounts/logout/"' in html and 'method="post"' in html
    assert "ログアウト" in html
    assert "_auth_user_id" in client.session


def test_it_says_what_happens_to_a_game_under_way(client):
    client.force_login(user("aki"))
    client.post("/new/", {**MENU, "start": "cpu-easy"})
    room = Room.objects.get()
    html = client.get("/accounts/logout/").content.decode()
    assert "You have a game under way with nobody else at the table" in html
    assert f'href="/room/{room.slug}/"' in html
    assert room.seats.get(index=0).session_key == client.session.session_key


def test_a_guest_is_sent_home(client):
    response = client.get("/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
