"""On a tablet held sideways (1024 × 768), the button panel stands beside the 3D table, about
390 px wide: each card of its layout reads whole in its cell. The cells' words were sized by the
screen's width, for a panel as wide as the screen, and "10♠" lost its suit in a 23 px cell."""

import pytest
from browser_support import LiveRoomTestCase, connected, table_state
from table3d_support import WEBGL_ARGS, ensure_bundle

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]

TABLET = {
    "viewport": {"width": 1024, "height": 768},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
CUT = """() => [...document.querySelectorAll('#layout .cells > li')]
    .filter((li) => li.scrollWidth > li.clientWidth)
    .map((li) => `${li.id}: ${li.scrollWidth} > ${li.clientWidth}`)"""


class TestPanelBesideTheTable(LiveRoomTestCase):
    browser_args = WEBGL_ARGS

    @classmethod
    def setUpClass(cls):
        ensure_bundle()
        super().setUpClass()

    def test_every_card_of_the_layout_reads_whole_beside_the_table(self):
        for language in ("zh-hant", "ja", "en"):
            context = self.browser.new_context(**TABLET)
            self.addCleanup(context.close)
            context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
            page = context.new_page()
            page.goto(self.url("/"))
            page.click('button[value="cpu-easy"]')
            page.wait_for_url("**/room/*/")
            connected(page)
            page.wait_for_function("() => window.sevensTable && sevensTable.ready")
            panel = page.locator("#layout").bounding_box()
            assert panel["width"] < 450, panel  # beside the table, not under it
            # Every row full, as at the end of a round: the widest faces, the 10s, all there.
            state = {**table_state(page), "rows": ["!" + "r" * 13] * 4}
            state.pop("legal", None)
            page.evaluate(
                "(state) => window.sevensPanel.drawRows(['0', '1', '2', '3'], state)", state
            )
            assert page.locator("#layout .cells > li.r").count() == 52
            assert page.evaluate(CUT) == [], language
