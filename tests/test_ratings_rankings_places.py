"""The rankings' places: players the page shows alike share a place, every rated player can be
found past the first hundred, and a signed-in player is told their own place."""

import re

import pytest
from django.contrib.auth import get_user_model

from history.models import Rating
from tests.history_support import user

pytestmark = pytest.mark.django_db


def rows(client, path) -> list[tuple[str, str]]:
    """(place, name) of each row."""
    html = client.get(path).content.decode()
    return re.findall(
        r'class="ranking-row" data-name="[^"]+"><td>(\d+)</td><td><a[^>]*>([^<]+)', html
    )


def rate(person, *, mu, sigma=2.0, wins=1):
    return Rating.objects.create(
        user=person, family="japanese", mu=mu, sigma=sigma, matches=3, wins=wins
    )


def test_players_shown_alike_share_a_place_and_the_next_counts_them(client):
    rate(user("dan"), mu=26)  # 20.0
    rate(user("ben"), mu=24)  # 18.0, 1 win
    rate(user("aki"), mu=24.01)  # 18.03: shown 18.0 as ben's, 1 win
    rate(user("chie"), mu=24, wins=2)  # 18.0, 2 wins: ahead
    rate(user("eve"), mu=20)  # 14.0
    assert rows(client, "/rankings/") == [
        ("1", "dan"),
        ("2", "chie"),
        ("3", "aki"),
        ("3", "ben"),
        ("5", "eve"),
    ]


def many(count: int) -> None:
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"p{n:03d}") for n in range(count)
    )
    Rating.objects.bulk_create(
        Rating(user=u, family="japanese", mu=200 - n, sigma=1, matches=1, wins=0)
        for n, u in enumerate(users)
    )


def test_every_rated_player_is_on_a_page(client):
    many(205)
    first = rows(client, "/rankings/")
    assert len(first) == 100 and first[0] == ("1", "p000") and first[-1] == ("100", "p099")
    html = client.get("/rankings/").content.decode()
    assert "Page 1 of 3" in html and 'href="?page=2"' in html
    assert rows(client, "/rankings/?page=3") == [(str(n + 1), f"p{n:03d}") for n in range(200, 205)]
    assert 'rel="prev" href="?page=2"' in client.get("/rankings/?page=3").content.decode()
    # a page that is not one: the first, or the last
    assert rows(client, "/rankings/?page=x")[0] == ("1", "p000")
    assert rows(client, "/rankings/?page=99")[-1] == ("205", "p204")


def test_a_signed_in_player_is_told_their_place_and_its_page(client):
    many(160)
    client.force_login(get_user_model().objects.get(username="p149"))
    html = client.get("/rankings/").content.decode()
    assert '<a href="?page=2">Your place: 150</a>' in html
    assert "Your place" not in client.get("/rankings/chinese/").content.decode()


def test_an_empty_ranking_says_so(client):
    assert rows(client, "/rankings/") == []
    assert "Nobody is ranked yet" in client.get("/rankings/").content.decode()
    assert "Page 1 of" not in client.get("/rankings/").content.decode()


def test_the_order_is_kept_until_a_rating_of_the_family_changes(django_assert_max_num_queries):
    """The whole order is computed once and kept while no rating of the family changes; a new
    result (a saved rating) is in the next page at once."""
    from history.rankings import places

    aki, ben = user("aki"), user("ben")
    low = Rating.objects.create(user=aki, family="japanese", mu=20, sigma=2, matches=1, wins=0)
    Rating.objects.create(user=ben, family="japanese", mu=30, sigma=2, matches=1, wins=1)
    first = places("japanese")
    assert [pk for pk, _ in first][-1] == low.pk
    with django_assert_max_num_queries(1):  # the stamp only
        assert places("japanese") == first
    low.mu = 40
    low.save()
    assert [pk for pk, _ in places("japanese")][0] == low.pk
