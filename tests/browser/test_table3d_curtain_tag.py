"""The hot-seat curtain over the 3D table leaves the near seat's name tag in sight: on a tablet
held upright (768 × 1024, 820 × 1180, 800 × 1280) it covered the tag's lower half, at its place
a tenth of the table's height above the table's foot; it stands just below the tag there. On a
phone upright (320 × 568 to 390 × 844) it hid the whole tag, with no room below it, above the
hand: it stands just above the tag there, over the layout."""

import pytest
from browser_support import LiveRoomTestCase
from table3d_support import WEBGL_ARGS, ensure_bundle

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]

BOXES = """() => {
  const tag = document.querySelector('#table3d .table3d-tag.near').getBoundingClientRect();
  const curtain = document.querySelector('#table3d [data-table3d-curtain]').getBoundingClientRect();
  const table = document.getElementById('table3d').getBoundingClientRect();
  return [tag.toJSON(), curtain.toJSON(), table.toJSON()];
}"""
CORNERS = """() => Math.max(...[...document.querySelectorAll('#table3d :is(.table3d-views, .table3d-option)')]
  .map((el) => el.getBoundingClientRect().bottom))"""


def overlap(a: dict, b: dict) -> bool:
    return (
        a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
        and a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
    )


class TestCurtainBesideTheNearTag(LiveRoomTestCase):
    browser_args = WEBGL_ARGS

    @classmethod
    def setUpClass(cls):
        ensure_bundle()
        super().setUpClass()

    def hotseat_curtain(self, width: int, height: int):
        page = self.phone_page(width, height)
        page.goto(self.url("/"))
        page.locator('input[name="players"][value="4"]').check()
        page.click('button[value="hotseat"]')
        page.wait_for_url("**/room/*/")
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        page.wait_for_selector("#table3d [data-table3d-curtain]:not([hidden])")
        return page

    def test_the_curtain_leaves_the_near_tag_in_sight_on_a_tablet(self):
        page = self.hotseat_curtain(768, 1024)
        covered = []
        for width, height in ((768, 1024), (820, 1180), (800, 1280), (1024, 768)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(400)  # the table redrawn at its new size, the tags placed
            tag, curtain, table = page.evaluate(BOXES)
            if (
                curtain["y"] < tag["y"] + tag["height"]
                and tag["y"] < curtain["y"] + curtain["height"]
            ):
                covered.append((width, height, tag, curtain))
            assert curtain["y"] + curtain["height"] <= table["y"] + table["height"]
        assert covered == []

    def test_the_curtain_leaves_the_near_tag_in_sight_on_a_phone(self):
        page = self.hotseat_curtain(390, 844)
        covered = []
        for width, height in ((390, 844), (360, 740), (320, 568), (844, 390)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(400)  # the table redrawn at its new size, the tags placed
            tag, curtain, table = page.evaluate(BOXES)
            if overlap(tag, curtain):
                covered.append((width, height, tag, curtain))
            # Nor a far seat's (at 320 × 568 it covered them, before the table took the screen's
            # height there: test_table3d_short_phone).
            far = page.evaluate(
                "() => [...document.querySelectorAll('#table3d .table3d-tag:not(.near)')]"
                ".map((t) => t.getBoundingClientRect().toJSON())"
            )
            covered += [(width, height, box, curtain) for box in far if overlap(box, curtain)]
            # All of it on the table, below the corner controls.
            assert curtain["y"] >= page.evaluate(CORNERS), (width, height)
            assert curtain["y"] + curtain["height"] <= table["y"] + table["height"]
            assert curtain["x"] >= table["x"] and curtain["right"] <= table["right"]
        assert covered == []
