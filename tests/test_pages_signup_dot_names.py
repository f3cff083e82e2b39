"""A player's page is at /players/<name>/: the names "." and ".." make that a path the browser
resolves away (/players/../ is the home page), so the player's own link, and the rankings' link to
them, led elsewhere and their page could not be reached. Sign-up refuses them, by the field;
other names with dots still sign up."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "long enough pw 1"


def sign_up(client, name: str):
    return client.post(
        "/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    )


@pytest.mark.parametrize("name", [".", ".."])
def test_it_refuses_a_name_that_is_a_path_step(client, name):
    response = sign_up(client, name)
    assert response.status_code == 400
    page = response.content.decode()
    assert "The names “.” and “..” cannot be used." in page
    assert 'id="id_username_errors"' in page
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize("name", ["...", "a.b", ".aki"])
def test_other_names_with_dots_sign_up_and_their_page_opens(client, name):
    assert sign_up(client, name).status_code == 302
    assert client.get(reverse("profile", args=[name])).status_code == 200
