"""Between rounds: places and points, the cards left revealed and how the points add up, the
match totals, the next round; at the match's end the standings and the winner."""

import re

from sample_views import finished_state, fragment, table_for, view


def test_it_lists_places_points_and_totals_and_offers_the_next_round():
    state = finished_state(rounds=3)
    v = view(state, 0, round_number=1, totals=[4, 5, 6, 1])
    html = fragment(table_for(v, 0, status="between_rounds"), "settlement")
    assert "Round 1 of 3 is over" in html
    rows = re.findall(
        r"<tr class=\"seat-\w+\"><td>(\d)</td><th scope=\"row\">(\w+)</th><td>(-?\d+)</td><td>(\d+)</td>",
        html,
    )
    assert [int(r[0]) for r in rows] == [1, 2, 3, 4]
    ranking = v["result"]["ranking"]
    assert [r[1] for r in rows] == [v["names"][s] for s in ranking]
    assert [int(r[2]) for r in rows] == [v["result"]["points"][s] for s in ranking]
    assert 'name="action" value="next_round"' in html


def test_it_reveals_the_cards_left_and_how_the_points_add_up():
    state = finished_state(scoring="cards_left", round_end="first_out")
    v = view(state, 0)
    html = fragment(table_for(v, 0, status="finished"), "settlement")
    for cards in v["revealed"].values():
        for card in cards:
            assert f'data-revealed="{card}"' in html
    winner, *losers = v["result"]["ranking"]
    paid = " + ".join(str(-v["result"]["points"][s]) for s in losers)
    assert f"receives {paid} = {v['result']['points'][winner]} points" in html


def test_it_shows_the_standings_and_the_winner_at_the_match_end():
    state = finished_state(rounds=1)
    v = view(state, None, totals=[3, 3, 1, 0])
    v["result"] = {"ranking": [1, 0, 2, 3], "points": [2, 3, 1, 0]}
    html = fragment(table_for(v, None, status="finished"), "settlement")
    assert "The match is over" in html
    # Tied on 3: Bo placed higher in the final round.
    assert "Bo wins the match!" in html
    assert re.search(r"Bo: 3 points</li><li[^>]*>Aki: 3 points", html)
    assert "next_round" not in html
    assert "rematch" not in html  # a watcher may not start the next match
    # Level totals: the standings say how they were ranked.
    assert "ranked by their places in the last round" in html
    v["totals"] = [3, 2, 1, 0]
    assert "ranked by their places" not in fragment(
        table_for(v, None, status="finished"), "settlement"
    )


def test_at_a_longer_matchs_end_the_places_table_says_it_is_the_last_rounds():
    state = finished_state(rounds=3)
    v = view(state, 0, round_number=3, totals=[9, 5, 6, 1])
    html = fragment(table_for(v, 0, status="finished"), "settlement")
    assert "The match is over" in html
    assert "<caption>The last round (round 3)</caption>" in html
    one = fragment(
        table_for(view(finished_state(rounds=1), 0, totals=[3, 2, 1, 0]), 0, status="finished"),
        "settlement",
    )
    assert "<caption>" not in one  # one round: the match is that round


def test_it_offers_a_seated_player_the_next_match_in_the_same_room():
    v = view(finished_state(rounds=1), 0, totals=[3, 2, 1, 0], version=41)
    html = fragment(table_for(v, 0, status="finished"), "settlement")
    assert 'name="action" value="rematch"' in html and 'name="version" value="41"' in html
    assert "Play again: same players, same rules" in html
    assert 'href="/">New game with other rules</a>' in html


def test_it_is_hidden_while_the_round_is_played():
    from sample_views import played_state

    state = played_state()
    html = fragment(table_for(view(state, 0), 0), "settlement")
    assert re.match(r'<section id="settlement"[^>]*hidden>', html)


def test_under_first_out_with_cards_paid_only_the_winner_has_a_place():
    v = view(finished_state(scoring="cards_left", round_end="first_out"), 0)
    html = fragment(table_for(v, 0, status="finished"), "settlement")
    cells = re.findall(r'<tr class="seat-\w+"><td>([^<]*)</td>', html)
    assert cells[0] == "1"
    statuses = {s["seat"]: s["status"] for s in v["seats"]}
    losers = v["result"]["ranking"][1:]
    assert [c == "—" for c in cells[1:]] == [statuses[s] == "playing" for s in losers]
    assert "—" in cells
