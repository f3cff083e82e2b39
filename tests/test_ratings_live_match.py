"""A friend match played through the room services to its end: the seats' browsers and accounts are
recorded when it starts, and the accounts' ratings change once when it finishes."""

import pytest
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from games.models import Match as StoredMatch
from history.models import MatchPlayer, Rating, RatingChange
from rooms import services
from rooms.models import Room
from tests.history_support import user
from tests.live_support import fresh, legal, new_session, rules

pytestmark = pytest.mark.django_db


def signed_in(person) -> str:
    session = SessionStore()
    session[SESSION_KEY] = str(person.pk)
    session.create()
    return session.session_key


def test_it_records_the_players_and_rates_the_accounts_once(django_capture_on_commit_callbacks):
    aki, ben = user("aki"), user("ben")
    keys = [signed_in(aki), signed_in(ben), new_session(), new_session()]
    room = services.create_room(
        rules=rules(rounds=1), mode="friend", level=None, names=["Aki"], session_key=keys[0]
    )
    for index, (key, name) in enumerate(zip(keys[1:], ["Ben", "Chie", "Dan"], strict=True), 1):
        services.take_seat(room, index, name, key)
    services.fill_and_start(room, keys[0])
    match = StoredMatch.objects.get(room=room)
    recorded = {(p.seat, p.browser_key, p.user) for p in MatchPlayer.objects.filter(match=match)}
    assert recorded == {
        (0, keys[0], aki),
        (1, keys[1], ben),
        (2, keys[2], None),
        (3, keys[3], None),
    }

    room = fresh(room)
    with django_capture_on_commit_callbacks(execute=True):
        while room.status == Room.Status.PLAYING:
            seat = room.turn
            result = services.submit_action(
                room.slug, seat, legal(room)[0], room.version, keys[seat]
            )
            assert result.ok, result.error
            room = fresh(room)
    match.refresh_from_db()
    assert match.status == StoredMatch.Status.FINISHED
    assert RatingChange.objects.filter(match=match).count() == 2
    assert {r.user for r in Rating.objects.filter(family="japanese", matches=1)} == {aki, ben}
    winner = RatingChange.objects.filter(match=match, place=1).first()
    if winner is not None:
        assert match.winner in (0, 1)
        assert Rating.objects.get(user=winner.user).wins == 1
