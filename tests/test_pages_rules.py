"""The rules page in each language: both families of rules; the Chinese pages say plainly that the
site plays the Fan Tan style rules (seed 002: 7♦ first, rows 2…A, must play, first out wins)."""

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

pytestmark = pytest.mark.django_db


def rules(client, language: str) -> str:
    """The rules page's HTML, its no-break spaces (beside a Chinese or Japanese character: "13\u00a0张",
    "A\u00a0と\u00a0K") read as spaces; so are the catalogue's words compared with it."""
    html = client.get("/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return html.replace("\u00a0", " ")


@pytest.mark.parametrize("language", ["en", "ja", "zh-hans", "zh-hant"])
def test_it_explains_both_families(client, language):
    html = rules(client, language)
    assert 'id="japanese"' in html and 'id="chinese"' in html
    assert 'id="joker"' in html and 'id="house-rules"' in html and 'id="cards"' in html


@pytest.mark.parametrize(
    ("language", "sentences"),
    [
        (
            "zh-hans",
            [
                "Fan Tan（或 Sevens）",
                "用简体中文打开菜单时默认选的就是它",  # the menu's first preset there: Japanese
                "第一张只能是方块 7",
                "2 和 A 是两头",
                "就必须出",
                "每张 1 分",
            ],
        ),
        (
            "zh-hant",
            [
                "本站的排七採用 Fan Tan 式規則",
                "第一張只能是方塊 7",
                "2 和 A 是兩頭",
                "就必須出",
                "每張 1 分",
            ],
        ),
    ],
)
def test_it_says_the_chinese_pages_play_the_fan_tan_rules(client, language, sentences):
    html = rules(client, language)
    lead = html.split('id="chinese"')[0]
    assert "Fan Tan" in lead  # said first, before anything else
    text = re.sub(r"<[^>]+>", "", html)  # the English names sit in <span lang="en">
    for sentence in sentences:
        assert sentence in text


def test_it_puts_the_japanese_rules_first_in_english_and_japanese(client):
    for language in ("en", "ja"):
        html = rules(client, language)
        assert html.index('id="japanese"') < html.index('id="chinese"')
    assert "Fan Tan" in rules(client, "en")


def test_it_links_the_reading_pages_from_every_page(client):
    html = client.get("/").content.decode()
    for url in ("/rules/", "/about/", "/help/", "/tips/", "/about/cpu/", "/privacy/"):
        assert f'href="{url}"' in html


def test_it_has_no_page_that_is_not_written(client):
    assert client.get("/rules/", HTTP_ACCEPT_LANGUAGE="fr").status_code == 200
    assert '<html lang="en">' in rules(client, "fr")


@pytest.mark.parametrize("language", ["en", "ja", "zh-hans", "zh-hant"])
def test_it_says_what_connect_joins_when_aces_are_high(client, language):
    # docs/rules.md 18: with rows 2…7…A the option joins the A and the 2, and the menu names it so.
    house = rules(client, language).split('id="house-rules"')[1].split("</ul>")[0]
    with translation.override(language):
        assert gettext("Connect A and 2").replace("\u00a0", " ") in house
    joins = {
        "en": "the ace and the 2",
        "ja": "A と 2 をつなぎます",
        "zh-hans": "两头 A 和 2",
        "zh-hant": "兩頭 A 和 2",
    }
    assert joins[language] in house


@pytest.mark.parametrize("language", ["en", "ja", "zh-hans", "zh-hant"])
def test_it_says_what_the_menus_mixes_of_the_two_games_do(client, language):
    # The home menu mixes the families ("The family of rules"); the page says what the engine does
    # where a mix meets a case neither game has (docs/rules.md, decisions 10, 13, 16 and 17),
    # naming the menu's own choices in the page's language.
    html = rules(client, language)
    section = html.split('id="mixing"')[1].split("<h2")[0]
    with translation.override(language):
        for words in (
            "The family of rules",
            "When the first player goes out",
            "When one player is left",
            "Pass even when you can play",
        ):
            label = gettext(words).replace("\u00a0", " ")
            assert label in section or label.lower() in section.lower(), (language, words)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "whoever came first in turn after the winner"),
        ("ja", "同じ枚数なら勝った人の次から番の順です"),
        ("zh-hans", "剩牌张数相同时，从赢家的下家起按出牌顺序排列"),
        ("zh-hant", "剩牌張數相同時，從贏家的下家起按出牌順序排列"),
    ],
)
def test_it_says_how_a_match_of_the_chinese_game_is_won_and_a_tie_broken(client, language, words):
    # The menu offers 1, 3 or 5 rounds with either family; the Chinese section said how a round is
    # scored but not who wins the match, nor how level totals are ranked (the standings' tie note).
    chinese = rules(client, language).split('id="chinese"')[1].split("<h2")[0]
    assert words in chinese
