"""The match page: "per-round places and points, the settlement, the winner", the deal code of each
round, and abandoned matches "kept as such"."""

import pytest
from django.test import Client

from games.sevens import RuleSet, deal_code
from tests.history_support import play, seats, store
from tests.live_support import cpu_room

pytestmark = pytest.mark.django_db


def test_it_shows_a_finished_match_round_by_round(client):
    match = play(RuleSet(rounds=3), seed=31, seats=seats("human", "easy", "medium", "hard"))
    stored = store(match)
    html = client.get(f"/matches/{stored.pk}/").content.decode()

    assert 'data-status="finished"' in html and "Finished" in html
    names = [s["name"] for s in match.seats]
    assert f"Winner: {names[match.winner]}" in html
    for number, state in enumerate(match.rounds):
        result = state.result()
        for place, seat in enumerate(result.ranking, start=1):
            points = result.points[seat]
            line = f"{place}. {names[seat]}: {points} point{'' if points == 1 else 's'}"
            assert line in html
        assert (
            f'<code class="deal-code">{deal_code(match.seeds[number], state.dealer)}</code>' in html
        )
    for seat in match.standings:
        assert f'<tr data-seat="{seat}"><td>{match.standings.index(seat) + 1}</td>' in html
    assert f'href="/matches/{stored.pk}/sevens-log.json"' in html
    assert "This match was abandoned" not in html


def test_a_chinese_round_ranks_only_the_seat_that_went_out_first(client):
    match = play(RuleSet.preset("chinese"), seed=5, seats=seats("human", "easy", "medium", "hard"))
    html = client.get(f"/matches/{store(match).pk}/").content.decode()
    names = [s["name"] for s in match.seats]
    result = match.rounds[0].result()
    winner, *others = result.ranking
    assert f"1. {names[winner]}: {result.points[winner]} points" in html
    for seat in others:  # the others pay for their cards, with no place
        points = result.points[seat]
        line = f"{names[seat]}: {points} point{'' if abs(points) == 1 else 's'}"
        assert f'<li data-seat="{seat}">{line}</li>' in html


def test_a_seat_paying_one_point_reads_in_the_singular(client):
    """'-1 point', as '1 point': the plural was chosen from the signed number ('-1 points')."""
    rules = RuleSet.preset("chinese").to_dict() | {"rounds": 3}
    match = next(
        m
        for seed in range(1, 200)
        if -1 in (m := play(RuleSet.from_dict(rules), seed=seed)).rounds[0].result().points
    )
    html = client.get(f"/matches/{store(match).pk}/").content.decode()
    assert ": -1 point</li>" in html and "-1 points" not in html


def test_it_marks_an_abandoned_match_and_shows_its_unfinished_round(client):
    match = play(RuleSet(rounds=3), seed=32, stop_after=(1, 10))
    stored = store(match, abandoned=True)
    html = client.get(f"/matches/{stored.pk}/").content.decode()

    assert 'data-status="abandoned"' in html and "Abandoned" in html
    assert "This match was abandoned before its end" in html
    assert "Winner:" not in html
    assert "Not finished" in html
    replay = client.get(f"/matches/{stored.pk}/", {"round": 2, "step": 10}).content.decode()
    assert 'data-round="2" data-step="10"' in replay
    assert client.get(f"/matches/{stored.pk}/sevens-log.json").status_code == 200


def test_it_hides_the_round_still_being_played(client):
    match = play(RuleSet(rounds=3), seed=33, stop_after=(1, 4))
    stored = store(match, players={0: (client.session.session_key, None)})  # its player
    assert stored.status == "playing"
    html = client.get(f"/matches/{stored.pk}/", {"round": 2}).content.decode()

    assert "still being played" in html
    live = match.rounds[1]
    assert deal_code(match.seeds[1], live.dealer) not in html
    assert 'data-round="2"' not in html  # the viewer falls back to the last round over
    assert 'data-round="1"' in html
    assert client.get(f"/matches/{stored.pk}/sevens-log.json").status_code == 404


def test_it_answers_404_for_a_match_that_does_not_exist(client):
    assert client.get("/matches/999999/").status_code == 404


def test_a_player_of_a_match_in_play_finds_the_way_back_to_its_table(client):
    key = client.session.session_key
    room = cpu_room(key, level="easy")
    stored = room.matches.get()
    assert stored.status == "playing"
    html = client.get(f"/matches/{stored.pk}/").content.decode()

    assert f'<a class="table-link" href="/room/{room.slug}/">Back to the table</a>' in html
    assert "Rules:" in html and "4 players" in html  # no round is over, the rules still show
    stranger = Client().get(f"/matches/{stored.pk}/").content.decode()
    assert room.slug not in stranger  # the room's address lets a browser in: players only
    assert "still being played" in stranger


def test_a_finished_match_has_no_table_link(client):
    key = client.session.session_key
    match = play(RuleSet(rounds=1), seed=34, seats=seats("human", "easy", "easy", "easy"))
    stored = store(match, players={0: (key, None)})
    assert "table-link" not in client.get(f"/matches/{stored.pk}/").content.decode()


def test_it_says_how_players_level_on_points_were_ranked(client):
    """As the table's settlement says it: level totals are ranked by the last round."""
    tied = play(RuleSet(rounds=3), seed=3, seats=seats("human", "easy", "medium", "hard"))
    assert len(set(tied.totals)) < len(tied.totals)  # [6, 6, 3, 3]
    html = client.get(f"/matches/{store(tied).pk}/").content.decode()
    assert "ranked by their places in the last round" in html
    apart = play(RuleSet(rounds=3), seed=2, seats=seats("human", "easy", "medium", "hard"))
    assert len(set(apart.totals)) == len(apart.totals)
    assert 'class="tie-note"' not in client.get(f"/matches/{store(apart).pk}/").content.decode()
    chinese = RuleSet.from_dict({**RuleSet.preset("chinese").to_dict(), "rounds": 3})
    level = play(chinese, seed=10, seats=seats("human", "easy", "medium", "hard"))
    assert len(set(level.totals)) < len(level.totals)  # [5, 5, -6, -4]
    html = client.get(f"/matches/{store(level).pk}/").content.decode()
    assert "then whoever had fewer cards left" in html


def test_a_tie_of_as_many_cards_left_is_said_to_go_by_the_turn_order(client):
    """One round of the Chinese game: seats 0 and 2 both kept 3 cards and pay as much; the winner,
    seat 3, went out, and seat 0 comes next in turn after it. "Fewer cards left" said nothing."""
    chinese = RuleSet.from_dict({**RuleSet.preset("chinese").to_dict(), "rounds": 1})
    level = play(chinese, seed=3, seats=seats("human", "easy", "medium", "hard"))
    assert level.totals == [-3, -2, -3, 8] and level.standings == [3, 1, 0, 2]
    html = client.get(f"/matches/{store(level).pk}/").content.decode()
    assert "with as many cards, whoever came first in turn after the winner" in html


@pytest.mark.parametrize(
    "language, label", [("en", "Started: "), ("ja", "開始："), ("zh-hant", "開始時間：")]
)
def test_it_says_when_the_match_was_played(client, language, label):
    # The page of a match gave no date: a player looking back at a replay could not tell which
    # evening it was. In UTC in the markup, and in the reader's zone and language by times.js.
    stored = store(play(RuleSet(rounds=1), seed=3))
    page = client.get(f"/matches/{stored.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    stamp = stored.started_at.isoformat()
    assert f'<p class="match-when">{label}<time datetime="{stamp}" data-local>' in page
    assert "js/times" in page
