"""A name is shown inside sentences of the page ("Aki played 7♦.", "I am Aki: show my hand"): a
bidi control in it (U+202E RIGHT-TO-LEFT OVERRIDE, an isolate U+2066–U+2069, a mark U+200F) turned
the words after it, so that "\\u202eAki played 7♦." drew as ".♦7 deyalp ikA" and a player could
make the table say what it did not. The names typed and the names of an uploaded log drop them;
a name in Hebrew or Arabic letters needs none and keeps its letters."""

import io
import json
from pathlib import Path

import pytest

from history.models import UploadedReplay
from rooms import services
from rooms.models import Room
from tests.live_support import new_session, rules
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db

CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
LOG = json.loads((Path(__file__).parent / "replays" / "joker_redeem_at_36.json").read_text())


def test_it_drops_the_bidi_controls_of_a_seat_taken(client):
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=new_session()
    )
    response = client.post(f"/room/{room.slug}/seat/", {"name": "\u202eMal\u2067lory\u2069"})
    assert response.status_code == 302
    assert room.seats.get(index=1).name == "Mallory"


def test_it_drops_them_from_every_name_of_a_shared_device(client):
    data = {**MENU, "rounds": "1", "players": "3", "start": "hotseat"}
    data.update(name=f"\u202eAki{CONTROLS}", name2="\u200fשלום\u200e", name3="\u2068Chie\u2069")
    assert client.post("/new/", data).status_code == 302
    names = list(Room.objects.get().seats.order_by("index").values_list("name", flat=True))
    assert names == ["Aki", "שלום", "Chie"]


def test_an_uploaded_log_keeps_its_names_without_them():
    log = json.loads(json.dumps(LOG))
    log["seats"][0]["name"] = "\u202eAki\u202c"
    file = io.BytesIO(json.dumps(log).encode())
    file.name = "match.json"
    from django.test import Client

    response = Client().post("/replays/upload/", {"file": file})
    assert response.status_code == 302
    assert UploadedReplay.objects.get().log["seats"][0]["name"] == "Aki"
