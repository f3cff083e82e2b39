"""At a match's end the results lead to the match's own page, with its replay and log: before,
the way there was a link below the table to the room's list of matches."""

import pytest
from django.template.loader import render_to_string

from rooms import render
from tests.live_support import fresh, hotseat_room, new_session, play_round_by_hand

pytestmark = pytest.mark.django_db


def settlement(room, seat):
    return render_to_string(
        "rooms/table.html#settlement", {"t": render.table_for(fresh(room), seat)}
    )


def test_it_links_the_finished_match_to_its_replay():
    aki = new_session()
    room = play_round_by_hand(hotseat_room(aki, rounds=1), aki)
    html = settlement(room, 0)
    assert "The match is over" in html
    assert f'<a href="/matches/{room.match_id}/">Replay this match</a>' in html
    # A watcher may see it too: the match page is public once the match is over.
    assert f'href="/matches/{room.match_id}/"' in settlement(room, None)


def test_it_offers_no_replay_between_rounds():
    aki = new_session()
    room = play_round_by_hand(hotseat_room(aki, rounds=3), aki)
    html = settlement(room, 0)
    assert "Round 1 of 3 is over" in html
    assert "Replay this match" not in html
