"""Between rounds: places and points, the cards left revealed and how the points add up, the
match totals, the next round; at the match's end the standings and the winner."""

import re

import pytest
from sample_views import finished_state, fragment, table_for, view

pytestmark = pytest.mark.pure


def test_it_lists_places_points_and_totals_and_offers_the_next_round():
    state = finished_state(rounds=3)
    v = view(state, 0, round_number=1, totals=[4, 5, 6, 1])
    html = fragment(table_for(v, 0, status="between_rounds"), "settlement")
    assert "Round 1 of 3 is over" in html
    assert "wins the match" not in fragment(table_for(v, 0, status="between_rounds"), "live")
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
    # Read out too: the last move alone ("The round is over.") left the outcome unsaid.
    assert "Bo wins the match!" in fragment(table_for(v, None, status="finished"), "live")
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


def cards_left_end(points, statuses):
    """A finished cards-left round whose result and seat statuses are `points` and `statuses`
    (seat 0 first, then in seat order)."""
    v = view(finished_state(scoring="cards_left", round_end="first_out"), 0)
    v["result"] = {"ranking": [0, 1, 2, 3], "points": points}
    v["seats"] = [{**s, "status": statuses[s["seat"]]} for s in v["seats"]]
    v["revealed"] = {}
    return fragment(table_for(v, 0, status="finished"), "settlement")


def test_the_sum_leaves_out_the_seats_that_paid_nothing_and_says_one_point():
    html = cards_left_end([1, -1, 0, 0], ["finished", "playing", "finished", "finished"])
    assert "Aki went out first and receives 1 point: what the other players pay." in html
    assert "Chen has no cards left and pays nothing." in html
    assert "pays 0 points" not in html and " = " not in html
    html = cards_left_end([5, -3, -2, 0], ["finished", "playing", "playing", "finished"])
    assert "receives 3 + 2 = 5 points" in html


def test_a_winner_left_alone_with_cards_is_not_said_to_have_gone_out():
    # The others were knocked out (out of passes): the round ends with the winner holding cards.
    html = cards_left_end([13, -3, -10, 0], ["playing", "eliminated", "eliminated", "eliminated"])
    assert "went out first" not in html
    # What it receives is what the others pay, an eliminated seat for the cards it held then (they
    # went to the table): not "the cards left in the other hands".
    assert "Aki is the last player left and receives 3 + 10 = 13 points: what the other" in html
    assert "other hands" not in html


def test_where_only_the_winner_has_a_place_a_tie_is_said_to_go_by_the_cards_left():
    # The Chinese game: the seats holding cards show no place, so "their places" would point at
    # nothing; the order behind the tie-break is the cards left.
    v = view(
        finished_state(scoring="cards_left", round_end="first_out"), None, totals=[-6, -6, 9, 3]
    )
    html = fragment(table_for(v, None, status="finished"), "settlement")
    assert "ranked by their places" not in html
    assert "then whoever had fewer cards left" in html


def test_a_rounds_end_reads_out_the_seats_own_result():
    """The focus goes to "Deal the next round": "The round is over." alone left a screen reader's
    player to find their place and points in the table of results."""
    state = finished_state(rounds=3)
    v = view(state, 0, round_number=1, totals=[4, 5, 6, 1])
    place = v["result"]["ranking"].index(0) + 1
    points = v["result"]["points"][0]
    live = fragment(table_for(v, 0, status="between_rounds"), "live")
    unit = "point" if abs(points) == 1 else "points"
    assert f"Your result: place {place}, {points} {unit} this round, 4 in all." in live
    # a watcher has no result of its own
    assert "Your result" not in fragment(table_for(v, None, status="between_rounds"), "live")
    # where the first out wins and the others pay, only the winner has a place
    paid = view(finished_state(scoring="cards_left", round_end="first_out"), 0, totals=[0] * 4)
    loser = next(s for s in paid["result"]["ranking"][1:])
    paid_live = fragment(table_for(paid, loser, status="finished"), "live")
    lost = paid["result"]["points"][loser]
    assert re.search(rf"Your result: {lost} points? this round, 0 in all\.", paid_live)
    assert "place" not in paid_live.split("Your result")[1].split(".")[0]


