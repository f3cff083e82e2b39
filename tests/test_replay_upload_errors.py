"""Uploading a log that is malformed or breaks the rules: "a clear message naming the first bad
event", and nothing is stored."""

import io
import json
import re

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
        (b"{not json", "The file is not JSON: it breaks off at line 1, column 2."),
        (b'{"format": "sevens-log/1",\n "rules": {', "it breaks off at line 2, column 12."),
        (json.dumps({"rounds": []}).encode(), "This is not a sevens-log/1 document."),
        (
            json.dumps({"format": "sevens-log/2"}).encode(),
            "This log is in the format “sevens-log/2”: this site reads sevens-log/1.",
        ),
        (b"\xc3(", "The file is not JSON."),  # not UTF-8, nor any encoding of JSON
        (b"  <html><body>a page</body></html>", "The file is not JSON."),  # no JSON at all
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
    want = ", ".join(str(t) for t in log["totals"])
    log["totals"] = [t + 1 for t in log["totals"]]
    message = refusal(client, json.dumps(log).encode())
    assert f"The totals do not match the rounds: they are {want}." in message


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


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda log: log.pop("rules"), "The log has no rules."),
        (lambda log: log["rules"].pop("pass_limit"), "The rules lack the option “pass_limit”."),
        (lambda log: log["rules"].update(players=5), "give the option “players” a value it"),
        (lambda log: log["rules"].update(speed=2), "an option this site does not know: “speed”"),
        (lambda log: log.update(seats=log["seats"][:2]), "the rules play with 4."),
        (lambda log: log.update(winner=None), "The winner does not match the totals."),
        (lambda log: log["rounds"][0].update(dealer=True), "Round 1: The dealer is not a seat."),
        (lambda log: log["rounds"][0]["events"][2].update(seat=9), "There is no seat 9"),
        (lambda log: log["rounds"][0]["events"][2].update(card=7), "“7” is not a card"),
        (lambda log: log["rounds"][0]["hands"][1].__setitem__(0, 5), "“5” is not a card"),
        (
            lambda log: log["rounds"][0]["hands"][1].__setitem__(
                0, log["rounds"][0]["hands"][1][0].lower()
            ),
            "is not a card as sevens-log/1 writes it",
        ),
    ],
)
def test_it_says_what_is_wrong_in_the_readers_words(client, damage, words):
    """Each refusal is a sentence of the site's (translated), with no Python notation after it."""
    log = play(RuleSet(rounds=1), seed=57).to_log()
    damage(log)
    message = refusal(client, json.dumps(log).encode())
    assert words in message
    assert "{" not in message and "None" not in message and "should be" not in message


def test_it_says_an_unfinished_match_has_no_winner(client):
    """Spec: "A match that ended early (abandoned) has the rounds played so far and "winner": null"; a
    log of 3 rounds whose rules play 5, naming a winner, is refused for that, not because the
    winner would differ from the totals (the totals may well lead to it)."""
    log = play(RuleSet(rounds=3), seed=58).to_log()
    log["rules"]["rounds"] = 5
    assert log["winner"] is not None
    message = refusal(client, json.dumps(log).encode())
    assert "a match not played to its end has no winner" in message
    assert "does not match the totals" not in message


@pytest.mark.parametrize(
    ("kind", "said"),
    [("eliminate", "An event of type “eliminate” cannot"), ("x" * 5000, "“" + "x" * 40 + "”")],
)
def test_it_names_the_type_of_an_event_that_cannot_happen(client, kind, said):
    """Where a move is due, an `eliminate` the engine did not apply (or a type the format does not
    have) is named in a sentence that reads ("a eliminate event" did not), and a type of any
    length is cut short."""
    log = play(RuleSet(rounds=1), seed=59).to_log()
    log["rounds"][0]["events"][0] = {"seat": log["rounds"][0]["events"][0]["seat"], "type": kind}
    message = refusal(client, json.dumps(log).encode())
    assert "Round 1, event 1: An event of type “" in message
    assert said in message and "x" * 41 not in message


def test_it_cuts_an_unknown_option_of_any_length(client):
    """The rules' unknown option is the file's own key: named, but not 5,000 characters of it."""
    log = play(RuleSet(rounds=1), seed=60).to_log()
    log["rules"]["z" * 5000] = 1
    message = refusal(client, json.dumps(log).encode())
    assert "an option this site does not know: “" + "z" * 40 + "”" in message
    assert "z" * 41 not in message


def test_a_missing_redeem_is_said_as_the_move_the_rules_make(client):
    """A joker's spot taken back is not a move of its own: a log that leaves it out is told which
    event the rules make happen there, in words."""
    for seed in range(200):
        log = play(RuleSet(rounds=1, joker=True), seed=seed).to_log()
        events = log["rounds"][0]["events"]
        at = next((i for i, e in enumerate(events) if e["type"] == "redeem"), None)
        if at is not None:
            break
    else:
        pytest.fail("no redeem in 200 deals")
    redeem = events.pop(at)
    message = refusal(client, json.dumps(log).encode())
    assert f"event {at + 1}:" in message
    assert "in the joker&#x27;s place and took the joker." in message
    assert f"seat {redeem['seat']} played" in message


