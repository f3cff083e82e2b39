"""Matches in admin: searchable by room, filterable by status and rule family, with their rounds
inline and a link to the room and to the replay page."""

import re

import pytest

from games.admin import replay_url
from games.models import Match
from rooms.models import Room
from tests.live_support import cpu_room, hotseat_room, new_session

pytestmark = pytest.mark.django_db


def test_it_lists_matches_with_the_useful_columns(admin_client):
    room = cpu_room(new_session())
    html = admin_client.get("/admin/games/match/").content.decode()
    assert f"/admin/rooms/room/{room.pk}/change/" in html
    assert '<td class="field-family">Japanese rules</td>' in html
    assert f"1/{room.rules['rounds']}" in html  # rounds dealt, of the match's rounds


def test_it_searches_by_room_and_filters_by_family(admin_client):
    first, second = cpu_room(new_session()), hotseat_room(new_session())
    found = admin_client.get("/admin/games/match/", {"q": first.slug}).context["cl"].result_list
    assert [m.pk for m in found] == [first.match_id]
    # (hotseat_room may have dealt more rooms to find a deal it likes: all of them are playing)
    over = cpu_room(new_session())
    Match.objects.filter(pk=over.match_id).update(status="abandoned")
    Room.objects.filter(pk=over.pk).update(status="closed")
    playing = admin_client.get("/admin/games/match/", {"status__exact": "playing"})
    listed = {m.pk for m in playing.context["cl"].result_list}
    assert {first.match_id, second.match_id} <= listed and over.match_id not in listed
    assert listed == set(Match.objects.filter(status="playing").values_list("pk", flat=True))
    chinese = admin_client.get("/admin/games/match/", {"family": "chinese"})
    assert list(chinese.context["cl"].result_list) == list(
        Match.objects.filter(rules__sevens="played")
    )


def test_it_shows_the_rounds_inline_and_a_replay_link_or_a_dash(admin_client):
    room = cpu_room(new_session())
    html = admin_client.get(f"/admin/games/match/{room.match_id}/change/").content.decode()
    assert 'id="rounds-group"' in html
    assert 'class="field-moves"' in html and 'class="field-seed"' not in html
    url = replay_url(room.match)
    assert (url in html) if url else ("—" in html)


def test_it_lists_rooms_and_seats_searchable_by_name(admin_client):
    room = cpu_room(new_session())
    rooms = admin_client.get("/admin/rooms/room/", {"q": "Aki"}).context["cl"].result_list
    assert [r.pk for r in rooms] == [room.pk]
    seats = admin_client.get("/admin/rooms/seat/", {"kind__exact": "cpu"}).context["cl"]
    assert seats.result_count == 3
    assert (
        "session_key"
        not in admin_client.get(
            f"/admin/rooms/seat/{room.seats.first().pk}/change/"
        ).content.decode()
    )


def test_a_match_still_being_played_cannot_be_deleted(admin_client):
    # Its room would go on playing an empty table: the room is closed first (the match is then
    # kept, abandoned), and a match that is over may go.
    playing = cpu_room(new_session())
    over = cpu_room(new_session())
    Match.objects.filter(pk=over.match_id).update(status="abandoned")
    Room.objects.filter(pk=over.pk).update(status="closed")
    url = "/admin/games/match/"
    assert admin_client.get(f"{url}{playing.match_id}/delete/").status_code == 403
    # The match's own page says why (its delete page can only say "not allowed").
    page = admin_client.get(f"{url}{playing.match_id}/change/").content.decode()
    assert "not possible: still being played; close its room first" in page
    assert "possible" in admin_client.get(f"{url}{over.match_id}/change/").content.decode()
    both = {"action": "delete_selected", "_selected_action": [playing.match_id, over.match_id]}
    page = admin_client.post(url, both).content.decode()
    assert f"Match {playing.match_id}: still being played; close its room first" in page
    admin_client.post(url, {**both, "post": "yes"})
    assert Match.objects.filter(pk=playing.match_id).exists()  # nothing deleted
    alone = {"action": "delete_selected", "_selected_action": [over.match_id], "post": "yes"}
    admin_client.post(url, alone)
    assert not Match.objects.filter(pk=over.match_id).exists()
    html = admin_client.get("/admin/").content.decode()
    assert "Matches" in html and "Matchs" not in html


