"""ASGI entry point: HTTP through Django, WebSocket through the rooms' consumers."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.i18n import SocketLanguageMiddleware  # noqa: E402
from rooms.cpu import resuming  # noqa: E402
from rooms.routing import websocket_urlpatterns  # noqa: E402
from stats.schedule import purging  # noqa: E402

application = resuming(
    ProtocolTypeRouter(
        {
            "http": purging(django_asgi_app),
            "websocket": AllowedHostsOriginValidator(
                AuthMiddlewareStack(SocketLanguageMiddleware(URLRouter(websocket_urlpatterns)))
            ),
        }
    )
)
