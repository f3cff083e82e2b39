"""Fast-forward: a seated player drops the CPU's readable delay for the rest of the round."""

import pytest

from rooms import cpu, services
from tests.live_support import cpu_room, fresh, hotseat_room, new_session, play_round_by_hand

pytestmark = pytest.mark.django_db


def cpu_turn_room(key):
    while True:
        room = cpu_room(key)
        if room.auto_turn:
            return room
        room.delete()


def test_it_drops_the_delay_for_the_rest_of_the_round_only(settings):
    settings.SEVENS_CPU_DELAY = 0.8
    aki, dan = new_session(), new_session()
    room = cpu_turn_room(aki)
    assert cpu.plan(room.slug).delay == 0.8
    assert services.fast_forward(room, dan) is False  # a watcher cannot
    assert cpu.plan(room.slug).delay == 0.8
    assert services.fast_forward(room, aki) is True
    assert cpu.plan(room.slug).delay == 0
    assert fresh(room).version == room.version  # not a change of the table


def test_it_turns_fast_forward_off_at_the_next_deal():
    aki = new_session()
    room = hotseat_room(aki, rounds=3)
    services.fast_forward(room, aki)
    room = play_round_by_hand(room, aki)
    assert room.fast_forward is True
    services.next_round(room, aki)
    assert fresh(room).fast_forward is False
