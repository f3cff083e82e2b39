"""Download the match as sevens-log/1 JSON, and upload such a file to watch it: "download then
upload gives the same match", and uploads never count in the rankings."""

import io
import json

import pytest

from games.sevens import RuleSet, replay_log
from history.models import MatchPlayer, RatedMatch, RatingChange, UploadedReplay
from tests.history_support import play, seats, store, user
from tests.i18n_support import cjk

pytestmark = pytest.mark.django_db


def upload(client, body: bytes, name="match.json"):
    file = io.BytesIO(body)
    file.name = name
    return client.post("/replays/upload/", {"file": file})


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(rounds=3),
        RuleSet(rounds=1, players=3, joker=True, ends="connect"),
        RuleSet.preset("chinese", rounds=3),  # 7s in the events, the points paid per card
    ],
)
def test_it_downloads_the_log_and_uploads_it_back_as_the_same_match(client, rules):
    match = play(rules, seed=41, seats=seats(*["human", "easy", "hard", "medium"][: rules.players]))
    stored = store(match)

    response = client.get(f"/matches/{stored.pk}/sevens-log.json")
    assert response["Content-Type"].startswith("application/json")
    assert (
        response["Content-Disposition"] == f'attachment; filename="sevens-match-{stored.pk}.json"'
    )
    downloaded = json.loads(response.content)
    assert downloaded == match.to_log()
    assert downloaded["format"] == "sevens-log/1"

    before = (MatchPlayer.objects.count(), RatedMatch.objects.count())
    uploaded = upload(client, response.content)
    replay = UploadedReplay.objects.get()
    assert uploaded.status_code == 302 and uploaded["Location"] == f"/replays/{replay.slug}/"
    assert replay.log == downloaded
    again = replay_log(replay.log)
    assert (again.totals, again.winner, again.standings) == (
        match.totals,
        match.winner,
        match.standings,
    )
    assert [r.log_events() for r in again.rounds] == [r.log_events() for r in match.rounds]
    assert (MatchPlayer.objects.count(), RatedMatch.objects.count()) == before

    page = client.get(
        f"/replays/{replay.slug}/", {"round": rules.rounds, "step": 5}
    ).content.decode()
    stored_page = client.get(
        f"/matches/{stored.pk}/", {"round": rules.rounds, "step": 5}
    ).content.decode()
    cut = '<section id="replay"'
    assert page[page.index(cut) :].split("</section>\n  \n")[0] == stored_page[
        stored_page.index(cut) :
    ].split("</section>\n  \n")[0].replace(f"/matches/{stored.pk}/", f"/replays/{replay.slug}/")
    assert "never counts in the rankings" in page


def test_it_downloads_an_abandoned_match_with_no_winner(client):
    stored = store(play(seed=42, stop_after=(1, 6)), abandoned=True)
    log = json.loads(client.get(f"/matches/{stored.pk}/sevens-log.json").content)
    assert log["winner"] is None
    assert "result" not in log["rounds"][-1]
    replay_log(log)  # still a valid log
    assert upload(client, json.dumps(log).encode()).status_code == 302


def test_it_never_rates_an_uploaded_match(client):
    aki = user("aki")
    client.force_login(aki)
    log = play(seed=43, seats=seats("human", "easy", "easy", "easy")).to_log()
    assert upload(client, json.dumps(log).encode()).status_code == 302
    assert not RatingChange.objects.exists() and not MatchPlayer.objects.exists()
    assert client.get("/matches/").content.decode().count('class="history-match"') == 0


def keys_in_order(body: bytes) -> dict:
    """The downloaded document with each object's keys as written (a list of pairs kept)."""
    return json.loads(
        body, object_pairs_hook=lambda pairs: {"__keys__": [k for k, _ in pairs], **dict(pairs)}
    )


def test_the_download_writes_every_object_in_the_formats_order(client):
    """sevens-log.md shows the keys in one order; PostgreSQL's jsonb gives them back sorted, so
    the download puts them back (this runs on both databases in CI)."""
    rules = RuleSet(rounds=1, players=3, joker=True, ends="connect")
    stored = store(play(rules, seed=44, seats=seats("human", "easy", "hard")))
    log = keys_in_order(client.get(f"/matches/{stored.pk}/sevens-log.json").content)
    assert log["__keys__"] == ["format", "rules", "seats", "rounds", "totals", "winner"]
    assert log["rules"]["__keys__"] == [
        "players", "sevens", "ace", "pass_limit", "pass_when_playable", "joker", "ends",
        "round_end", "scoring", "rounds",
    ]  # fmt: skip
    assert all(s["__keys__"] in (["name", "kind"], ["name", "kind", "level"]) for s in log["seats"])
    (entry,) = log["rounds"]
    assert entry["__keys__"] == ["dealer", "hands", "events", "result"]
    assert entry["result"]["__keys__"] == ["ranking", "points"]
    shapes = {tuple(e["__keys__"]) for e in entry["events"]}
    assert ("seat", "type", "card") in shapes and ("seat", "type") in shapes
    assert shapes <= {("seat", "type", "card"), ("seat", "type"), ("seat", "type", "spot", "card")}


@pytest.mark.parametrize(
    ("language", "seat"), [("en", "Seat 2"), ("ja", "2 番の席"), ("zh-hans", "2 号座位")]
)
def test_a_log_without_seats_names_them_in_the_readers_language(client, language, seat):
    """The spec: "`seats` … are informative; a checker may ignore them". A log without them was
    shown with the engine's stand-in names, "Seat 1"…, in English on every page."""
    log = play(RuleSet(rounds=1), seed=61).to_log()
    del log["seats"]
    slug = upload(client, json.dumps(log).encode())["Location"].rstrip("/").split("/")[-1]
    html = client.get(
        f"/replays/{slug}/?round=1&step=1", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert f"<strong>{cjk(seat)}</strong>" in html
    if language != "en":
        assert "Seat 2" not in html
