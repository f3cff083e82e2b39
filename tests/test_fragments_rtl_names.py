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


def lobby_seat(index: int, name: str, **marks) -> dict:
    return {"index": index, "free": not name, "name": name, "kind": "human", **marks}


def test_the_lobby_sets_an_rtl_name_apart_from_its_tag_and_says_it_as_the_tag_shows_it():
    """The lobby's tags and what the live region reads come from one place (`lobby_tag`)."""
    from django.template.loader import render_to_string

    from rooms.table import lobby_text

    lobby = [
        lobby_seat(0, "שלום", away=True),
        lobby_seat(1, "<b>Ben</b>", offline=True),
        lobby_seat(2, ""),
        {**lobby_seat(3, "CPU 4"), "kind": "cpu"},
    ]
    t = {"status": "waiting", "creator_seated": True, "lobby": lobby}
    html = render_to_string("rooms/table.html#lobby", {"t": t})
    assert "<bdi>שלום</bdi> (away)</li>" in html
    assert ">&lt;b&gt;Ben&lt;/b&gt; (offline)</li>" in html
    assert ">Free seat</li>" in html and ">CPU 4 (computer)</li>" in html
    assert lobby_text(lobby) == (
        "Waiting for players. Seated: שלום (away), <b>Ben</b> (offline), CPU 4 (computer). "
        "1 seat is free."
    )
