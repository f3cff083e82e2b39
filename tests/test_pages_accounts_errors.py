"""The account pages say each error once, in the site's style, and in our words where Django's
would mislead (its Japanese help says a name takes half-width letters only)."""

import pytest
from django.contrib.auth.models import User

pytestmark = pytest.mark.django_db


def test_a_wrong_password_is_said_once(client):
    page = client.post(
        "/accounts/login/", {"username": "nobody", "password": "wrong"}
    ).content.decode()
    assert page.count("Please enter a correct username and password") == 1
    assert 'class="form-errors" role="alert"' in page
    assert "errorlist" not in page  # Django's unstyled list is not drawn


def test_a_field_error_is_styled_and_next_to_its_field(client):
    page = client.post(
        "/accounts/signup/", {"username": "たろう", "password1": "abc", "password2": "abd"}
    ).content.decode()
    assert "errorlist" not in page
    assert page.count('class="form-errors" role="alert"') >= 1
    assert "The two password fields didn’t match." in page


def test_the_name_help_says_any_script_is_taken(client):
    page = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "どの言語の文字でも" in page and "半角アルファベット" not in page
    response = client.post(
        "/accounts/signup/",
        {"username": "たろう", "password1": "long enough pw 1", "password2": "long enough pw 1"},
    )
    assert response.status_code == 302  # and a Japanese name is indeed taken


@pytest.mark.parametrize("language", ["ja", "zh-hans", "zh-hant"])
def test_the_labels_stand_alone_with_no_half_width_marks(client, language):
    """The account forms' labels are the field's name alone, as in the site's other forms:
    Django's label_tag added a colon, half-width in Japanese and simplified Chinese, and its
    Japanese label for the second password wrote its brackets half-width."""
    import re

    for url in ("/accounts/login/", "/accounts/signup/"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        labels = re.findall(r"<label[^>]*>(.*?)</label>", page, re.S)
        assert len(labels) >= 2, url
        for label in labels:
            assert not re.search(r"[:：()]", label), label


def test_a_password_too_short_or_too_common_is_said_under_the_password_box(client):
    # Django said it under the second box, "Password again", away from the rules it broke.
    page = client.post(
        "/accounts/signup/", {"username": "たろう", "password1": "abc", "password2": "abc"}
    ).content.decode()
    first, second = page.index('name="password1"'), page.index('name="password2"')
    short = page.index("This password is too short")
    common = page.index("This password is too common")
    assert page.index('for="id_password1"') < short < first
    assert short < common < first < second
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "This password is too short"),
        ("ja", "短すぎます"),
        ("zh-hans", "密码太短"),
        ("zh-hant", "密碼太短"),
    ],
)
def test_a_short_password_is_said_in_the_page_s_language(client, language, said):
    # Django's Simplified Chinese catalogue lacks its 5.2 wording: it was said in English there.
    client.cookies["django_language"] = language
    page = client.post(
        "/accounts/signup/", {"username": "mei", "password1": "x7q", "password2": "x7q"}
    ).content.decode()
    assert said in page
    assert language == "en" or "This password is too short" not in page
