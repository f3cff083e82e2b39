"""The Content-Security-Policy header (django-csp, config/settings.py and config/csp.py): every
page says scripts, styles, images, fonts and connections come from the site alone (the room's
socket on the page's own host), with no inline code and no eval, and that no other site may frame
it. The pages hold nothing that policy would block: no inline
script (JSON data blocks are not run), no <style>, no style or on… attribute.

tests/browser/test_browser_csp.py checks the same pages in chromium, with the socket and the 3D
table at work."""

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import path as route

from rooms import services
from rooms.models import Room
from tests.history_support import play, seats, store, user
from tests.live_support import cpu_room, hotseat_room, new_session, play_round_by_hand, rules
from tests.site_pages import PLAIN_PAGES

pytestmark = pytest.mark.django_db

POLICY = {
    "default-src": {"'self'"},
    "script-src": {"'self'"},
    "style-src": {"'self'"},
    "img-src": {"'self'"},
    "font-src": {"'self'"},
    # 'self', and the room socket's own origin for browsers that read 'self' as CSP Level 2 did
    # (Safari before 16: config/csp.py)
    "connect-src": {"'self'", "ws://testserver", "wss://testserver"},
    "object-src": {"'none'"},
    "base-uri": {"'self'"},
    "form-action": {"'self'"},
    "frame-ancestors": {"'none'"},
}
PAGES = [*PLAIN_PAGES, "/admin/login/"]
# A <script> the browser would run: no src, and a type that is JavaScript (or none).
INLINE_SCRIPT = re.compile(
    r"<script(?![^>]*\bsrc=)(?![^>]*\btype=\"application/json\")[^>]*>", re.IGNORECASE
)
INLINE_STYLE = re.compile(r"<style\b|\sstyle=", re.IGNORECASE)
HANDLER = re.compile(r"<[^>]*\son[a-z]+=", re.IGNORECASE)
BLOCKED_WORDS = ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "data:", "blob:", "*")


def policy_of(response) -> dict[str, set[str]]:
    header = response.headers.get("Content-Security-Policy")
    assert header, f"{response.status_code} without a Content-Security-Policy header"
    directives = {}
    for part in header.split(";"):
        name, *sources = part.split()
        assert name not in directives, f"{name} twice in {header!r}"
        directives[name] = set(sources)
    return directives


def assert_strict(response) -> None:
    policy = policy_of(response)
    assert policy == POLICY
    header = response.headers["Content-Security-Policy"]
    for word in BLOCKED_WORDS:
        assert word not in header.split(), f"{word} in {header!r}"


def assert_nothing_inline(html: str) -> None:
    assert not INLINE_SCRIPT.findall(html), INLINE_SCRIPT.findall(html)
    assert not INLINE_STYLE.search(html), html[INLINE_STYLE.search(html).start() :][:200]
    assert not HANDLER.search(html), HANDLER.search(html).group(0)