def test_a_hot_seat_rounds_end_reads_out_every_seats_result_on_the_shared_device():
    """A hot-seat device holds every seat: "The round is over." said no one's result, and there
    is no "your" result to say. Each seat's, in place order; a watcher of the room hears none."""
    state = finished_state(rounds=3)
    v = view(state, None, round_number=1, totals=[4, 5, 6, 1])
    live = fragment(table_for(v, None, mode="hotseat", status="between_rounds"), "live")
    ranking, points = v["result"]["ranking"], v["result"]["points"]
    said = [
        f"{v['names'][seat]}: place {place}, {points[seat]} "
        f"{'point' if abs(points[seat]) == 1 else 'points'} this round, {[4, 5, 6, 1][seat]} in all."
        for place, seat in enumerate(ranking, start=1)
    ]
    assert " ".join(said) in live
    assert "Your result" not in live
    watcher = table_for(v, None, mode="hotseat", status="between_rounds", device=False)
    assert said[0] not in fragment(watcher, "live")
    # where the first out wins and the others pay, only the winner has a place
    paid = view(finished_state(scoring="cards_left", round_end="first_out"), None, totals=[0] * 4)
    paid_live = fragment(table_for(paid, None, mode="hotseat", status="finished"), "live")
    winner, loser = paid["result"]["ranking"][:2]
    assert f"{paid['names'][winner]}: place 1, " in paid_live
    lost = paid["result"]["points"][loser]
    assert re.search(rf"{paid['names'][loser]}: {lost} points? this round, 0 in all\.", paid_live)


def test_where_cards_left_are_paid_the_places_table_counts_each_seats_cards_left():
    # Seed 002: the settlement lists, seat by seat, the cards left and the points.
    v = view(finished_state(scoring="cards_left", round_end="first_out"), 0)
    html = fragment(table_for(v, 0, status="finished"), "settlement")
    assert '<th scope="col">Cards left</th>' in html
    rows = re.findall(
        r'<tr class="seat-\w+"><td>[^<]*</td><th scope="row">(\w+)</th><td>(\d+)</td><td>(-?\d+)</td>',
        html,
    )
    counts = {s["seat"]: s["cards"] for s in v["seats"]}
    ranking = v["result"]["ranking"]
    assert [r[0] for r in rows] == [v["names"][s] for s in ranking]
    assert [int(r[1]) for r in rows] == [counts[s] for s in ranking]
    assert int(rows[0][1]) == 0  # the winner went out
    # Each loser pays a point per card left, and the column shows the cards revealed.
    for seat, (_, left, points) in zip(ranking[1:], rows[1:], strict=True):
        assert int(points) == -int(left) == -len(v["revealed"].get(str(seat), []))
    # Where places give the points, the cards left are not counted.
    ranked = fragment(
        table_for(view(finished_state(rounds=1), 0, totals=[3, 2, 1, 0]), 0, status="finished"),
        "settlement",
    )
    assert "Cards left" not in ranked


def cards_left_tie(statuses, cards, totals, paid=None, ranking=(0, 1, 2, 3)):
    """A finished match whose last round the first out won (seat 0) and the others paid for their
    cards (seat 0 first, then in seat order, or by `ranking`): `statuses` and `cards` (in hand)
    per seat, `totals` at the end; `paid`, the cards each paid for, where not those in hand."""
    v = view(finished_state(scoring="cards_left", round_end="first_out"), None, totals=totals)
    points = [-n for n in (paid or cards)]
    points[0] = -sum(points[1:])
    v["result"] = {"ranking": list(ranking), "points": points}
    v["seats"] = [
        {**s, "status": statuses[s["seat"]], "cards": cards[s["seat"]]} for s in v["seats"]
    ]
    v["revealed"] = {}
    return fragment(table_for(v, None, status="finished"), "settlement")


def test_a_tie_between_as_many_cards_left_is_said_to_go_by_the_turn_order():
    # One round of the Chinese game: Bo and Chen both held 3 cards, so they pay as much and stand
    # level; "fewer cards left" did not say why Bo comes first (next in turn after the winner).
    html = cards_left_tie(
        ["finished", "playing", "playing", "playing"], [0, 3, 3, 5], [11, -3, -3, -5]
    )
    assert re.search(r"Bo: -3 points</li><li[^>]*>Chen: -3 points", html)
    assert "with as many cards, whoever came first in turn after the winner" in html


