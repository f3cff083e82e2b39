"""An account deleted in admin on its player's request takes its name off the matches and rooms it
played in: a finished match's page, names included, is open to anyone, and the name stayed there
(and in the downloaded log) after the account was gone. The seats become "Player N", as a seat
nobody named is; the cards, moves and points stay, so the other players' record is whole."""

import pytest
from django.contrib.auth.models import User

from games.models import Match
from history.models import MatchPlayer
from rooms.models import Room
from tests.history_support import play, seats, store
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db


def delete_in_admin(admin_client, user) -> None:
    answer = admin_client.post(f"/admin/auth/user/{user.pk}/delete/", {"post": "yes"})
    assert answer.status_code == 302
    assert not User.objects.filter(pk=user.pk).exists()


def test_the_name_leaves_its_matches_and_rooms_and_nothing_else_changes(admin_client):
    akiko = User.objects.create_user("akiko_t", password="a long pass phrase 7")
    key = new_session()
    room = cpu_room(key, level="easy")  # seat 0 named "Aki" by its player
    MatchPlayer.objects.filter(match=room.match, seat=0).update(user=akiko)
    # An older, finished match where the account held seat 1 under its username, and took over
    # seat 2 from a player who left: that seat keeps the first player's name.
    names = seats("human", "human", "human", "easy")
    names[1]["name"] = "akiko_t"
    finished = store(play(seed=5), players={1: ("", akiko)})
    finished.seats = names
    finished.save(update_fields=["seats"])
    MatchPlayer.objects.create(match=finished, seat=2, browser_key=key, user=akiko, took_over=True)
    rounds_before = list(finished.rounds.values_list("hands", "events", "result"))
    version, game_version = room.version, room.game_version

    assert "akiko_t" in admin_client.get(f"/matches/{finished.pk}/").content.decode()
    delete_in_admin(admin_client, akiko)

    finished.refresh_from_db()
    assert [s["name"] for s in finished.seats] == ["Aki", "Player 2", "Chie", "CPU 4"]
    assert list(finished.rounds.values_list("hands", "events", "result")) == rounds_before
    assert finished.status == Match.Status.FINISHED and finished.totals
    live = Room.objects.get(pk=room.pk)
    assert [s.name for s in live.seats.order_by("index")][:2] == ["Player 1", "CPU 2"]
    assert live.match.seats[0]["name"] == "Player 1"
    assert live.version == version + 1  # open pages draw the seat anew
    assert live.game_version == game_version  # a name is not the game: a move on it still stands
    page = admin_client.get(f"/matches/{finished.pk}/").content.decode()
    log = admin_client.get(f"/matches/{finished.pk}/sevens-log.json").content.decode()
    assert "akiko_t" not in page and "akiko_t" not in log
    assert "Chie" in page  # the player it took the seat from is still named
    # The records stay, left to no one.
    assert MatchPlayer.objects.filter(match=finished, user=None).count() == 2


def test_another_players_name_and_seat_stay(admin_client):
    akiko = User.objects.create_user("akiko_t", password="a long pass phrase 7")
    ben = User.objects.create_user("ben", password="a long pass phrase 7")
    names = seats("human", "human", "easy", "easy")
    names[0]["name"], names[1]["name"] = "akiko_t", "ben"
    match = store(play(seed=8), players={0: ("", akiko), 1: ("", ben)})
    match.seats = names
    match.save(update_fields=["seats"])

    delete_in_admin(admin_client, akiko)

    match.refresh_from_db()
    assert [s["name"] for s in match.seats][:2] == ["Player 1", "ben"]
    assert MatchPlayer.objects.get(match=match, seat=1).user == ben
