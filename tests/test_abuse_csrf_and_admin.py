"""Every form needs its CSRF token; the admin is for staff only."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db


def every_path(slug: str) -> list[str]:
    """Every URL of the site, with a real room's slug and made-up values for other arguments."""
    out = []

    def walk(patterns, prefix):
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                if "admin" in route:
                    out.append("/admin/login/")
                    continue
                walk(p.url_patterns, route)
            elif isinstance(p, URLPattern):
                out.append("/" + fill(route, slug))

    walk(get_resolver().url_patterns, "")
    return sorted(set(out))


def fill(route: str, slug: str) -> str:
    import re

    route = route.lstrip("^").rstrip("$").replace("\\Z", "")
    route = re.sub(r"<slug:[^>]+>|<str:[^>]+>", slug, route)
    route = re.sub(r"<int:[^>]+>", "1", route)
    route = re.sub(r"<[^>]+>", "x", route)
    return route


def test_it_refuses_a_post_without_its_token_on_every_url():
    room = cpu_room(new_session())
    client = Client(enforce_csrf_checks=True)
    client.get("/")  # a session and a CSRF cookie, as a browser would have: only the token lacks
    refused = {}
    for path in every_path(room.slug):
        if "(?P" in path:  # a regex route (static files in DEBUG): not a form
            continue
        response = client.post(path, {"name": "Mallory", "start": "friend"})
        refused[path] = response.status_code
    assert refused and all(code in (403, 404, 405) for code in refused.values()), refused
    # The forms that change something answer 403, not just "not found".
    for path in ("/new/", f"/room/{room.slug}/seat/", f"/room/{room.slug}/start/"):
        assert refused[path] == 403, path


def test_it_accepts_the_same_post_with_the_token():
    client = Client(enforce_csrf_checks=True)
    page = client.get("/")
    token = page.cookies["csrftoken"].value
    data = {
        "players": "4",
        "rounds": "1",
        "pass_limit": "3",
        "ends": "none",
        "sevens": "laid_out",
        "ace": "low",
        "round_end": "last_player",
        "scoring": "rank_points",
        "start": "friend",
        "csrfmiddlewaretoken": token,
    }
    assert client.post("/new/", data).status_code == 302


def test_it_keeps_the_admin_from_visitors_and_players():
    visitor = Client()
    assert visitor.get("/admin/").status_code == 302
    player = Client()
    player.force_login(User.objects.create_user("ben", password="x" * 12))
    response = player.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert player.get("/admin/rooms/room/").status_code == 302


def test_it_opens_the_admin_to_staff():
    staff = Client()
    staff.force_login(User.objects.create_user("aki", password="x" * 12, is_staff=True))
    assert staff.get("/admin/").status_code == 200
