"""Foreign names in the Japanese and Chinese long texts say their language: the game's English
names (Sevens, Fan Tan, Card Dominoes, Parliament) and the romanised Shichi Narabe sit in an
element with `lang` ("en", "ja-Latn"), as the same pages already set the sources' titles and
authors. Unmarked, a screen reader read "Card Dominoes" with the Japanese or Chinese voice,
letter by letter or as kana, and a browser chose the page's font for them."""

import re
from pathlib import Path

import pytest

PAGES = Path(__file__).resolve().parents[1] / "templates" / "pages"
CJK_TEXTS = sorted([*PAGES.glob("*/zh-han*.html"), *PAGES.glob("*/ja.html")])
NAMES = re.compile(r"\b(Sevens|Fan Tan|Card Dominoes|Parliament|Shichi Narabe|Domino)\b")
# An element that states its language, with what it holds (no element nests in these).
MARKED = re.compile(r'<(\w+)\b[^>]*\slang="[^"]+"[^>]*>[^<]*</\1>')


def test_the_long_texts_are_found():
    assert len(CJK_TEXTS) >= 15


@pytest.mark.parametrize("path", CJK_TEXTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_foreign_name_in_a_cjk_long_text_says_its_language(path):
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\{#.*?#\}|\{%.*?%\}", "", text, flags=re.S)
    unmarked = MARKED.sub("", text)
    unmarked = re.sub(r"<[^>]*>", "", unmarked)  # names in a link's address do not count
    assert NAMES.findall(unmarked) == []
