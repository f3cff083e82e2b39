"""The standings of a match that did not end (abandoned, or still played): the engine ranks level
totals by the last finished round (`Match.standings`); with no round finished nothing ranked
anyone, so nobody gets a place from their seat order."""

import re

import pytest

from games.sevens import RuleSet
from tests.history_support import play, store

pytestmark = pytest.mark.django_db


def standings(html: str) -> list[tuple[str, str]]:
    """(place, total) of each row of the standings table."""
    body = re.search(r'<table class="history-standings">.*?</table>', html, re.S).group(0)
    return re.findall(r'<tr data-seat="\d"><td>([^<]*)</td><td>.*?</td><td>(-?\d+)</td></tr>', body)


def test_an_abandoned_match_with_no_round_finished_places_nobody(client):
    match = play(RuleSet(rounds=3), seed=32, stop_after=(0, 10))
    assert match.results() == []
    html = client.get(f"/matches/{store(match, abandoned=True).pk}/").content.decode()
    assert "Standings so far" in html
    assert standings(html) == [("—", "0")] * 4
    assert 'class="tie-note"' not in html


def test_level_totals_so_far_are_ranked_by_the_last_finished_round_and_said_so(client):
    match = play(RuleSet(rounds=3), seed=0, stop_after=(2, 5))
    assert match.totals == [5, 3, 2, 2]  # seats 2 and 3 level, 3 placed better in round 2
    html = client.get(f"/matches/{store(match, abandoned=True).pk}/").content.decode()
    assert standings(html) == [("1", "5"), ("2", "3"), ("3", "2"), ("4", "2")]
    assert "ranked by their places in the last round" in html
