"""A name made only of what draws nothing (zero-width characters, combining marks with nothing to
sit on, the Hangul filler, the blank Braille cell) looked empty everywhere it was shown: "Pass the
device to ", "I am : show my hand", a seat tag without a name. It is taken as no name at all: the
seat keeps its default name ("Player 2")."""

import pytest

from rooms import services
from rooms.forms import table_name
from rooms.models import Room
from tests.live_support import new_session, rules
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db

BLANK = ["\u200b\u200b", "\u2060\ufeff", "\u3164", "\u2800\u2800", "\u0301\u0301", "\u200d \u200c"]


@pytest.mark.parametrize("typed", BLANK)
def test_it_keeps_the_default_name_for_a_name_that_draws_nothing(client, typed):
    data = {**MENU, "rounds": "1", "players": "3", "start": "hotseat", "name2": typed}
    assert client.post("/new/", data).status_code == 302
    assert Room.objects.get().seats.get(index=1).name == "Player 2"


def test_it_does_so_for_a_seat_taken_too(client):
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=new_session()
    )
    assert client.post(f"/room/{room.slug}/seat/", {"name": "\u200b\u3164"}).status_code == 302
    assert room.seats.get(index=1).name == "Player 2"


@pytest.mark.parametrize("name", ["Zoé", "Zoe\u0301", "👨\u200d👩\u200d👧", "ㅤA", "李", "a b"])
def test_a_name_with_something_to_see_stays(name):
    assert table_name(name) == name
