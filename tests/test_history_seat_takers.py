"""A browser that takes a seat its player left during a match played that match too: the match is
in its history (My matches, its account's profile) and its match page opens for it, but the seat's
place and rating stay the first player's (who counts as last for leaving, tests of
test_ratings_left_seats)."""

import pytest
from django.test import Client

from history.models import MatchPlayer
from rooms import services
from tests.history_support import user
from tests.live_support import fresh, new_session, rules
from tests.test_history_my_matches import rows
from tests.test_ratings_live_match import signed_in

pytestmark = pytest.mark.django_db


def browser(key: str) -> Client:
    client = Client()
    client.cookies["sessionid"] = key
    return client


def started_with_ben_gone():
    """Aki's friends' room under way, Ben's seat (1) left to the computer."""
    aki, ben = new_session(), new_session()
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=aki
    )
    services.take_seat(room, 1, "Ben", ben)
    services.fill_and_start(room, aki)
    services.leave_seat(room, ben)
    return fresh(room), ben


def test_the_taker_of_a_left_seat_is_a_player_of_the_match():
    room, _ben = started_with_ben_gone()
    chie = user("chie")
    key = signed_in(chie)
    services.take_seat(room, 1, "Chie", key)
    takers = MatchPlayer.objects.filter(match=room.match, took_over=True)
    assert [(t.seat, t.browser_key, t.user) for t in takers] == [(1, key, chie)]
    first = MatchPlayer.objects.get(match=room.match, seat=1, took_over=False)
    assert first.browser_key != key  # Ben's row stays: the seat's place is his

    guest = new_session()  # a guest taker sees it in this browser's matches
    services.leave_seat(room, key)
    services.take_seat(room, 1, "Dan", guest)
    assert rows(browser(guest)) == {room.match_id}
    signed = Client()
    signed.force_login(chie)
    assert rows(signed) == {room.match_id}
    profile = signed.get("/players/chie/").content.decode()
    assert f'href="/matches/{room.match_id}/"' in profile
    assert "Average place" not in profile  # a seat taken part-way has no place of its own


def test_a_player_back_at_the_seat_they_left_is_not_recorded_twice():
    room, ben = started_with_ben_gone()
    services.take_seat(room, 1, "Ben", ben)
    assert MatchPlayer.objects.filter(match=room.match, seat=1).count() == 1
    chie = new_session()
    services.leave_seat(room, ben)
    services.take_seat(room, 1, "Chie", chie)
    services.leave_seat(room, chie)
    services.take_seat(room, 1, "Chie", chie)
    assert MatchPlayer.objects.filter(match=room.match, seat=1, took_over=True).count() == 1
