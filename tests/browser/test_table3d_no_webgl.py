"""Without WebGL the page says so once, reports it, and the button panel carries the whole game
(issue 5)."""

# The fixtures come from table3d_support by import; tests take them as arguments.
# ruff: noqa: F811
import pytest
from playwright.sync_api import expect
from table3d_support import (  # noqa: F401  (fixtures)
    NO_WEBGL_ARGS,
    demo_server,
    demo_url,
    open_table,
    playwright_driver,
)

from tests.browser import shared_browser

pytestmark = [pytest.mark.browser, pytest.mark.pure]


@pytest.fixture(scope="module")
def plain_browser(playwright_driver):
    lease = shared_browser.Lease(NO_WEBGL_ARGS)
    try:
        yield lease.browser
    finally:
        lease.end()


def test_it_says_once_that_the_3d_table_is_unavailable_and_plays_a_round_by_the_panel(
    plain_browser, demo_url
):
    context = plain_browser.new_context(viewport={"width": 1000, "height": 800})
    context.add_init_script(
        "window.__failures = []; addEventListener('sevens:webgl-failed', (e) => __failures.push(e.detail));"
    )
    page = context.new_page()
    page.goto(demo_url + "?cpuDelay=0")
    page.wait_for_function("() => window.sevensTable && sevensTable.failed")
    notice = page.locator("[data-table3d-notice]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("not available")
    expect(page.locator("#table3d canvas")).to_be_hidden()
    expect(page.locator("#table3d [data-view]")).to_have_count(2)
    expect(page.locator("#table3d [data-view]").first).to_be_hidden()
    assert len(page.evaluate("() => window.__failures")) == 1

    # The whole round through the panel: the first playable card, else a pass.
    for _ in range(200):
        if page.evaluate("() => fakeRoom.over"):
            break
        page.wait_for_function("() => fakeRoom.over || fakeRoom.turn === 0")
        if page.evaluate("() => fakeRoom.over"):
            break
        moves = page.evaluate("() => fakeRoom.history.length")
        playable = page.locator("#hand .playable")
        if playable.count():
            playable.first.click()
            page.locator("#controls .play-button").click()
        else:
            page.locator("#controls .pass-button").click()
        page.wait_for_function("(n) => fakeRoom.history.length > n", arg=moves)
    assert page.evaluate("() => fakeRoom.over")
    assert page.locator("[data-table3d-notice]:visible").count() == 1, "said once"
    assert len(page.evaluate("() => window.__failures")) == 1
