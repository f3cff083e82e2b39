"""Seats: colour, name, cards, passes left, place once finished, a low-cards warning, the seat to
act highlighted."""

import json
import re

import pytest
from sample_views import finished_state, fragment, played_state, table_for, view

pytestmark = pytest.mark.pure


def seat_html(html: str, seat: int) -> str:
    return re.search(rf'<li class="seat [^"]*" data-seat="{seat}".*?</li>', html, re.S).group(0)


def test_it_shows_each_seat_with_colour_name_cards_and_passes():
    state = played_state()
    v = view(state, 0)
    html = fragment(table_for(v, 0), "seats")
    first = seat_html(html, 0)
    assert "seat-red" in first and "Aki" in first and "(you)" in first
    assert f"{v['seats'][0]['cards']} cards" in first
    assert "3 passes left" in first
    assert "seat-blue" in seat_html(html, 1) and "computer, Medium" in seat_html(html, 1)


def test_it_highlights_the_seat_to_act():
    state = played_state()
    html = fragment(table_for(view(state, 0), 0), "seats")
    acting = seat_html(html, state.turn)
    assert "to-act" in acting and 'aria-current="true"' in acting
    others = [seat_html(html, s) for s in range(4) if s != state.turn]
    assert all("aria-current" not in other for other in others)


def test_it_warns_when_a_seat_is_low_on_cards():
    v = view(played_state(), 0)
    v["seats"][2] = {**v["seats"][2], "cards": 1}
    html = fragment(table_for(v, 0), "seats")
    assert "only 1 card left!" in seat_html(html, 2)
    assert "left!" not in seat_html(html, 1)


def test_it_shows_the_place_of_a_finished_seat_and_counts_passes_only_where_they_count():
    state = finished_state()
    v = view(state, 0)
    html = fragment(table_for(v, 0, status="between_rounds"), "seats")
    winner = v["result"]["ranking"][0]
    assert "out: place 1" in seat_html(html, winner)
    chinese = view(
        played_state(
            moves=1, sevens="played", ace="high", pass_limit=None, pass_when_playable=False
        ),
        0,
    )
    # With no limit a seat passes only when it cannot play (seed 002): there is nothing to count.
    html = fragment(table_for(chinese, 0), "seats")
    assert "pass" not in seat_html(html, 1)
    assert re.search(r"1[23] cards · 0 points", seat_html(html, 1))
    assert "pass" not in seat_html(fragment(table_for(v, 0), "seats"), winner)  # out of the round
    assert "passes left" in seat_html(fragment(table_for(view(played_state(), 0), 0), "seats"), 1)


def test_a_point_lost_is_one_point():
    v = view(played_state(), 0)
    v["totals"] = [-1, 1, -2, 2]
    html = fragment(table_for(v, 0), "seats")
    assert "-1 point" in seat_html(html, 0) and "-1 points" not in seat_html(html, 0)
    assert "1 point" in seat_html(html, 1) and "1 points" not in seat_html(html, 1)
    assert "-2 points" in seat_html(html, 2)


def test_at_the_end_of_a_round_the_seats_still_holding_cards_show_their_places_too():
    v = view(finished_state(), 0)
    html = fragment(table_for(v, 0, status="between_rounds"), "seats")
    ranking = v["result"]["ranking"]
    holding = [s["seat"] for s in v["seats"] if s["status"] == "playing"]
    assert holding
    for seat in holding:
        place = ranking.index(seat) + 1
        assert f"still holding cards: place {place}" in seat_html(html, seat)
    during = fragment(table_for(view(played_state(), 0), 0), "seats")
    assert "place" not in during


def test_it_warns_of_low_cards_only_while_the_round_is_played():
    v = view(finished_state(), 0)
    v["seats"][2] = {**v["seats"][2], "status": "playing", "cards": 1}
    assert "left!" not in fragment(table_for(v, 0, status="between_rounds"), "seats")


def test_an_absent_seat_says_whether_the_computer_plays_it_or_the_game_waits():
    # Friends: Aki away while Bo is still at the table, the computer plays Aki's seat.
    v = view(played_state(), None, mode="friend")
    v["kinds"] = ["human", "human", "cpu", "cpu"]
    v["seats"] = [{**s, "cpu_controlled": s["seat"] == 0} for s in v["seats"]]
    html = fragment(table_for(v, None, mode="friend"), "seats")
    assert "away: the computer plays for now" in seat_html(html, 0)
    assert "away" not in seat_html(html, 1)
    # Bo gone too: nobody is left to play for, the room waits (`guard.server_plays`).
    v["seats"] = [{**s, "cpu_controlled": s["seat"] in (0, 1)} for s in v["seats"]]
    html = fragment(table_for(v, None, mode="friend"), "seats")
    for seat in (0, 1):
        assert "away: the game waits for a player to come back" in seat_html(html, seat)
        assert "computer plays" not in seat_html(html, seat)
    # The viewer's own seat marked "(you)" is built by the same words (`frames.seats_for`).
    html = fragment(table_for(v, 0, mode="friend"), "seats")
    assert "away: the game waits for a player to come back" in seat_html(html, 1)
    # A seat its player left on purpose waits for anyone to take it, not for its player.
    v["seats"][1] = {**v["seats"][1], "taken": False}
    for viewer in (None, 0):
        html = fragment(table_for(v, viewer, mode="friend"), "seats")
        assert "free seat: the game waits for someone to take it" in seat_html(html, 1)
        assert "come back" not in seat_html(html, 1) and "computer plays" not in seat_html(html, 1)
        assert "away: the game waits for a player to come back" in seat_html(html, 0)
    # A closed room waits for nobody: no seat is said to be away.
    html = fragment(table_for(v, 0, mode="friend", status="closed"), "seats")
    assert "away" not in html


