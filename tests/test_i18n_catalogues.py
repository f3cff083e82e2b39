"""The three catalogues are complete: every string marked in the code and templates is in them,
none is untranslated or fuzzy, each compiles cleanly, and the committed .mo files are what the .po
files compile to (so the site needs no gettext at run time)."""

import gettext
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

pytestmark = pytest.mark.pure

LOCALE = Path(settings.BASE_DIR) / "locale"
LANGUAGES = ("ja", "zh_Hans", "zh_Hant")
SOURCES = ("config", "games", "rooms", "stats", "history", "templates")

needs_msgfmt = pytest.mark.skipif(
    not shutil.which("msgfmt"), reason="gettext's msgfmt is installed by bin/setup --test"
)


def entries(po: Path) -> list[dict]:
    """The catalogue's entries, read the way msgfmt reads them (enough for our files)."""
    result, entry, key = [], None, None
    for line in po.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if entry is not None:
                result.append(entry)
            entry, key = None, None
            continue
        entry = entry if entry is not None else {"flags": "", "msgstr": []}
        if line.startswith("#,"):
            entry["flags"] += line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            value = line[1:-1]
            if key == "msgstr":
                entry["msgstr"][-1] += value
            else:
                entry[key] += value
        else:
            key, _, value = line.partition(" ")
            if key.startswith("msgstr"):
                entry["msgstr"].append(value[1:-1])
                key = "msgstr"
            else:
                entry[key] = value[1:-1]
    return [e for e in result if e.get("msgid")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_has_no_untranslated_or_fuzzy_entry(language):
    catalogue = entries(LOCALE / language / "LC_MESSAGES" / "django.po")
    assert len(catalogue) > 300
    fuzzy = [e["msgid"] for e in catalogue if "fuzzy" in e["flags"]]
    empty = [e["msgid"] for e in catalogue if not all(e["msgstr"])]
    assert fuzzy == []
    assert empty == []


@needs_msgfmt
@pytest.mark.parametrize("language", LANGUAGES)
def test_it_compiles_to_the_committed_mo(language, tmp_path):
    folder = LOCALE / language / "LC_MESSAGES"
    fresh = tmp_path / "django.mo"
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", fresh, folder / "django.po"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "untranslated" not in done.stderr and "fuzzy" not in done.stderr
    with open(fresh, "rb") as a, open(folder / "django.mo", "rb") as b:
        assert gettext.GNUTranslations(a)._catalog == gettext.GNUTranslations(b)._catalog


@needs_msgfmt
def test_it_has_every_string_marked_in_the_code(tmp_path, settings):
    """makemessages on a copy of the sources finds no string the catalogues lack."""
    base = Path(settings.BASE_DIR)
    settings.LOCALE_PATHS = [tmp_path / "locale"]  # never touch the real catalogues
    for name in SOURCES:
        if (base / name).exists():
            shutil.copytree(base / name, tmp_path / name, ignore=shutil.ignore_patterns("*.pyc"))
    shutil.copytree(LOCALE, tmp_path / "locale")
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        call_command("makemessages", locale=list(LANGUAGES), verbosity=0, no_obsolete=True)
    finally:
        os.chdir(here)
    for language in LANGUAGES:
        catalogue = entries(tmp_path / "locale" / language / "LC_MESSAGES" / "django.po")
        missing = [e["msgid"] for e in catalogue if not all(e["msgstr"]) or "fuzzy" in e["flags"]]
        assert missing == [], f"{language}: run makemessages and translate these"
