"""The history records a rating is derived from (who sat where, rating changes, rated matches,
ratings) cannot be deleted one by one in admin: deleting a rated match's mark had
`manage.py rate_matches` rate the match again (twice counted once its rating changes were
deleted too), and deleting the others left ratings counting what is no longer listed. They still go with the account or the match they belong to."""

import pytest

from history import ratings
from history.models import MatchPlayer, RatedMatch, Rating, RatingChange
from tests.history_support import play, seats, store, user

pytestmark = pytest.mark.django_db

DERIVED = [
    ("ratedmatch", RatedMatch),
    ("ratingchange", RatingChange),
    ("rating", Rating),
    ("matchplayer", MatchPlayer),
]


@pytest.fixture
def rated():
    aki = user("aki")
    stored = store(
        play(seed=11, seats=seats("human", "medium", "medium", "hard")), players={0: ("k-aki", aki)}
    )
    assert ratings.record_finished_match(stored)
    return aki, stored


@pytest.mark.parametrize(("name", "model"), DERIVED)
def test_a_derived_record_cannot_be_deleted_alone(admin_client, rated, name, model):
    row = model.objects.get()
    url = f"/admin/history/{name}/"
    assert admin_client.get(f"{url}{row.pk}/delete/").status_code == 403
    admin_client.post(f"{url}{row.pk}/delete/", {"post": "yes"})
    page = admin_client.get(url)
    assert "delete_selected" not in page.content.decode()
    admin_client.post(
        url, {"action": "delete_selected", "_selected_action": [row.pk], "post": "yes"}
    )
    assert model.objects.filter(pk=row.pk).exists()
    change = admin_client.get(f"{url}{row.pk}/change/").content.decode()
    assert f"/admin/history/{name}/{row.pk}/delete/" not in change


def test_rate_matches_never_counts_a_match_twice(admin_client, rated):
    # Its rating changes, then its mark as rated, deleted in admin: the catch-up would rate the
    # match again and count it twice in the account's rating.
    for name, model in (("ratingchange", RatingChange), ("ratedmatch", RatedMatch)):
        for pk in model.objects.values_list("pk", flat=True):
            admin_client.post(f"/admin/history/{name}/{pk}/delete/", {"post": "yes"})
    ratings.rate_unrated_matches()
    assert Rating.objects.get().matches == 1


def test_deleting_an_account_still_takes_its_ratings_with_it(admin_client, rated):
    aki, stored = rated
    url = f"/admin/auth/user/{aki.pk}/delete/"
    assert "Are you sure" in admin_client.get(url).content.decode()
    admin_client.post(url, {"post": "yes"})
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    assert MatchPlayer.objects.get(match=stored).user is None
