"""Ratings: "updated at the end of each finished match from its final standings; CPU seats take part
with fixed ratings per level"; abandoned matches change nothing; rating a match twice changes
nothing."""

from datetime import timedelta

import pytest
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone

from games.models import Match as StoredMatch
from games.sevens import RuleSet
from history import ratings
from history.models import RatedMatch, Rating, RatingChange
from rooms import services
from tests.history_support import play, seats, store, user

pytestmark = pytest.mark.django_db


def test_it_rates_a_finished_match_from_its_final_standings():
    aki, ben = user("aki"), user("ben")
    match = play(seed=11, seats=seats("human", "human", "medium", "hard"))
    stored = store(match, players={0: ("k-aki", aki), 1: ("k-ben", ben)})

    assert ratings.record_finished_match(stored) is True

    standings = match.standings
    for seat, person in ((0, aki), (1, ben)):
        rating = Rating.objects.get(user=person, family="japanese")
        change = RatingChange.objects.get(user=person, match=stored)
        assert change.place == standings.index(seat) + 1
        assert (rating.mu, rating.sigma) == (change.mu_after, change.sigma_after)
        assert rating.sigma < ratings.MODEL.sigma
        assert rating.matches == 1
        assert rating.wins == int(standings[0] == seat)
    better, worse = sorted((aki, ben), key=lambda p: RatingChange.objects.get(user=p).place)
    assert Rating.objects.get(user=better).mu > Rating.objects.get(user=worse).mu


def test_it_rates_a_chinese_match_in_the_chinese_family():
    aki = user("aki")
    match = play(
        RuleSet.preset("chinese", rounds=1), seed=5, seats=seats("human", "easy", "easy", "easy")
    )
    stored = store(match, players={0: ("k-aki", aki)})
    ratings.record_finished_match(stored)
    assert list(Rating.objects.filter(user=aki).values_list("family", flat=True)) == ["chinese"]


def test_it_changes_nothing_for_an_abandoned_match():
    aki = user("aki")
    match = play(seed=3, seats=seats("human", "easy", "easy", "easy"), stop_after=(1, 5))
    stored = store(match, players={0: ("k-aki", aki)}, abandoned=True)
    assert stored.status == "abandoned"
    assert ratings.record_finished_match(stored) is False
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    assert not RatedMatch.objects.exists()


def test_it_changes_nothing_when_called_twice():
    aki = user("aki")
    stored = store(
        play(seed=4, seats=seats("human", "hard", "hard", "hard")), players={0: ("k", aki)}
    )
    ratings.record_finished_match(stored)
    before = Rating.objects.get(user=aki)
    assert ratings.record_finished_match(stored) is False
    assert ratings.record_finished_match(stored.pk) is False
    after = Rating.objects.get(user=aki)
    assert (after.mu, after.sigma, after.matches) == (before.mu, before.sigma, before.matches)
    assert RatingChange.objects.filter(user=aki).count() == 1


def test_it_rates_once_when_the_stored_match_is_saved_as_finished(
    django_capture_on_commit_callbacks,
):
    aki = user("aki")
    with django_capture_on_commit_callbacks(execute=True):
        stored = store(
            play(seed=9, seats=seats("human", "easy", "medium", "hard")), players={0: ("k", aki)}
        )
    assert RatingChange.objects.filter(user=aki, match=stored).count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        stored.save()
    assert RatingChange.objects.filter(user=aki, match=stored).count() == 1
    assert Rating.objects.get(user=aki).matches == 1


def test_it_never_moves_the_cpu_levels_and_weighs_them_by_level():
    against_easy, against_hard = user("aki"), user("ben")
    # The same deal and the same places, against easy and then hard CPUs.
    for person, level in ((against_easy, "easy"), (against_hard, "hard")):
        match = play(seed=21, seats=seats("human", level, level, level))
        ratings.record_finished_match(store(match, players={0: ("k", person)}))
    assert ratings.CPU_RATINGS["easy"] == (20.0, 1.0) and ratings.CPU_RATINGS["hard"] == (30.0, 1.0)
    easy = Rating.objects.get(user=against_easy)
    hard = Rating.objects.get(user=against_hard)
    place = RatingChange.objects.get(user=against_easy).place
    if place == 1:  # beating stronger players is worth more
        assert hard.mu > easy.mu
    elif place == 4:  # losing to weaker players costs more
        assert easy.mu < hard.mu


def test_it_does_not_rate_one_account_holding_several_seats():
    aki = user("aki")
    match = play(seed=2, seats=seats("human", "human", "human", "human"))
    stored = store(match, players={s: ("same-device", aki) for s in range(4)})
    ratings.record_finished_match(stored)
    assert not Rating.objects.exists()
    assert RatedMatch.objects.filter(match=stored).exists()


def test_it_catches_up_on_finished_matches_never_rated():
    aki = user("aki")
    stored = [
        store(play(seed=s, seats=seats("human", "easy", "easy", "easy")), players={0: ("k", aki)})
        for s in (1, 2)
    ]
    store(play(seed=3, stop_after=(0, 3)), abandoned=True)
    assert ratings.rate_unrated_matches() == 2
    assert ratings.rate_unrated_matches() == 0
    assert Rating.objects.get(user=aki).matches == 2
    assert {c.match_id for c in RatingChange.objects.all()} == {m.pk for m in stored}


def test_it_changes_nothing_for_a_room_closed_in_the_middle_of_its_match(
    django_capture_on_commit_callbacks,
):
    aki = user("aki")
    session = SessionStore()
    session[SESSION_KEY] = str(aki.pk)
    session.create()
    room = services.create_room(
        rules=RuleSet(rounds=1).to_dict(),
        mode="cpu",
        level="easy",
        names=["Aki"],
        session_key=session.session_key,
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.close_idle_rooms(now=timezone.now() + timedelta(days=1))
    match = StoredMatch.objects.get(room=room)
    assert match.status == StoredMatch.Status.ABANDONED
    assert ratings.record_finished_match(match) is False
    assert not Rating.objects.exists() and not RatedMatch.objects.exists()
