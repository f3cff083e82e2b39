"""Uploading a log that is malformed or breaks the rules: "a clear message naming the first bad
event", and nothing is stored."""

import io
import json

import pytest

from games.sevens import RuleSet
from history.models import UploadedReplay
from tests.history_support import play

pytestmark = pytest.mark.django_db


def upload(client, body: bytes):
    file = io.BytesIO(body)
    file.name = "match.json"
    return client.post("/replays/upload/", {"file": file})


def refusal(client, body: bytes) -> str:
    response = upload(client, body)
    assert response.status_code == 400
    assert not UploadedReplay.objects.exists()
    html = response.content.decode()
    start = html.index('id="upload-errors"')
    return html[start : html.index("</div>", start)]


def test_it_names_the_first_illegal_event(client):
    log = play(RuleSet(rounds=3), seed=51).to_log()
    events = log["rounds"][1]["events"]
    index = next(i for i, e in enumerate(events) if e["type"] == "play")
    events[index] = {**events[index], "card": "KS" if events[index]["card"] != "KS" else "AS"}
    message = refusal(client, json.dumps(log).encode())
    assert f"Round 2, event {index + 1}:" in message
    assert "you" not in message.lower()  # an event of the file, said of its seat


def test_it_names_an_event_played_out_of_turn(client):
    log = play(RuleSet(rounds=1), seed=52).to_log()
    events = log["rounds"][0]["events"]
    events[3] = {**events[3], "seat": (events[3]["seat"] + 1) % 4}
    message = refusal(client, json.dumps(log).encode())
    assert "Round 1, event 4:" in message
    assert "It was not that seat&#x27;s turn." in message  # the file's seat, not the reader
    assert "your" not in message.lower()


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"{not json", "The file is not JSON."),
        (json.dumps({"rounds": []}).encode(), "This is not a sevens-log/1 document."),
        (
            json.dumps({"format": "sevens-log/2"}).encode(),
            "This log is in the format “sevens-log/2”: this site reads sevens-log/1.",
        ),
        (b"\xff\xfe", "The file is not JSON."),
        (b"[" * 100_000 + b"]" * 100_000, "The file is not JSON."),  # nested past Python's limit
    ],
)
def test_it_refuses_what_is_not_a_log(client, body, words):
    assert words in refusal(client, body)


def test_it_refuses_hands_that_are_not_a_deal(client):
    log = play(RuleSet(rounds=1), seed=53).to_log()
    log["rounds"][0]["hands"][0] = log["rounds"][0]["hands"][0][:-1]
    assert "Round 1:" in refusal(client, json.dumps(log).encode())


def test_it_refuses_wrong_totals(client):
    log = play(RuleSet(rounds=1), seed=54).to_log()
    log["totals"] = [t + 1 for t in log["totals"]]
    assert "The totals do not match the rounds." in refusal(client, json.dumps(log).encode())


def test_it_says_how_many_rounds_the_log_has_and_the_rules_allow(client):
    log = play(RuleSet(rounds=1), seed=55).to_log()
    log["rounds"] = log["rounds"] * 3
    message = refusal(client, json.dumps(log).encode())
    assert "The log lists 3 rounds, but its rules play only 1 round." in message
    assert "(" not in message  # no English detail repeating it

    log["rounds"] = []
    assert "The log lists no rounds." in refusal(client, json.dumps(log).encode())


def test_the_round_count_is_said_in_the_readers_language(client):
    log = play(RuleSet(rounds=3), seed=56).to_log()
    log["rules"]["rounds"] = 1
    client.cookies["django_language"] = "ja"
    message = refusal(client, json.dumps(log).encode())
    assert "3" in message and "rounds" not in message
