"""Lines of the long texts in Japanese and Chinese (templates/pages/<page>/<language>.html) that
do not break inside a unit. A number and the word after it ("13 张", "1 枚", "2022 年") are
joined by a no-break space, U+00A0: with a plain one, a line on a phone ended with "13" and the
next began with "张". The Chinese texts write a range with the wide tilde, "1～5": a line may
break before or after it, and one did ("1" at a line's end, "～5 次" starting the next); each
range is set in a `nowrap` span (site.css). Japanese writes 〜, before which no line breaks."""

import re
from pathlib import Path

import pytest

from tests.i18n_support import CJK_CHARACTER, CJK_SPACE

PAGES = Path(__file__).resolve().parents[1] / "templates" / "pages"
TEXTS = sorted(PAGES.glob("*/zh-han*.html"))
CJK_TEXTS = sorted([*TEXTS, *PAGES.glob("*/ja.html")])
CJK = CJK_CHARACTER  # the characters a no-break space stands beside (tests/i18n_support.py)


def test_the_chinese_long_texts_are_found():
    assert len(TEXTS) >= 8


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_range_of_a_chinese_long_text_stays_on_one_line(path):
    text = path.read_text(encoding="utf-8")
    loose = re.sub(r'<span class="nowrap">[^<]*</span>', "", text)
    assert re.findall(r"\w\s*～\s*\w", loose) == []


def test_the_nowrap_class_keeps_its_text_on_one_line():
    css = (PAGES.parents[1] / "static" / "css" / "site.css").read_text(encoding="utf-8")
    assert re.search(r"^\.nowrap \{ white-space: nowrap; \}$", css, re.M)


@pytest.mark.parametrize("path", CJK_TEXTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_number_and_the_word_after_it_share_a_line(path):
    text = path.read_text(encoding="utf-8")
    words = re.sub(r"<[^>]*>|\{%.*?%\}|\{\{.*?\}\}", "", text)
    assert re.findall(rf"\S*\d [{CJK}]", words) == []
    assert "\u00a0" in words


@pytest.mark.parametrize("path", CJK_TEXTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_plain_space_stands_beside_a_cjk_character(path):
    # As in the catalogues (tests/test_i18n_cjk_spaces.py): "A と K をつなぐ" is the menu's
    # option word for word, and a particle never begins a line.
    text = path.read_text(encoding="utf-8")
    # Each run of text between tags alone: a tag is no character a space stands beside.
    runs = re.split(r"<[^>]*>|\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", text, flags=re.S)
    assert [run for run in runs if CJK_SPACE.search(run)] == []