def test_a_file_with_a_byte_order_mark_is_read(client):
    log = play(RuleSet(rounds=1), seed=58).to_log()
    response = upload(client, b"\xef\xbb\xbf" + json.dumps(log).encode())
    assert response.status_code == 302


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
def test_a_file_saved_in_another_encoding_of_json_is_read(client, encoding):
    """Windows Notepad saves "Unicode" as UTF-16 with a byte-order mark: still JSON (RFC 8259
    lets a reader take UTF-16 and UTF-32), and it used to be refused as "not JSON"."""
    log = play(RuleSet(rounds=1), seed=58).to_log()
    log["seats"][0]["name"] = "明日香"
    assert upload(client, json.dumps(log, ensure_ascii=False).encode(encoding)).status_code == 302
    from history.models import UploadedReplay

    assert UploadedReplay.objects.get().log["seats"][0]["name"] == "明日香"


def test_what_is_kept_of_an_upload_is_the_log_and_nothing_else(client):
    from history.models import UploadedReplay as Kept

    log = play(RuleSet(rounds=1), seed=59).to_log()
    log["junk"] = "x" * 1000
    log["seats"][0] = {**log["seats"][0], "extra": [1, 2, 3]}
    log["seats"][1] = "a string"
    assert upload(client, json.dumps(log).encode()).status_code == 302
    kept = Kept.objects.get().log
    assert "junk" not in kept
    assert set(kept["seats"][0]) <= {"name", "kind", "level"} and kept["seats"][1] == {}
    # (as a set: PostgreSQL's jsonb keeps no key order; the download puts it back, in_log_order)
    assert set(kept) == {"format", "rules", "seats", "rounds", "totals", "winner"}


@pytest.mark.parametrize(
    ("damage", "words", "kept"),
    [
        (
            lambda log: log["rounds"][0]["events"].insert(
                0, {"type": "play", "seat": log["rounds"][0]["events"][0]["seat"], "card": "KS"}
            ),
            "Round 1, event 1: K♠ does not connect yet: that row needs",
            {"K♠"},
        ),
        (
            lambda log: log["rounds"][0]["hands"][0].pop(),
            "Round 1: The hands are not a whole deal: the rules deal 13, 13, 13, 13 cards.",
            set(),
        ),
        (
            lambda log: log["rounds"][0]["events"].insert(2, {"type": "eliminate", "seat": 1}),
            "Round 1, event 3: An event of type “eliminate” cannot happen here.",
            {"eliminate"},
        ),
        (
            lambda log: log["rounds"][0]["events"].insert(2, {"seat": 1}),
            "Round 1, event 3: The event has no “type”.",
            {"type"},
        ),
        (
            lambda log: log["rounds"][0]["events"].insert(2, {"type": "pass"}),
            "Round 1, event 3: The event has no “seat”.",
            {"seat"},
        ),
        (
            lambda log: log["rounds"][0].pop("events"),
            "Round 1: The round has no “events”.",
            {"events"},
        ),
        (  # only an abandoned match's unfinished last round has none
            lambda log: log["rounds"][0].pop("result"),
            "Round 1: The round has no “result”.",
            {"result"},
        ),
        (lambda log: log.pop("winner"), "The log has no “winner”.", {"winner"}),
        (lambda log: log.pop("totals"), "The log has no “totals”.", {"totals"}),
        (
            lambda log: log.update(winner=log["winner"] == 1),  # true/false: equal to 1/0
            "The winner does not match the totals.",
            set(),
        ),
    ],
)
def test_every_refusal_is_in_the_readers_language_with_the_files_facts(client, damage, words, kept):
    """The engine speaks English only: its words never follow the site's sentence (they used
    to, in brackets, in every language); the facts of the file are said in the site's words."""
    log = play(RuleSet(rounds=1), seed=59).to_log()
    damage(log)
    body = json.dumps(log).encode()
    message = refusal(client, body)
    assert words in message.replace("&#x27;", "'")
    assert "(" not in message

    client.cookies["django_language"] = "ja"
    message = refusal(client, body)
    text = message[message.index(">") + 1 :]
    for token in kept:  # the file's own words and cards stay as the file writes them
        assert token in text
        text = text.replace(token, "")
    assert not re.search(r"[A-Za-z]{3,}", text), text  # no English left


def test_the_file_box_is_marked_wrong_and_points_at_the_error(client):
    # A screen reader that comes back to the file box hears that it was refused, and why.
    html = upload(client, b"{not json").content.decode()
    box = re.search(r'<input type="file"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in box
    assert 'aria-describedby="upload-errors"' in box
    assert 'id="upload-errors"' in html
    fresh = client.get("/replays/upload/").content.decode()
    assert "aria-invalid" not in re.search(r'<input type="file"[^>]*>', fresh).group(0)
