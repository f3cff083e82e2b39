"""In a real browser, the 3D table's own words follow the page's language: the Pass button it
relabels on each turn reads Japanese on a Japanese page."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.browser_support import LiveRoomTestCase, connected
from tests.browser.table3d_support import WEBGL_ARGS, ensure_bundle

pytestmark = pytest.mark.browser


class TestTable3dWords(LiveRoomTestCase):
    browser_args = WEBGL_ARGS

    def setUp(self):
        ensure_bundle()
        super().setUp()

    def test_it_labels_the_pass_button_in_japanese(self):
        context = self.browser.new_context(
            viewport={"width": 1280, "height": 900}, extra_http_headers={"Accept-Language": "ja"}
        )
        self.addCleanup(context.close)
        page = context.new_page()
        page.goto(self.url("/"))
        page.click('button[value="cpu-easy"]')
        page.wait_for_url("**/room/*/")
        connected(page)
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        button = page.locator('#table3d [data-table-action="pass"]')
        # Three passes at the start; fewer if the deal left this seat nothing to play at once.
        expect(button).to_have_text(re.compile(r"パス（残り\s[0-3]\s回）"))
