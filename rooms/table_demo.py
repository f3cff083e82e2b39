"""A stand-alone page for the 3D table, fed by a fake room in the browser (no server, no socket).

Only for development and the table's browser tests: it answers when DEBUG is on or the
`TABLE_DEMO` setting is true, and 404s otherwise.
"""

from django.conf import settings
from django.http import Http404
from django.shortcuts import render


def table_demo(request):
    if not (settings.DEBUG or getattr(settings, "TABLE_DEMO", False)):
        raise Http404
    return render(request, "rooms/table_demo.html")
