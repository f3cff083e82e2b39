"""The games' own names (七並べ, 排七) carry their language where the page is in another, so a
screen reader says them as they are rather than in the page's voice."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "marked", "unmarked"),
    [
        ("en", ['<span lang="ja">七並べ</span>', '<span lang="zh">排七</span>'], []),
        ("ja", ['<span lang="zh">排七</span>'], ['<span lang="ja">七並べ</span>']),
        ("zh-hans", ['<span lang="ja">七並べ</span>'], ['<span lang="zh">排七</span>']),
        ("zh-hant", ['<span lang="ja">七並べ</span>'], ['<span lang="zh">排七</span>']),
    ],
)
def test_the_menus_rule_buttons_mark_the_games_names(client, language, marked, unmarked):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for text in marked:
        assert text in page
    for text in unmarked:
        assert text not in page
    assert "&lt;span" not in page  # the translated text is escaped, the marks are not


def test_the_rankings_heading_and_the_pages_mark_them_too(client):
    assert (
        '<span lang="zh">排七</span>'
        in client.get("/rankings/chinese/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    for path in ("/about/", "/rules/"):
        page = client.get(path, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
        assert '<span lang="ja">七並べ</span>' in page, path
