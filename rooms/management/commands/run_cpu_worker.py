"""Plays the CPU's turns of every room, as a process of its own (no Celery).

Server processes play their rooms' CPU turns themselves; this worker takes the turns that stalled
(a server restarted or died) or, with SEVENS_CPU_IN_SERVER off, all of them. Work is claimed by
the room's version: when two processes try the same move, only the first write applies. The rooms
due at once think side by side (`--jobs`, a pool as the servers' own), each move submitted as soon
as it is chosen: one Hard table no longer waits behind every other's search.
"""

import contextlib
import logging
import signal
import time
from concurrent.futures import as_completed
from concurrent.futures.process import BrokenProcessPool

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError, InterfaceError, connections
from django.utils import timezone

from rooms import cpu, services
from rooms.moves import choose_move

log = logging.getLogger("rooms.cpu_worker")


def _stop(signum, frame):
    raise SystemExit(0)


class Command(BaseCommand):
    help = "Play the CPU seats whose turn is due; hand absent players' seats to the CPU; close idle rooms."
    jobs = 1  # moves thought at the same time (`--jobs`)
    pool = None  # where they think, made at the first pass that needs it

    def add_arguments(self, parser):
        parser.add_argument(
            "--once", action="store_true", help="one pass: play every due room up to a human's turn"
        )
        parser.add_argument("--poll", type=float, default=0.25, help="seconds between passes")
        parser.add_argument(
            "--jobs",
            type=int,
            default=None,
            help="CPU moves thought at the same time, each in a process of its own "
            "(default: SEVENS_CPU_WORKERS; 1 thinks in this process, one room after another)",
        )
        parser.add_argument(
            "--stall",
            type=float,
            default=None,
            help="seconds a CPU turn waits before this worker takes it "
            "(default: the CPU delay, plus SEVENS_STALL_SECONDS when servers play CPU turns)",
        )

    def handle(self, *args, once=False, poll=0.25, stall=None, jobs=None, **options):
        # Refused before the loop: a negative --poll crashed it at its first idle pass (under
        # systemd, a restart every second), 0 kept a core busy asking the database.
        if not poll > 0:
            raise CommandError(f"--poll {poll}: a number of seconds above 0 is expected")
        if stall is not None and not stall >= 0:
            raise CommandError(f"--stall {stall}: a number of seconds, 0 or more, is expected")
        if jobs is not None and jobs < 1:
            raise CommandError(f"--jobs {jobs}: a whole number of 1 or more is expected")
        self.jobs = jobs if jobs is not None else int(getattr(settings, "SEVENS_CPU_WORKERS", 2))
        self.pool = None
        stall = self.stall() if stall is None else stall
        if not once:
            # The service's journal shows that it runs, and when it stopped (systemd stops it with
            # SIGTERM, which otherwise ends the process without a word).
            signal.signal(signal.SIGTERM, _stop)
        try:
            if not once:
                # Inside the try: a SIGTERM just after this line is still said.
                log.info(
                    "CPU worker started: takes CPU turns waiting %.2f s, polls every %.2f s",
                    stall,
                    poll,
                )
            self.work(once, poll, stall)
        except (KeyboardInterrupt, SystemExit):
            log.info("CPU worker stopped")
        except BaseException:
            log.exception("CPU worker stopped")
            raise
        finally:
            if self.pool is not None:
                self.pool.shutdown(cancel_futures=True)

    def work(self, once: bool, poll: float, stall: float) -> None:
        swept = 0.0
        # A player is not away for longer than this worker could have seen them back (a restart
        # of every process after an outage: `presence.expire_absent_seats`).
        awake_since = None if once else timezone.now()
        failures = 0
        while True:
            try:
                if once or time.monotonic() - swept > float(
                    getattr(settings, "SEVENS_SWEEP_SECONDS", 5)
                ):
                    services.expire_absent_seats(awake_since=awake_since)
                    services.say_offline_due()  # a friend's process died before saying it
                    services.close_idle_rooms()
                    swept = time.monotonic()
                due = cpu.due_rooms(stall, cpu.fast_stall(stall))
                played = self.play(due, once)
            except (DatabaseError, InterfaceError) as error:
                # PostgreSQL restarted, failed over or dropped the connection: the pass is lost
                # (a move is one transaction, so nothing is half-applied) and the worker waits
                # and tries again, instead of dying and leaving every CPU seat to stall.
                if once:
                    raise
                failures += 1
                wait = min(poll * 2**failures, 5.0)
                log.warning("CPU worker: database error, trying again in %.1f s: %s", wait, error)
                with contextlib.suppress(DatabaseError, InterfaceError):
                    connections.close_all()  # a broken connection is dropped, not reused
                time.sleep(wait)
                continue
            if failures:
                log.info("CPU worker: the database answers again")
                failures = 0
            if once:
                self.stdout.write(f"{played} CPU moves played")
                return
            if not played:
                time.sleep(poll)

    def play(self, due: list[str], everything: bool) -> int:
        """One move in each due room, keeping the readable delay; `everything` (`--once`) plays
        on until every one of them waits for a human. Returns the moves applied."""
        played, rooms = 0, list(due)
        for _ in range(1000 if everything else 1):
            applied, rooms = self.one_move_each(rooms)
            played += applied
            if not rooms:
                break
        return played

    def one_move_each(self, slugs: list[str]) -> tuple[int, list[str]]:
        """The server's next move in each room: the bots think side by side, in the pool (`jobs`),
        and each move is submitted as soon as it is chosen. Returns how many applied, and the
        rooms to play on (a move applied, or read on a version that moved meanwhile)."""
        turns = [turn for turn in map(cpu.plan, slugs) if turn is not None]
        # A forced pass needs no thinking; one search alone gains nothing from a pool.
        thinking = [turn for turn in turns if not turn.forced]
        inline = [turn for turn in turns if turn.forced]
        if self.jobs < 2 or len(thinking) < 2:
            inline, thinking = turns, []
        applied, again = 0, []

        def submit(turn: cpu.Turn, action: dict | None) -> None:
            nonlocal applied
            result = cpu.submit(turn, action)
            if result.ok or result.stale:
                applied += int(result.ok)
                again.append(turn.slug)
            else:
                cpu.refused(turn.slug, result)

        if thinking:
            # what the servers' pool is given too (`CpuRunner._think`): the job alone
            pool = self.thinking_pool()
            chosen = {pool.submit(choose_move, turn.job): turn for turn in thinking}
            for future in as_completed(chosen):
                submit(chosen[future], self.outcome(future, chosen[future]))
        for turn in inline:
            submit(turn, cpu.decide(turn))
        return applied, again

    def thinking_pool(self):
        if self.pool is None:
            kind = getattr(settings, "SEVENS_CPU_EXECUTOR", "process")
            self.pool = cpu.thinking_pool(kind, self.jobs)
        return self.pool

    def outcome(self, future, turn: cpu.Turn) -> dict | None:
        try:
            return future.result()
        except BrokenProcessPool:
            # A thinking process died (killed, out of memory): a fresh pool for the next pass,
            # and this move thought here.
            log.warning("CPU worker: a thinking process died; starting a fresh pool")
            self.pool = None
            return cpu.decide(turn)

    @staticmethod
    def stall() -> float:
        delay = float(getattr(settings, "SEVENS_CPU_DELAY", 0.8))
        if getattr(settings, "SEVENS_CPU_IN_SERVER", True):
            delay += float(getattr(settings, "SEVENS_STALL_SECONDS", 2))
        return delay
