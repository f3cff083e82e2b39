"""The browser tests' harness: a live daphne server on the test database, Debian's chromium driven by
Playwright, and helpers that play through the button panel the way a person does.

Personas: Aki opens rooms, Ben joins by the link.
"""

import contextlib
import json
import os
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync
from channels.layers import channel_layers
from channels.testing import ChannelsLiveServerTestCase
from django.core.management.base import CommandError
from django.db import connections
from django.test import override_settings
from playwright.sync_api import Page, expect

from rooms.cpu import runner
from tests.browser import shared_browser

CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # The button panel must carry the whole game without WebGL; the 3D table has its own tests,
    # and drawing it in software would only slow these down.
    "--disable-webgl",
    "--disable-3d-apis",
]
TIMEOUT_MS = 15_000
NEWER = "(v) => +document.querySelector('#table-state').dataset.version > v"
STEPS = """(selector) => {
    const focus = document.activeElement;
    if (focus && focus.matches(selector)) return 0;
    const all = [...document.querySelectorAll("a[href], button, input, select, summary, [tabindex]")]
        .filter((el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length
            && !(el.type === "radio" && !el.checked && document.querySelector(
                `input[type=radio][name="${el.name}"]:checked`)));
    const target = all.findIndex((el) => el.matches(selector));
    const here = all.indexOf(focus);
    if (target < 0) return 1;
    if (here < 0) return target + 1;
    return target - here;
}"""

# The server process is forked when the class starts, so these must hold before then: no CPU delay,
# CPU moves in threads. A class that tests absent players shortens the grace period itself.
LIVE_SETTINGS = {
    "SEVENS_CPU_DELAY": 0,
    "SEVENS_CPU_EXECUTOR": "thread",
    "SEVENS_GRACE_SECONDS": 30,
    "SEVENS_SWEEP_SECONDS": 0.3,
    "SEVENS_STALL_SECONDS": 0.5,
    "RATELIMIT_ENABLE": False,
    "STORAGES": {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    },
}


@contextlib.contextmanager
def orm_beside_playwright():
    """Lets the ORM run in this thread while Playwright's loop, idle between calls, is marked as
    running in it (see LiveRoomTestCase)."""
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        yield
    finally:
        if before is None:
            del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@override_settings(**LIVE_SETTINGS)
class LiveRoomTestCase(ChannelsLiveServerTestCase):
    """A live server per class, and the session's chromium (tests/browser/shared_browser.py); each
    test opens its own browser contexts (its own cookies, storage and cache), closed when it ends."""

    serve_static = True
    browser_args = CHROMIUM_ARGS

    @classmethod
    def setUpClass(cls):
        # The server process is forked from this one. Thread pools an earlier async test started
        # (asgiref's database thread, the CPU runner's) have no threads in the child, and would
        # take work and never run it: the sockets would never open. Start the child afresh.
        # The database thread of the earlier tests keeps its SQLite connection too: close it there
        # (close_all below closes this thread's alone), or the child inherits an open handle.
        with contextlib.suppress(Exception):
            SyncToAsync.single_thread_executor.submit(connections.close_all).result(timeout=10)
        SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
        channel_layers.backends = {}
        runner.loop, runner.sweeper, runner.tasks, runner._pools = None, None, {}, {}
        runner.present.clear()
        runner.channels.clear()
        # Connections are kept open (CONN_MAX_AGE=None on SQLite): one open at the fork would be
        # shared by both processes, and two processes writing through one SQLite handle corrupt
        # the file ("database disk image is malformed").
        connections.close_all()
        # On PostgreSQL the connections wait in a pool (psycopg_pool, with its own threads): a
        # pooled connection inherited by the child would be one socket used by two processes.
        for connection in connections.all():
            if connection.alias in getattr(connection, "_connection_pools", {}):
                connection.close_pool()
        super().setUpClass()
        # The session's chromium for these flags (shared_browser: launching one and its driver took
        # one to two seconds a class), taken once the server is forked, so that the fork happens
        # with Playwright's loop not marked running here; the child closes its copies of the
        # driver's pipes. What the class opens on the browser is closed when the class ends.
        try:
            cls._browser_lease = shared_browser.Lease(cls.browser_args)
        except BaseException:
            super().tearDownClass()
            raise
        cls.browser = cls._browser_lease.browser

    @classmethod
    def tearDownClass(cls):
        try:
            cls._browser_lease.end()
        finally:
            super().tearDownClass()

    # Playwright's sync API leaves its event loop marked as running in this thread between calls,
    # and Django then refuses the ORM here as if called from async code. Nothing async runs in
    # this thread meanwhile (the server is another process), so the test case's own database
    # work, flushing after a test and a class's set-up writing its rows before one, may go on;
    # the test itself leaves the ORM alone (or uses a thread of its own).
    @classmethod
    def _pre_setup(cls):
        with orm_beside_playwright():
            super()._pre_setup()

    def _callSetUp(self):
        with orm_beside_playwright():
            super()._callSetUp()

    def _post_teardown(self):
        with orm_beside_playwright():
            super()._post_teardown()

    def _fixture_teardown(self):
        # On PostgreSQL the flush's TRUNCATE may deadlock with a write the server process makes at
        # that moment (a computer's move landing as the test ends; seen on CI): PostgreSQL aborts
        # one of the two, and when it is the flush, the flush is tried again once the move is in.
        for attempt in range(4):
            try:
                return super()._fixture_teardown()
            except CommandError as error:
                if attempt == 3 or "deadlock" not in repr(error.__cause__):
                    raise
                time.sleep(0.5)

    def new_page(self, *, width=1000, height=900) -> Page:
        context = self.browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(TIMEOUT_MS)
        self.addCleanup(context.close)
        return context.new_page()

    def phone_page(self, width=390, height=844, *, language: str | None = None) -> Page:
        """A page on a phone's touch screen of this size, in `language` if given (the language
        cookie), in a browser context of its own, closed when the test ends."""
        context = self.browser.new_context(
            viewport={"width": width, "height": height}, is_mobile=True, has_touch=True
        )
        context.set_default_timeout(TIMEOUT_MS)
        self.addCleanup(context.close)
        if language:
            context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
        return context.new_page()

    def url(self, path: str) -> str:
        return self.live_server_url + path

    def aki_and_ben(self, ben_name: str | None = None) -> tuple[Page, Page]:
        """Aki opens a friends' room from the home page (no name typed); Ben takes a seat by its
        link, typing `ben_name` (or leaving his name box empty). Both connected."""
        aki = self.new_page()
        aki.goto(self.url("/"))
        aki.locator('button[value="friend"]').click()
        aki.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(aki)
        ben = self.new_page()
        ben.goto(aki.url)
        if ben_name:
            ben.locator("#join-name").fill(ben_name)
        ben.get_by_role("button", name="Take a free seat").click()
        connected(ben)
        return aki, ben

    def friends_dealt(self, ben_name: str | None = None) -> tuple[Page, Page]:
        """`aki_and_ben`, then Aki fills the other seats with the computer and starts: both pages
        connected to the dealt table."""
        aki, ben = self.aki_and_ben(ben_name)
        aki.get_by_role("button", name="Fill empty seats with the computer and start").click()
        connected(aki)
        connected(ben)
        return aki, ben


