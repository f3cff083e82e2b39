"""In the Japanese and Chinese catalogues a space beside a Chinese or Japanese character is a
no-break space, U+00A0. Those languages break a line between any two of their characters; the
space around a number, a card or a name set in Latin letters is there to be seen, not to break
at: with a plain one a phone's line ended with "13" and the next began with "张", or began with
the particle after a name ("が…"). The long page texts follow the same rule
(tests/test_pages_cjk_lines.py)."""

import gettext
from pathlib import Path

import pytest

from tests.i18n_support import CJK_SPACE, cjk

LOCALE = Path(__file__).resolve().parents[1] / "locale"


@pytest.mark.pure
@pytest.mark.parametrize("language", ["ja", "zh_Hans", "zh_Hant"])
def test_no_plain_space_stands_beside_a_cjk_character(language):
    with (LOCALE / language / "LC_MESSAGES" / "django.mo").open("rb") as mo:
        catalogue = gettext.GNUTranslations(mo)._catalog
    loose = {
        msgid: text
        for msgid, text in catalogue.items()
        if msgid and isinstance(text, str) and CJK_SPACE.search(text)
    }
    assert loose == {}
    assert sum("\u00a0" in text for text in catalogue.values() if isinstance(text, str)) > 100


@pytest.mark.pure
def test_the_tests_write_the_rule_once():
    assert (
        cjk("空席は 2 席です。Aki が 3 枚")
        == "空席は\u00a02\u00a0席です。Aki\u00a0が\u00a03\u00a0枚"
    )
    assert cjk("Aki, Ben 2 seats") == "Aki, Ben 2 seats"  # no Chinese or Japanese: as it was
