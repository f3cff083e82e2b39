"""A new game from a round of the match page, refused (too many tables, or a room that could not be
opened): the match page again in the site's layout and the visitor's language, the refusal said
at its top, as the home and deal pages say theirs on their forms."""

import uuid

import pytest
from django.test import Client
from django.utils import translation

from config.limits import message
from games.sevens import RuleSet
from rooms.errors import RoomError
from rooms.models import Room
from tests.history_support import play, store

pytestmark = pytest.mark.django_db


def address() -> str:
    n = uuid.uuid4().int
    return f"10.{n % 250}.{n // 250 % 250}.{n // 62500 % 250 + 1}"


def refusal(html: str) -> str:
    start = html.index('class="form-errors deal-refusal" role="alert">')
    return html[start:].split(">", 1)[1].split("<", 1)[0]


def assert_match_page(response, match_pk: int, status: int) -> str:
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<main id="main"' in html and f'data-match="{match_pk}"' in html
    assert 'class="history-standings"' in html
    return html


def test_too_many_tables_is_said_on_the_match_page_in_the_visitors_language(settings):
    settings.RATELIMIT_ENABLE = True
    settings.SEVENS_RATES = {**settings.SEVENS_RATES, "new_room": "1/h"}
    played = play(RuleSet(rounds=1), seed=66)
    stored = store(played)
    ask = {"code": played.deal_code(0), "start": "cpu-easy"}
    aki = Client(REMOTE_ADDR=address(), HTTP_ACCEPT_LANGUAGE="ja")
    assert aki.post(f"/matches/{stored.pk}/deal/", ask).status_code == 302
    html = assert_match_page(aki.post(f"/matches/{stored.pk}/deal/", ask), stored.pk, 429)
    assert '<html lang="ja">' in html
    with translation.override("ja"):
        said = message("new_room")
    assert refusal(html) == said and "Wait a minute" not in said
    assert Room.objects.count() == 1


def test_a_room_that_could_not_be_opened_is_said_on_the_match_page(client, monkeypatch):
    played = play(RuleSet(rounds=1), seed=67)
    stored = store(played)
    ask = {"code": played.deal_code(0), "start": "cpu-easy"}

    def refused(**kwargs):
        raise RoomError("bad_mode")

    monkeypatch.setattr("rooms.services.create_room", refused)
    html = assert_match_page(client.post(f"/matches/{stored.pk}/deal/", ask), stored.pk, 400)
    assert refusal(html) == "Choose how to play: the computer, this device, or a friend."
    # Its language menu returns to the match page, not to /deal/ (POST only: 405).
    assert f'name="next" type="hidden" value="/matches/{stored.pk}/"' in html

    def bad_code(code):
        raise ValueError("not a deal code")  # the engine's words, never shown

    monkeypatch.setattr("history.views.parse_deal_code", bad_code)
    client.cookies["django_language"] = "zh-hans"
    html = assert_match_page(client.post(f"/matches/{stored.pk}/deal/", ask), stored.pk, 400)
    assert "not a deal code" not in html
    assert refusal(html) == "这不是发牌代码。"
