"""The CPU runner: plays the seats the server plays, without Celery.

Those are CPU seats, seats the CPU holds for an absent human, and forced passes (`Room.auto_turn`).
After every commit the writing process kicks its runner; the runner thinks during a readable delay
(so a move takes the delay whatever the thinking: its time tells nothing of the hand), off the
event loop (a process pool: a Hard CPU's search must not stall other rooms' sockets), and submits
through `services.submit_action` with the version it read. The version guard makes a second
process's try at the same move a no-op, so a move is applied exactly once.

Each server process also sweeps every few seconds: it refreshes the presence of its sockets, hands
absent players' seats to the CPU, closes idle rooms, and resumes rooms whose CPU turn stalled (a
restart, a crashed process). `manage.py run_cpu_worker` does the same as a separate process.
"""

import asyncio
import contextlib
import contextvars
import functools
import logging
import multiprocessing
import os
import secrets
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import timedelta

from channels.db import database_sync_to_async
from django.conf import settings

from rooms.moves import choose_move

log = logging.getLogger(__name__)

# Refusals that only mean the room changed between reading the turn and submitting the move.
MOVED_ON = {"not_your_seat", "not_your_turn", "not_playing", "round_over", "no_room"}


def setting(name: str, default):
    return getattr(settings, name, default)


@dataclass(frozen=True)
class Turn:
    """One server move to make: what the worker needs, and the version it was read at."""

    slug: str
    seat: int
    version: int
    delay: float
    job: dict
    # A present player's seat with nothing to play: the move is a pass, with no thinking (no
    # round to read, no trip to the process pool).
    forced: bool = False


FORCED_PASS = {"type": "pass"}


# The synchronous side: also what the worker command runs.


def plan(slug: str) -> Turn | None:
    """The server's next move in this room, or None when a human (or nobody) is to act."""
    from rooms.models import Room

    room = Room.objects.select_related("match").filter(slug=slug).first()
    if room is None or room.status != Room.Status.PLAYING or not room.auto_turn:
        return None
    seat = room.seats.get(index=room.turn)
    delay = 0.0 if room.fast_forward else float(setting("SEVENS_CPU_DELAY", 0.8))
    if not seat.played_by_cpu:
        if room.rules.get("pass_when_playable", True):
            # Where a pass may be chosen the player passes by hand (`guard.forced_pass`): a room
            # marked for the server by a release that passed for them is put right, unversioned
            # (the game is unchanged), or every sweep would try the pass and be refused.
            Room.objects.filter(pk=room.pk, version=room.version).update(auto_turn=False)
            return None
        # The server acts for a player's seat only to make its forced pass (`guard.server_plays`);
        # if the round moved on meanwhile, the version guard refuses the pass as stale.
        return Turn(slug, room.turn, room.version, delay, {}, forced=True)
    rnd = room.match.current_round()
    level = seat.level if seat.kind == seat.Kind.CPU else setting("SEVENS_TAKEOVER_LEVEL", "medium")
    job = {
        "rules": room.rules,
        "hands": rnd.hands,
        "dealer": rnd.dealer,
        "events": rnd.events,
        "seat": room.turn,
        "level": level,
        # The match so far, public to every seat: Hard plays the last round for the standings.
        "totals": list(room.match.totals or [0] * len(rnd.hands)),
        "rounds_left": room.rules["rounds"] - rnd.number - 1,
        "seed": secrets.randbits(64),
    }
    return Turn(slug, room.turn, room.version, delay, job)


def decide(turn: Turn) -> dict | None:
    """The action for a planned turn, thought here (the worker command, `play_pending`)."""
    return dict(FORCED_PASS) if turn.forced else choose_move(turn.job)


def submit(turn: Turn, action: dict | None):
    from rooms.services import StaleVersion, SubmitResult, submit_action

    if action is None:  # the job was read while the room moved on: plan again
        return SubmitResult(turn.version, StaleVersion())
    return submit_action(turn.slug, turn.seat, action, turn.version, None, by_server=True)


def play_pending(slug: str, *, limit: int = 1000) -> int:
    """Plays every server move due in this room now, synchronously; returns how many applied."""
    applied = 0
    for _ in range(limit):
        turn = plan(slug)
        if turn is None:
            break
        result = submit(turn, decide(turn))
        if result.ok:
            applied += 1
        elif not result.stale:
            refused(slug, result)
            break
    return applied


