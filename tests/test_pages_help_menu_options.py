"""The help's "Starting a game" names every choice of the home menu in the menu's own words: the
option "Pass even when you can play" and the fieldset "The family of rules" (the 7s, the rows, when
a round ends, the points) were left out, so a player learnt of them only on the menu."""

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext

pytestmark = pytest.mark.django_db

MENU_WORDS = ("Pass even when you can play", "The family of rules")


@pytest.mark.parametrize("language", ["en", "ja", "zh-hans", "zh-hant"])
def test_it_names_every_part_of_the_menu(client, language):
    html = client.get("/help/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    starting = html.split("<h2", 2)[1]  # the first section: starting a game
    with translation.override(language):
        for words in MENU_WORDS:
            assert gettext(words) in starting, (language, words)


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", "in Traditional Chinese it first opens on the Chinese game"),
        ("ja", "繁体字中国語で初めて開いたときは、中国式のルールが選ばれています"),
        ("zh-hans", "第一次用繁体中文打开时，菜单先选好中国规则"),
        ("zh-hant", "第一次用繁體中文打開時，選單先選好排七的規則"),
    ],
)
def test_it_says_the_menu_first_opens_on_the_chinese_game_in_traditional_chinese(
    client, language, words
):
    # views.FIRST_PRESET: only the English page said so (a player switching languages found the
    # menu changed with no word of why).
    starting = client.get("/help/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in starting.split("<h2", 2)[1]


RECORDS_LINKS = ("/matches/", "/replays/upload/", "/rankings/", "/accounts/signup/")
RECORDS_WORDS = (
    "My matches",
    "Download the match log (JSON)",
    "Watch a match log",
    "Play this deal",
    "Rankings",
)


@pytest.mark.parametrize("language", ["en", "ja", "zh-hans", "zh-hant"])
def test_it_has_a_section_on_the_matches_kept_their_replays_logs_and_rankings(client, language):
    # The help said nothing of what comes after play: the matches kept, the replay and its keys,
    # the log's download and upload, the deal codes, the rankings; a player learnt of them only
    # from the links at the top of the page.
    html = client.get("/help/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    section = next(part for part in html.split("<h2")[1:] if 'href="/matches/"' in part)
    for link in RECORDS_LINKS:
        assert f'href="{link}"' in section, (language, link)
    with translation.override(language):
        for words in RECORDS_WORDS:  # "the rankings" in running English
            assert gettext(words).lower() in section.lower(), (language, words)
        assert pgettext("replay: step on by itself", "Play") in section, language
    for key in ("←", "→", "Home", "End"):
        assert key in section, (language, key)
