"""A seat nobody named is "CPU 2" or "Player 2", shown in each viewer's language ("電腦 2",
"プレイヤー 2"). A player who typed such a name took the computer's name, or another seat's: a human
"CPU 3" beside the computer's CPU 3 (in the log, "CPU 3 passed." was either), a "Player 2" in the
first seat beside the second seat's own. A default name typed, in any language, wide or narrow,
any case, is taken as no name: the seat keeps its own default name."""

import pytest

from rooms import services
from rooms.forms import table_name
from rooms.models import Room
from tests.live_support import new_session, rules
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "typed",
    [
        "CPU 2",
        "cpu 3",
        "ＣＰＵ　４",
        "CPU1",
        "电脑 2",
        "電腦 3",
        "Player 2",
        "プレイヤー 3",
        "玩家 4",
    ],
)
def test_a_computer_game_names_the_player_after_their_seat_not_a_default_name(client, typed):
    data = {**MENU, "rounds": "1", "players": "4", "start": "cpu-easy", "name": typed}
    assert client.post("/new/", data).status_code == 302
    names = list(Room.objects.get().seats.order_by("index").values_list("name", flat=True))
    assert names == ["Player 1", "CPU 2", "CPU 3", "CPU 4"]


def test_a_seat_taken_under_another_seats_default_name_keeps_its_own(client):
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=new_session()
    )
    assert client.post(f"/room/{room.slug}/seat/", {"name": "CPU 3"}).status_code == 302
    assert room.seats.get(index=1).name == "Player 2"


@pytest.mark.parametrize("name", ["CPU 5", "CPU 22", "Player", "CPU-chan", "Player 2 fan"])
def test_a_name_that_only_looks_like_one_stays(name):
    assert table_name(name) == name