def thinking_pool(kind: str, workers: int):
    """Where the bots think: processes (`SEVENS_CPU_EXECUTOR=process`, the default) or threads."""
    if kind == "process":
        # spawn, not fork: forking a process that runs threads and an event loop is unsafe.
        ctx = multiprocessing.get_context("spawn")
        # A lower priority than the server's: a Hard CPU thinking must not slow the sockets of
        # the other tables on the same cores.
        return ProcessPoolExecutor(
            max_workers=workers,
            mp_context=ctx,
            initializer=os.nice,
            initargs=(int(setting("SEVENS_CPU_NICE", 10)),),
        )
    return ThreadPoolExecutor(max_workers=workers)


def refused(slug: str, result) -> None:
    """A refused CPU move: the room moving on under it (a player came back for the seat, the
    round ended) is ordinary; anything else is a bug worth an alert."""
    level = logging.INFO if result.error.code in MOVED_ON else logging.ERROR
    log.log(level, "CPU move refused in %s: %s", slug, result.error.code)


def due_rooms(stalled_for: float, fast_stalled_for: float | None = None) -> list[str]:
    """Rooms whose server move has waited longer than `stalled_for` seconds, or, in a room whose
    player pressed "Fast-forward" (no readable delay), longer than `fast_stalled_for`."""
    from django.db.models import Q
    from django.utils import timezone

    from rooms.models import Room

    now = timezone.now()
    waited = Q(updated_at__lte=now - timedelta(seconds=stalled_for))
    if fast_stalled_for is not None:
        since = now - timedelta(seconds=fast_stalled_for)
        waited |= Q(fast_forward=True, updated_at__lte=since)
    rooms = Room.objects.filter(waited, status=Room.Status.PLAYING, auto_turn=True)
    return list(rooms.order_by("updated_at").values_list("slug", flat=True)[:200])


def fast_stall(stalled_for: float) -> float | None:
    """How long a fast-forwarded room's CPU move waits before the worker takes it: with the
    servers leaving every CPU turn to it, `stalled_for` without the readable delay, which
    fast-forward skips; None (as any room) while the servers play CPU turns, fast-forwarded ones
    at once, and the worker takes only those that stalled."""
    if setting("SEVENS_CPU_IN_SERVER", True):
        return None
    return max(0.0, stalled_for - float(setting("SEVENS_CPU_DELAY", 0.8)))


def sweep(present: dict[str, list[str]], stalled_for: float, awake_since=None) -> list[str]:
    """One round of housekeeping; returns the rooms whose server move is due. `awake_since`:
    when this process started (`presence.expire_absent_seats` gives its players that long)."""
    from rooms import services

    if present:
        services.heartbeats(present)
    services.expire_absent_seats(awake_since=awake_since)
    # A friend's seat down long enough whose process died before saying it offline.
    services.say_offline_due()
    services.close_idle_rooms()
    return due_rooms(stalled_for)


def room_versions(slugs: list[str]) -> dict[str, int]:
    from rooms.models import Room

    return dict(Room.objects.filter(slug__in=slugs).values_list("slug", "version"))


# The asynchronous side: one runner per server process, on its event loop.


