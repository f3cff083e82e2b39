"""Names are text a player types or a log file carries, shown to everyone: control characters are
dropped from them (a NUL is refused by PostgreSQL, whose `text` and `jsonb` cannot hold one, so
storing it failed with a server error), and a log file holding a lone surrogate (`"\\ud800"`, which
json reads but no page can be written in UTF-8 with) is refused: stored, its replay page failed
with a server error on every visit."""

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

LOG = json.loads((Path(__file__).parent / "replays" / "joker_redeem_at_36.json").read_text())


def upload(client, text: str):
    file = io.BytesIO(text.encode())
    file.name = "match.json"
    return client.post("/replays/upload/", {"file": file})


def log_text(**changes) -> str:
    log = json.loads(json.dumps(LOG))
    log["seats"][0].update(changes)
    return json.dumps(log)  # ensure_ascii: a lone surrogate goes as its \u escape, as a file has it


def test_a_seat_taken_under_a_name_with_control_characters_drops_them(client):
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=new_session()
    )
    response = client.post(f"/room/{room.slug}/seat/", {"name": "Mal\x00lo\x1bry\x7f\x9b"})
    assert response.status_code == 302
    assert room.seats.get(index=1).name == "Mallory"


def test_the_names_of_a_shared_device_drop_them_too(client):
    data = {
        **MENU,
        "rounds": "1",
        "start": "hotseat",
        "name2": "B\x1be\x07n",
        "name3": "Chie\tSan",  # a tab is a space, as it was
    }
    response = client.post("/new/", data)
    assert response.status_code == 302
    room = Room.objects.get()
    assert [s.name for s in room.seats.order_by("index")][1:3] == ["Ben", "Chie San"]


def test_an_uploaded_log_keeps_its_names_without_control_characters(client):
    response = upload(client, log_text(name="Ak\x00i\x07", level="ea\x00sy"))
    assert response.status_code == 302
    seat = UploadedReplay.objects.get().log["seats"][0]
    assert (seat["name"], seat["level"]) == ("Aki", "easy")
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.parametrize("where", ["name", "format", "option"])
def test_a_log_with_a_lone_surrogate_is_refused_not_stored(client, where):
    if where == "name":
        text = log_text(name="A\ud800ki")
    else:
        log = json.loads(json.dumps(LOG))
        if where == "format":
            log["format"] = "sevens-log/\udfff"
        else:
            log["rules"]["\ud83d"] = 1  # an option this site does not know: its name is said
        text = json.dumps(log)
    response = upload(client, text)
    assert response.status_code == 400
    assert "The file is not JSON." in response.content.decode()
    assert not UploadedReplay.objects.exists()
