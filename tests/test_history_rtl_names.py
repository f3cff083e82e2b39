"""A name in Hebrew or Arabic letters is written right to left; in the pages' left-to-right
sentences it took the neutral characters and the number after it into its own order: "שלום: 3
points" drew as "3 :שלום points", and two such names in a list swapped places ("שלום, محمد" as
"محمد ,שלום"). Where a name sits before a number or beside another name it is set apart (<bdi>);
a left-to-right name is shown as before, and every name is still escaped."""

import re

import pytest

from games.sevens import RuleSet
from tests.history_support import play, store

pytestmark = pytest.mark.django_db

NAMES = ["שלום", "محمد", "Aki", "<b>Ben</b>"]
SEATS = [{"name": name, "kind": "human"} for name in NAMES]


def test_the_match_page_sets_each_rtl_name_apart_from_its_place_and_points(client):
    match = play(RuleSet(rounds=1), seed=31, seats=SEATS)
    html = client.get(f"/matches/{store(match).pk}/").content.decode()
    result = match.rounds[0].result()
    for place, seat in enumerate(result.ranking, start=1):
        shown = {0: "<bdi>שלום</bdi>", 1: "<bdi>محمد</bdi>", 2: "Aki", 3: "&lt;b&gt;Ben&lt;/b&gt;"}
        assert f"{place}. {shown[seat]}: {result.points[seat]} point" in html


def test_a_match_list_sets_each_rtl_name_apart_from_the_next(client):
    store(
        play(RuleSet(rounds=1), seed=2, seats=SEATS),
        players={2: (client.session.session_key, None)},
    )
    html = client.get("/matches/").content.decode()
    names = re.search(r'<td class="player-names">(.*?)</td>', html).group(1)
    assert names == "<bdi>שלום</bdi>, <bdi>محمد</bdi>, Aki, &lt;b&gt;Ben&lt;/b&gt;"
