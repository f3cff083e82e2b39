"""Admin is for staff only: a visitor and a signed-in player who is not staff are both refused."""

import pytest
from django.contrib.auth.models import User

pytestmark = pytest.mark.django_db

PAGES = [
    "/admin/",
    "/admin/rooms/room/",
    "/admin/rooms/seat/",
    "/admin/games/match/",
    "/admin/auth/user/",
    "/admin/history/rating/",
    "/admin/history/ratingchange/",
    "/admin/history/matchplayer/",
    "/admin/stats/playevent/",
    "/admin/stats/playevent/summary/",
]


@pytest.mark.parametrize("url", PAGES)
def test_it_sends_a_visitor_to_the_login_page(client, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


@pytest.mark.parametrize("url", PAGES)
def test_it_refuses_a_player_who_is_not_staff(client, url):
    client.force_login(User.objects.create_user("ben", password="not-staff-pw-1"))
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


@pytest.mark.parametrize("url", PAGES)
def test_it_opens_for_staff(admin_client, url):
    assert admin_client.get(url).status_code == 200


@pytest.mark.parametrize("url", [p for p in PAGES if p != "/admin/"])
def test_it_refuses_staff_without_the_permission_to_view(client, url):
    # Staff is who may enter admin; what each member sees is their permissions' (the summary of
    # the play statistics too, as the rows it counts).
    client.force_login(User.objects.create_user("cho", password="staff-pw-1", is_staff=True))
    assert client.get(url).status_code == 403
