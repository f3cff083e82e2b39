"""Every main page in the four languages, chosen from the browser's Accept-Language: the page
says its language, and its words are the translated ones."""

import re

import pytest

from tests.i18n_support import cjk
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db

# language header -> (html lang, a string each page must show in that language)
BROWSERS = {
    "en-GB,en;q=0.8": ("en", "Sevens"),
    "ja-JP,ja;q=0.9": ("ja", "七並べ"),
    "zh-CN,zh;q=0.9": ("zh-hans", "排七"),
    "zh-TW,zh;q=0.9": ("zh-hant", "排七"),
}
PAGE_WORDS = {
    "/": {
        "en": "Play the computer",
        "ja": cjk("CPU と対戦"),
        "zh-hans": "人机对战",
        "zh-hant": "與電腦對戰",
    },
    "/rules/": {"en": "The joker", "ja": "ジョーカー", "zh-hans": "鬼牌", "zh-hant": "鬼牌"},
    "/about/": {
        "en": "Frequently asked questions",
        "ja": "よくある質問",
        "zh-hans": "常见问题",
        "zh-hant": "常見問題",
    },
    "/help/": {
        "en": "Starting a game",
        "ja": "遊びはじめる",
        "zh-hans": "开始游戏",
        "zh-hant": "開始遊戲",
    },
    "/tips/": {
        "en": "Strategy tips",
        "ja": "勝つためのコツ",
        "zh-hans": "取胜技巧",
        "zh-hant": "取勝技巧",
    },
    "/privacy/": {
        "en": "What is never sent",
        "ja": "送らない情報",
        "zh-hans": "不会发送的信息",
        "zh-hant": "不會傳送的資訊",
    },
}
FOOTER = {
    "en": "Send play statistics",
    "ja": "対局の統計を送る",
    "zh-hans": "发送对局统计",
    "zh-hant": "傳送對局統計",
}


def html_lang(html: str) -> str:
    return re.search(r'<html lang="([^"]+)"', html).group(1)


@pytest.mark.parametrize("accept", BROWSERS)
@pytest.mark.parametrize("url", PAGE_WORDS)
def test_it_renders_each_page_in_the_browsers_language(client, accept, url):
    lang, name = BROWSERS[accept]
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert html_lang(html) == lang
    assert name in html
    assert PAGE_WORDS[url][lang] in html
    assert FOOTER[lang] in html


@pytest.mark.parametrize("accept", BROWSERS)
def test_it_renders_the_room_in_the_browsers_language(client, accept):
    lang, _name = BROWSERS[accept]
    aki = new_session()
    room = cpu_room(aki)
    client.cookies["sessionid"] = aki
    html = client.get(f"/room/{room.slug}/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert html_lang(html) == lang
    words = {"en": "Your hand", "ja": "あなたの手札", "zh-hans": "你的手牌", "zh-hant": "你的手牌"}
    assert words[lang] in html
    if lang != "en":
        assert "Your hand" not in html and "Button controls" not in html


def test_it_leaves_no_english_on_the_japanese_home_page(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    text = re.sub(r"<script.*?</script>|<style.*?</style>|<[^>]+>", " ", html, flags=re.S)
    english = {"Players", "Rounds", "Joker", "Easy", "Medium", "Hard", "Play", "Rules", "Language"}
    assert not english & set(re.findall(r"[A-Za-z]+", text))


def test_the_match_pages_list_of_rounds_has_its_own_heading_words(client):
    """ "Rounds" over the match page's rounds is not the menu's "Rounds" (how many)."""
    from games.sevens import RuleSet
    from tests.history_support import play, store

    stored = store(play(RuleSet(rounds=1), seed=3))
    for language, heading in (("ja", "各回の結果"), ("zh-hans", "各局"), ("zh-hant", "各局")):
        page = client.get(f"/matches/{stored.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f'<h2 id="rounds-title">{heading}</h2>' in page, language


def test_names_in_a_chinese_list_are_parted_the_chinese_way():
    from types import SimpleNamespace

    from django.template.loader import render_to_string
    from django.utils import translation

    match = SimpleNamespace(pk=1, status="finished", started_at=None)
    rows = [{"match": match, "names": ["玩家 1", "电脑 2", "电脑 3"], "winner": "玩家 1"}]
    with translation.override("zh-hans"):
        html = render_to_string("history/_match_list.html", {"matches": rows})
    assert "玩家 1、电脑 2、电脑 3" in html
    assert 'data-label="优胜者："' in html


@pytest.mark.parametrize(
    "language, label", [("en", "Winner: "), ("ja", "優勝："), ("zh-hant", "優勝者：")]
)
def test_the_narrow_match_lists_winner_label_has_a_space_only_after_a_narrow_colon(language, label):
    # The phone's list put a space after every label ("優勝者： 玩家 4"): the wide colon carries its
    # own room. The label now holds its space (label_space), and the style adds none.
    from pathlib import Path
    from types import SimpleNamespace

    from django.conf import settings
    from django.template.loader import render_to_string
    from django.utils import translation

    match = SimpleNamespace(pk=1, status="finished", started_at=None)
    rows = [{"match": match, "names": ["A", "B", "C"], "winner": "A"}]
    with translation.override(language):
        html = render_to_string("history/_match_list.html", {"matches": rows})
    assert f'data-label="{label}"' in html
    css = (Path(settings.BASE_DIR) / "static/css/history.css").read_text()
    assert "td.winner-cell::before { content: attr(data-label); }" in css
