"""The privacy page tells players what the site keeps of their games, not only the statistics:
every match is stored with its seats' names and every card, kept past the statistics' 30 days,
and a finished match's page is open to anyone (match numbers are easy to guess)."""

import pytest

pytestmark = pytest.mark.django_db

HEADING = {
    "en": "Your matches",
    "ja": "保存される対局",
    "zh-hans": "保存的对局",
    "zh-hant": "保存的對局",
}


@pytest.mark.parametrize("language", HEADING)
def test_the_privacy_page_says_matches_are_kept_and_open_once_over(client, language):
    html = client.get("/privacy/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<h2 id="matches">{HEADING[language]}</h2>' in html
