"""axe-core (node_modules/axe-core, a dev dependency in package.json) finds no WCAG 2 A/AA fault,
nor any of its best practices (landmarks, heading order, one h1), on any page of the site, in
English and in Japanese: every plain page (tests/site_pages.py) and the page not found, an upload
refused with its error shown, a player's profile, the room page in each of its states (the lobby
before the deal, a turn in play with a card chosen on the button panel, a hot-seat curtain, a
round's end before the next deal, the settlement at the end of a match), the match's page with its
replay stepped on and at its end, and the room with the 3D table drawn (in Traditional Chinese
too). Each page also says the
language it is written in (`<html lang>`). A failure lists each fault: where, the rule, the
element and what to fix (docs/accessibility.md).

axe is put in the page with `page.evaluate` of its file's text, not a `<script>` tag (the site's
Content-Security-Policy refuses inline scripts, as it should) nor a context with `bypass_csp`:
code the DevTools protocol evaluates is not subject to the page's policy, so every page is audited
under the very policy a visitor gets, and an inline style or script the policy refuses stays
refused (with bypass_csp it would apply, and the audit would see a page nobody sees).

Personas: Aki plays; Ben and Chika share Aki's device (the hot seat)."""

import re
from pathlib import Path

import pytest
from browser_support import (
    DEAL,
    NEWER,
    LiveRoomTestCase,
    connected,
    orm_beside_playwright,
    version,
)
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect
from table3d_support import WEBGL_ARGS, ensure_bundle

from tests.site_pages import PLAIN_PAGES

# `markup`: what axe audits is the pages' markup, the same on any database and channel layer, so
# bin/test's second pass (PostgreSQL + Redis) leaves it out.
pytestmark = [pytest.mark.browser, pytest.mark.markup]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
RUN = """async (tags) => {
    const result = await axe.run(document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
    });
    return result.violations.flatMap((v) => v.nodes.map((n) =>
        `${v.id} ${n.target.join(" ")}: ${v.help}. ${(n.failureSummary || "").replace(/\\s+/g, " ")}`));
}"""
LANGUAGES = ["en", "ja"]
MY_TURN = """() => document.querySelector('#controls .turn-note[data-mine="true"]')
    && !document.querySelector('#controls .forced-pass')"""
OVER_OR_MY_TURN = f"""() => document.querySelector('#settlement:not([hidden])')
    || ({MY_TURN})()"""


def axe_source() -> str:
    # Not a skip: without axe nothing is checked. bin/setup installs it (npm ci).
    assert AXE.exists(), f"{AXE} is missing: run `npm ci` (bin/setup does)"
    return AXE.read_text()


class Audit:
    """Runs axe on the page in view and adds what it found, by language and page, to `found`."""

    def __init__(self, language: str, found: list[str]):
        self.language = language
        self.source = axe_source()
        self.found = found

    def __call__(self, page: Page, where: str) -> None:
        lang = page.evaluate("() => document.documentElement.lang")
        if lang != self.language:
            self.found.append(f"{self.language} {where}: <html lang={lang!r}>")
        if not page.evaluate("() => !!window.axe"):
            page.evaluate(self.source)
        for fault in page.evaluate(RUN, TAGS):
            self.found.append(f"{self.language} {where}: {fault}")


class AccessibleCase(LiveRoomTestCase):
    """A page in each language (its cookie), a wide screen; the faults of all of them are listed
    together when the test ends."""

    def setUp(self):
        super().setUp()
        self.found: list[str] = []

    def audit_in(self, language: str) -> tuple[Audit, Page]:
        return Audit(language, self.found), self.page_in(language)

    def page_in(self, language: str) -> Page:
        page = self.new_page(width=1280, height=900)
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": self.live_server_url}]
        )
        return page

    def open_deal(self, page: Page, start: str, *, players: int = 4, rounds: int = 1) -> None:
        """A room on DEAL (browser_support), one round (or `rounds`), by the deal page in any
        language."""
        page.goto(self.url(f"/deal/?code={DEAL}"))
        page.locator('select[name="players"]').select_option(str(players))
        page.locator('select[name="rounds"]').select_option(str(rounds))
        page.locator('select[name="start"]').select_option(start)
        page.locator('main form button[type="submit"]').click()
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(page)

    def assert_clean(self) -> None:
        assert not self.found, "axe found:\n" + "\n".join(self.found)


