"""On a touch screen what a finger presses is at least 44 px high: the header's and footer's
links, the panel's buttons, the hand's cards (they were 16 to 40 px)."""

# ruff: noqa: F811
import pytest
from table3d_support import (  # noqa: F401  (fixtures)
    demo_server,
    playwright_driver,
    webgl_browser,
)

pytestmark = [pytest.mark.browser, pytest.mark.pure]


def test_links_and_buttons_are_big_enough_for_a_finger(webgl_browser, demo_server):
    context = webgl_browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(demo_server + "/rules/")
    assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
    heights = page.evaluate(
        """() => [...document.querySelectorAll('.site-header a, .page-links a, button')]
            .filter((el) => el.offsetParent !== null)
            .map((el) => [el.textContent.trim(), el.getBoundingClientRect().height])"""
    )
    assert heights
    small = [(t, h) for t, h in heights if h < 44]
    assert not small, small
    # A link's words stay on one line ("CPU について" broke inside).
    wrapped = page.evaluate(
        """() => [...document.querySelectorAll('.page-links a')].filter((a) => a.getClientRects().length > 1).map((a) => a.textContent)"""
    )
    assert wrapped == []
    context.close()
