"""A match still being played, seen from its match page: "a replay of a live friend room must not
reveal hands to someone who was not at the table while it is still going". Match numbers are easy
to guess, so the rounds already over (their hands, their deal codes) are for its players only until
the match ends; then the whole match is there for everyone.

Personas: Aki plays, Ben takes a seat Aki left during the match, Dan was never at the table.
"""

import pytest
from django.test import Client

from games.sevens import RuleSet, deal_code
from rooms import services
from tests.history_support import cards_of, play, seats, store
from tests.live_support import cpu_room

pytestmark = pytest.mark.django_db


def live_match(aki: Client):
    """Round 1 over, round 2 under way; Aki holds seat 0."""
    match = play(
        RuleSet(rounds=3), seed=41, seats=seats("human", "human", "easy", "easy"), stop_after=(1, 3)
    )
    stored = store(match, players={0: (aki.session.session_key, None)})
    assert stored.status == "playing"
    return match, stored


def test_a_player_sees_the_rounds_already_over_with_their_hands(client):
    match, stored = live_match(client)
    html = client.get(f"/matches/{stored.pk}/").content.decode()

    assert 'data-round="1"' in html
    held = [c for h in match.rounds[0].hands_at_deal for c in h if c[0] != "7"]  # 7s laid out
    assert sorted(cards_of(html)) == sorted(held)
    assert deal_code(match.seeds[0], match.rounds[0].dealer) in html


def test_someone_never_at_the_table_sees_no_hand_and_no_deal_code(client):
    match, stored = live_match(client)
    dan = Client()
    html = dan.get(f"/matches/{stored.pk}/").content.decode()

    assert "still being played" in html and "once it is over" in html
    assert cards_of(html) == []
    assert 'id="replay"' not in html and "replay-state" not in html
    for number, state in enumerate(match.rounds):
        assert deal_code(match.seeds[number], state.dealer) not in html
    assert "Rules:" in html  # what is being played stays readable
    # nor by asking the viewer for a step, as its buttons do
    step = dan.get(
        f"/matches/{stored.pk}/", {"round": 1, "step": 5}, headers={"HX-Request": "true"}
    )
    assert cards_of(step.content.decode()) == []
    assert dan.get(f"/matches/{stored.pk}/sevens-log.json").status_code == 404


def test_once_the_match_is_over_everyone_sees_it(client):
    match = play(RuleSet(rounds=1), seed=42, seats=seats("human", "human", "easy", "easy"))
    stored = store(match, players={0: (client.session.session_key, None)})
    html = Client().get(f"/matches/{stored.pk}/").content.decode()

    assert 'data-round="1"' in html and cards_of(html)


def test_a_player_who_took_a_left_seat_during_the_match_is_at_the_table(client):
    aki_key = client.session.session_key
    room = cpu_room(aki_key, level="easy")
    stored = room.matches.get()
    services.leave_seat(room, aki_key)
    ben = Client()
    ben_key = ben.session.session_key
    services.take_seat(room, 0, "Ben", ben_key)

    html = ben.get(f"/matches/{stored.pk}/").content.decode()
    assert f'href="/room/{room.slug}/">Back to the table</a>' in html
    assert "once it is over" not in html
    stranger = Client().get(f"/matches/{stored.pk}/").content.decode()
    assert room.slug not in stranger and "once it is over" in stranger