class TestPagesAccessible(AccessibleCase):
    def test_no_plain_page_has_a_fault(self):
        for language in LANGUAGES:
            audit, page = self.audit_in(language)
            for path in [*PLAIN_PAGES, "/no-such-page/"]:
                page.goto(self.url(path))
                audit(page, path)
        self.assert_clean()

    def test_a_refused_upload_and_a_profile_have_no_fault(self):
        with orm_beside_playwright():
            get_user_model().objects.create_user("aki", password="a-long-pass-9481")
        for language in LANGUAGES:
            audit, page = self.audit_in(language)
            page.goto(self.url("/replays/upload/"))
            page.set_input_files(
                'input[name="file"]',
                files=[{"name": "match.json", "mimeType": "application/json", "buffer": b"{no"}],
            )
            page.locator("main form button[type=submit]").click()
            expect(page.locator("#upload-errors")).to_be_visible()
            audit(page, "a refused upload")
            page.goto(self.url("/players/aki/"))
            audit(page, "a profile")
        self.assert_clean()


class TestRoomAccessible(AccessibleCase):
    def test_the_lobby_has_no_fault(self):
        for language in LANGUAGES:
            audit, page = self.audit_in(language)
            page.goto(self.url("/"))
            page.locator('input[name="name"]').fill("Aki")
            page.locator('button[value="friend"]').click()
            page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
            connected(page)
            expect(page.locator("#lobby")).to_be_visible()
            audit(page, "the lobby")
        self.assert_clean()

    def test_a_turn_the_settlement_and_the_replay_have_no_fault(self):
        for language in LANGUAGES:
            audit, page = self.audit_in(language)
            self.open_deal(page, "cpu-easy")
            page.wait_for_function(MY_TURN)
            audit(page, "a turn")
            card = page.locator("#hand .card.playable").first
            card.click()
            expect(card).to_have_attribute("aria-pressed", "true")
            audit(page, "a turn, a card chosen")
            before = version(page)
            page.locator("#controls .play-button").click()
            # The move answered first: until then the page still shows this player's turn, and
            # play_to_the_end pressed the card being played again (the hand redrawn under it,
            # the click waited out its 15 s; seen on a loaded machine).
            page.wait_for_function(NEWER, arg=before)
            self.play_to_the_end(page)
            audit(page, "the settlement")

            page.locator("#settlement .link-row a").first.click()
            page.wait_for_url(re.compile(r"/matches/\d+/$"))
            audit(page, "a match")
            position = page.locator(".replay-position")
            before = position.text_content()
            page.locator(".replay-next").click()
            expect(position).not_to_have_text(before)
            audit(page, "a replay's step")
            page.locator(".replay-last").click()
            expect(page.locator(".replay-nav .replay-next")).to_have_count(0)
            audit(page, "a replay's end")
        self.assert_clean()

    def test_a_round_s_end_before_the_next_deal_has_no_fault(self):
        for language in LANGUAGES:
            audit, page = self.audit_in(language)
            self.open_deal(page, "cpu-easy", rounds=3)
            page.wait_for_function(MY_TURN)
            self.play_to_the_end(page)
            expect(page.locator("#settlement .next-round-button")).to_be_visible()
            audit(page, "a round's end")
        self.assert_clean()

    def test_the_hot_seat_curtain_has_no_fault(self):
        for language in LANGUAGES:
            audit, page = self.audit_in(language)
            self.open_deal(page, "hotseat", players=3)
            expect(page.locator("#hand .curtain-button")).to_be_visible()
            audit(page, "a hot-seat curtain")
        self.assert_clean()

    @staticmethod
    def play_to_the_end(page: Page) -> None:
        """The first playable card each turn, else a pass, until the round is settled."""
        for _ in range(60):
            page.wait_for_function(OVER_OR_MY_TURN)
            if page.locator("#settlement:not([hidden])").count():
                return
            before = version(page)
            if page.locator("#hand .card.playable").count():
                page.locator("#hand .card.playable").first.click()
                page.locator("#controls .play-button").click()
            else:
                page.locator("#controls .pass-button").click()
            page.wait_for_function(NEWER, arg=before)
        raise AssertionError("the match never ended")


class TestTable3dAccessible(AccessibleCase):
    browser_args = WEBGL_ARGS  # draws the 3D table (SwiftShader)

    def setUp(self):
        ensure_bundle()
        super().setUp()

    def test_the_room_with_the_3d_table_has_no_fault(self):
        for language in [*LANGUAGES, "zh-hant"]:
            audit, page = self.audit_in(language)
            self.open_deal(page, "cpu-easy")
            page.wait_for_function("() => window.sevensTable && sevensTable.ready")
            page.wait_for_function(MY_TURN)
            audit(page, "the 3D table")
        self.assert_clean()