@pytest.fixture(scope="module", name="page")
def serverless_page():
    """A page of the session's chromium with no server behind it, for fragments put in by hand; one
    per test module (import `serverless_page` to use it as `page`)."""
    lease = shared_browser.Lease(CHROMIUM_ARGS)
    try:
        yield lease.browser.new_page()
    finally:
        lease.end()


def table_state(page: Page) -> dict:
    from rooms.table import legal_actions

    state = json.loads(page.locator("#table-state").text_content())
    if state and "legal" in state:  # sent as words (rooms.table.legal_words)
        state["legal"] = legal_actions(state["legal"])
    return state


def version(page: Page) -> int:
    return int(page.locator("#table-state").get_attribute("data-version"))


# A known deal (Japanese rules, 4 players) for tests that need turns of the player's own: seat 0
# holds six cards it can play at once, and each stays playable until played, so the player has a
# card for each of its first six turns whatever the computers do (checked in
# test_browser_deltas). On a random deal the player could pass until out, and never get a turn.
DEAL = "1xf"


def dealt(code: str, players: int):
    """The first round a deal code deals under Japanese rules (what the deal page starts)."""
    from games.sevens.match import parse_deal_code
    from games.sevens.rules import RuleSet
    from games.sevens.state import new_round

    seed, dealer = parse_deal_code(code)
    rules = RuleSet.preset("japanese", players=players, rounds=1)
    return new_round(rules, seed=seed, dealer=dealer % players)


def open_deal(
    page: Page,
    url,
    *,
    start: str = "cpu-easy",
    rounds: int = 1,
    players: int = 4,
    code: str = DEAL,
    preset: str | None = None,
) -> None:
    """Opens a room on a deal (DEAL unless `code`) through the deal page, under the `preset`'s
    rules if given, seat 0 for this browser, and waits for its socket."""
    page.goto(url(f"/deal/?code={code}"))
    if preset:
        page.locator('select[name="preset"]').select_option(preset)
    page.locator('select[name="players"]').select_option(str(players))
    page.locator('select[name="rounds"]').select_option(str(rounds))
    page.locator('select[name="start"]').select_option(start)
    page.get_by_role("button", name="Play this deal").click()
    page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
    connected(page)


