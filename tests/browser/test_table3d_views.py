"""The camera: "Angled" and "Top-down" change it, dragging turns the table a little, and nothing is
drawn while nothing moves (issue 5)."""

# The fixtures come from table3d_support by import; tests take them as arguments.
# ruff: noqa: F811
import pytest
from playwright.sync_api import expect
from table3d_support import (  # noqa: F401  (fixtures)
    demo_server,
    demo_url,
    open_table,
    playwright_driver,
    settle,
    webgl_browser,
)

pytestmark = [pytest.mark.browser, pytest.mark.pure]


def test_it_switches_between_the_angled_and_the_top_down_view(webgl_browser, demo_url):
    page = open_table(webgl_browser, demo_url + "?cpu=0")
    angled = page.locator('#table3d [data-view="angled"]')
    top = page.locator('#table3d [data-view="top"]')
    expect(angled).to_have_attribute("aria-pressed", "true")
    x0, y0, z0 = page.evaluate("() => sevensTable.cameraPosition()")
    # Counted before the click: the new view may be drawn before the asserts below run.
    frames = page.evaluate("() => sevensTable.frames")
    top.click()
    expect(top).to_have_attribute("aria-pressed", "true")
    expect(angled).to_have_attribute("aria-pressed", "false")
    x1, y1, z1 = page.evaluate("() => sevensTable.cameraPosition()")
    assert abs(z1 - (-0.75)) < 0.5 < abs(z0 - z1), "top-down: straight above the table's middle"
    page.wait_for_function("(f) => sevensTable.frames > f", arg=frames)  # the new view is drawn
    angled.click()
    assert page.evaluate("() => sevensTable.cameraPosition()") == pytest.approx([x0, y0, z0])


def test_it_turns_the_table_slightly_when_dragged(webgl_browser, demo_url):
    page = open_table(webgl_browser, demo_url + "?cpu=0")
    box = page.locator("#table3d canvas").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 400, y, steps=5)
    page.mouse.up()
    yaw = page.evaluate("() => sevensTable.table.yaw")
    assert 0 < yaw <= 0.07, "turned, but only slightly (4°, test_table3d_tags.py)"
    assert page.evaluate("() => sevensTable.selection") == [], "a drag is not a press"
    # On a touch screen a sideways drag is the table's; an upright one scrolls the page, and two
    # fingers zoom it as anywhere else (the table fills most of a tablet's screen: with pan-y
    # alone, a player who needed the page larger could not pinch it there).
    touch = page.evaluate(
        "() => getComputedStyle(document.querySelector('#table3d canvas')).touchAction"
    )
    assert touch == "pan-y pinch-zoom"
    # Either view's button sets the table straight again, the one already chosen too.
    page.click('#table3d [data-view="angled"]')
    assert page.evaluate("() => [sevensTable.table.yaw, sevensTable.table.world.rotation.y]") == [
        0,
        0,
    ]


def test_it_draws_no_frame_while_nothing_moves(webgl_browser, demo_url):
    page = open_table(webgl_browser, demo_url + "?cpu=0")
    settle(page)
    page.wait_for_timeout(300)
    frames = page.evaluate("() => sevensTable.frames")
    page.wait_for_timeout(800)
    assert page.evaluate("() => sevensTable.frames") == frames


def test_it_does_not_animate_when_the_player_prefers_reduced_motion(webgl_browser, demo_url):
    page = open_table(webgl_browser, demo_url + "?cpu=0", reduced_motion="reduce")
    assert page.evaluate("() => sevensTable.table.reducedMotion") is True
    assert page.evaluate("() => sevensTable.table.animating") is False, "no deal animation"
    frames = page.evaluate("() => sevensTable.frames")
    page.evaluate("() => sevensTable.press(sevensTable.view.legal[0].card)")
    page.wait_for_function("(f) => sevensTable.frames > f", arg=frames)
    page.wait_for_timeout(200)
    assert page.evaluate("() => sevensTable.frames") == frames + 1, "one frame per change"


def test_it_keeps_the_chosen_view_on_this_device(webgl_browser, demo_url):
    page = open_table(webgl_browser, demo_url + "?cpu=0")
    angled_camera = page.evaluate("() => sevensTable.cameraPosition()")
    page.locator('#table3d [data-view="top"]').click()
    top_camera = page.evaluate("() => sevensTable.cameraPosition()")
    page.reload()
    page.wait_for_function("() => window.sevensTable && sevensTable.ready")
    expect(page.locator('#table3d [data-view="top"]')).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => sevensTable.cameraPosition()") == pytest.approx(top_camera)
    page.locator('#table3d [data-view="angled"]').click()
    page.reload()
    page.wait_for_function("() => window.sevensTable && sevensTable.ready")
    expect(page.locator('#table3d [data-view="angled"]')).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => sevensTable.cameraPosition()") == pytest.approx(angled_camera)
