"""The rankings page per family: rank, name, rating (mu − 3σ), matches, wins, best first; and the
profile page: rating history, matches, average place, wins by mode."""

import re

import pytest

from games.models import Match
from games.sevens import RuleSet
from history import ratings
from history.models import Rating
from rooms import services
from tests.history_support import play, seats, store, user

pytestmark = pytest.mark.django_db


def names_in_order(client, path) -> list[str]:
    return re.findall(r'class="ranking-row" data-name="([^"]+)"', client.get(path).content.decode())


def rate(person, family="japanese", *, mu, sigma, matches=3, wins=1):
    return Rating.objects.create(
        user=person, family=family, mu=mu, sigma=sigma, matches=matches, wins=wins
    )


def test_it_orders_players_by_their_cautious_rating(client):
    rate(user("aki"), mu=30, sigma=4)  # 18
    rate(user("ben"), mu=26, sigma=1)  # 23
    rate(user("chie"), mu=40, sigma=8)  # 16
    rate(user("dan"), mu=25, sigma=2, wins=2)  # 19
    rate(user("eve"), mu=27, sigma=8 / 3 + 0, wins=1)  # 19, fewer wins than dan
    rate(user("fay"), "chinese", mu=50, sigma=1)
    assert names_in_order(client, "/rankings/") == ["ben", "dan", "eve", "aki", "chie"]
    assert names_in_order(client, "/rankings/chinese/") == ["fay"]
    html = client.get("/rankings/").content.decode()
    assert (
        '<td>1</td><td><a href="/players/ben/">ben</a></td><td>23.0</td><td>3</td><td>1</td>'
        in html
    )


def test_an_account_an_operator_deactivated_leaves_the_rankings_and_its_profile(client):
    aki, ben = user("aki"), user("ben")
    rate(aki, mu=30, sigma=4)
    rate(ben, mu=26, sigma=1)
    assert names_in_order(client, "/rankings/") == ["ben", "aki"]  # and now in the cache
    assert client.get("/players/ben/").status_code == 200
    ben.is_active = False
    ben.save(update_fields=["is_active"])
    assert names_in_order(client, "/rankings/") == ["aki"]
    html = client.get("/rankings/").content.decode()
    assert re.search(r"<td>1</td><td><a href=\"/players/aki/\">aki</a>", html)  # first now
    assert client.get("/players/ben/").status_code == 404


def test_it_ranks_the_players_of_real_matches_and_skips_the_unrated(client):
    aki, ben = user("aki"), user("ben")
    user("chie")  # never played
    match = play(RuleSet(rounds=1), seed=81, seats=seats("human", "human", "hard", "hard"))
    ratings.record_finished_match(store(match, players={0: ("a", aki), 1: ("b", ben)}))
    expected = sorted(("aki", "ben"), key=lambda n: -Rating.objects.get(user__username=n).ordinal)
    assert names_in_order(client, "/rankings/") == expected
    assert client.get("/rankings/poker/").status_code == 404


def test_it_shows_a_profile_with_history_average_place_and_wins_by_mode(client):
    aki = user("aki")
    key = "aki-browser"
    room = services.create_room(
        rules=RuleSet(rounds=1).to_dict(), mode="cpu", level="easy", names=["Aki"], session_key=key
    )
    places = []
    for seed in (91, 92):
        match = play(RuleSet(rounds=1), seed=seed, seats=seats("human", "easy", "easy", "easy"))
        stored = store(match, players={0: (key, aki)}, room=room)
        ratings.record_finished_match(stored)
        places.append(match.standings.index(0) + 1)
    html = client.get("/players/aki/").content.decode()
    assert html.count('class="rating-change"') == 2
    # each match says its rules, and the place where it was not a win
    listed = re.search(r'<ul class="profile-matches">(.*?)</ul>', html, re.S).group(1)
    assert listed.count("Japanese rules") == 2
    for place in places:
        assert (f"{place} of 4" in listed) == (place != 1)
    assert f"Average place in finished matches: {sum(places) / 2:.2f}" in html
    wins = sum(p == 1 for p in places)
    assert re.search(
        rf'<tr data-mode="cpu"><td>\s*Against the computer\s*</td><td>2</td><td>{wins}</td>', html
    )
    # A match left unfinished is listed, but is no match in the count: it could not be won.
    unfinished = play(RuleSet(rounds=1), seed=93, seats=seats("human", "easy", "easy", "easy"))
    left = store(unfinished, players={0: (key, aki)}, room=room)
    Match.objects.filter(pk=left.pk).update(status=Match.Status.ABANDONED, winner=None)
    html = client.get("/players/aki/").content.decode()
    assert html.count('class="profile-matches"') == 1 and html.count("Match ") >= 3
    assert re.search(
        rf'<tr data-mode="cpu"><td>\s*Against the computer\s*</td><td>2</td><td>{wins}</td>', html
    )
    assert client.get("/players/nobody/").status_code == 404
