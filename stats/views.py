"""The play-statistics endpoint: one event per POST, as a small JSON object.

CSRF applies (the page's script sends the token in a header). A browser whose switch is off sends
nothing; should anything arrive with the opt-out cookie set, it is dropped unread.
"""

import json

from django.http import HttpResponse, JsonResponse
from django.views.decorators.http import require_POST

from config.limits import over_limit
from stats.events import Refused, record_event

OPT_OUT_COOKIE = "sevens_stats"
MAX_BODY = 2048


def opted_out(request) -> bool:
    return request.COOKIES.get(OPT_OUT_COOKIE) == "off"


@require_POST
def event(request):
    if opted_out(request):
        return HttpResponse(status=204)
    if over_limit(request, "stats_event"):
        return JsonResponse({"error": "too_many", "key": ""}, status=429)
    if len(request.body) > MAX_BODY:
        return JsonResponse({"error": "too_big"}, status=413)
    try:
        data = json.loads(request.body)
        record_event(data)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:  # 2 KB of "[" nest too deep
        code = exc.code if isinstance(exc, Refused) else "not_json"
        key = exc.key if isinstance(exc, Refused) else ""
        return JsonResponse({"error": code, "key": key}, status=400)
    return HttpResponse(status=204)
