"""An operator closes a stuck room from admin: the room is closed through the services, its
unfinished match is kept as abandoned, and the room's sockets hear of the new version."""

import pytest

from games.models import Match
from rooms.models import Room
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db


def test_it_closes_the_selected_room_and_keeps_its_match(admin_client):
    stuck, other = cpu_room(new_session()), cpu_room(new_session())
    version = stuck.version
    response = admin_client.post(
        "/admin/rooms/room/",
        {"action": "close_rooms", "_selected_action": [stuck.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert "1 room closed." in response.content.decode()
    stuck.refresh_from_db()
    assert stuck.status == Room.Status.CLOSED and stuck.version == version + 1
    assert stuck.turn is None and not stuck.auto_turn
    assert stuck.match.status == Match.Status.ABANDONED and stuck.match.ended_at
    other.refresh_from_db()
    assert other.status == Room.Status.PLAYING


def test_it_leaves_an_already_closed_room_alone(admin_client):
    room = cpu_room(new_session())
    admin_client.post(
        "/admin/rooms/room/", {"action": "close_rooms", "_selected_action": [room.pk]}
    )
    room.refresh_from_db()
    version = room.version
    response = admin_client.post(
        "/admin/rooms/room/",
        {"action": "close_rooms", "_selected_action": [room.pk]},
        follow=True,
    )
    assert "0 rooms closed." in response.content.decode()
    room.refresh_from_db()
    assert room.version == version


def test_it_cannot_add_or_edit_a_room_by_hand(admin_client):
    room = cpu_room(new_session())
    assert admin_client.get("/admin/rooms/room/add/").status_code == 403
    page = admin_client.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()
    assert 'name="status"' not in page and "_save" not in page
