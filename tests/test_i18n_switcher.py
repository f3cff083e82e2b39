"""The language switcher: in every page's header, offering the four languages; a choice is
remembered in a cookie and wins over the browser's language."""

import re

import pytest

pytestmark = pytest.mark.django_db


def test_it_offers_the_four_languages_in_the_header(client):
    html = client.get("/rules/").content.decode()
    header = re.search(r'<header class="site-header">.*?</header>', html, re.S).group(0)
    assert 'action="/i18n/setlang/"' in header
    options = re.findall(
        r'<option value="([^"]+)" lang="[^"]+"(?: selected)?>([^<]+)</option>', header
    )
    assert options == [
        ("en", "English"),
        ("ja", "日本語"),
        ("zh-hans", "简体中文"),
        ("zh-hant", "繁體中文"),
    ]
    assert '<option value="en" lang="en" selected>' in header
    assert 'name="next" type="hidden" value="/rules/"' in header


def test_it_remembers_the_choice_over_the_browsers_language(client):
    response = client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/tips/"})
    assert response.status_code == 302 and response["Location"] == "/tips/"
    assert response.cookies["django_language"].value == "zh-hant"
    assert response.cookies["django_language"]["max-age"] == 60 * 60 * 24 * 365
    html = client.get("/tips/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert '<html lang="zh-hant">' in html
    assert '<option value="zh-hant" lang="zh-hant" selected>' in html


def test_it_refuses_a_language_we_do_not_have(client):
    client.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert '<html lang="ja">' in html


def test_a_refused_menu_form_returns_the_language_menu_to_the_menu(client):
    # The menu drawn again at /new/ (its form refused) sent a language change back to /new/,
    # which answers GET with 405.
    response = client.post("/new/", {"players": "9"})
    assert response.status_code == 400
    assert 'name="next" type="hidden" value="/"' in response.content.decode()