def test_a_tie_between_seats_with_places_is_said_to_go_by_the_places():
    # A mix: Bo dropped out with the joker (place 2), Chen lost on passes (place 3), each paid one
    # point; both have places in the table, and Chen held fewer cards at the end (none): "fewer
    # cards left" contradicted the order shown.
    html = cards_left_tie(
        ["playing", "dropped", "eliminated", "eliminated"], [3, 1, 0, 0], [2, -1, -1, 0]
    )
    assert re.search(r"<td>2</td><th scope=\"row\">Bo</th>", html)
    assert re.search(r"<td>3</td><th scope=\"row\">Chen</th>", html)
    assert "ranked by their places in the last round" in html
    assert "fewer cards left" not in html


def test_a_tie_between_a_seat_holding_cards_and_one_out_of_the_round_says_holders_come_first():
    # First out wins, a point per card, a joker: Bo still held one card at the end, Chen dropped
    # out with the joker holding one too. Both pay one point; the engine ranks every seat still
    # holding cards above those out of the round, which "fewer cards left" did not say.
    html = cards_left_tie(
        ["finished", "playing", "dropped", "eliminated"], [0, 1, 1, 0], [2, -1, -1, 0]
    )
    assert re.search(r"Bo: -1 point</li><li[^>]*>Chen: -1 point<", html)
    assert "then those still holding cards" in html
    assert "then those out of the round by their places" in html


def test_a_seat_out_of_passes_shows_the_cards_it_pays_for_in_the_cards_left_column():
    # Dana ran out of passes holding 3 cards: they went onto the layout, her hand is empty, and
    # the column said "0" beside her "-3". Chen dropped out with the joker: one card.
    html = cards_left_tie(
        ["finished", "playing", "dropped", "eliminated"], [0, 2, 0, 0], [6, -2, -1, -3],
        paid=[0, 2, 1, 3],
    )  # fmt: skip
    assert re.search(r"<th scope=\"row\">Dana</th><td>3</td><td>-3</td>", html), html
    assert re.search(r"<th scope=\"row\">Chen</th><td>1</td><td>-1</td>", html)
    assert re.search(r"<th scope=\"row\">Bo</th><td>2</td><td>-2</td>", html)


def test_a_closed_room_offers_no_next_round_and_no_rematch():
    # Closed (idle, or by an operator) between rounds or after the match: nothing more is dealt
    # there ("This room is closed."), so the settlement offers no button that would only say so.
    state = finished_state(rounds=3)
    v = view(state, 0, round_number=1, totals=[4, 5, 6, 1])
    assert "next_round" not in fragment(table_for(v, 0, status="closed"), "settlement")
    state = finished_state(rounds=1)
    v = view(state, 0, totals=[3, 3, 1, 0])
    html = fragment(table_for(v, 0, status="closed"), "settlement")
    assert "The match is over" in html and "wins the match!" in html
    assert "rematch" not in html
    assert "rematch" in fragment(table_for(v, 0, status="finished"), "settlement")


def test_two_seats_out_of_the_round_level_beside_a_tie_of_cards_are_said_to_go_by_their_places():
    # Two ties at once: Bo, still holding one card, is level with the winner, and Chen and Dana,
    # both out of passes, are level with each other. Dana ran out of passes later, so she ranks
    # above Chen though she held more cards (3 against 1): "whoever had fewer cards left", said for
    # Bo's tie, put Chen first, against the standings. Out-of-the-round seats go by their places.
    html = cards_left_tie(
        ["finished", "playing", "eliminated", "eliminated"], [0, 1, 0, 0], [5, 5, -5, -5],
        paid=[0, 1, 1, 3], ranking=[0, 1, 3, 2],  # the latest out of passes first
    )  # fmt: skip
    assert re.search(r"Dana: -5 points</li><li[^>]*>Chen: -5 points", html)
    assert "then whoever had fewer cards left." not in html
    assert "then those out of the round by their places" in html
