"""The help's "Starting a game" names every choice of the home menu in the menu's own words: the
option "Pass even when you can play" and the fieldset "The family of rules" (the 7s, the rows, when
a round ends, the points) were left out, so a player learnt of them only on the menu."""

import pytest
from django.utils import translation
from django.utils.translation import gettext

pytestmark = pytest.mark.django_db

MENU_WORDS = ("Pass even when you can play", "The family of rules")


@pytest.mark.parametrize("language", ["en", "ja", "zh-hans", "zh-hant"])
def test_it_names_every_part_of_the_menu(client, language):
    html = client.get("/help/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    starting = html.split("<h2", 2)[1]  # the first section: starting a game
    with translation.override(language):
        for words in MENU_WORDS:
            assert gettext(words) in starting, (language, words)