class CpuRunner:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: dict[str, asyncio.Task] = {}  # the rooms whose server moves are under way
        self.again: set[str] = set()
        self.present: Counter[tuple[str, str]] = Counter()
        self.channels: dict[str, set[str]] = {}  # this process's sockets, by room
        self.sweeper: asyncio.Task | None = None
        self.swept: asyncio.Event | None = None  # set after each sweep (tests wait for it)
        self._pools: dict[str, object] = {}
        self.offline_checks: set[asyncio.Task] = set()  # `offline_later`'s, kept from the GC
        self.closed: Counter[str] = Counter()  # sockets closed lately: sweeps since (drop_unread)
        # When this process started sweeping: its players' seats are not away for longer.
        self.awake_since = None

    def bind(self) -> None:
        """Attach to the running event loop (the first socket of a process does it) and start
        sweeping, which also resumes the CPU turns left pending by a restart."""
        loop = asyncio.get_running_loop()
        if self.loop is loop and self.sweeper and not self.sweeper.done():
            return
        self.loop, self.tasks, self.again = loop, {}, set()
        if self.awake_since is None:
            from django.utils import timezone

            self.awake_since = timezone.now()
        self.swept = asyncio.Event()
        self.sweeper = loop.create_task(self._sweep_forever())

    def kick(self, slug: str) -> None:
        """Room changed (any thread): play its server move if it has one. No loop, no runner."""
        loop = self.loop
        if loop is None or loop.is_closed() or not setting("SEVENS_CPU_IN_SERVER", True):
            return
        with contextlib.suppress(RuntimeError):  # the loop closed between the check and the call
            # A fresh context: a kick from a request's sync thread must not hand the task that
            # thread's asgiref executor ("Single thread executor already being used").
            loop.call_soon_threadsafe(self._start, slug, context=contextvars.Context())

    def offline_later(self, slug: str, session_key: str, delay: float) -> None:
        """A friend's last socket here closed: `delay` seconds on, if they are not back, the
        others are told (`presence.said_offline`). On this process's loop; if the process dies
        meanwhile, the next sweep of any other process (or of the CPU worker) says it
        (`presence.say_offline_due`), once."""

        async def check() -> None:
            await asyncio.sleep(delay)
            if (slug, session_key) in self.present:  # back on this process
                return
            from rooms import presence

            try:
                await database_sync_to_async(presence.said_offline)(slug)
            except Exception:
                log.exception("room %s: saying a seat offline failed", slug)

        task = asyncio.get_running_loop().create_task(check())
        self.offline_checks.add(task)
        task.add_done_callback(self.offline_checks.discard)

    def arrive(self, slug: str, session_key: str | None, channel: str | None = None) -> None:
        if channel:
            self.channels.setdefault(slug, set()).add(channel)
        if session_key:
            self.present[(slug, session_key)] += 1

    def depart(self, slug: str, session_key: str | None, channel: str | None = None) -> None:
        if channel and slug in self.channels:
            self.channels[slug].discard(channel)
            if not self.channels[slug]:
                del self.channels[slug]
        if session_key:
            self.present[(slug, session_key)] -= 1
            if self.present[(slug, session_key)] <= 0:
                del self.present[(slug, session_key)]

    async def idle(self) -> None:
        """Waits until no room of this process has a server move in flight (for tests)."""
        while any(not t.done() for t in self.tasks.values()):
            await asyncio.gather(*self.tasks.values(), return_exceptions=True)

    async def stop(self) -> None:
        tasks = [t for t in [self.sweeper, *self.tasks.values()] if t]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.loop, self.sweeper, self.tasks = None, None, {}

    def _start(self, slug: str) -> None:
        task = self.tasks.get(slug)
        if task and not task.done():
            self.again.add(slug)  # re-plan when the current move is done
            return
        task = self.tasks[slug] = asyncio.get_running_loop().create_task(self._play(slug))
        task.add_done_callback(functools.partial(self._forget, slug))

    def _forget(self, slug: str, task: asyncio.Task) -> None:
        # A process serves room after room for months: a finished room's task (and a re-plan
        # asked of a task that then failed) is dropped, or every room ever played stays here.
        if self.tasks.get(slug) is task:
            del self.tasks[slug]
            self.again.discard(slug)

    async def _play(self, slug: str) -> None:
        try:
            while True:
                self.again.discard(slug)
                turn = await database_sync_to_async(plan)(slug)
                if turn is None:
                    if slug in self.again:
                        continue
                    return
                action = await self._decide_within_delay(turn)
                result = await database_sync_to_async(submit)(turn, action)
                if not result.ok and not result.stale:
                    refused(slug, result)
                    if slug not in self.again:
                        return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("CPU runner failed in room %s", slug)

    async def _decide_within_delay(self, turn: Turn) -> dict:
        """The turn's action, thought during the readable delay, not after it: a move then takes
        the delay whatever the thinking (a Hard seat's search takes up to its budget, a seat with
        one move nothing), so how long a computer took never tells what it held (a quick pass
        said "no card to play" where a pass may be chosen). Past the delay, as long as it thinks."""
        if turn.forced:
            if turn.delay:
                await asyncio.sleep(turn.delay)
            return decide(turn)
        thinking = asyncio.ensure_future(self._think(turn.job))
        try:
            if turn.delay:
                await asyncio.sleep(turn.delay)
            return await thinking
        finally:
            if not thinking.done():
                thinking.cancel()

    async def _think(self, job: dict) -> dict:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), choose_move, job)
        except BrokenProcessPool:
            self._pools.pop("process", None)  # a worker died: start a fresh pool
            return await loop.run_in_executor(self._pool(), choose_move, job)

    def _pool(self):
        kind = setting("SEVENS_CPU_EXECUTOR", "process")
        if kind not in self._pools:
            self._pools[kind] = thinking_pool(kind, int(setting("SEVENS_CPU_WORKERS", 2)))
        return self._pools[kind]

    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self.sweep_once()
                self.swept.set()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("CPU runner sweep failed")
            await asyncio.sleep(float(setting("SEVENS_SWEEP_SECONDS", 5)))

    async def sweep_once(self) -> None:
        present: dict[str, list[str]] = {}
        for slug, key in list(self.present):
            present.setdefault(slug, []).append(key)
        stalled_for = float(setting("SEVENS_CPU_DELAY", 0.8)) + float(
            setting("SEVENS_STALL_SECONDS", 2)
        )
        due = await database_sync_to_async(sweep)(present, stalled_for, self.awake_since)
        if setting("SEVENS_CPU_IN_SERVER", True):
            for slug in due:
                self._start(slug)
        await self.rejoin()
        self.drop_unread()
        if present:
            await self.remind(await database_sync_to_async(room_versions)(list(present)))

    async def rejoin(self) -> None:
        """Puts this process's sockets back in their rooms' groups. A membership can go without
        the socket knowing: Redis restarted and lost its data (nothing is persisted) while the
        layer's retry quietly reconnected the consumer to the empty server, or the membership
        outlived channels-redis's group expiry (a day). Such a socket stays open and hears no
        notice, nor the reminder below, again: its table froze until the page was reloaded."""
        from channels.layers import get_channel_layer

        from rooms.announce import group_name

        layer = get_channel_layer()
        for slug, names in list(self.channels.items()):
            for name in list(names):
                try:
                    await layer.group_add(group_name(slug), name)
                except Exception:
                    log.warning("could not put the sockets of room %s back in its group", slug)
                    return  # the layer is down: the next sweep tries again
                if name not in self.channels.get(slug, ()):  # it left meanwhile: out again
                    with contextlib.suppress(Exception):
                        await layer.group_discard(group_name(slug), name)

    def receive_ended(self, channel: str) -> None:
        """A socket's consumer has ended, its receive with it (channels cancels and awaits it
        first): what the layer holds for its channel from now on is left behind (`drop_unread`).
        Not sooner: a receive still waiting on the channel's queue deletes it itself when it is
        cancelled, and one dropped under it raised a KeyError that left the layer's receive lock
        held, and every other socket of the process stopped receiving."""
        self.closed[channel] = 0

    def drop_unread(self) -> None:
        """Drops what channels-redis still holds for the sockets of this process that closed.
        The layer takes a message for any of the process's channels off Redis in whichever
        receive runs and keeps it by channel name until that channel's own receive takes it, and
        a receive cut off by the socket's close may leave its empty queue: a socket that closed
        with a notice on its way never came for them, and the layer kept them for the process's
        life (channels_redis #384): one more for about every third match a process served. A
        closed socket's name is dropped at the two sweeps after its close (a notice already on
        its way when it left its group lands in between)."""
        from channels.layers import get_channel_layer

        buffers = getattr(get_channel_layer(), "receive_buffer", None)
        for name in list(self.closed):
            if buffers is not None:
                buffers.pop(name, None)
            self.closed[name] += 1
            if self.closed[name] >= 2:
                del self.closed[name]

    async def remind(self, versions: dict[str, int]) -> None:
        """Tells the sockets of each room again which version it is at. A socket that already
        has it does nothing; one whose last notice was lost (a full channel, an expired message)
        catches up within a sweep, even when no further move comes to show it the gap."""
        from channels.layers import get_channel_layer

        from rooms.announce import group_name

        layer = get_channel_layer()
        for slug, version in versions.items():
            try:
                await layer.group_send(
                    group_name(slug), {"type": "room.changed", "version": version}
                )
            except Exception:
                log.warning("could not remind room %s of version %s", slug, version)


runner = CpuRunner()


def resuming(app):
    """ASGI wrapper: binds this process's runner at its first request or socket. Daphne has no
    startup hook, and CPU turns a restart left pending should not wait for a player's socket."""

    async def application(scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            runner.bind()
        return await app(scope, receive, send)

    return application
