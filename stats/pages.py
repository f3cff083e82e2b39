"""The site's reading pages: rules, about Sevens, help, strategy tips and privacy, in each language.

Each page is `pages/<name>.html` (the frame, with translated headings) around a body written for
one language, `pages/<name>/<language>.html`: long texts read better written than translated line
by line.
"""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

PAGES = ("rules", "about", "help", "tips", "privacy")
BODIES = ("en", "ja", "zh-hans", "zh-hant")


def body_language() -> str:
    language = (get_language() or "en").lower()
    return language if language in BODIES else "en"


@require_safe
def page(request, name: str):
    if name not in PAGES:
        raise Http404
    body = f"pages/{name}/{body_language()}.html"
    return render(request, f"pages/{name}.html", {"body": body, "page": name})