def room_at(rules, hands, dealer: int, events: list, turn: int) -> tuple[str, str]:
    """A room of Aki (seat 0) against Easy computers at a position: its rules (a RuleSet), the
    hands dealt, the dealer, the round's events so far and the seat to play. Its slug and Aki's
    session key. Written in a thread of its own (playwright's loop runs in this one) and in one
    transaction, so the computers never play the room's own first deal."""

    def write():
        from django.contrib.sessions.backends.db import SessionStore
        from django.db import transaction

        from rooms import services
        from rooms.models import Room

        session = SessionStore()
        session.create()
        with transaction.atomic():
            room = services.create_room(
                rules=rules.to_dict(),
                mode="cpu",
                level="easy",
                names=["Aki"],
                session_key=session.session_key,
            )
            rnd = room.match.current_round()
            rnd.dealer, rnd.hands, rnd.events = dealer, hands, events
            rnd.save(update_fields=["dealer", "hands", "events"])
            Room.objects.filter(pk=room.pk).update(turn=turn, auto_turn=False)
        return room.slug, session.session_key

    return in_own_thread(write)


def in_own_thread(work, *args):
    """`work(*args)` run in a thread of its own, its database connection closed after (none left
    open at teardown): Playwright's loop is marked as running in the test's thread, where Django
    refuses the ORM (see LiveRoomTestCase)."""
    from django.db import connection

    def run():
        try:
            return work(*args)
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def connected(page: Page) -> None:
    """Waits until the room's socket is open and its first frame, the whole table, is shown
    (panel.js marks the room then)."""
    page.wait_for_selector('.room[data-connected="true"]')


def sign_up_beside(page: Page, signup_url: str, username: str) -> None:
    """Signs up in another tab of `page`'s browser; the room open in `page` follows it: its seat
    moves to the new session (a new version) and its socket reconnects."""
    before = version(page)
    other = page.context.new_page()
    other.goto(signup_url)
    other.fill("input[name=username]", username)
    other.fill("input[name=password1]", "kumquat-lantern-42")
    other.fill("input[name=password2]", "kumquat-lantern-42")
    other.locator("form:has(input[name=username]) button[type=submit]").click()
    other.wait_for_url(re.compile(r"/matches/$"))
    page.wait_for_function(
        "v => +document.getElementById('table-state').dataset.version > v", arg=before
    )
    connected(page)


def tab_to(page: Page, selector: str, *, limit: int = 120) -> None:
    """Presses Tab (Shift+Tab when the target lies before the focus) until the focused element
    matches `selector`, as a keyboard user does. The presses needed are estimated from the
    document order of focusable elements, then checked."""
    for _ in range(limit):
        steps = page.evaluate(STEPS, selector)
        if steps == 0:
            return
        key = "Shift+Tab" if steps < 0 else "Tab"
        for _ in range(max(1, abs(steps))):
            page.keyboard.press(key)
    raise AssertionError(f"Tab never reached {selector}")


def wait_for_my_turn_or_the_end(page: Page) -> str:
    """'turn' once the viewer may act (not a forced pass), 'over' once the round is settled. A
    turn with no card to play where a pass may be chosen (the player passes by hand) is passed
    here, as its player would: the tests that wait for a turn mean one with a card to play."""
    while True:
        page.wait_for_function(
            """() => {
                const mine = document.querySelector('#controls .turn-note[data-mine="true"]');
                const forced = document.querySelector('#controls .forced-pass');
                const over = document.querySelector('#settlement:not([hidden])');
                return over || (mine && !forced);
            }""",
            timeout=TIMEOUT_MS,
        )
        if page.locator("#settlement:not([hidden])").count():
            return "over"
        if not page.locator("#controls .must-pass").count():
            return "turn"
        before = version(page)
        # The 3D table's own Pass where it is drawn (the panel's may be out of sight: pressing it
        # scrolled the page away from the table), else the panel's.
        table_pass = page.locator('#table3d [data-table-action="pass"]')
        if table_pass.count() and table_pass.is_visible():
            table_pass.click()
        else:
            page.locator("#controls .pass-button").click()
        page.wait_for_function(NEWER, arg=before)


def play_by_keyboard(page: Page) -> str | None:
    """Plays the first playable card by keyboard (Tab, Space, Tab to Play, Enter); returns it."""
    if page.locator("#hand .card.playable").count() == 0:
        return None
    before = version(page)
    tab_to(page, "#hand .card.playable")
    card = page.evaluate("() => document.activeElement.dataset.card")
    page.keyboard.press("Space")
    expect(page.locator(f'#hand .card[data-card="{card}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    tab_to(page, "#controls .play-button")
    page.keyboard.press("Enter")
    page.wait_for_function(NEWER, arg=before)
    return card


def play_by_clicks(page: Page) -> str | None:
    """Plays the first playable card with the pointer: press the card, then Play."""
    card_button = page.locator("#hand .card.playable").first
    if page.locator("#hand .card.playable").count() == 0:
        return None
    before = version(page)
    card = card_button.get_attribute("data-card")
    card_button.click()
    page.locator("#controls .play-button").click()
    page.wait_for_function(NEWER, arg=before)
    return card
