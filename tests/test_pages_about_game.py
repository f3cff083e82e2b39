"""The "About Sevens" page in each language: the game's names and history, its five sources with
working links that open in a new tab and are cited from the text, and the frequently asked
questions; it links the rules and the About the CPU page, and every page links to it."""

import html as htmllib
import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "ja", "zh-hans", "zh-hant")

TITLES = {
    "en": "About Sevens · Sevens",
    "ja": "七並べについて · 七並べ",
    "zh-hans": "关于排七 · 排七",
    "zh-hant": "關於排七 · 排七",
}

SOURCES = [  # None: cited by title, with no address we could check
    "https://ja.wikipedia.org/wiki/7%E4%B8%A6%E3%81%B9",
    None,
    "https://www.pagat.com/layout/sevens.html",
    "https://en.wikipedia.org/wiki/Domino_(card_game)",
    None,
]

QUESTIONS = {
    "en": [
        "How many people can play?",
        "How many times can I pass?",
        "May I pass when I have a card I could play?",
        "How does the joker work?",
        "What is the “tunnel” rule?",
        "How is the winner decided?",
    ],
    "ja": [
        "何人で遊べますか？",
        "パスは何回できますか？",
        "出せる札があってもパスしていいのですか？",
        "ジョーカーはどう使いますか？",
        "「トンネル」とは何ですか？",
        "優勝はどう決まりますか？",
    ],
    "zh-hans": [
        "几个人可以玩？",
        "最多能跳过几次？",
        "有牌能出时也可以跳过吗？",
        "鬼牌怎么用？",
        "“隧道”是什么？",
        "最后谁获胜？",
    ],
    "zh-hant": [
        "幾個人可以玩？",
        "最多能過牌幾次？",
        "有牌能出時也可以過牌嗎？",
        "鬼牌怎麼用？",
        "「隧道」是什麼？",
        "最後誰獲勝？",
    ],
}

# Words each language must use, as the site's other pages do.
TERMS = {
    "en": ["Shichi Narabe", "Fan Tan", "Card Dominoes", "Parliament", "排七"],
    "ja": ["ジョーカー", "パス", "札", "列", "回", "排七"],
    "zh-hans": ["鬼牌", "跳过", "出牌", "局", "七並べ"],
    "zh-hant": ["鬼牌", "過牌", "出牌", "局", "七並べ"],
}


def page(client, language: str) -> str:
    response = client.get(reverse("about_game"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def article(html: str) -> str:
    return html.split('<article class="reading-page page-about">')[1].split("</article>")[0]


def anchors(html: str) -> list[dict]:
    """Every link of the text, its attributes unescaped."""
    found = []
    for tag in re.findall(r"<a\s[^>]*>", html):
        attrs = dict(re.findall(r'(\w+)="([^"]*)"', tag))
        found.append({k: htmllib.unescape(v) for k, v in attrs.items()})
    return found


def test_its_address_is_about():
    assert reverse("about_game") == "/about/"


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_answers_in_each_language_with_its_title(client, language):
    html = page(client, language)
    assert re.search(r'<html lang="([^"]+)"', html).group(1) == language
    assert re.search(r"<title>(.*?)</title>", html, re.S).group(1).strip() == TITLES[language]
    heading = re.search(r"<h1>(.*?)</h1>", article(html)).group(1)
    assert heading == TITLES[language].split(" · ")[0]
    for section in ('id="history"', 'id="sources"', 'id="faq"'):
        assert section in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_lists_the_five_sources_opening_in_a_new_tab(client, language):
    text = article(page(client, language))
    items = re.search(r'<ol class="sources">(.*?)</ol>', text, re.S).group(1)
    for number, url in enumerate(SOURCES, start=1):
        item = re.search(rf'<li id="source-{number}">(.*?)</li>', items, re.S).group(1)
        links = anchors(item)
        assert [link["href"] for link in links] == ([url] if url else [])
        if url:
            assert links[0]["target"] == "_blank" and links[0]["rel"] == "noopener"
    assert len(re.findall(r"<li\b", items)) == 5
    assert "Kiya" in items or "木谷" in items
    assert "McLeod" in items


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_cites_every_source_from_the_history(client, language):
    text = article(page(client, language))
    history = text.split('id="history"')[1].split('id="sources"')[0]
    cited = {link["href"] for link in anchors(history) if link["href"].startswith("#source-")}
    assert cited >= {"#source-2", "#source-3", "#source-4", "#source-5"}
    for number in re.findall(r'href="#source-(\d)">\[(\d)\]', history):
        assert number[0] == number[1]  # the label says the number it points to


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_answers_the_frequent_questions(client, language):
    text = article(page(client, language))
    faq = text.split('id="faq"')[1]
    questions = re.findall(r"<h3>(.*?)</h3>", faq)
    assert questions == QUESTIONS[language]
    for term in TERMS[language]:
        assert term in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_links_the_rules_and_the_cpu_page(client, language):
    hrefs = {link["href"] for link in anchors(article(page(client, language)))}
    assert reverse("about_cpu") in hrefs
    assert f"{reverse('rules')}#chinese" in hrefs
    assert f"{reverse('rules')}#joker" in hrefs
    external = [h for h in hrefs if h.startswith("http")]
    assert sorted(external) == sorted(u for u in SOURCES if u)  # every outside link is a source


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_is_in_the_page_links(client, language):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    nav = re.search(r'<nav class="page-links".*?</nav>', html, re.S).group(0)
    label = TITLES[language].split(" · ")[0]
    assert f'<a href="/about/">{label}</a>' in nav
    assert nav.index('href="/rules/"') < nav.index('href="/about/"')
