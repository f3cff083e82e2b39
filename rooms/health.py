"""The health endpoint an operator's load balancer polls: is this process able to serve a move?

It checks the two things a move needs besides the process itself: the database (it answers, and
every app's newest migration is applied) and the channel layer (a message sent to a fresh channel
of this process and received back, which on Redis is a real round trip). 200 with
`{"database": "ok", "channel_layer": "ok"}` when both answer, 503 naming the part that failed
otherwise. Failures are logged here and never explained to the
caller: the endpoint is public and must not leak addresses or tracebacks.
"""

import asyncio
import functools
import logging
import time

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

log = logging.getLogger(__name__)


def timeout() -> float:
    return float(getattr(settings, "SEVENS_HEALTH_TIMEOUT", 2.0))


@functools.cache
def newest_migrations() -> list[tuple[str, str]]:
    """The newest migration of every app, read from the code once per process."""
    return MigrationLoader(None, ignore_no_migrations=True).graph.leaf_nodes()


def check_database() -> None:
    """The database answers and holds this code's tables: every app's newest migration is
    applied (a forgotten `migrate` would otherwise pass here while every page fails)."""
    try:
        applied = MigrationRecorder(connection).applied_migrations()
        missing = [f"{a}.{n}" for a, n in newest_migrations() if (a, n) not in applied]
        if missing:
            raise RuntimeError(f"migrations not applied: {', '.join(sorted(missing))}")
    finally:
        # Health checks come every few seconds from outside any request cycle's cleanup.
        connection.close_if_unusable_or_obsolete()


async def check_channel_layer() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "health.ping"})
    message = await layer.receive(channel)
    if message.get("type") != "health.ping":
        raise RuntimeError("the channel layer returned another message")


async def _timed(name: str, check) -> tuple[str, str, float]:
    started = time.monotonic()
    try:
        await asyncio.wait_for(check(), timeout())
        status = "ok"
    except TimeoutError:
        log.error("health: %s did not answer within %.1f s", name, timeout())
        status = "timeout"
    except Exception:
        log.exception("health: %s failed", name)
        status = "error"
    return name, status, round((time.monotonic() - started) * 1000, 1)


@never_cache
@require_safe
async def health(request):
    results = await asyncio.gather(
        _timed("database", sync_to_async(check_database, thread_sensitive=True)),
        _timed("channel_layer", check_channel_layer),
    )
    body = {name: status for name, status, _ms in results}
    body["ms"] = {name: ms for name, _status, ms in results}
    ok = all(status == "ok" for _name, status, _ms in results)
    return JsonResponse(body, status=200 if ok else 503)
