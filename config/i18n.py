"""The visitor's language on the room sockets.

Django's LocaleMiddleware picks the language of each HTTP request; a WebSocket passes through no
Django middleware, so this picks it for the socket's whole life: the language the page names in
the socket's address (`?lang=ja`: the room page writes its own), else as the middleware does (the
switcher's cookie, else Accept-Language, else English). Every fragment pushed to that socket, and
every message and error sent to it, is then in the language of the page it updates: a page that
reconnects after the language was changed in another tab (the cookie) stays in its own language,
where it had filled a Japanese page with Chinese fragments under `<html lang="ja">`.
"""

from urllib.parse import parse_qs

from django.conf import settings
from django.http import HttpRequest, parse_cookie
from django.utils import translation


def offered(code: str) -> str | None:
    """`code` if the site speaks that language (a page naming its own: the socket's address, the
    earlier log lines' request), else None."""
    return code if code in dict(settings.LANGUAGES) else None


def scope_language(scope) -> str:
    query = parse_qs(bytes(scope.get("query_string") or b"").decode("latin1"))
    named = offered((query.get("lang") or [""])[0].lower())
    if named:
        return named
    headers = {}
    for name, value in scope.get("headers") or []:
        key = name.decode("latin1").lower()
        text = value.decode("latin1")
        headers[key] = f"{headers[key]}; {text}" if key in headers and key == "cookie" else text
    request = HttpRequest()
    request.COOKIES = parse_cookie(headers.get("cookie", ""))
    request.META["HTTP_ACCEPT_LANGUAGE"] = headers.get("accept-language", "")
    return translation.get_language_from_request(request)


class SocketLanguageMiddleware:
    """Runs the wrapped ASGI app with the scope's language active."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        with translation.override(scope_language(scope)):
            return await self.app(scope, receive, send)
