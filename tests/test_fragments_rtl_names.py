"""The standings at a match's end: a name in Hebrew or Arabic letters took the number after it into
its own order ("שלום: 3 points" drew as "3 :שלום points"); it is set apart (<bdi>)."""

import pytest
from sample_views import finished_state, fragment, table_for, view

pytestmark = pytest.mark.pure

NAMES = ["שלום", "محمد", "Aki", "<b>Ben</b>"]


def test_the_standings_at_a_matchs_end_set_an_rtl_name_apart_from_its_points():
    v = view(finished_state(rounds=1), None, totals=[3, 2, 1, 0])
    v["result"] = {"ranking": [0, 1, 2, 3], "points": [3, 2, 1, 0]}
    v["names"] = NAMES
    html = fragment(table_for(v, None, status="finished"), "settlement")
    assert "<bdi>שלום</bdi>: 3 points</li>" in html
    assert "<bdi>محمد</bdi>: 2 points</li>" in html
    assert ">Aki: 1 point</li>" in html
