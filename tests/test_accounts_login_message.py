"""A wrong password is said in the reader's language in the site's own words: Django's Traditional
Chinese set the username's label apart with plain spaces ("輸入正確的 使用者名稱 和密碼")."""

import pytest

from tests.history_support import user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Please enter a correct username and password."),
        ("ja", "正しいユーザー名とパスワードを入力してください。"),
        ("zh-hans", "请输入正确的用户名和密码。"),
        ("zh-hant", "請輸入正確的使用者名稱和密碼。"),
    ],
)
def test_a_wrong_password_is_said_in_the_sites_words(client, language, said):
    user("aki")
    client.cookies["django_language"] = language
    page = client.post("/accounts/login/", {"username": "aki", "password": "wrong"})
    assert said in page.content.decode()
