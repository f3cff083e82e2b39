"""No English left on a translated page: the visible text and the labels of the main pages,
rendered in Japanese and Traditional Chinese, hold no English word beyond names we keep."""

import re

import pytest

from tests.live_support import cpu_room, new_session
from tests.site_pages import PLAIN_PAGES

pytestmark = pytest.mark.django_db

# Names, not words to translate: products, systems, keys, card ranks, the game's own names.
KEPT = {
    "CPU", "GPU", "ID", "IP", "OS", "URL", "JSON", "Cookie", "Chrome", "Firefox", "Safari",
    "Windows", "Android", "iOS", "Edge", "Opera", "Samsung", "OpenSkill", "Tab", "Enter",
    "Home", "End", "Fan", "Tan", "Sevens", "Shichi", "Narabe", "Card", "Dominoes", "Parliament",
    "English", "sevens", "log", "json",
    "UTC",  # a time without scripts (times.js shows it in the reader's zone): My matches, a match
    "Aki",  # the persona's name at the table
}  # fmt: skip
PAGES = PLAIN_PAGES


# Words a page marks as English on purpose, such as the title of an English source it cites.
MARKED_ENGLISH = re.compile(r'<(span|cite|q)\b[^>]*\slang="en"[^>]*>.*?</\1>', re.S)


def english_words(html: str) -> set[str]:
    text = re.sub(r"<script.*?</script>|<style.*?</style>|<!--.*?-->", " ", html, flags=re.S)
    text = MARKED_ENGLISH.sub(" ", text)
    labels = " ".join(re.findall(r'(?:aria-label|title|placeholder|alt)="([^"]*)"', text))
    text = re.sub(r"<[^>]+>", " ", text) + " " + labels
    return set(re.findall(r"[A-Za-z][A-Za-z']{2,}", text)) - KEPT


@pytest.mark.parametrize("language", ["ja", "zh-hant"])
@pytest.mark.parametrize("url", PAGES)
def test_it_leaves_no_english_on_a_translated_page(client, url, language):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert english_words(response.content.decode()) == set()


@pytest.mark.parametrize("language", ["ja", "zh-hans"])
def test_it_leaves_no_english_at_the_table_and_on_its_match_page(client, language):
    aki = new_session()
    room = cpu_room(aki)
    client.cookies["sessionid"] = aki
    for url in (f"/room/{room.slug}/", f"/matches/{room.match_id}/"):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert english_words(html) == set(), url


@pytest.mark.parametrize("language", ["ja", "zh-hant"])
def test_it_leaves_no_english_in_the_lobby_or_behind_the_curtain(client, language):
    from rooms.services import create_room
    from tests.live_support import hotseat_room, rules

    aki, ben = new_session(), new_session()
    friend = create_room(rules=rules(), mode="friend", level=None, names=["Aki"], session_key=aki)
    shared = hotseat_room(ben)
    client.cookies["sessionid"] = aki
    html = client.get(f"/room/{friend.slug}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert english_words(html) == set()
    client.cookies["sessionid"] = ben
    html = client.get(f"/room/{shared.slug}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert english_words(html) - {"Ben", "Chie", "Dan"} == set()
