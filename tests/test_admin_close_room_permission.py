"""Closing a room from admin abandons the match being played there, so it takes a permission of
its own kind: a staff account given only the "view" permissions (a support account that reads
rooms, matches and statistics) is not offered the action, and a post of it closes nothing. The
room's "Can change room" permission allows it (a superuser has it)."""

import pytest
from django.contrib.auth.models import Permission, User

from rooms.models import Room
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db


def staff(*codenames: str) -> User:
    user = User.objects.create_user("sam", password="support-pw-12345", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    return user


def close(client, room: Room):
    return client.post(
        "/admin/rooms/room/",
        {"action": "close_rooms", "_selected_action": [room.pk]},
        follow=True,
    )


def test_it_offers_a_viewer_no_close_action_and_closes_nothing(client):
    client.force_login(staff("view_room", "view_match"))
    room = cpu_room(new_session())
    page = client.get("/admin/rooms/room/")
    assert page.status_code == 200
    assert "close_rooms" not in page.content.decode()
    close(client, room)
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING


def test_it_lets_a_staff_member_who_may_change_rooms_close_one(client):
    client.force_login(staff("view_room", "change_room"))
    room = cpu_room(new_session())
    assert "close_rooms" in client.get("/admin/rooms/room/").content.decode()
    assert "1 room closed." in close(client, room).content.decode()
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED
