"""The long texts in Chinese write a range with the wide tilde, "1～5": a line may break before
or after it, and on a phone one did ("1" at a line's end, "～5 次" starting the next). Each range
is set in a `nowrap` span (site.css). Japanese writes 〜, before which no line breaks."""

import re
from pathlib import Path

import pytest

PAGES = Path(__file__).resolve().parents[1] / "templates" / "pages"
TEXTS = sorted(PAGES.glob("*/zh-han*.html"))


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
