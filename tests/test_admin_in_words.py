"""What admin shows of a match or a room is said in words, with seats counted from 1 as the players
and the match's page count them: the rules as the rules card says them (not a dict of codes such
as "laid_out" or "rank_points"), each seat's points by name, a round's places and points by name
(not {"ranking": [1, 2, 3, 0], …}, seat numbers counted from 0), the seat to play and the seat
numbers of rooms, seats and players of matches from 1 (a room said "seat to play: 2" for the seat
its match's page calls seat 3)."""

import re

import pytest

from games.sevens import RuleSet
from history.models import MatchPlayer
from tests.history_support import play, seats, store
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db

CODES = ("laid_out", "rank_points", "last_player", "pass_when_playable", "ranking")


def cell(html: str, field: str) -> str:
    """The text of a field: a list's cell, a change page's read-only box or an inline's cell."""
    start = html.index(f"field-{field}")
    listed = re.compile(r'[^"]*">([^<]+)</td>').match(html, start)
    found = listed or re.compile(r'class="readonly">([^<]*)<|<p>([^<]*)</p>').search(html, start)
    assert found, field
    return next(g for g in found.groups() if g is not None).strip()


def test_a_match_says_its_rules_points_and_places_in_words(admin_client):
    played = play(RuleSet(rounds=1), seed=84, seats=seats("human", "easy", "easy", "easy"))
    stored = store(played)
    html = admin_client.get(f"/admin/games/match/{stored.pk}/change/").content.decode()
    text = re.sub(r"<[^>]+>", " ", html)
    assert "7s laid out after the deal" in text and "points by place" in text
    assert not [code for code in CODES if code in text]
    names = [s["name"] for s in played.seats]
    expected = ", ".join(
        f"{name} (seat {i + 1}): {n} point{'s' if n != 1 else ''}"
        for i, (name, n) in enumerate(zip(names, played.totals, strict=True))
    )
    assert cell(html, "seats_text") == expected
    ranking = played.rounds[0].result().ranking
    first, last = ranking[0], ranking[-1]
    places = cell(html, "places")
    assert places.startswith(f"1. {names[first]} (seat {first + 1}): ")
    assert f"4. {names[last]} (seat {last + 1}): " in places


def test_the_chinese_game_places_its_winner_only(admin_client):
    rules = RuleSet.preset("chinese", rounds=1)
    played = play(rules, seed=85, seats=seats("human", "easy", "easy", "easy"))
    stored = store(played)
    html = admin_client.get(f"/admin/games/match/{stored.pk}/change/").content.decode()
    places = cell(html, "places").split(", ")
    assert places[0].startswith("1. ") and not any(p[:1].isdigit() for p in places[1:])
    assert "7s played in turn" in re.sub(r"<[^>]+>", " ", html)


def test_rooms_seats_and_players_count_seats_from_1(admin_client):
    room = cpu_room(new_session(), level="easy")
    html = admin_client.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()
    text = re.sub(r"<[^>]+>", " ", html)
    assert "7s laid out after the deal" in text
    assert not [code for code in CODES if code in text]
    assert cell(html, "turn_number") == str(room.turn + 1)
    numbers = re.findall(r'<td class="field-seat_number">\s*<p>(\d)</p>', html)
    assert numbers == ["1", "2", "3", "4"]
    listed = admin_client.get("/admin/rooms/room/").content.decode()
    assert cell(listed, "turn_number") == str(room.turn + 1)
    seat_list = admin_client.get("/admin/rooms/seat/", {"room__id__exact": room.pk})
    assert re.findall(r'<td class="field-seat_number">(\d)</td>', seat_list.content.decode()) == [
        "1",
        "2",
        "3",
        "4",
    ]
    assert str(room.seats.get(index=0)) == f"{room.slug} seat 1 (human)"
    player = MatchPlayer.objects.get(match=room.match, seat=0)
    players = admin_client.get("/admin/history/matchplayer/").content.decode()
    assert cell(players, "seat_number") == "1"
    assert str(player) == f"match {room.match_id} seat 1"
