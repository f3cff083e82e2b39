"""A bare broadcast consumer: the floor the load script measures the room socket against.

`ws/echo/<group>/` joins a channel-layer group; every text frame a socket sends is group-sent and
pushed back to every socket of the group, unchanged. Same server, same channel layer, same fan-out
as a room, but no database, no rules and no rendering: what is left is the cost of the stack.

Routed only with DEBUG or SEVENS_ECHO=1 (a load-test run), never on a normal deployment.
"""

import os
import re

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.urls import path

MAX_FRAME = 4096
GROUP = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


class EchoConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        name = self.scope["url_route"]["kwargs"]["group"]
        if not GROUP.match(name):
            await self.close(code=4404)
            return
        self.group = f"echo.{name}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None or len(text_data) > MAX_FRAME:
            await self.close(code=4009)
            return
        await self.channel_layer.group_send(self.group, {"type": "echo.frame", "text": text_data})

    async def echo_frame(self, event):
        await self.send(text_data=event["text"])


def enabled() -> bool:
    return bool(settings.DEBUG) or os.environ.get("SEVENS_ECHO") == "1"


def routes() -> list:
    return [path("ws/echo/<str:group>/", EchoConsumer.as_asgi())] if enabled() else []
