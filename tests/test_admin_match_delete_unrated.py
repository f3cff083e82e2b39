"""A match is kept from deletion "once it counted in the ratings": that is, while an account's
rating holds a change from it. Every finished match gets its mark as rated (the once-only guard of
`history.ratings`), also one played by a guest against the computer, which counted in no rating:
such a match, asked to be deleted by its player, was refused as "counted in the players' ratings"."""

import pytest

from games.models import Match
from history import ratings
from history.models import RatedMatch, RatingChange
from tests.history_support import play, seats, store, user

pytestmark = pytest.mark.django_db

URL = "/admin/games/match/"


def finished(players) -> Match:
    match = store(play(seed=11, seats=seats("human", "medium", "medium", "hard")), players=players)
    assert ratings.record_finished_match(match)
    assert RatedMatch.objects.filter(match=match).exists()
    return match


def test_a_guests_match_against_the_computer_may_be_deleted(admin_client):
    match = finished({0: ("k-guest", None)})
    assert not RatingChange.objects.filter(match=match).exists()
    page = admin_client.get(f"{URL}{match.pk}/change/").content.decode()
    assert "not possible" not in page
    assert admin_client.get(f"{URL}{match.pk}/delete/").status_code == 200
    admin_client.post(f"{URL}{match.pk}/delete/", {"post": "yes"})
    assert not Match.objects.filter(pk=match.pk).exists()
    assert not RatedMatch.objects.exists()


def test_a_match_an_accounts_rating_counts_is_kept(admin_client):
    match = finished({0: ("k-aki", user("aki"))})
    assert admin_client.get(f"{URL}{match.pk}/delete/").status_code == 403
    page = admin_client.get(f"{URL}{match.pk}/change/").content.decode()
    assert "not possible: counted in the players&#x27; ratings" in page


def test_it_may_go_once_the_accounts_it_counted_for_are_deleted(admin_client):
    aki = user("aki")
    match = finished({0: ("k-aki", aki)})
    aki.delete()
    assert admin_client.get(f"{URL}{match.pk}/delete/").status_code == 200
