"""The error pages speak the player's language and lead back into the site."""

import pytest
from django.test import Client, RequestFactory
from django.utils import translation
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "Page not found"), ("ja", "ページが見つかりません"), ("zh-hant", "找不到頁面")],
)
def test_a_missing_page_says_so_in_the_players_language(language, title):
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get("/room/no-such-room/")
    assert response.status_code == 404
    html = response.content.decode()
    assert f"<h1>{title}</h1>" in html
    assert 'href="/"' in html


def test_a_refused_form_token_explains_what_to_do():
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="zh-hans")
    response = client.post("/new/", {"players": "4"})
    assert response.status_code == 403
    assert "表单已过期" in response.content.decode()


def test_a_server_error_page_renders_without_the_request_context():
    request = RequestFactory().get("/")
    with translation.override("ja"):
        response = server_error(request)
    assert response.status_code == 500
    assert "問題が発生しました" in response.content.decode()


def test_every_page_names_an_icon_that_is_served(client):
    html = client.get("/").content.decode()
    start = html.index('rel="icon" href="') + len('rel="icon" href="')
    icon = html[start : html.index('"', start)]
    response = client.get(icon)
    assert response.status_code == 200
    assert b"<svg" in b"".join(response.streaming_content)
