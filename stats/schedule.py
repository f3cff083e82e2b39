"""Runs `purge` on a schedule without Celery: each server process starts one asyncio task at its
first HTTP request, which purges at once and then every STATS_PURGE_SECONDS (an hour by
default). `manage.py purge_stats` does the same from cron or by hand.
"""

import asyncio
import logging

from channels.db import database_sync_to_async
from django.conf import settings

from stats.events import purge

log = logging.getLogger(__name__)


def interval() -> float:
    return float(getattr(settings, "STATS_PURGE_SECONDS", 3600))


class Purger:
    """At most one purge loop per event loop (per process, under daphne)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.task: asyncio.Task | None = None
        self.runs = 0

    def ensure_started(self) -> None:
        loop = asyncio.get_running_loop()
        if self.loop is loop and self.task and not self.task.done():
            return
        self.loop = loop
        self.task = loop.create_task(self._forever())

    async def stop(self) -> None:
        if self.task:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        self.loop, self.task = None, None

    async def _forever(self) -> None:
        while True:
            try:
                await database_sync_to_async(purge)()
                self.runs += 1
            except Exception:  # a failed purge must not stop the next one
                log.exception("play statistics purge failed")
            await asyncio.sleep(interval())


purger = Purger()


def purging(app):
    """Wraps the HTTP application so that the first request starts this process's purge loop."""

    async def asgi(scope, receive, send):
        if scope["type"] == "http":
            purger.ensure_started()
        return await app(scope, receive, send)

    return asgi
