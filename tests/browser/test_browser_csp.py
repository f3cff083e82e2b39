"""The Content-Security-Policy blocks nothing the site does (config/settings.py): chromium goes
through the main pages, plays a room on the 3D table and on the button panel (its socket, the
statistics' requests), opens a match's replay, the table's demo page and the admin, and no
`securitypolicyviolation` event fires nor does the console report one. With DEBUG on as well.

Personas: Aki plays; Boss runs the site."""

import pytest
from browser_support import LiveRoomTestCase, connected, version, wait_for_my_turn_or_the_end
from django.test import override_settings
from table3d_support import WEBGL_ARGS, ensure_bundle

from tests.history_support import play, seats, store
from tests.site_pages import PLAIN_PAGES

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]

WATCH = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(
    `${e.effectiveDirective} refused ${e.blockedURI || "?"} (${e.sourceFile}:${e.lineNumber})`));
"""
PAGES = [*PLAIN_PAGES, "/no-such-page/"]
PASSWORD = "csp-boss-password-1"


@override_settings(TABLE_DEMO=True)
class TestCsp(LiveRoomTestCase):
    browser_args = WEBGL_ARGS  # draws the 3D table (SwiftShader): the harness's own has no WebGL

    def setUp(self):
        ensure_bundle()
        super().setUp()
        # The database first: the test itself leaves the ORM alone (LiveRoomTestCase).
        from django.contrib.auth.models import User

        User.objects.create_superuser("boss", "boss@example.com", PASSWORD)
        self.match = store(play(seed=31, seats=seats("human", "easy", "medium", "hard")))
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(15_000)
        context.add_init_script(WATCH)
        self.addCleanup(context.close)
        self.page = context.new_page()
        self.console = []
        self.page.on(
            "console",
            lambda m: self.console.append(m.text) if "Content Security Policy" in m.text else None,
        )
        self.stats_sent = []
        self.page.on(
            "response",
            lambda r: self.stats_sent.append(r.status) if "/stats/event/" in r.url else None,
        )
        self.refused = {}

    def check(self, label: str) -> None:
        """Notes what the page in view had refused (the list lives as long as its document)."""
        found = self.page.evaluate("() => window.cspViolations") + self.console
        self.console.clear()
        if found:
            self.refused[label] = found

    def visit(self, path: str) -> None:
        self.page.goto(self.url(path))
        self.page.wait_for_load_state("load")
        self.check(path)

    def play_on_the_table(self, turns: int) -> None:
        page = self.page
        for _ in range(turns):
            if wait_for_my_turn_or_the_end(page) == "over":
                return
            before = version(page)
            cards = page.evaluate(
                "() => sevensTable.view.legal.filter((a) => a.type === 'play').map((a) => a.card)"
            )
            if cards:
                page.evaluate("(c) => sevensTable.press(c)", cards[0])
                page.locator('#table3d [data-table-action="play"]').click()
            else:
                page.locator('#table3d [data-table-action="pass"]').click()
            page.wait_for_function("(v) => sevensTable.view.version > v", arg=before)

    def play_on_the_panel(self, turns: int) -> None:
        page = self.page
        for _ in range(turns):
            if wait_for_my_turn_or_the_end(page) == "over":
                return
            before = version(page)
            card = page.locator("#hand .card.playable").first
            if page.locator("#hand .card.playable").count():
                card.click()
                page.locator("#controls .play-button").click()
            else:
                page.locator("#controls .pass-button").click()
            page.wait_for_function(
                "(v) => +document.querySelector('#table-state').dataset.version > v", arg=before
            )

    def test_it_refuses_nothing_the_site_does(self):
        page = self.page
        for path in PAGES:
            self.visit(path)

        # A room against the computer: its socket, the 3D table, both ways of playing.
        page.goto(self.url("/"))
        page.fill('input[name="name"]', "Aki")
        page.click('button[value="cpu-easy"]')
        page.wait_for_url("**/room/*/")
        connected(page)  # the socket is open: connect-src allows it
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        assert page.evaluate("() => sevensTable.failed") is False
        self.play_on_the_table(3)
        self.play_on_the_panel(3)
        self.check("a room")
        # The statistics' first event (match_start) was sent and answered.
        assert self.stats_sent and all(s < 300 for s in self.stats_sent), self.stats_sent

        # A match's replay: its keys step through it (static/js/replay.js).
        self.visit(f"/matches/{self.match.pk}/")
        page.keyboard.press("ArrowRight")
        self.check("a replay")

        # The 3D table's demo page: a module script of its own.
        page.goto(self.url("/dev/table-demo/?cpu=0"))
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        page.locator("#hand [data-card]:not(.dimmed)").first.click()
        page.locator("#controls .play-button").click()
        page.wait_for_function("() => window.demoSubmits === 1")
        self.check("the table demo")

        # The admin, signed in.
        page.goto(self.url("/admin/login/"))
        page.fill("#id_username", "boss")
        page.fill("#id_password", PASSWORD)
        page.click("input[type=submit]")
        page.wait_for_url(self.url("/admin/"))
        self.check("/admin/")
        for path in (
            "/admin/rooms/room/",
            "/admin/auth/user/add/",
            "/admin/stats/playevent/",
            "/admin/stats/playevent/summary/",
            "/admin/games/match/",
        ):
            self.visit(path)
        page.goto(self.url("/admin/rooms/room/"))
        page.locator("#result_list tbody th a").first.click()
        page.wait_for_url("**/change/")
        self.check("a room's change page")

        assert self.refused == {}

        # The watch sees what the policy refuses: an inline style and an inline script.
        page.evaluate(
            """() => {
                const style = document.createElement("style");
                style.textContent = "body { color: red; }";
                document.head.append(style);
                const script = document.createElement("script");
                script.textContent = "window.ran = true;";
                document.body.append(script);
            }"""
        )
        page.wait_for_function("() => window.cspViolations.length >= 2")
        assert page.evaluate("() => window.ran") is None
        directives = page.evaluate("() => window.cspViolations.map((v) => v.split(' ')[0])")
        assert sorted(directives) == ["script-src-elem", "style-src-elem"]


@override_settings(DEBUG=True)
class TestCspInDebug(TestCsp):
    """The same with DEBUG on: django-htmx's debug script, static files from the finders."""
