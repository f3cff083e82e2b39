"""The page nginx shows when no server process answers (every daphne process down, or all of
them restarting at once): a static file, since nothing of Django runs then.

`static/down.html` is written from `templates/down.html` in every language of the site, one after
the other (nginx cannot tell which one the player reads), by `manage.py write_down_page`; a test
checks the file matches its template and translations. The page reloads itself, so a player whose
page failed to load finds the game again once a process is back (games are kept in the database).
"""

from pathlib import Path

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

# nginx's `error_page` points here (docs/deploy.md); collectstatic copies it to STATIC_ROOT.
PATH = Path(settings.BASE_DIR) / "static" / "down.html"
# How often the page tries again, in seconds.
RETRY_SECONDS = 15


def render_down_page() -> str:
    sections = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            sections.append(
                {
                    "lang": translation.get_language_info(code)["code"],
                    "site": gettext("Sevens"),
                    "heading": gettext("Sevens will be back in a moment"),
                    "text": gettext(
                        "The server is restarting or cannot be reached just now. Games in play "
                        "are kept: this page tries again by itself, and your game goes on from "
                        "where it was."
                    ),
                    "again": gettext("Try again now"),
                }
            )
    title = " · ".join(dict.fromkeys(section["site"] for section in sections))
    return render_to_string(
        "down.html", {"sections": sections, "title": title, "retry": RETRY_SECONDS}
    )
