"""The replay's last step says every place the room's seat lines say: the last player left, still
holding cards, has its place there too ("Players are ranked in the order they finished, followed by
the last player left", seed 004), and where the others pay for their cards (seed 002) the seats
still holding cards go without one, as in the room."""

import re

import pytest

from games.sevens import RuleSet
from tests.history_support import play, store

SEAT = re.compile(
    r'<li class="replay-seat[^"]*" data-seat="(\d)" data-status="(\w+)">(.*?)</ul>', re.S
)
HOLDING = re.compile(r'<span class="seat-place">still holding cards: place (\d)</span>')


def last_step(client, rules: RuleSet, seed: int) -> tuple[dict, dict[int, tuple[str, str]]]:
    match = play(rules, seed=seed)
    stored = store(match)
    log = match.to_log()
    events = len(log["rounds"][0]["events"])
    html = client.get(f"/matches/{stored.pk}/", {"round": 1, "step": events}).content.decode()
    seats = {int(m.group(1)): (m.group(2), m.group(3)) for m in SEAT.finditer(html)}
    return log["rounds"][0]["result"], seats


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_it_gives_the_last_player_left_its_place(client, seed):
    rules = RuleSet(rounds=1, players=3, joker=True, ends="connect", pass_limit=1)
    result, seats = last_step(client, rules, seed)
    holding = [seat for seat, (status, _) in seats.items() if status == "playing"]
    assert len(holding) == 1
    place = result["ranking"].index(holding[0]) + 1
    assert HOLDING.findall(seats[holding[0]][1]) == [str(place)]
    for status, line in seats.values():
        if status != "playing":
            assert not HOLDING.search(line)


@pytest.mark.django_db
def test_it_gives_no_place_to_the_seats_holding_cards_where_the_others_pay(client):
    rules = RuleSet.preset("chinese", rounds=1)
    result, seats = last_step(client, rules, 5)
    holding = [seat for seat, (status, _) in seats.items() if status == "playing"]
    assert len(holding) == 3  # the first out won; the others still hold cards
    for seat in holding:
        assert not HOLDING.search(seats[seat][1])


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_only_the_seats_still_in_the_round_show_their_passes(client, seed):
    # As the room's seat lines: a seat out of the round (finished, eliminated, dropped) has no
    # passes left to spend.
    rules = RuleSet(rounds=1, players=3, joker=True, ends="connect", pass_limit=1)
    _result, seats = last_step(client, rules, seed)
    assert {status for status, _ in seats.values()} - {"playing"}
    for status, line in seats.values():
        assert ('class="seat-passes"' in line) == (status == "playing"), (status, line)


@pytest.mark.django_db
def test_the_last_step_of_a_round_where_the_others_pay_says_how_the_winners_points_add_up(client):
    # The Chinese game (seed 002): the room's settlement says it; the replay's round end too.
    stored = store(play(RuleSet.preset("chinese", rounds=1), seed=5))
    log = stored.to_log()
    events = len(log["rounds"][0]["events"])
    html = client.get(f"/matches/{stored.pk}/", {"round": 1, "step": events}).content.decode()
    result = log["rounds"][0]["result"]
    winner = result["ranking"][0]
    name = log["seats"][winner]["name"]
    total = result["points"][winner]
    assert re.search(
        rf'<p class="sum replay-sum">{re.escape(name)} (went out first|is the last player left) '
        rf"and receives (\d+ \+ )*\d+ = {total} points: what the other players pay\.</p>",
        html,
    ), html[html.find("replay-seats") : html.find("replay-seats") + 200]
    # Before the end, nothing is settled yet.
    html = client.get(f"/matches/{stored.pk}/", {"round": 1, "step": 3}).content.decode()
    assert "replay-sum" not in html


OUT = re.compile(r'<span class="seat-out">(eliminated|dropped out)(?:, place (\d))?</span>')


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_it_gives_the_seats_out_of_the_round_their_places_at_its_end(client, seed):
    # "... and then the players who lost by running out of passes" (seed 004): the room's seat
    # lines and its 3D name tags show those places once the round is over; the replay too.
    rules = RuleSet(rounds=1, players=4, joker=True, ends="connect", pass_limit=1)
    result, seats = last_step(client, rules, seed)
    out = {
        seat: line for seat, (status, line) in seats.items() if status in ("eliminated", "dropped")
    }
    assert out
    for seat, line in out.items():
        place = result["ranking"].index(seat) + 1
        assert [m[1] for m in OUT.findall(line)] == [str(place)]
