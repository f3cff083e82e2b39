"""The seats' name tags on the 3D table are page elements at a readable size, placed over their
seats without covering the layout, each other, or a card the player touches. Drawn on the felt
they were 4 to 7 pixels high on phones and laptops."""

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
from test_table3d_fit import SCREENS

pytestmark = pytest.mark.browser

# Every tag's box and words, in canvas coordinates.
TAGS = """() => {
  const canvas = document.querySelector('#table3d canvas').getBoundingClientRect();
  return [...document.querySelectorAll('#table3d .table3d-tag')].map((el) => {
    const r = el.getBoundingClientRect();
    const name = el.querySelector('.table3d-tag-name');
    return {
      seat: Number(el.dataset.seat), near: el.classList.contains('near'),
      acting: el.classList.contains('acting'),
      left: r.left - canvas.left, top: r.top - canvas.top, right: r.right - canvas.left,
      bottom: r.bottom - canvas.top,
      name: name.textContent, nameSize: parseFloat(getComputedStyle(name).fontSize),
      lineSize: parseFloat(getComputedStyle(el.querySelector('.table3d-tag-line')).fontSize),
      line: el.querySelector('.table3d-tag-line').innerText.replace(/\\s+/g, ' '),
      badge: el.querySelector('.table3d-tag-badge').hidden ? null : el.querySelector('.table3d-tag-badge').textContent,
      clipped: [...el.querySelectorAll('.table3d-tag-line > span')].some((s) => s.getBoundingClientRect().right > r.right),
    };
  });
}"""

# The layout's box on the canvas: the corners of its corner spots.
LAYOUT_BOX = """() => {
  const v = sevensTable.view, rows = v.rows;
  const first = rows.find((r) => r.suit === 'S').cells, last = rows.find((r) => r.suit === 'C').cells;
  const pts = [
    sevensTable.spotOnScreen(first[0].card, -0.5, -0.7), sevensTable.spotOnScreen(first[12].card, 0.5, -0.7),
    sevensTable.spotOnScreen(last[0].card, -0.5, 0.7), sevensTable.spotOnScreen(last[12].card, 0.5, 0.7),
  ];
  return { left: Math.min(...pts.map((p) => p.x)), right: Math.max(...pts.map((p) => p.x)),
           top: Math.min(...pts.map((p) => p.y)), bottom: Math.max(...pts.map((p) => p.y)) };
}"""


def overlap(a, b):
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def inside(point, box):
    return box["left"] <= point["x"] <= box["right"] and box["top"] <= point["y"] <= box["bottom"]


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("screen", SCREENS)
def test_the_name_tags_are_readable_and_cover_nothing_that_matters(
    webgl_browser, demo_url, screen, players
):
    options = dict(SCREENS[screen])
    page = open_table(webgl_browser, demo_url + f"?cpu=0&warm=6&players={players}", **options)
    settle(page)
    save(page, f"table3d-tags-{screen}-{players}.png")
    tags = page.evaluate(TAGS)
    canvas = page.evaluate(
        "() => { const c = document.querySelector('#table3d canvas'); return {w: c.clientWidth, h: c.clientHeight}; }"
    )
    view = page.evaluate("() => sevensTable.view")
    assert sorted(t["seat"] for t in tags) == list(range(players))
    assert [t["seat"] for t in tags if t["near"]] == [view["seat"]]
    assert {t["name"] for t in tags} == {
        f"{n} (you)" if i == view["seat"] else n for i, n in enumerate(view["names"])
    }
    layout = page.evaluate(LAYOUT_BOX)
    corners = [page.evaluate("(c) => sevensTable.handCardOnScreen(c)", c) for c in view["hand"]]
    for tag in tags:
        assert tag["nameSize"] >= 13 and tag["lineSize"] >= 12, tag
        assert (
            tag["left"] >= 0
            and tag["right"] <= canvas["w"]
            and tag["top"] >= 0
            and tag["bottom"] <= canvas["h"]
        ), tag
        assert not tag["clipped"], tag  # every word of the line inside the tag
        seat = view["seats"][tag["seat"]]
        assert tag["line"].startswith(f"{seat['cards']} cards"), tag
        assert not overlap(tag, layout), (tag, layout)
        assert not any(inside(c, tag) for c in corners), tag  # the hand's corners stay to the touch
        assert tag["acting"] == (tag["seat"] == view["turn"]), tag
    for i, a in enumerate(tags):
        for b in tags[i + 1 :]:
            assert not overlap(a, b), (a, b)
    # The controls in the table's corners stay uncovered.
    for selector in (".table3d-views", ".table3d-option"):
        box = page.evaluate(
            """(s) => { const c = document.querySelector('#table3d canvas').getBoundingClientRect();
            const r = document.querySelector('#table3d ' + s).getBoundingClientRect();
            return {left: r.left - c.left, right: r.right - c.left, top: r.top - c.top, bottom: r.bottom - c.top}; }""",
            selector,
        )
        assert not any(overlap(t, box) for t in tags), (selector, box)


def test_the_tags_follow_the_turn_and_show_the_places_at_the_end(webgl_browser, demo_url):
    page = open_table(
        webgl_browser, demo_url + "?warm=6", width=390, height=844, is_mobile=True, has_touch=True
    )
    settle(page)
    me = page.evaluate("() => sevensTable.view.seat")
    assert [t["seat"] for t in page.evaluate(TAGS) if t["acting"]] == [me]
    page.click('#table3d [data-table-action="pass"]')
    page.wait_for_function(f"() => sevensTable.view.turn !== {me}")
    turn = page.evaluate("() => sevensTable.view.turn")
    page.wait_for_function(
        f"() => [...document.querySelectorAll('#table3d .table3d-tag.acting')].map((e) => +e.dataset.seat).join() === '{turn}'"
    )
    # A round played to its end: every seat's tag carries its place.
    page = open_table(
        webgl_browser,
        demo_url + "?cpu=0&warm=500",
        width=390,
        height=844,
        is_mobile=True,
        has_touch=True,
    )
    settle(page)
    view = page.evaluate("() => sevensTable.view")
    tags = {t["seat"]: t for t in page.evaluate(TAGS)}
    places = {s["seat"]: s.get("place") for s in view["seats"]}
    ordinal = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
    for seat, place in places.items():
        assert tags[seat]["badge"] == (ordinal[place] if place else None), (seat, tags[seat], place)
        assert not tags[seat]["acting"]
