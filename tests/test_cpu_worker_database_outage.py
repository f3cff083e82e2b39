"""The CPU worker rides out a database that drops its connection (PostgreSQL restarted, failed
over, or a backend terminated): it logs, waits and tries again, where it used to die with a
traceback and leave, with SEVENS_CPU_IN_SERVER off, every CPU seat of every room stalled until
someone restarted it (systemd gives up on a unit that fails five times in ten seconds)."""

import logging

import pytest
from django.db import OperationalError

from rooms import cpu, services
from rooms.management.commands import run_cpu_worker
from rooms.management.commands.run_cpu_worker import Command

pytestmark = pytest.mark.pure


class Enough(Exception):
    """Ends the worker's loop in the test."""


@pytest.fixture
def no_housekeeping(monkeypatch):
    monkeypatch.setattr(services, "expire_absent_seats", lambda **since: None)
    monkeypatch.setattr(services, "say_offline_due", lambda: None)
    monkeypatch.setattr(services, "close_idle_rooms", lambda: None)
    monkeypatch.setattr(run_cpu_worker.time, "sleep", lambda seconds: None)


def passes(monkeypatch, *outcomes):
    """cpu.due_rooms answers each pass with the next outcome (raised if an exception)."""
    calls = []

    def due_rooms(stall, fast_stall=None):
        outcome = outcomes[len(calls)]
        calls.append(stall)
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    monkeypatch.setattr(cpu, "due_rooms", due_rooms)
    return calls


def test_the_worker_goes_on_after_the_database_drops_its_connection(
    monkeypatch, no_housekeeping, caplog
):
    gone = OperationalError("terminating connection due to administrator command")
    calls = passes(monkeypatch, gone, gone, [], Enough())
    with caplog.at_level(logging.INFO, logger="rooms.cpu_worker"), pytest.raises(Enough):
        Command().work(once=False, poll=0.01, stall=0.8)
    assert len(calls) == 4  # two failed passes, one that worked, and the test's stop
    said = [r.getMessage() for r in caplog.records]
    assert sum("database error, trying again" in m for m in said) == 2
    assert any("the database answers again" in m for m in said)


def test_a_single_pass_still_fails_loudly(monkeypatch, no_housekeeping):
    # --once is for cron: a failed run must exit non-zero, not retry forever.
    passes(monkeypatch, OperationalError("gone"))
    with pytest.raises(OperationalError):
        Command().work(once=True, poll=0.01, stall=0.8)
