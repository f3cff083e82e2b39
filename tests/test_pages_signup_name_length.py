"""Sign-up takes a name no longer than a name at the table (24 characters, which the table cuts
longer names to), and says so by the field; accounts made before with longer names still log in."""

import pytest
from django.contrib.auth import get_user_model

from rooms.views import NAME_LENGTH
from tests.history_support import user

pytestmark = pytest.mark.django_db

PASSWORD = "long enough pw 1"


def sign_up(client, name: str):
    return client.post(
        "/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    )


def test_it_refuses_a_name_longer_than_a_table_name(client):
    response = sign_up(client, "n" * (NAME_LENGTH + 1))
    assert response.status_code == 400
    page = response.content.decode()
    assert "A name can be at most 24 characters long (this one has 25)." in page
    assert 'id="id_username_errors"' in page  # by its field
    assert not get_user_model().objects.exists()


def test_it_takes_a_name_of_exactly_a_table_names_length(client):
    assert sign_up(client, "ん" * NAME_LENGTH).status_code == 302
    assert get_user_model().objects.get().username == "ん" * NAME_LENGTH


def test_it_says_the_limit_on_the_form(client):
    page = client.get("/accounts/signup/").content.decode()
    assert NAME_LENGTH == 24
    assert "Up to 24 characters" in page and "Up to 150" not in page
    assert 'maxlength="24"' in page


def test_it_still_logs_in_an_older_account_with_a_longer_name(client):
    user("o" * 40)
    response = client.post(
        "/accounts/login/", {"username": "o" * 40, "password": "a long pass phrase 7"}
    )
    assert response.status_code == 302


@pytest.mark.parametrize("name", ["a b", "aki!"])
def test_a_refused_name_is_explained_in_the_words_of_the_help(client, name):
    """Django's own message for such a name says, in Japanese, half-width letters only
    ('半角英数'), under a help that says any script's letters are taken (and they are)."""
    client.cookies["django_language"] = "ja"
    response = sign_up(client, name)
    assert response.status_code == 400
    page = response.content.decode()
    assert "半角英数" not in page
    assert not get_user_model().objects.exists()
    client.cookies["django_language"] = "en"
    page = sign_up(client, name).content.decode()
    assert "A name may hold letters of any script, digits and @ . + - _ only (no spaces)." in page
