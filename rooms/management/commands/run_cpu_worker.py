"""Plays the CPU's turns of every room, as a process of its own (no Celery).

Server processes play their rooms' CPU turns themselves; this worker takes the turns that stalled
(a server restarted or died) or, with SEVENS_CPU_IN_SERVER off, all of them. Work is claimed by
the room's version: when two processes try the same move, only the first write applies.
"""

import contextlib
import logging
import signal
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError, InterfaceError, connections

from rooms import cpu, services

log = logging.getLogger("rooms.cpu_worker")


def _stop(signum, frame):
    raise SystemExit(0)


class Command(BaseCommand):
    help = "Play the CPU seats whose turn is due; hand absent players' seats to the CPU; close idle rooms."

    def add_arguments(self, parser):
        parser.add_argument(
            "--once", action="store_true", help="one pass: play every due room up to a human's turn"
        )
        parser.add_argument("--poll", type=float, default=0.25, help="seconds between passes")
        parser.add_argument(
            "--stall",
            type=float,
            default=None,
            help="seconds a CPU turn waits before this worker takes it "
            "(default: the CPU delay, plus SEVENS_STALL_SECONDS when servers play CPU turns)",
        )

    def handle(self, *args, once=False, poll=0.25, stall=None, **options):
        # Refused before the loop: a negative --poll crashed it at its first idle pass (under
        # systemd, a restart every second), 0 kept a core busy asking the database.
        if not poll > 0:
            raise CommandError(f"--poll {poll}: a number of seconds above 0 is expected")
        if stall is not None and not stall >= 0:
            raise CommandError(f"--stall {stall}: a number of seconds, 0 or more, is expected")
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

    def work(self, once: bool, poll: float, stall: float) -> None:
        swept = 0.0
        failures = 0
        while True:
            try:
                if once or time.monotonic() - swept > float(
                    getattr(settings, "SEVENS_SWEEP_SECONDS", 5)
                ):
                    services.expire_absent_seats()
                    services.close_idle_rooms()
                    swept = time.monotonic()
                due = cpu.due_rooms(stall, cpu.fast_stall(stall))
                played = sum(self.play(slug, once) for slug in due)
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

    def play(self, slug: str, everything: bool) -> int:
        """One move per room per pass keeps the readable delay; `everything` plays them all."""
        if everything:
            return cpu.play_pending(slug)
        turn = cpu.plan(slug)
        if turn is None:
            return 0
        result = cpu.submit(turn, cpu.decide(turn))
        if not result.ok and not result.stale:
            cpu.refused(slug, result)
        return int(result.ok)

    @staticmethod
    def stall() -> float:
        delay = float(getattr(settings, "SEVENS_CPU_DELAY", 0.8))
        if getattr(settings, "SEVENS_CPU_IN_SERVER", True):
            delay += float(getattr(settings, "SEVENS_STALL_SECONDS", 2))
        return delay
