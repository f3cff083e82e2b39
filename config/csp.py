"""The Content-Security-Policy's middleware: django-csp's, plus the page's own socket origin.

CSP Level 3 counts `ws:`/`wss:` to the page's host and port as `'self'`, and chromium and Firefox
do; Safari before 16 kept Level 2's meaning, in which `'self'` is the page's scheme alone, and
refused the room's socket. So `connect-src` names it too: `ws://` and `wss://` with the host of
the request (both: behind a proxy that ends TLS, Django may not know the page is HTTPS; a page on
HTTPS opens no `ws://` anyway). The host is the one Django accepted (ALLOWED_HOSTS); a request for
any other host is answered 400 with the policy but no socket origin.
"""

from csp.middleware import CSPMiddleware as BaseCSPMiddleware
from csp.middleware import PolicyParts
from django.core.exceptions import DisallowedHost


def socket_origins(request) -> list[str]:
    try:
        host = request.get_host()
    except DisallowedHost:
        return []
    return [f"ws://{host}", f"wss://{host}"]


class CSPMiddleware(BaseCSPMiddleware):
    def get_policy_parts(self, request, response, report_only: bool = False) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        origins = socket_origins(request)
        if origins:
            update = dict(parts.update or {})
            update["connect-src"] = [*update.get("connect-src", []), *origins]
            parts.update = update
        return parts
