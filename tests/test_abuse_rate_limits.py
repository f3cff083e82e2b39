"""Requests that create rows are limited per address: past the budget a clear refusal (429) that
stores nothing, while other addresses and the other pages go on."""

import io
import json
import uuid

import pytest
from django.test import Client

from history import forms
from history.models import UploadedReplay
from rooms.models import Room
from stats.models import PlayEvent
from tests.history_support import play, store
from tests.test_pages_create import MENU

pytestmark = pytest.mark.django_db

START = {"event": "match_start", "mode": "cpu", "game_kind": "japanese", "players": 4}


@pytest.fixture
def limits(settings):
    settings.RATELIMIT_ENABLE = True
    # Budgets per hour here, where the site's are per minute: a counter's window is fixed, and a
    # test that ran across a minute's end (three sign-ups on a loaded machine) found its counts
    # reset. The counting is the same.
    settings.SEVENS_RATES = {
        "new_room": "2/h",
        "upload": "1/h",
        "upload_day": "100/d",
        "stats_event": "3/h",
        "seat": "2/h",
    }


def address() -> str:
    # A fresh address per test: the counters live in the cache (Redis on the second CI pass), and
    # must not meet another test's.
    n = uuid.uuid4().int
    return f"10.{n % 250}.{n // 250 % 250}.{n // 62500 % 250 + 1}"


def test_it_refuses_a_third_table_in_a_minute_and_opens_none(limits):
    aki = Client(REMOTE_ADDR=address())
    for _ in range(2):
        assert aki.post("/new/", {**MENU, "start": "cpu-easy"}).status_code == 302
    refused = aki.post("/new/", {**MENU, "start": "cpu-easy"})
    assert refused.status_code == 429
    assert "Wait a minute" in refused.content.decode()
    assert Room.objects.count() == 2
    # Someone else, at another address, still opens a table; pages still load for Aki.
    ben = Client(REMOTE_ADDR=address())
    assert ben.post("/new/", {**MENU, "start": "cpu-easy"}).status_code == 302
    assert aki.get("/").status_code == 200


def test_it_counts_games_from_a_deal_code_as_new_tables(limits):
    aki = Client(REMOTE_ADDR=address())
    played = play(seed=6)
    code = played.deal_code(0)
    ask = {"code": code, "match": store(played).pk, "start": "cpu-easy"}
    assert [aki.post("/deal/", ask).status_code for _ in range(2)] == [302, 302]
    refused = aki.post("/deal/", ask)
    assert refused.status_code == 429
    assert "Wait a minute" in refused.content.decode()
    assert Room.objects.count() == 2


def test_it_refuses_a_second_upload_in_a_minute_and_stores_none(limits):
    aki = Client(REMOTE_ADDR=address())
    body = json.dumps(play(seed=5).to_log()).encode()

    def upload():
        file = io.BytesIO(body)
        file.name = "match.json"
        return aki.post("/replays/upload/", {"file": file})

    assert upload().status_code == 302
    refused = upload()
    assert refused.status_code == 429
    assert "Wait a minute" in refused.content.decode()
    assert UploadedReplay.objects.count() == 1


def test_a_refused_upload_is_not_checked_and_gives_the_limit_as_its_only_reason(
    limits, monkeypatch
):
    """Past the budget the file is not read: checking replays the whole log (the work the limit
    bounds), and its verdict shown beside the refusal read as a second reason."""
    aki = Client(REMOTE_ADDR=address())
    log = play(seed=5).to_log()

    def upload(body: bytes):
        file = io.BytesIO(body)
        file.name = "match.json"
        return aki.post("/replays/upload/", {"file": file})

    assert upload(json.dumps(log).encode()).status_code == 302
    checked = []
    real = forms.replay_log
    monkeypatch.setattr(forms, "replay_log", lambda *a: checked.append(a) or real(*a))
    log["totals"][0] += 1
    refused = upload(json.dumps(log).encode())
    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Wait a minute" in page
    assert "The totals do not match" not in page
    assert upload(b"not json").status_code == 429
    assert checked == []
    assert UploadedReplay.objects.count() == 1


def test_it_keeps_a_days_budget_of_uploads_too(limits, settings):
    """Each upload is kept (a few tens of kB at most, as the engine writes it back): past the day's
    budget an address stores nothing more until the next day."""
    settings.SEVENS_RATES = {**settings.SEVENS_RATES, "upload": "100/h", "upload_day": "2/d"}
    aki = Client(REMOTE_ADDR=address())
    body = json.dumps(play(seed=5).to_log()).encode()

    def upload(client):
        file = io.BytesIO(body)
        file.name = "match.json"
        return client.post("/replays/upload/", {"file": file})

    assert [upload(aki).status_code for _ in range(2)] == [302, 302]
    refused = upload(aki)
    assert refused.status_code == 429
    assert "Try again tomorrow" in refused.content.decode()
    assert UploadedReplay.objects.count() == 2
    assert upload(Client(REMOTE_ADDR=address())).status_code == 302


def test_it_drops_statistics_past_the_budget(limits):
    aki = Client(REMOTE_ADDR=address())

    def send():
        return aki.post("/stats/event/", json.dumps(START), content_type="application/json")

    assert [send().status_code for _ in range(4)] == [204, 204, 204, 429]
    assert PlayEvent.objects.count() == 3


