"""A hot-seat room's own device is marked `device` in its #table-state, and a watcher of the room
is not: between rounds both see the table with no seat and no curtain, and the watcher's page took
the device's mark when it was rendered second (the fragment was kept under the same key), so its
play statistics counted a match it only watched and it said nobody offline or back
(`static/js/stats.js`, `panel.js`)."""

import pytest

from rooms import frames
from tests.live_support import hotseat_room, new_session, play_round_by_hand, table_state

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("device_first", [True, False])
def test_between_rounds_only_the_device_is_marked(device_first):
    key = new_session()
    room = play_round_by_hand(hotseat_room(key, rounds=3), key)
    assert room.status == "between_rounds"
    snap = frames.read(room.slug)
    order = [True, False] if device_first else [False, True]
    tables = {device: frames.table_for(snap, None, None, device) for device in order}
    assert table_state(tables[True].fragments["table_state"]).get("device") is True
    assert "device" not in table_state(tables[False].fragments["table_state"])
