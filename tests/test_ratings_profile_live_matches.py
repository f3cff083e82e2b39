"""A public profile lists a player's matches still being played to that player alone: to anyone
else it would say that the player is at a table right now, and which (the match page of a live
match is for its players only too). The list, its pages and the counts stay consistent."""

import re

import pytest

from games.models import Match
from games.sevens import RuleSet
from history import ratings
from tests.history_support import play, seats, store, user

pytestmark = pytest.mark.django_db


def listed(html: str) -> list[int]:
    section = re.search(r'<section aria-labelledby="matches-title">.*?</section>', html, re.S)
    return [int(n) for n in re.findall(r'href="/matches/(\d+)/"', section.group(0))]


@pytest.fixture
def aki_matches():
    aki = user("aki")
    finished = play(RuleSet(rounds=1), seed=91, seats=seats("human", "easy", "easy", "easy"))
    done = store(finished, players={0: ("aki-browser", aki)})
    ratings.record_finished_match(done)
    unfinished = play(RuleSet(rounds=1), seed=93, stop_after=(0, 5))
    live = store(unfinished, players={0: ("aki-browser", aki)})
    assert live.status == Match.Status.PLAYING
    return aki, done, live


def test_others_do_not_see_a_match_the_player_is_playing_now(client, aki_matches):
    aki, done, live = aki_matches
    html = client.get("/players/aki/").content.decode()  # a visitor
    assert listed(html) == [done.pk]
    assert "In play" not in html
    client.force_login(user("ben"))  # another player
    assert listed(client.get("/players/aki/").content.decode()) == [done.pk]


def test_the_player_sees_their_own_match_in_play(client, aki_matches):
    aki, done, live = aki_matches
    client.force_login(aki)
    assert listed(client.get("/players/aki/").content.decode()) == [live.pk, done.pk]


def test_a_player_whose_only_match_is_in_play_shows_others_none(client):
    aki = user("aki")
    live = store(play(RuleSet(rounds=1), seed=93, stop_after=(0, 5)), players={0: ("k", aki)})
    html = client.get("/players/aki/").content.decode()
    assert listed(html) == [] and "No matches yet." in html
    assert "Pages of the matches" not in html
    client.force_login(aki)
    assert listed(client.get("/players/aki/").content.decode()) == [live.pk]
