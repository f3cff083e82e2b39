"""Leaving a game nobody else is at counts as finishing last (the rankings page says so): a game
against the computer its player logs out of, or leaves until the room closes as idle, is
abandoned, and abandoned matches used to change no rating, so a player could leave every game
they were losing and be rated on the others only.

Personas: Aki is signed in and plays three computers."""

import pytest
from django.core.management import call_command

from games.models import Match
from history.models import RatingChange
from rooms import presence, services
from rooms.models import Room
from tests.history_support import user
from tests.live_support import cpu_room, fresh, legal
from tests.test_ratings_live_match import signed_in

pytestmark = pytest.mark.django_db


def under_way(key: str) -> Room:
    """Aki's game against the computer, with a move of Aki's made and the round still on. On a
    deal where Aki then has nothing to play, the computers (and Aki's forced passes, out of
    passes: out of the round) can end the round at once: another deal is taken."""
    for _ in range(20):
        room = cpu_room(key)
        for _ in range(2):
            call_command("run_cpu_worker", "--once", "--stall", "0")  # the computers, up to Aki
            room = fresh(room)
            if room.status != Room.Status.PLAYING:
                break
            move = legal(room)[0]
            assert services.submit_action(room.slug, room.turn, move, room.version, key).ok
        room = fresh(room)
        if room.status == Room.Status.PLAYING:
            return room
        room.match.delete()
        room.delete()
    raise AssertionError("no deal kept a game under way")


@pytest.fixture(autouse=True)
def no_cpu_delay(settings):
    settings.SEVENS_CPU_DELAY = 0


def test_logging_out_of_a_game_against_the_computer_counts_last(
    client, django_capture_on_commit_callbacks
):
    aki = user("aki")
    key = signed_in(aki)
    room = under_way(key)
    with django_capture_on_commit_callbacks(execute=True):
        services.log_out_browser(key)
    match = Match.objects.get(pk=room.match_id)
    assert match.status == Match.Status.ABANDONED
    change = RatingChange.objects.get(user=aki, match=match)
    assert change.place == 4 and change.mu_after < change.mu_before
    assert aki.ratings.get().matches == 1 and aki.ratings.get().wins == 0
    # The profile lists it as the rating counted it.
    html = client.get(f"/players/{aki.username}/").content.decode()
    assert "left before the end: counted last" in html


def test_a_game_left_until_the_room_closes_as_idle_counts_last(django_capture_on_commit_callbacks):
    aki = user("aki")
    key = signed_in(aki)
    room = under_way(key)
    room.seats.filter(index=0).update(cpu_controlled=True)  # away past the grace period
    with django_capture_on_commit_callbacks(execute=True):
        assert presence.close_room(room)
    assert RatingChange.objects.get(user=aki).place == 4
    # Once only: closing again, or a catch-up, rates nothing more.
    with django_capture_on_commit_callbacks(execute=True):
        assert not presence.close_room(room)
    call_command("rate_matches")
    assert RatingChange.objects.filter(user=aki).count() == 1


def test_no_rating_for_a_game_closed_before_any_move_or_with_its_player_at_the_table(
    django_capture_on_commit_callbacks,
):
    aki = user("aki")
    key = signed_in(aki)
    unplayed = cpu_room(key)  # no computer has moved yet: no runner here
    assert not unplayed.match.rounds.get().events
    unplayed.seats.filter(index=0).update(cpu_controlled=True)
    with django_capture_on_commit_callbacks(execute=True):
        presence.close_room(unplayed)
    # An operator closes a stuck room while Aki is at the table: nobody left it.
    present = under_way(signed_in(aki))
    with django_capture_on_commit_callbacks(execute=True):
        presence.close_room(present)
    assert Match.objects.filter(status=Match.Status.ABANDONED).count() == 2
    assert not RatingChange.objects.filter(user=aki).exists()


def test_the_match_page_of_a_rated_abandoned_match_does_not_say_it_changed_no_rating(
    client, django_capture_on_commit_callbacks
):
    """The page said of every abandoned match that it "changed no rating": one its player left
    (here, logged out of) did change it, counted last."""
    aki = user("aki")
    key = signed_in(aki)
    rated = under_way(key)
    with django_capture_on_commit_callbacks(execute=True):
        services.log_out_browser(key)
    assert RatingChange.objects.filter(match_id=rated.match_id).exists()
    page = client.get(f"/matches/{rated.match_id}/").content.decode()
    assert "changed no rating" not in page
    assert "counted in the ratings of the players who left it as finishing last" in page
    # One closed with its player still at the table changed nothing, and still says so.
    present = under_way(signed_in(aki))
    with django_capture_on_commit_callbacks(execute=True):
        presence.close_room(present)
    page = client.get(f"/matches/{present.match_id}/").content.decode()
    assert "changed no rating" in page
    assert "as finishing last" not in page


@pytest.mark.parametrize("ben_stayed", [True, False])
def test_a_friends_room_closed_with_a_guest_still_at_the_table_rates_nobody(
    ben_stayed, django_capture_on_commit_callbacks
):
    """Aki (an account) left; Ben, a guest, still played when an operator closed the room: nobody
    left a table nobody else was at, so nobody is rated. With Ben gone too, Aki counts last."""
    from tests.live_support import new_session, rules

    aki = user("aki")
    key, ben = signed_in(aki), new_session()
    room = services.create_room(
        rules=rules(rounds=1), mode="friend", level=None, names=["Aki"], session_key=key
    )
    services.take_seat(room, 1, "Ben", ben)
    services.fill_and_start(room, key, "easy")
    for _ in range(3):  # a few moves, whoever's turn it is
        call_command("run_cpu_worker", "--once", "--stall", "0")
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        player = key if room.turn == 0 else ben
        assert services.submit_action(room.slug, room.turn, legal(room)[0], room.version, player).ok
    room.seats.filter(index=0).update(cpu_controlled=True)  # Aki away past the grace period
    if not ben_stayed:
        room.seats.filter(index=1).update(cpu_controlled=True)
    with django_capture_on_commit_callbacks(execute=True):
        assert presence.close_room(room)
    if ben_stayed:
        assert not RatingChange.objects.exists()
    else:
        assert RatingChange.objects.get(user=aki).place == 4