def test_the_refusal_is_in_the_pages_language(limits):
    aki = Client(REMOTE_ADDR=address(), HTTP_ACCEPT_LANGUAGE="ja")
    for _ in range(2):
        aki.post("/new/", {**MENU, "start": "cpu-easy"})
    refused = aki.post("/new/", {**MENU, "start": "cpu-easy"})
    assert refused.status_code == 429
    assert "Wait a minute" not in refused.content.decode()


def test_a_cache_that_does_not_answer_limits_nothing(limits, monkeypatch, caplog):
    """Redis down (the counters' cache with several processes): tables still open, and the
    outage is logged, where the page used to fail with a 500."""
    import config.limits

    def down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6390")

    monkeypatch.setattr(config.limits, "is_ratelimited", down)
    client = Client()
    for _ in range(3):  # past the budget of 2 a minute
        assert client.post("/new/", {**MENU, "start": "cpu-easy"}).status_code == 302
    assert Room.objects.count() == 3
    said = [r for r in caplog.records if r.name == "config.limits"]
    assert len(said) == 3 and not [r for r in said if r.exc_info]  # one line each, no traceback
    assert said[0].getMessage() == (
        "rate limit new_room not counted: the cache did not answer: "
        "ConnectionError: Error 111 connecting to 127.0.0.1:6390"
    )


@pytest.fixture
def account_limit(settings):
    settings.RATELIMIT_ENABLE = True
    settings.SEVENS_RATES = {**settings.SEVENS_RATES, "account": "2/h"}  # see `limits`


def test_it_stops_password_guessing_without_checking_the_password(account_limit, monkeypatch):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("aki", password="the right pass phrase 7")
    guesser = Client(REMOTE_ADDR=address())
    for guess in ("wrong one", "wrong two"):
        assert (
            guesser.post("/accounts/login/", {"username": "aki", "password": guess}).status_code
            == 400
        )
    checked = []
    monkeypatch.setattr("django.contrib.auth.forms.authenticate", lambda *a, **k: checked.append(1))
    right = {"username": "aki", "password": "the right pass phrase 7"}
    refused = guesser.post("/accounts/login/", right)
    assert refused.status_code == 429
    assert "Wait a minute" in refused.content.decode()
    assert not checked and "_auth_user_id" not in guesser.session
    # Another address logs in.
    monkeypatch.undo()
    assert Client(REMOTE_ADDR=address()).post("/accounts/login/", right).status_code == 302


def test_it_limits_new_accounts_per_address(account_limit):
    from django.contrib.auth import get_user_model

    maker = Client(REMOTE_ADDR=address())
    for n in range(3):
        pw = "a long pass phrase 7"
        maker.post("/accounts/signup/", {"username": f"bot{n}", "password1": pw, "password2": pw})
        maker.post("/accounts/logout/", {"confirm": "1"})
    assert get_user_model().objects.count() == 2
    refused = maker.post("/accounts/signup/", {"username": "bot9"})
    assert refused.status_code == 429 and "Wait a minute" in refused.content.decode()


def test_the_admins_log_in_form_shares_the_budget_of_the_sites(account_limit, monkeypatch):
    # The staff's passwords are the ones most worth guessing: /admin/login/ counts as the site's
    # form does, on the same budget (a guesser moving from one form to the other gains nothing).
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("cho", password="the staff pass phrase 7", is_staff=True)
    guesser = Client(REMOTE_ADDR=address())
    guesser.post("/accounts/login/", {"username": "cho", "password": "wrong one"})
    guesser.post("/admin/login/", {"username": "cho", "password": "wrong two"})
    checked = []
    monkeypatch.setattr("django.contrib.auth.forms.authenticate", lambda *a, **k: checked.append(1))
    right = {"username": "cho", "password": "the staff pass phrase 7"}
    refused = guesser.post("/admin/login/", right)
    assert refused.status_code == 200 and "Wait a minute" in refused.content.decode()
    assert not checked and "_auth_user_id" not in guesser.session
    monkeypatch.undo()
    assert Client(REMOTE_ADDR=address()).post("/admin/login/", right).status_code == 302


def test_taking_seats_is_limited_per_address_and_stores_nothing_past_it(limits):
    """Each seat taken may make a session (a row): a script taking and leaving seats is stopped."""
    from django.contrib.sessions.models import Session

    aki = Client(REMOTE_ADDR=address())
    aki.post("/new/", {**MENU, "start": "friend"})
    room = Room.objects.get()
    bot = Client(REMOTE_ADDR=address())
    for _ in range(2):
        assert bot.post(f"/room/{room.slug}/seat/", {"name": "Bot"}).status_code == 302
        bot.post(f"/room/{room.slug}/leave/")
        bot.cookies.clear()  # a new browser each time: a new session each time
    sessions = Session.objects.count()
    refused = bot.post(f"/room/{room.slug}/seat/", {"name": "Bot"})
    assert refused.status_code == 429 and "Wait a minute" in refused.content.decode()
    assert Session.objects.count() == sessions
    assert room.seats.exclude(session_key=None).count() == 1  # Aki's only
    # Someone else still takes a seat.
    ben = Client(REMOTE_ADDR=address())
    assert ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"}).status_code == 302
