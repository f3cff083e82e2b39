"""The table fits a phone held upright or sideways and a desktop: no sideways scrolling, the 3D view inside the
screen, the cards drawn (issue 5). Screenshots go to test-artifacts/."""

# The fixtures come from table3d_support by import; tests take them as arguments.
# ruff: noqa: F811
import pytest
from table3d_support import (  # noqa: F401  (fixtures)
    demo_server,
    demo_url,
    open_table,
    playwright_driver,
    save,
    settle,
    webgl_browser,
)

pytestmark = [pytest.mark.browser, pytest.mark.pure]

SCREENS = {
    "phone-portrait": {
        "width": 390,
        "height": 844,
        "device_scale_factor": 3,
        "is_mobile": True,
        "has_touch": True,
    },
    "phone-landscape": {
        "width": 844,
        "height": 390,
        "device_scale_factor": 3,
        "is_mobile": True,
        "has_touch": True,
    },
    "desktop": {"width": 1440, "height": 900},
}


@pytest.mark.parametrize("screen", SCREENS)
def test_it_fits_the_screen_without_overflow(webgl_browser, demo_url, screen):
    options = dict(SCREENS[screen])
    page = open_table(webgl_browser, demo_url + "?cpu=0", **options)
    settle(page)
    save(page, f"table3d-{screen}.png")
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"{overflow}px of horizontal overflow"
    box = page.locator("#table3d").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= options["width"]
    assert box["height"] <= options["height"], "the 3D view fits the screen's height"
    # Every card of the hand and the ends of the layout are on the canvas.
    points = page.evaluate(
        """() => [
            ...sevensTable.view.hand.map((c) => sevensTable.handCardOnScreen(c)),
            sevensTable.spotOnScreen('AS'), sevensTable.spotOnScreen('KC'),
        ]"""
    )
    for p in points:
        assert 0 <= p["x"] <= box["width"] and 0 <= p["y"] <= box["height"], p
    # Textures stay crisp but bounded: the pixel ratio is capped at 2.
    assert page.evaluate("() => sevensTable.table.dpr") <= 2


def test_a_phone_on_its_side_shows_the_whole_table_with_play_and_pass(webgl_browser, demo_url):
    """Sideways, the screen is too short for the page's header, the rules and the table: the table
    takes the screen's height and is scrolled into view, so Play and Pass are on screen."""
    page = open_table(webgl_browser, demo_url + "?cpu=0", **SCREENS["phone-landscape"])
    settle(page)
    page.wait_for_function("() => window.scrollY > 0")
    for selector in ["#table3d", '#table3d [data-table-action="play"]']:
        box = page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 390, (selector, box)
    assert page.locator('#table3d [data-table-action="pass"]').is_visible()


def test_a_phone_turned_sideways_during_play_brings_the_table_into_view(webgl_browser, demo_url):
    page = open_table(webgl_browser, demo_url + "?cpu=0", **SCREENS["phone-portrait"])
    settle(page)
    # The room page's header and rules stand above the table: here, a block as tall.
    page.evaluate(
        """() => { const d = document.createElement('div'); d.style.height = '600px';
        document.querySelector('.table-area').before(d); window.scrollTo(0, 0); }"""
    )
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_function(
        "() => { const r = document.getElementById('table3d').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= innerHeight; }"
    )


CARD_WIDTH_ON_SCREEN = """(card) => {
    const t = sevensTable.table;
    const m = t.cards.get(card);
    const half = 0.5 * m.scale.x;
    const a = t.screenOf(m.position.x - half, m.position.y, m.position.z);
    const b = t.screenOf(m.position.x + half, m.position.y, m.position.z);
    return b.x - a.x;
}"""


@pytest.mark.parametrize("screen", ["phone-landscape", "phone-portrait", "desktop"])
def test_the_hand_cards_are_big_enough_to_read_and_touch(webgl_browser, demo_url, screen):
    """Sideways, a phone's table is as tall as the screen and the hand grows into the sides left
    empty (at the plain size its cards were about 20 px wide); upright, it is as wide as the
    screen and the cards grow towards the player, the hand no wider than the layout (they were
    24 px wide); a desktop's is drawn as before."""
    options = dict(SCREENS[screen])
    page = open_table(webgl_browser, demo_url + "?cpu=0", **options)
    settle(page)
    hand = page.evaluate("() => sevensTable.view.hand")
    middle = hand[len(hand) // 2]
    width = page.evaluate(CARD_WIDTH_ON_SCREEN, middle)
    scale = page.evaluate(f"() => sevensTable.table.cards.get({middle!r}).scale.x")
    if screen == "phone-landscape":
        assert scale > 1.8 and width >= 34, (scale, width)
    elif screen == "phone-portrait":
        assert scale > 1.3 and width >= 32, (scale, width)
    else:
        assert scale == 1 and width >= 45, (scale, width)
    # The fan still overlaps left over right with every card's index corner in view, and a
    # touch on that corner picks the card (the near hand is what the player plays from).
    corner = page.evaluate(f"() => sevensTable.handCardOnScreen({middle!r})")
    assert page.evaluate(f"() => sevensTable.table.pick({corner['x']}, {corner['y']})") == middle
