"""Fast-forward with the CPU worker: with SEVENS_CPU_IN_SERVER=0 the worker plays every CPU seat,
and a room whose player pressed "Fast-forward" must not wait the readable delay before each CPU
move (the worker took a turn only once the room was older than the delay, so fast-forward did
nothing: three CPU moves took as long with it as without)."""

import pytest
from django.core.management import call_command

from rooms import services
from rooms.models import Room
from tests.live_support import fresh, new_session
from tests.test_cpu_runner_resume import cpu_to_act


@pytest.fixture
def worker_only(settings):
    settings.SEVENS_CPU_IN_SERVER = False
    settings.SEVENS_CPU_DELAY = 30  # a readable delay no test waits for
    settings.SEVENS_STALL_SECONDS = 30


@pytest.mark.django_db
@pytest.mark.usefixtures("worker_only")
def test_the_worker_waits_the_delay_before_a_cpu_move_in_an_ordinary_room():
    room = cpu_to_act(new_session())
    call_command("run_cpu_worker", "--once")
    assert fresh(room).version == room.version  # not yet: the room is younger than the delay


@pytest.mark.django_db
@pytest.mark.usefixtures("worker_only")
def test_the_worker_plays_a_fast_forwarded_room_at_once():
    aki = new_session()
    room = cpu_to_act(aki)
    assert services.fast_forward(room.slug, aki)
    call_command("run_cpu_worker", "--once")
    room = fresh(room)
    assert room.status != Room.Status.PLAYING or not room.auto_turn  # a human's turn, or the end
    assert room.match.rounds.get().events


@pytest.mark.django_db
def test_a_worker_beside_servers_playing_cpu_turns_leaves_a_fast_forwarded_room_to_them(settings):
    # The servers play a fast-forwarded room's CPU turns at once; the worker only takes one that
    # stalled, past the stall allowance (the delay skipped, as the servers skip it).
    settings.SEVENS_CPU_IN_SERVER = True
    settings.SEVENS_CPU_DELAY = 0
    settings.SEVENS_STALL_SECONDS = 30
    aki = new_session()
    room = cpu_to_act(aki)
    assert services.fast_forward(room.slug, aki)
    call_command("run_cpu_worker", "--once")
    assert fresh(room).version == room.version  # not the worker's to play yet