@pytest.mark.parametrize("path", PAGES)
def test_it_sends_the_strict_policy_with_every_page(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert_strict(response)
    assert_nothing_inline(response.content.decode())


def test_it_names_the_socket_of_the_page_s_own_host(client, settings):
    settings.ALLOWED_HOSTS = ["sevens.example"]
    for secure in (False, True):
        policy = policy_of(client.get("/", HTTP_HOST="sevens.example", secure=secure))
        assert policy["connect-src"] == {"'self'", "ws://sevens.example", "wss://sevens.example"}


def test_a_host_not_allowed_gets_the_policy_without_a_socket_origin(client, settings):
    settings.ALLOWED_HOSTS = ["sevens.example"]
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert policy_of(response)["connect-src"] == {"'self'"}


def test_it_tells_htmx_to_add_no_style_and_run_no_attribute_code(client):
    html = client.get("/").content.decode()
    config = (
        """<meta name="htmx-config" content='{"includeIndicatorStyles": false, """
        """"allowEval": false}'>"""
    )
    assert config in html


def test_the_room_page_with_its_3d_table_and_socket(client):
    key = new_session()
    client.cookies["sessionid"] = key
    room = cpu_room(key)
    response = client.get(f"/room/{room.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="table3d"' in html and 'hx-ext="ws"' in html and 'id="table-state"' in html
    assert_strict(response)
    assert_nothing_inline(html)


def test_a_room_page_seen_by_a_visitor_and_a_finished_room(client):
    room = cpu_room(new_session())
    assert_strict(client.get(f"/room/{room.slug}/"))
    Room.objects.filter(pk=room.pk).update(status=Room.Status.CLOSED)
    response = client.get(f"/room/{room.slug}/")
    assert_strict(response)
    assert_nothing_inline(response.content.decode())


def test_the_match_page_and_its_replay(client):
    stored = store(play(seed=31, seats=seats("human", "easy", "medium", "hard")))
    response = client.get(f"/matches/{stored.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="replay-state"' in html
    assert_strict(response)
    assert_nothing_inline(html)


def test_the_other_pages_and_fragments(client):
    """Each kind of page once more, for inline code: the ones a player meets after a match."""
    key = new_session()
    client.cookies["sessionid"] = key
    hotseat = play_round_by_hand(hotseat_room(key), key)
    stored = store(play(seed=5, seats=seats("human", "easy", "medium", "hard")))
    log = client.get(f"/matches/{stored.pk}/sevens-log.json").content
    file = io.BytesIO(log)
    file.name = "match.json"
    uploaded = client.post("/replays/upload/", {"file": file})
    assert uploaded.status_code == 302
    friend = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=key
    )
    user("Aki")
    for path in (
        f"/room/{hotseat.slug}/",
        f"/room/{hotseat.slug}/log/?round=1&before=3",
        f"/matches/room/{hotseat.slug}/",
        f"/room/{friend.slug}/",
        uploaded["Location"],
        "/players/Aki/",
        "/deal/?code=1xf",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert_strict(response)
        assert_nothing_inline(response.content.decode())


def test_the_error_pages(client):
    """A page not found, and a form sent without its CSRF token (templates/403_csrf.html)."""
    for path in ("/no-such-page/", "/room/no-such-room/"):
        response = client.get(path)
        assert response.status_code == 404
        assert_strict(response)
        assert_nothing_inline(response.content.decode())
    response = Client(enforce_csrf_checks=True).post("/new/", {"start": "cpu-easy"})
    assert response.status_code == 403
    assert_strict(response)


def boom(request):
    raise RuntimeError("a server error, on purpose")


urlpatterns = [route("boom/", boom)]  # the 500 page's test: ROOT_URLCONF is this module


def test_the_server_error_page(settings):
    settings.ROOT_URLCONF = __name__
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    assert_strict(response)
    assert_nothing_inline(response.content.decode())


def test_the_admin_signed_in(admin_client):
    room = cpu_room(new_session())
    for path in (
        "/admin/",
        "/admin/rooms/room/",
        f"/admin/rooms/room/{room.pk}/change/",
        "/admin/auth/user/add/",
        "/admin/stats/playevent/",
    ):
        response = admin_client.get(path)
        assert response.status_code == 200, path
        assert_strict(response)
        assert_nothing_inline(response.content.decode())


def test_the_table_demo_page(client, settings):
    settings.TABLE_DEMO = True
    response = client.get("/dev/table-demo/")
    assert response.status_code == 200
    assert_strict(response)
    assert_nothing_inline(response.content.decode())


def test_it_keeps_the_policy_in_debug(client, settings):
    settings.DEBUG = True
    key = new_session()
    client.cookies["sessionid"] = key
    response = client.get(f"/room/{cpu_room(key).slug}/")
    assert_strict(response)
    html = response.content.decode()
    assert "django_htmx/django-htmx.js" in html  # DEBUG's own script, from a file too
    assert_nothing_inline(html)


def directives_with(**env) -> dict:
    """The policy's directives as config/settings.py reads them from this environment."""
    read = (
        "import json, django; django.setup(); from django.conf import settings; "
        "print(json.dumps(settings.CONTENT_SECURITY_POLICY['DIRECTIVES']))"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith("SEVENS_CSP")}
    out = subprocess.run(
        [sys.executable, "-c", read],
        cwd=Path(__file__).resolve().parent.parent,
        env={**clean, **env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_it_names_a_report_collector_only_when_the_operator_gives_one(client, settings):
    assert "report-uri" not in directives_with()
    directives = directives_with(SEVENS_CSP_REPORT_URI="https://reports.example/csp")
    assert directives["report-uri"] == ["https://reports.example/csp"]

    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": directives}
    header = client.get("/").headers["Content-Security-Policy"]
    assert "report-uri https://reports.example/csp" in header.split("; ")
