"""The health endpoint an operator's load balancer polls: is this process able to serve a move?

It checks the two things a move needs besides the process itself: the database (it answers, and
every app's newest migration is applied) and the channel layer (a message sent to a fresh channel
of this process and received back, which on Redis is a real round trip). 200 with
`{"database": "ok", "channel_layer": "ok"}` when both answer, 503 naming the part that failed
otherwise. Failures are logged here and never explained to the
caller: the endpoint is public and must not leak addresses or tracebacks.

`/health/cpu/` watches what no single process can: that the server's turns get played at all
(CPU seats, seats held for absent players, forced passes), by whichever process plays them — the
servers' sweeps or a separate CPU worker. It answers 503 while any room's server turn has waited
longer than `SEVENS_CPU_LATE_SECONDS`: with `SEVENS_CPU_IN_SERVER=0` and no worker running, every
CPU seat would otherwise wait for ever while `/health/` stayed green. It is a monitor's check, not
a load balancer's: a late turn is no reason to stop sending sockets to a process. It says how
many rooms wait and for how long, never which (a room's address is its invitation).
"""

import asyncio
import functools
import logging
import time
from datetime import timedelta

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.db.models import Count, Min
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

log = logging.getLogger(__name__)


def late_after() -> float:
    return float(getattr(settings, "SEVENS_CPU_LATE_SECONDS", 30.0))


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


def cause(error: BaseException) -> str:
    """An error on one line: its kind and message. A failing check is an outage to be told of
    (the database or Redis down), not a bug: a load balancer asks every few seconds, per process,
    and a traceback each time (some sixty lines for a refused Redis connection) buried the journal."""
    return " ".join(f"{type(error).__name__}: {error}".split())


async def _timed(name: str, check) -> tuple[str, str, float]:
    started = time.monotonic()
    try:
        await asyncio.wait_for(check(), timeout())
        status = "ok"
    except TimeoutError:
        log.error("health: %s did not answer within %.1f s", name, timeout())
        status = "timeout"
    except Exception as error:
        log.error("health: %s failed: %s", name, cause(error))
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


def late_server_turns() -> tuple[int, float]:
    """How many rooms' server turns have waited longer than `late_after()`, and the oldest wait."""
    from django.utils import timezone

    from rooms.models import Room

    try:
        now = timezone.now()
        waiting = Room.objects.filter(
            status=Room.Status.PLAYING,
            auto_turn=True,
            updated_at__lte=now - timedelta(seconds=late_after()),
        ).aggregate(n=Count("pk"), oldest=Min("updated_at"))
    finally:
        connection.close_if_unusable_or_obsolete()
    oldest = waiting["oldest"]
    return waiting["n"], round((now - oldest).total_seconds(), 1) if oldest else 0.0


@never_cache
@require_safe
async def cpu_turns(request):
    try:
        late, oldest = await asyncio.wait_for(
            sync_to_async(late_server_turns, thread_sensitive=True)(), timeout()
        )
    except TimeoutError:
        log.error("health: the database did not answer within %.1f s", timeout())
        return JsonResponse({"cpu_turns": "timeout"}, status=503)
    except Exception as error:
        log.error("health: counting the late server turns failed: %s", cause(error))
        return JsonResponse({"cpu_turns": "error"}, status=503)
    if late:
        log.warning(
            "health: %d room(s) wait for a server turn, the oldest for %.0f s "
            "(is a CPU worker running, with SEVENS_CPU_IN_SERVER=0?)",
            late,
            oldest,
        )
    body = {"cpu_turns": "late" if late else "ok", "late_rooms": late, "oldest_seconds": oldest}
    return JsonResponse(body, status=503 if late else 200)
