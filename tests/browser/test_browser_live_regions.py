"""The room's live regions stay rendered while they are empty: a screen reader reads a live
region whose words change, and not every one reads a region that appears with its words
(`display: none` takes it out of the accessibility tree). Empty, they take no room in the panel.

Personas: Aki plays three computers."""

import pytest
from browser_support import LiveRoomTestCase, open_deal, wait_for_my_turn_or_the_end

pytestmark = pytest.mark.browser

REGIONS = """() => [...document.querySelectorAll('[aria-live], [role="status"]')]
    .filter((el) => el.closest('.room'))
    .map((el) => ({id: el.id, empty: !el.textContent.trim(), display: getComputedStyle(el).display,
                   height: el.getBoundingClientRect().height}))"""
GAP = """() => {
    const box = (sel) => document.querySelector(sel).getBoundingClientRect();
    return box('#controls').top - box('#messages').bottom;
}"""


class TestLiveRegions(LiveRoomTestCase):
    def test_an_empty_live_region_stays_rendered_and_takes_no_room(self):
        page = self.new_page(width=1280, height=800)
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        regions = {r["id"]: r for r in page.evaluate(REGIONS)}
        assert {"messages", "play-choice"} <= set(regions), regions
        for name in ("messages", "play-choice"):
            assert regions[name]["empty"], regions[name]
            assert regions[name]["display"] != "none", regions[name]
            assert regions[name]["height"] == 0, regions[name]
        # Press Play with no card chosen: the message shows in the same element, with its room.
        page.locator("#controls .play-button").click()
        page.wait_for_function("() => document.querySelector('#messages .message')")
        assert page.locator("#messages").bounding_box()["height"] > 0
