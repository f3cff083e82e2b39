"""A game dealt from a deal code is never rated: its player chose the cards. A finished match's
page shows every hand and its deal codes to anyone, so "Play this deal" against Hard computers
would let a signed-in player play a deal whose every hand they have seen (or a code they made up,
searched for a hand they like) and climb the rankings. A game the site dealt is rated as before;
a rematch in that room is dealt by the site again, and rated.

Personas: Aki is signed in; the computers fill the other seats."""

import pytest
from django.test import Client

from games.models import Match as StoredMatch
from games.sevens import RuleSet
from history.models import RatedMatch, RatingChange
from rooms import moves, services
from rooms.cpu import play_pending
from rooms.models import Room
from tests.history_support import play, seats, store, user
from tests.live_support import fresh, legal, rules

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_hard(monkeypatch):
    """The Hard computers think to 20 playouts a move, not to their half-second budget (some 40 s
    a test): what is tested is how a game against Hard is rated, not how well Hard plays. The
    seats stay `hard`, and Hard's own bot still chooses every move."""
    real, asked = moves.bot_for, []

    def bot_for(level):
        asked.append(level)
        return real("hard:playouts=20" if level == "hard" else level)

    monkeypatch.setattr(moves, "bot_for", bot_for)
    yield
    assert "hard" in asked  # the shortcut did not bypass the rooms' Hard seats


def signed_in_client(person) -> tuple[Client, str]:
    client = Client()
    client.force_login(person)
    return client, client.session.session_key


def play_to_the_end(room: Room, key: str) -> Room:
    """Plays seat 0's first legal move at its turns and the computers' moves, to the match's end."""
    room = fresh(room)
    for _ in range(2000):
        if room.status != Room.Status.PLAYING:
            break
        play_pending(room.slug)
        room = fresh(room)
        if room.status == Room.Status.PLAYING and room.turn == 0:
            result = services.submit_action(room.slug, 0, legal(room)[0], room.version, key)
            assert result.ok, result.error
            room = fresh(room)
    assert room.status == Room.Status.FINISHED
    return room


def finished_match() -> StoredMatch:
    match = play(RuleSet(rounds=1), seed=3, seats=seats("human", "easy", "easy", "easy"))
    return store(match)


def test_a_game_from_a_finished_matchs_deal_code_is_not_rated(django_capture_on_commit_callbacks):
    aki = user("aki")
    client, key = signed_in_client(aki)
    source = finished_match()
    code = client.get(f"/matches/{source.pk}/").context["summary"]["rounds"][0]["code"]
    assert code  # shown to anyone: the match is over
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/matches/{source.pk}/deal/", {"code": code, "start": "cpu-hard"})
        assert response.status_code == 302
        room = Room.objects.get(slug=response["Location"].rstrip("/").rsplit("/", 1)[1])
        room = play_to_the_end(room, key)
    assert not RatingChange.objects.filter(user=aki).exists()
    assert RatedMatch.objects.filter(match_id=room.match_id).exists()  # settled: never again
    # The rematch is dealt by the site: rated.
    with django_capture_on_commit_callbacks(execute=True):
        services.rematch(room.slug, key, fresh(room).version)
        room = play_to_the_end(room, key)
    assert RatingChange.objects.filter(user=aki, match_id=room.match_id).exists()


def test_a_code_typed_on_the_deal_page_is_not_rated_either(django_capture_on_commit_callbacks):
    aki = user("aki")
    client, key = signed_in_client(aki)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/deal/",
            {"code": "1a2b3c", "preset": "japanese", "rounds": "1", "start": "cpu-hard"},
        )
        assert response.status_code == 302, response.content.decode()[:2000]
        room = Room.objects.get(slug=response["Location"].rstrip("/").rsplit("/", 1)[1])
        play_to_the_end(room, key)
    assert not RatingChange.objects.filter(user=aki).exists()


def test_a_game_the_site_dealt_is_rated(django_capture_on_commit_callbacks):
    aki = user("aki")
    _client, key = signed_in_client(aki)
    with django_capture_on_commit_callbacks(execute=True):
        room = services.create_room(
            rules=rules(rounds=1), mode="cpu", level="hard", names=["Aki"], session_key=key
        )
        play_to_the_end(room, key)
    assert RatingChange.objects.filter(user=aki).count() == 1
