"""The CPU worker thinks for the rooms due at once side by side (`--jobs`): one Hard table no
longer waits behind every other table's search. Each move is still applied once, through the
version guard, and a room waiting for a human is left alone."""

import pytest
from django.core.management import CommandError, call_command

from rooms import cpu, services
from tests.live_support import fresh, new_session
from tests.test_cpu_runner_resume import cpu_to_act, waiting_for_a_human

pytestmark = pytest.mark.django_db


@pytest.fixture
def worker_only(settings):
    settings.SEVENS_CPU_IN_SERVER = False
    settings.SEVENS_CPU_DELAY = 30  # a readable delay no test waits for: the rooms fast-forward
    settings.SEVENS_STALL_SECONDS = 30
    settings.SEVENS_CPU_EXECUTOR = "thread"


@pytest.fixture
def pools(monkeypatch):
    """The pools the worker makes, and how many moves each was asked to think."""
    made = []
    real = cpu.thinking_pool

    def counting(kind, workers):
        pool = real(kind, workers)
        entry = {"workers": workers, "thought": 0}
        submit = pool.submit

        def counted(fn, *args):
            entry["thought"] += 1
            return submit(fn, *args)

        pool.submit = counted
        made.append(entry)
        return pool

    monkeypatch.setattr(cpu, "thinking_pool", counting)
    return made


def rooms_to_play(n: int) -> list:
    """N rooms at a computer's turn (not the player's forced pass, made without thinking),
    fast-forwarded."""
    out = []
    while len(out) < n:
        key = new_session()
        room = cpu_to_act(key)
        if room.turn == 0:  # the player (seat 0) must pass: no thinking to do
            continue
        assert services.fast_forward(room.slug, key)
        out.append(room)
    return out


@pytest.mark.usefixtures("worker_only")
def test_it_thinks_for_several_rooms_at_once_and_plays_each_to_a_human(pools):
    rooms = rooms_to_play(3)
    call_command("run_cpu_worker", "--once", "--jobs", "3")
    for room in rooms:
        assert waiting_for_a_human(room)
        assert fresh(room).match.rounds.get().events
    assert len(pools) == 1 and pools[0]["workers"] == 3
    assert pools[0]["thought"] >= 3  # every room's first move at least


@pytest.mark.usefixtures("worker_only")
def test_with_one_job_it_thinks_in_its_own_process_as_before(pools):
    rooms = rooms_to_play(2)
    call_command("run_cpu_worker", "--once", "--jobs", "1")
    assert all(waiting_for_a_human(room) for room in rooms)
    assert pools == []


@pytest.mark.usefixtures("worker_only")
def test_a_room_not_due_is_left_to_its_delay(pools):
    (due,) = rooms_to_play(1)
    waiting = cpu_to_act(new_session())  # not fast-forwarded: younger than the delay
    call_command("run_cpu_worker", "--once", "--jobs", "2")
    assert waiting_for_a_human(due)
    assert fresh(waiting).version == waiting.version


def test_it_refuses_no_jobs():
    with pytest.raises(CommandError, match="--jobs 0"):
        call_command("run_cpu_worker", "--once", "--jobs", "0")


@pytest.mark.usefixtures("worker_only")
def test_the_default_pool_of_processes_thinks_too(settings):
    settings.SEVENS_CPU_EXECUTOR = "process"  # spawned processes, as in production
    rooms = rooms_to_play(2)
    call_command("run_cpu_worker", "--once", "--jobs", "2")
    assert all(waiting_for_a_human(room) for room in rooms)