def test_when_the_first_out_wins_and_the_others_pay_only_the_winner_has_a_place():
    # The Chinese game (seed 002): the other seats are not ranked, they pay for their cards.
    v = view(finished_state(scoring="cards_left", round_end="first_out"), 0)
    html = fragment(table_for(v, 0, status="between_rounds"), "seats")
    winner, *others = v["result"]["ranking"]
    assert "out of cards: won the round" in seat_html(html, winner)
    holding = [s["seat"] for s in v["seats"] if s["status"] == "playing"]
    assert holding
    for seat in holding:
        assert "place" not in seat_html(html, seat)
    state = json.loads(table_for(v, 0, status="between_rounds")["state_json"])
    assert state["seats"][winner][3] == 1
    assert all(state["seats"][seat][3] is None for seat in holding)  # the 3D table's name tags
    # With rank points the order of the cards left gives the points: the places stay.
    ranked = view(finished_state(scoring="rank_points", round_end="first_out"), 0)
    html = fragment(table_for(ranked, 0, status="between_rounds"), "seats")
    for s in ranked["seats"]:
        if s["status"] == "playing":
            assert "still holding cards: place" in seat_html(html, s["seat"])


def test_a_computer_with_its_default_name_is_not_called_a_computer_twice():
    v = view(played_state(), 0)
    v["names"] = ["Aki", "CPU 2", "Chen", "Dana"]
    html = fragment(table_for(v, 0), "seats")
    second = seat_html(html, 1)
    assert "CPU 2" in second and "computer" not in second and "Medium" in second
    assert "computer, Medium" in seat_html(html, 2)  # a computer with a name of its own


def test_a_winner_still_holding_cards_keeps_its_place_as_in_the_settlement():
    # First out ends the round, but here the others were all put out of it: the seat placed first
    # still holds cards (docs/rules.md 12). It is the winner, on the seats as in the settlement.
    v = view(finished_state(scoring="cards_left", round_end="first_out"), 0)
    winner = v["result"]["ranking"][0]
    v["seats"][winner] = {**v["seats"][winner], "status": "playing"}
    html = fragment(table_for(v, 0, status="between_rounds"), "seats")
    assert "still holding cards: place 1" in seat_html(html, winner)
    settled = fragment(table_for(v, 0, status="between_rounds"), "settlement")
    assert re.search(r'<tr class="seat-\w+"><td>1</td>', settled)


def test_the_3d_table_reads_which_seats_the_computer_holds_for_someone():
    """The name tags (static/table/src/play.js tagName) say "(away)" and "Free seat" as the
    seats above do: a fifth word on those seats of the 3D table's state, none on the others."""
    v = view(played_state(), None, mode="friend")
    v["kinds"] = ["human", "human", "cpu", "cpu"]
    v["seats"] = [{**s, "cpu_controlled": s["seat"] in (0, 1)} for s in v["seats"]]
    v["seats"][1] = {**v["seats"][1], "taken": False}
    seats = table_for(v, 0, mode="friend")["state"]["seats"]
    assert [s[4:] for s in seats] == [["away"], ["free"], [], []]
    assert [len(s) for s in table_for(view(played_state(), 0), 0)["state"]["seats"]] == [4] * 4
    closed = table_for(v, 0, mode="friend", status="closed")["state"]["seats"]
    assert all(len(s) == 4 for s in closed)  # nobody comes back to a closed room


def test_at_the_end_of_a_round_a_seat_out_of_passes_or_dropped_out_shows_its_place_too():
    # "Players are ranked in the order they finished, followed by the last player left, and then
    # the players who lost by running out of passes" (seed 004): the 3D name tags show those places
    # once the round is over, and the seat lines the same, pushed or rendered fresh.
    from rooms import tableparts

    seen = set()
    for seed in range(60):
        v = view(finished_state(seed=seed, pass_limit=1, joker=True), 0)
        t = table_for(v, 0, status="between_rounds")
        html = fragment(t, "seats")
        assert tableparts.seats(t) == html
        ranking = v["result"]["ranking"]
        for s in v["seats"]:
            place = ranking.index(s["seat"]) + 1
            words = {
                "eliminated": f"lost: out of passes, place {place}",
                "dropped": f"dropped out with the joker: place {place}",
            }.get(s["status"])
            if words:
                assert words in seat_html(html, s["seat"])
                seen.add(s["status"])
        if seen == {"eliminated", "dropped"}:
            break
    assert seen == {"eliminated", "dropped"}


def test_while_the_round_is_played_a_seat_out_of_passes_has_no_place_yet():
    from games.sevens import RuleSet, apply, new_round
    from rooms import tableparts

    for seed in range(60):
        state = new_round(RuleSet.preset("japanese", pass_limit=1), seed=seed, dealer=0)
        while not state.over:
            state, events = apply(state, state.legal_actions()[0])
            if any(e["type"] == "eliminate" for e in events) and not state.over:
                t = table_for(view(state, 0), 0)
                html = fragment(t, "seats")
                assert tableparts.seats(t) == html
                out = [s["seat"] for s in view(state, 0)["seats"] if s["status"] == "eliminated"]
                assert all("lost: out of passes</span>" in seat_html(html, seat) for seat in out)
                return
    raise AssertionError("no round in 60 seeds with a seat out of passes before its end")
