"""The admin's own link words in the admin's own translation. The site's catalogue had the same
English words for other things ("View", the 3D table's camera buttons; "Change", the language
menu's button), and a project catalogue comes before Django's, so the admin index offered "視点"
(a viewpoint) to open a read-only list and, in Chinese, "切換" (switch) to edit the users."""

import gettext
import re
from pathlib import Path

import django.contrib.admin
import pytest
from django.utils.translation import to_locale

pytestmark = pytest.mark.django_db

LINK = re.compile(r'<a href="[^"]*" class="(viewlink|changelink)"[^>]*>([^<]*)</a>')
ADMIN_LOCALE = Path(django.contrib.admin.__file__).parent / "locale"


def admins_own(language: str, word: str) -> str:
    catalogue = gettext.translation("django", ADMIN_LOCALE, [to_locale(language)])
    return catalogue.gettext(word)


@pytest.mark.parametrize("language", ["ja", "zh-hans", "zh-hant"])
def test_the_index_links_say_view_and_change_as_the_admin_does(admin_client, language):
    admin_client.cookies["django_language"] = language
    links = LINK.findall(admin_client.get("/admin/").content.decode())
    assert {kind for kind, _ in links} == {"viewlink", "changelink"}
    for kind, shown in links:
        word = "View" if kind == "viewlink" else "Change"
        assert shown.strip() == admins_own(language, word) != word, (kind, shown)
