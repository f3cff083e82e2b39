"""Per-address rate limits on the requests that create rows, and on log-in forms (django-ratelimit
on the cache).

The groups and their rates are `settings.SEVENS_RATES`; `RATELIMIT_ENABLE` switches them all.
"""

import logging

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django_ratelimit.core import is_ratelimited

log = logging.getLogger(__name__)

MESSAGES = {
    "new_room": _("You have opened many tables in a short time. Wait a minute, then try again."),
    "upload": _("You have uploaded many logs in a short time. Wait a minute, then try again."),
    "upload_day": _("You have uploaded many logs today. Try again tomorrow."),
    "stats_event": _("Too many events in a short time."),
    "account": _(
        "You have sent this form many times in a short time. Wait a minute, then try again."
    ),
}
MESSAGES["seat"] = MESSAGES["account"]


def _rate(group: str, request) -> str:
    return settings.SEVENS_RATES[group]


def over_limit(request, group: str) -> bool:
    """Counts this request against its address's budget for `group`; True once it is spent.
    While the cache (Redis, with several processes) does not answer, nothing is limited: an
    outage must not stop people from opening tables, and it is logged."""
    try:
        return is_ratelimited(request, group=group, key="ip", rate=_rate, increment=True)
    except Exception as error:
        # One line with the cause, no traceback: during an outage every request that creates a
        # row (statistics events included, up to 120 a minute per address) says it again.
        cause = " ".join(f"{type(error).__name__}: {error}".split())
        log.warning("rate limit %s not counted: the cache did not answer: %s", group, cause)
        return False


def message(group: str) -> str:
    return str(MESSAGES[group])


def refuse(form, group: str) -> None:
    """Puts the limit's message on `form` (validated first, so the page shows what was typed)."""
    form.is_valid()
    form.add_error(None, message(group))