def test_a_match_its_room_shows_or_the_ratings_count_is_kept(admin_client):
    """A finished room still shows its match (the settlement, the hands): deleting the match
    would leave it an empty table; a rated match is counted in its players' ratings."""
    from history.models import RatedMatch, RatingChange
    from tests.history_support import user

    finished = cpu_room(new_session())
    Match.objects.filter(pk=finished.match_id).update(status="finished")
    Room.objects.filter(pk=finished.pk).update(status="finished")
    rated = cpu_room(new_session())
    Match.objects.filter(pk=rated.match_id).update(status="finished")
    Room.objects.filter(pk=rated.pk).update(status="closed")
    RatedMatch.objects.create(match_id=rated.match_id)
    RatingChange.objects.create(
        user=user("aki"),
        match_id=rated.match_id,
        family="japanese",
        place=1,
        mu_before=25.0,
        sigma_before=8.3,
        mu_after=26.0,
        sigma_after=8.0,
    )
    url = "/admin/games/match/"
    for room in (finished, rated):
        assert admin_client.get(f"{url}{room.match_id}/delete/").status_code == 403
    both = {"action": "delete_selected", "_selected_action": [finished.match_id, rated.match_id]}
    page = admin_client.post(url, both).content.decode()
    assert f"Match {finished.match_id}: its room still shows it; close the room first" in page
    assert f"Match {rated.match_id}: counted in the players&#x27; ratings" in page
    admin_client.post(url, {**both, "post": "yes"})
    assert Match.objects.filter(pk__in=[finished.match_id, rated.match_id]).count() == 2


def test_the_list_names_the_winner(admin_client):
    from tests.history_support import play, seats, store

    played = play(seed=81, seats=seats("human", "easy", "easy", "easy"))
    stored = store(played)
    name = played.seats[played.winner]["name"]
    page = admin_client.get("/admin/games/match/").content.decode()
    assert f"{name} (seat {played.winner + 1})" in page
    assert (
        f"{name} (seat {played.winner + 1})"
        in admin_client.get(f"/admin/games/match/{stored.pk}/change/").content.decode()
    )


def test_a_match_names_its_winner_and_dealers_once_and_counts_rounds_from_1(admin_client):
    from tests.history_support import play, seats, store

    played = play(seed=82, seats=seats("human", "easy", "easy", "easy"))
    stored = store(played)
    html = admin_client.get(f"/admin/games/match/{stored.pk}/change/").content.decode()
    # one winner line, by name (the stored seat number, counted from 0, read as another seat)
    assert re.findall(r"field-winner\w*", html) == ["field-winner_name"]
    rounds = re.findall(r'<td class="field-round_number">\s*<p>(\d+)</p>', html)
    assert rounds == ["1", "2", "3"]
    dealers = re.findall(r'<td class="field-dealer_name">\s*<p>([^<]+)</p>', html)
    names = [s["name"] for s in played.seats]
    assert dealers == [f"{names[r.dealer]} (seat {r.dealer + 1})" for r in played.rounds]


def test_it_finds_the_matches_of_an_account(admin_client):
    from tests.history_support import play, seats, store, user

    aki = user("aki_account")
    played = play(seed=83, seats=seats("human", "easy", "easy", "easy"))
    mine, other = store(played, players={0: ("k", aki)}), store(played)
    found = admin_client.get("/admin/games/match/", {"q": "aki_account"}).context["cl"].result_list
    assert [m.pk for m in found] == [mine.pk] and other.pk != mine.pk


def test_the_admin_shows_times_in_the_operators_zone_and_players_lists_stay_in_utc(
    admin_client, client, settings
):
    """TIME_ZONE (docs/deploy.md) is the operator's: a Japanese operator reads the admin's times in
    Tokyo time. A player's list says UTC until their browser writes its own time."""
    from datetime import UTC, datetime

    from tests.history_support import play, seats, store

    settings.TIME_ZONE = "Asia/Tokyo"
    chie = client.session.session_key
    mine = store(
        play(seed=1, seats=seats("human", "easy", "easy", "easy")), players={0: (chie, None)}
    )
    Match.objects.filter(pk=mine.pk).update(started_at=datetime(2026, 12, 7, 1, 30, tzinfo=UTC))
    html = admin_client.get("/admin/games/match/").content.decode()
    assert '<td class="field-started_at nowrap">Dec. 7, 2026, 10:30 a.m.</td>' in html
    listed = client.get("/matches/").content.decode()
    # (the machine-readable time names the same moment in any zone; the words are in UTC)
    assert re.search(r'<time datetime="2026-12-07T(01:30:00\+00:00|10:30:00\+09:00)"', listed)
    assert re.search(r"data-local>[^<]*\b1:30 a\.m\. UTC</time>", listed), listed
