"""The page nginx shows while no server process answers (every daphne process down or restarting):
players saw nginx's bare English "502 Bad Gateway". `static/down.html` says it in every language of
the site and reloads itself; it is written from a template, so it must not fall behind it or the
translations."""

import re

from django.conf import settings
from django.contrib.staticfiles import finders
from django.utils import translation

from stats.down import PATH, RETRY_SECONDS, render_down_page


def test_the_file_is_what_its_template_and_translations_write():
    assert PATH.read_text(encoding="utf-8") == render_down_page(), (
        "static/down.html is out of date: run `manage.py write_down_page`"
    )


def test_it_says_it_in_every_language_each_in_its_own_words():
    page = render_down_page()
    sections = dict(re.findall(r'<section lang="([^"]+)">(.*?)</section>', page, re.S))
    assert list(sections) == [code for code, _name in settings.LANGUAGES]
    headings = {}
    for code, body in sections.items():
        with translation.override(code):
            heading = translation.gettext("Sevens will be back in a moment")
        assert f"<h1>{heading}</h1>" in body
        headings[code] = heading
    assert len(set(headings.values())) == len(headings)  # none left in English


def test_it_tries_again_by_itself_and_needs_nothing_from_the_server():
    page = render_down_page()
    assert f'<meta http-equiv="refresh" content="{RETRY_SECONDS}">' in page
    # no script, no style sheet or picture to fetch: the file alone draws it
    assert "<script" not in page and "src=" not in page and "<link" not in page


def test_collectstatic_takes_it_where_nginx_looks():
    assert finders.find("down.html") == str(PATH)
