"""Players and ratings in admin: a player's page shows their ratings; ratings are searchable,
filterable by rule family and read-only; browsers' session keys are never shown."""

import pytest
from django.contrib.auth.models import User

from history.models import MatchPlayer, Rating
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def players():
    aki = User.objects.create_user("aki", password="aki-pw-12345")
    ben = User.objects.create_user("ben", password="ben-pw-12345")
    Rating.objects.create(user=aki, family="japanese", mu=30, sigma=2, matches=5, wins=3)
    Rating.objects.create(user=ben, family="japanese", mu=20, sigma=3, matches=2, wins=0)
    Rating.objects.create(user=ben, family="chinese", mu=26, sigma=4, matches=1, wins=1)
    return aki, ben


def test_it_shows_a_players_ratings_on_their_page(admin_client, players):
    aki, _ben = players
    html = admin_client.get(f"/admin/auth/user/{aki.pk}/change/").content.decode()
    assert 'id="ratings-group"' in html
    assert "24.0" in html  # the rating shown: mu − 3σ


def test_it_lists_ratings_best_first_by_family(admin_client, players):
    response = admin_client.get("/admin/history/rating/", {"family__exact": "japanese"})
    names = [r.user.username for r in response.context["cl"].result_list]
    assert names == ["aki", "ben"]
    found = admin_client.get("/admin/history/rating/", {"q": "ben"}).context["cl"]
    assert found.result_count == 2
    assert admin_client.get("/admin/history/rating/add/").status_code == 403


def test_it_never_shows_a_browsers_session_key(admin_client):
    aki = new_session()
    room = cpu_room(aki)
    seat = MatchPlayer.objects.filter(match=room.match).first()
    if seat is None:  # the history app records players when the match starts
        seat = MatchPlayer.objects.create(match=room.match, seat=0, browser_key=aki)
    html = admin_client.get(f"/admin/history/matchplayer/{seat.pk}/change/").content.decode()
    assert aki not in html
    assert aki not in admin_client.get("/admin/history/matchplayer/").content.decode()
