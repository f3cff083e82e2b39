"""A short phone held upright (320 × 568) against the computer: the table took 72% of the screen's
height, the bar two rows of it (Fast-forward wraps there) and the corner controls and the message's
band the top: the table was drawn in the strip left between, its hand 24 px high, and the near tag
covered every card of it. The table takes the screen's height there, as on a phone on its side."""

import pytest
from browser_support import LiveRoomTestCase, connected
from table3d_support import WEBGL_ARGS, ensure_bundle, settle

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]

# The hand's cards whose middle is under the near tag, the hand's height on the screen, the table.
HAND = """() => {
  const canvas = document.querySelector('#table3d canvas').getBoundingClientRect();
  const tag = document.querySelector('#table3d .table3d-tag.near').getBoundingClientRect();
  const under = sevensTable.view.hand.filter((card) => {
    const p = sevensTable.handCardOnScreen(card);
    const x = canvas.left + p.x, y = canvas.top + p.y;
    return tag.left <= x && x <= tag.right && tag.top <= y && y <= tag.bottom;
  });
  const band = sevensTable.table.handBand;
  return { under, hand: band.bottom - band.top, table: canvas.toJSON() };
}"""


class TestShortPhoneUpright(LiveRoomTestCase):
    browser_args = WEBGL_ARGS

    @classmethod
    def setUpClass(cls):
        ensure_bundle()
        super().setUpClass()

    def test_the_near_tag_leaves_the_hand_in_sight(self):
        for language in ("en", "ja"):
            page = self.phone_page(320, 568, language=language)
            page.goto(self.url("/"))
            page.locator('button[value="cpu-easy"]').click()
            connected(page)
            page.wait_for_function("() => window.sevensTable && sevensTable.ready")
            page.wait_for_function("() => (sevensTable.view?.hand || []).length > 0")
            settle(page)
            page.wait_for_timeout(300)  # the tags placed on the frame after
            seen = page.evaluate(HAND)
            assert seen["under"] == [], (language, seen)
            assert seen["hand"] >= 40, (language, seen)
            # All of the table on the screen, Play and Pass with it.
            table = seen["table"]
            assert table["top"] >= 0 and table["bottom"] <= 568 + 1, (language, table)
