"""A seat is taken under a name no other player at the table has: a friend who typed the host's
name was a second "Aki" in every seat tag and log line ("Aki passed." was either), and could pass
for the host. The name is compared as it reads: any case, wide or narrow, spaces aside. The seat
stays free and the page says why."""

import pytest

from rooms import services
from rooms.models import Room
from tests.live_support import new_session, rules

pytestmark = pytest.mark.django_db


def friend_room() -> Room:
    return services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki Sato"], session_key=new_session()
    )


@pytest.mark.parametrize("typed", ["Aki Sato", "aki sato", "ＡＫＩ　ＳＡＴＯ", "AkiSato"])
def test_it_refuses_a_seat_under_the_name_of_a_player_seated(client, typed):
    room = friend_room()
    response = client.post(f"/room/{room.slug}/seat/", {"name": typed}, follow=True)
    assert (
        "A player at this table already has that name: type another." in response.content.decode()
    )
    seat = room.seats.get(index=1)
    assert (seat.session_key, seat.name) == (None, "")


def test_another_name_takes_the_seat(client):
    room = friend_room()
    assert client.post(f"/room/{room.slug}/seat/", {"name": "Aki Sato 2"}).status_code == 302
    assert room.seats.get(index=1).name == "Aki Sato 2"


def test_a_name_typed_by_two_newcomers_seats_only_the_first(client):
    room = friend_room()
    services.take_seat(room, 1, "Ben", new_session())
    with pytest.raises(services.RoomError) as refused:
        services.take_seat(room, 2, "BEN", new_session())
    assert refused.value.code == "name_taken"
    assert room.seats.get(index=2).session_key is None


def test_the_refused_name_stays_in_the_box_to_be_changed(client):
    room = friend_room()
    response = client.post(f"/room/{room.slug}/seat/", {"name": "aki sato"})
    assert response.status_code == 400
    box = response.content.decode().split('id="join-name"', 1)[1].split(">", 1)[0]
    assert 'value="aki sato"' in box


# Characters that draw nothing: a zero-width space or joiner, a word joiner, a byte order mark,
# a soft hyphen, a Hangul filler, a variation selector, a grapheme joiner, a tag character.
INVISIBLE = ["\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u3164", "\ufe0f", "\u034f"]


@pytest.mark.parametrize("invisible", [*INVISIBLE, "\U000e0041"])
def test_a_character_that_draws_nothing_does_not_make_the_name_another(invisible):
    # "Aki\u200b Sato" drew as "Aki Sato" in every seat tag and log line: a newcomer passed for
    # the host after all.
    room = friend_room()
    with pytest.raises(services.RoomError) as refused:
        services.take_seat(room, 1, f"Aki{invisible} Sato", new_session())
    assert refused.value.code == "name_taken"
    assert room.seats.get(index=1).session_key is None


def test_nor_does_it_make_a_computers_name_a_players():
    room = friend_room()
    services.take_seat(room, 1, "CPU\u200b 3", new_session())
    assert room.seats.get(index=1).name == "Player 2"
