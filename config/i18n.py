"""The visitor's language on the room sockets.

Django's LocaleMiddleware picks the language of each HTTP request; a WebSocket passes through no
Django middleware, so this picks it the same way for the socket's whole life (the switcher's
cookie, else Accept-Language, else English). Every fragment pushed to that socket, and every
message and error sent to it, is then in the language of the page it updates.
"""

from django.http import HttpRequest, parse_cookie
from django.utils import translation


def scope_language(scope) -> str:
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
