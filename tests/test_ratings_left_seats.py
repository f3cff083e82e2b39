"""A seat its account did not play to the end counts as last for that account's rating: leaving
the table, staying away until the computer took the seat over, or logging out would otherwise let
the computer play the match out for the account (at the level of its choice: a friends' room
filled with Hard computers and left at once rated its creator as the Hard computer played).

Personas: Aki opens the room and is signed in; the computers fill the other seats.
"""

import re

import pytest
from django.contrib.sessions.backends.db import SessionStore

from games.sevens import RuleSet
from history import ratings
from history.models import RatingChange
from rooms import services
from tests.history_support import play, seats, store, user
from tests.test_ratings_live_match import signed_in

pytestmark = pytest.mark.django_db


def won_by_seat_0():
    """A finished match (engine) that seat 0 won."""
    kinds = seats("human", "hard", "hard", "hard")
    return next(
        m
        for seed in range(1, 50)
        if (m := play(RuleSet(rounds=1), seed=seed, seats=kinds)).winner == 0
    )


def finished_in_room(how: str):
    """Aki's friends' room, its match won by Aki's seat, the seat as `how` left it at the end."""
    aki = user("aki")
    key = signed_in(aki)
    room = services.create_room(
        rules=RuleSet(rounds=1).to_dict(), mode="friend", level=None, names=["Aki"], session_key=key
    )
    stored = store(won_by_seat_0(), players={0: (key, aki)}, room=room)
    room.match = stored
    room.save(update_fields=["match"])
    seat = room.seats.get(index=0)
    if how == "left":  # as services.leave_seat leaves it during a match
        seat.session_key, seat.cpu_controlled = None, True
    elif how == "away":  # as presence.expire_absent_seats leaves it
        seat.cpu_controlled = True
    elif how == "logged out":  # the log-out view deletes the session the seat was held by
        SessionStore(session_key=key).delete()
    elif how == "taken":  # another browser took the seat Aki left
        seat.session_key = signed_in(user("ben"))
    seat.save()
    assert ratings.record_finished_match(stored)
    return aki, stored


def test_a_seat_played_to_the_end_is_rated_by_its_place():
    aki, _stored = finished_in_room("played")
    change = RatingChange.objects.get(user=aki)
    assert change.place == 1 and change.mu_after > change.mu_before
    assert aki.ratings.get().wins == 1


@pytest.mark.parametrize("how", ["left", "away", "logged out", "taken"])
def test_a_seat_not_played_to_the_end_counts_as_last(how):
    aki, stored = finished_in_room(how)
    assert stored.winner == 0  # the computer won it for the seat
    change = RatingChange.objects.get(user=aki)
    assert change.place == 4 and change.mu_after < change.mu_before
    assert aki.ratings.get().wins == 0


def test_a_match_rated_after_its_room_moved_on_is_taken_as_played():
    """A catch-up rating (after a crash) cannot read the seats of a room that shows another
    match now: it rates by the standings."""
    aki = user("aki")
    key = signed_in(aki)
    room = services.create_room(
        rules=RuleSet(rounds=1).to_dict(), mode="friend", level=None, names=["Aki"], session_key=key
    )
    stored = store(won_by_seat_0(), players={0: (key, aki)}, room=room)
    room.seats.filter(index=0).update(session_key=None)
    assert room.match_id != stored.pk
    assert ratings.record_finished_match(stored)
    assert RatingChange.objects.get(user=aki).place == 1


@pytest.mark.parametrize("how", ["played", "left"])
def test_the_profile_counts_the_place_the_rating_counted(client, how):
    """The profile's wins and average place agree with the rating: a match the computer won for
    a seat its player left is no win of theirs, and it says why."""
    _aki, stored = finished_in_room(how)
    assert stored.winner == 0
    html = client.get("/players/aki/").content.decode()
    wins, place = (1, 1) if how == "played" else (0, 4)
    assert re.search(
        rf'<tr data-mode="friend"><td>[^<]*</td><td>1</td><td>{wins}</td>', html.replace("\n", "")
    ), html
    assert f"Average place in finished matches: {place}.00" in html
    assert ("<strong>won</strong>" in html) == (how == "played")
    assert ("left before the end: counted last" in html) == (how == "left")
