"""How going out is said: where the first seat out wins the round and the others pay a point per
card left (the Chinese game, seed 002: "任何一家先出完 13 張，這一局立即結束，他就是贏家，其餘三家不再排名次"),
the log, the live region, the seat lines and the replay's log say that the seat won the round, not a
place; under rank points (the Japanese game) they keep the place."""

import json
import re

import pytest
from sample_views import finished_state, fragment, table_for, view

from games.sevens import RuleSet
from rooms import table
from tests.frames_support import parse, select
from tests.history_support import play, store

CHINESE = {"scoring": "cards_left", "round_end": "first_out"}


def text(node) -> str:
    return node.text if node.tag is None else "".join(text(child) for child in node.children)


def finish_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if "out of cards" in line]


def test_the_log_and_live_region_say_the_first_out_wins_the_round_under_chinese_scoring():
    v = view(finished_state(**CHINESE), 0)
    winner = v["result"]["ranking"][0]
    name = v["names"][winner]
    t = table_for(v, 0, status="between_rounds")
    said = finish_lines(t["log"])
    assert said == [f"{name} is out of cards and wins the round."]
    assert f"{name} is out of cards and wins the round." in t["live"]
    assert "place" not in fragment(t, "log") and "place" not in fragment(t, "last_move")
    # The earlier lines fetched by the room's log button are said the same way.
    assert finish_lines(table.log_lines(v["history"], v["names"], v["rules"])) == said


def test_under_rank_points_going_out_keeps_its_place():
    for rules in ({}, {"round_end": "first_out"}):
        v = view(finished_state(**rules), 0)
        said = finish_lines(table_for(v, 0, status="between_rounds")["log"])
        assert said and all(re.search(r"is out of cards: place \d\.$", s) for s in said), said
        assert "wins the round" not in " ".join(said)


def test_the_seat_line_of_the_winner_says_it_won_the_round():
    v = view(finished_state(**CHINESE), 0)
    winner = v["result"]["ranking"][0]
    html = fragment(table_for(v, 0, status="between_rounds"), "seats")
    line = re.search(rf'<li class="seat [^"]*" data-seat="{winner}".*?</li>', html, re.S).group(0)
    assert "out of cards: won the round" in line and "place 1" not in line
    # The 3D name tags read the same rules from the table's state (static/table/src/play.js).
    state = json.loads(table_for(v, 0, status="between_rounds")["state_json"])
    assert (state["rules"]["round_end"], state["rules"]["scoring"]) == ("first_out", "cards_left")
    assert state["seats"][winner][2] == "finished"
    japanese = fragment(table_for(view(finished_state(), 0), 0, status="between_rounds"), "seats")
    assert "won the round" not in japanese and "out: place 1" in japanese


@pytest.mark.django_db
def test_the_replay_seat_line_says_the_winner_won_the_round_under_chinese_rules(client):
    stored = store(play(RuleSet.preset("chinese"), seed=5))
    page = parse(client.get(f"/matches/{stored.pk}/", {"step": "999"}).content.decode())
    seats = " ".join(text(s) for s in select(page, "#replay .replay-seat"))
    assert "out of cards: won the round" in seats and "place 1" not in seats
    japanese = store(play(RuleSet(rounds=1), seed=5))
    page = parse(client.get(f"/matches/{japanese.pk}/", {"step": "999"}).content.decode())
    seats = " ".join(text(s) for s in select(page, "#replay .replay-seat"))
    assert "out, place 1" in seats and "won the round" not in seats


@pytest.mark.django_db
def test_the_replays_log_says_who_went_out_as_the_tables_log_does(client):
    # The log format leaves the finish out (the rules make it happen): the replay says it anyway.
    stored = store(play(RuleSet.preset("chinese"), seed=5))
    page = parse(client.get(f"/matches/{stored.pk}/", {"step": "999"}).content.decode())
    log = " ".join(text(a) for a in select(page, "#replay .replay-log a"))
    assert "is out of cards and wins the round." in log and "out of cards: place" not in log
    assert log.endswith("wins the round. The round is over.")
    japanese = store(play(RuleSet(rounds=1), seed=5))
    page = parse(client.get(f"/matches/{japanese.pk}/", {"step": "999"}).content.decode())
    log = " ".join(text(a) for a in select(page, "#replay .replay-log a"))
    assert "is out of cards: place 1." in log and "wins the round" not in log
