"""A guest who asks for their data to be deleted has no account to delete: the operator deletes
their matches, and now the closed room too, whose seats kept the names typed there. An open room is
a table people may be sitting at: it cannot be deleted, one by one or in bulk."""

import pytest

from games.models import Match
from rooms import services
from rooms.models import Room, Seat
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db

URL = "/admin/rooms/room/"


def closed_room() -> Room:
    room = cpu_room(new_session())
    assert services.close_room(room.slug)
    room.refresh_from_db()
    return room


def test_a_closed_room_is_deleted_with_its_seats_and_its_match_stays(admin_client):
    room = closed_room()
    match_id = room.match_id
    page = admin_client.get(f"{URL}{room.pk}/change/").content.decode()
    assert "possible: its seats go, its matches stay" in page
    assert admin_client.get(f"{URL}{room.pk}/delete/").status_code == 200
    admin_client.post(f"{URL}{room.pk}/delete/", {"post": "yes"})
    assert not Room.objects.filter(pk=room.pk).exists()
    assert not Seat.objects.filter(room_id=room.pk).exists()
    match = Match.objects.get(pk=match_id)
    assert match.room_id is None and match.status == Match.Status.ABANDONED
    # its address now answers as a room that does not exist
    assert admin_client.get(f"/r/{room.slug}/").status_code == 404


def test_an_open_room_is_kept(admin_client):
    room = cpu_room(new_session())
    assert admin_client.get(f"{URL}{room.pk}/delete/").status_code == 403
    admin_client.post(f"{URL}{room.pk}/delete/", {"post": "yes"})
    assert Room.objects.filter(pk=room.pk).exists()
    page = admin_client.get(f"{URL}{room.pk}/change/").content.decode()
    assert "not possible: close the room first" in page


def test_the_bulk_delete_refuses_a_selection_with_an_open_room(admin_client):
    playing, closed = cpu_room(new_session()), closed_room()
    both = {"action": "delete_selected", "_selected_action": [playing.pk, closed.pk]}
    page = admin_client.post(URL, both).content.decode()
    assert f"Room {playing.slug}: still open; close it first" in page
    admin_client.post(URL, {**both, "post": "yes"})
    assert Room.objects.filter(pk__in=[playing.pk, closed.pk]).count() == 2
    alone = {"action": "delete_selected", "_selected_action": [closed.pk], "post": "yes"}
    admin_client.post(URL, alone)
    assert list(Room.objects.values_list("pk", flat=True)) == [playing.pk]


def test_a_view_only_staff_account_cannot_delete_a_room(client, django_user_model):
    from django.contrib.auth.models import Permission

    staff = django_user_model.objects.create_user("viewer", password="x", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_room"))
    client.force_login(staff)
    room = closed_room()
    assert client.get(f"{URL}{room.pk}/delete/").status_code == 403
    assert "delete_selected" not in client.get(URL).content.decode()
    assert Room.objects.filter(pk=room.pk).exists()
