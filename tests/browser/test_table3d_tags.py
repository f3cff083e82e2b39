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

pytestmark = [pytest.mark.browser, pytest.mark.pure]

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


# With the table turned: what leaves the canvas, goes under the bar of Play and Pass, or covers
# what it must not (the layout, a card's corner, another tag, the corner controls). Tags are drawn
# turned along the table's edges: their corners come from their transform.
TURNED_PROBLEMS = """() => {
  const t = sevensTable.table, v = sevensTable.view;
  const canvas = document.querySelector('#table3d canvas').getBoundingClientRect();
  const W = canvas.width, H = canvas.height;
  const box = (el) => { const r = el.getBoundingClientRect(), x = r.left - canvas.left, y = r.top - canvas.top;
    return [{x, y}, {x: x + r.width, y}, {x: x + r.width, y: y + r.height}, {x, y: y + r.height}]; };
  const apart = (A, B) => [A, B].some((P) => P.some((a, i) => {
    const b = P[(i + 1) % P.length], n = {x: b.y - a.y, y: a.x - b.x};
    const pa = A.map((p) => p.x * n.x + p.y * n.y), pb = B.map((p) => p.x * n.x + p.y * n.y);
    return Math.max(...pa) <= Math.min(...pb) || Math.max(...pb) <= Math.min(...pa); }));
  const point = (p) => [p, {x: p.x + 0.01, y: p.y}, {x: p.x, y: p.y + 0.01}];
  const onCanvas = (P) => P.every((p) => p.x >= 0 && p.x <= W && p.y >= 0 && p.y <= H);
  const bar = [...document.querySelectorAll('#table3d .table3d-bar button')].filter((b) => !b.hidden).map(box);
  const corners = [...document.querySelectorAll('#table3d .table3d-views, #table3d .table3d-option')].map(box);
  const problems = [];
  // Every card of the hands, face up or down, as drawn.
  const cards = [...t.cards.values()].filter((m) => m.userData.inHand).concat([...t.backs.values()].flat());
  for (const m of cards) {
    m.geometry.computeBoundingBox();
    const g = m.geometry.boundingBox;
    const quad = [[g.min.x, g.min.z], [g.max.x, g.min.z], [g.max.x, g.max.z], [g.min.x, g.max.z]].map(([x, z]) => {
      const p = m.localToWorld(m.position.clone().set(x, 0, z)).project(t.camera);
      return {x: ((p.x + 1) / 2) * W, y: ((1 - p.y) / 2) * H}; });
    const name = m.userData.card || 'a card face down';
    if (!onCanvas(quad)) problems.push(`${name} leaves the canvas`);
    if (bar.some((b) => !apart(quad, b))) problems.push(`${name} is under the bar`);
  }
  // The layout: the outer corners of its corner spots.
  const rows = v.rows, first = rows.find((r) => r.suit === 'S').cells, last = rows.find((r) => r.suit === 'C').cells;
  const layout = [sevensTable.spotOnScreen(first[0].card, -0.5, -0.7), sevensTable.spotOnScreen(first[12].card, 0.5, -0.7),
    sevensTable.spotOnScreen(last[12].card, 0.5, 0.7), sevensTable.spotOnScreen(last[0].card, -0.5, 0.7)];
  if (!onCanvas(layout)) problems.push('the layout leaves the canvas');
  if (bar.some((b) => !apart(layout, b))) problems.push('the layout is under the bar');
  const hand = v.hand.map((c) => sevensTable.handCardOnScreen(c));
  const tags = [...document.querySelectorAll('#table3d .table3d-tag')].map((el) => {
    const m = new DOMMatrix(getComputedStyle(el).transform), w = el.offsetWidth, h = el.offsetHeight;
    // The transform turns the tag about its centre.
    const quad = [[0, 0], [w, 0], [w, h], [0, h]].map(([x, y]) => {
      const p = m.transformPoint(new DOMPoint(x - w / 2, y - h / 2));
      return {x: p.x + w / 2, y: p.y + h / 2}; });
    return {seat: el.dataset.seat, quad};
  });
  tags.forEach((tag, i) => {
    const name = `the tag of seat ${tag.seat}`;
    if (!onCanvas(tag.quad)) problems.push(`${name} leaves the canvas`);
    if (bar.some((b) => !apart(tag.quad, b))) problems.push(`${name} is under the bar`);
    if (!apart(tag.quad, layout)) problems.push(`${name} covers the layout`);
    if (hand.some((c) => !apart(tag.quad, point(c)))) problems.push(`${name} covers a card's corner`);
    if (corners.some((c) => !apart(tag.quad, c))) problems.push(`${name} covers a corner control`);
    for (const other of tags.slice(i + 1)) if (!apart(tag.quad, other.quad)) problems.push(`${name} covers another tag`);
  });
  return problems;
}"""


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("screen", [*SCREENS, "laptop"])
def test_the_table_turned_as_far_as_a_drag_goes_still_shows_everything(
    webgl_browser, demo_url, screen, players
):
    """Dragging "rotates the view slightly" (the rules): at the full drag, either way, in both
    views, nothing of the hands, the layout or the name tags leaves the canvas or goes under the bar
    of Play and Pass, and the tags cover nothing they must not. Turned 20°, at 1366×768 the hand
    slid under the bar and the near tag covered spots of the layout; upright on a phone the hand
    and the far tags were cut off in the top-down view. Full hands: the widest they spread."""
    options = dict(SCREENS.get(screen, {"width": 1366, "height": 768}))
    page = open_table(webgl_browser, demo_url + f"?cpu=0&players={players}", **options)
    settle(page)
    canvas = page.locator("#table3d canvas").bounding_box()
    x, y = canvas["x"] + canvas["width"] / 2, canvas["y"] + canvas["height"] / 2
    reach = min(canvas["width"], canvas["height"]) / 2 - 10  # the drag stays on the canvas
    for view in ("angled", "top"):
        page.click(f'#table3d [data-view="{view}"]')
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            page.click(f'#table3d [data-view="{view}"]')  # straight again
            page.mouse.move(x, y)
            page.mouse.down()
            # The turn follows the whole drag from the press (main.js), not each step: two steps
            # end where eight did, each a frame drawn in software the less.
            page.mouse.move(x + dx * reach, y + dy * reach, steps=2)
            page.mouse.up()
            yaw, pitch = page.evaluate("() => [sevensTable.table.yaw, sevensTable.table.pitch]")
            assert abs(yaw) == pytest.approx(0.07) and abs(pitch) == pytest.approx(0.15), (
                "turned as far as it goes",
                yaw,
                pitch,
            )
            page.evaluate("() => sevensTable.table.renderNow()")  # the tags placed for this turn
            problems = page.evaluate(TURNED_PROBLEMS)
            if problems:
                save(page, f"table3d-turned-{screen}-{players}-{view}.png")
            assert not problems, (view, yaw, pitch, problems)


# The words of each tag that a badge (a place, the cards left) lies over.
UNDER_BADGES = """() => [...document.querySelectorAll('#table3d .table3d-tag')].flatMap((el) => {
  const badge = el.querySelector('.table3d-tag-badge');
  if (badge.hidden) return [];
  const b = badge.getBoundingClientRect();
  const words = [el.querySelector('.table3d-tag-name'), ...el.querySelectorAll('.table3d-tag-line > span')];
  return words.filter((w) => {
    const range = document.createRange();
    range.selectNodeContents(w);
    const t = range.getBoundingClientRect();
    return t.width && t.left < b.right && b.left < t.right && t.top < b.bottom && b.top < t.bottom;
  }).map((w) => `${badge.textContent} over ${w.textContent}`);
})"""


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_badge_covers_no_words_of_its_tag(webgl_browser, demo_url, language):
    """The place badge on a tag's corner left the seat's name readable: '第 3 名' (twice as wide
    as '3rd') covered the end of the name on a phone, and '3rd' the end of 'Chen'."""
    page = webgl_browser.new_page(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page.context.add_cookies([{"name": "django_language", "value": language, "url": demo_url}])
    page.goto(demo_url + "?cpu=0&warm=500")
    page.wait_for_function("() => window.sevensTable && (sevensTable.ready || sevensTable.failed)")
    settle(page)
    assert (
        page.evaluate(
            "() => document.querySelectorAll('#table3d .table3d-tag-badge:not([hidden])').length"
        )
        >= 3
    )
    assert page.evaluate(UNDER_BADGES) == []
    page.context.close()


# Whether a tag's name shows whole: nothing cut at its end or below its last line.
NAMES_CUT = """() => [...document.querySelectorAll('#table3d .table3d-tag-name')]
  .filter((n) => n.scrollWidth > n.clientWidth || n.scrollHeight > n.clientHeight)
  .map((n) => n.textContent)"""


@pytest.mark.parametrize("name", ["プレイヤー", "Christopher"])
@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("screen", ["phone-portrait", "phone-landscape"])
def test_a_long_name_shows_whole_on_a_far_tag(webgl_browser, demo_url, screen, players, name):
    """The default names of a hot-seat game in Japanese, 'プレイヤー 2' and so on, read
    'プレイヤ…' on every far tag of a phone: the number, the one part that told them apart, was
    cut. A name too long for its tag goes on over a second line, and the tags still cover
    nothing that matters. ('Christopher 2' is as long in any font: a machine without Japanese
    fonts draws the Japanese names narrower.)"""
    names = ",".join(f"{name} {n}" for n in range(1, players + 1))
    options = dict(SCREENS[screen])
    size = {"width": options.pop("width"), "height": options.pop("height")}
    context = webgl_browser.new_context(viewport=size, **options)
    context.add_cookies([{"name": "django_language", "value": "ja", "url": demo_url}])
    page = context.new_page()
    page.goto(demo_url + f"?cpu=0&warm=6&players={players}&names={names}")
    page.wait_for_function("() => window.sevensTable && (sevensTable.ready || sevensTable.failed)")
    settle(page)
    assert page.evaluate(NAMES_CUT) == []
    tags = page.evaluate(TAGS)
    assert len(tags) == players
    layout = page.evaluate(LAYOUT_BOX)
    view = page.evaluate("() => sevensTable.view")
    corners = [page.evaluate("(c) => sevensTable.handCardOnScreen(c)", c) for c in view["hand"]]
    for tag in tags:
        assert not overlap(tag, layout), (tag, layout)
        assert not any(inside(c, tag) for c in corners), tag
    for i, a in enumerate(tags):
        for b in tags[i + 1 :]:
            assert not overlap(a, b), (a, b)
    context.close()


def test_the_tables_buttons_are_a_group_of_their_own(webgl_browser, demo_url):
    """The table's Play, Pass, Hint and Fast-forward repeat the panel's names: a screen reader
    hears which ones it is on by their group."""
    page = open_table(webgl_browser, demo_url + "?cpu=0&warm=6&players=4")
    bar = page.get_by_role("group", name="On the 3D table")
    assert bar.get_by_role("button", name="Pass").count() == 1


# The hand's cards whose index (the rank, 5 to 12% of the card down from its top, over the suit, 30%:
# faces.js) lies under the player's own tag, turned as it is drawn: the tags let presses through,
# so they are made to catch them for the test.
UNDER_NEAR_TAG = """() => {
  const t = sevensTable.table;
  const layer = document.querySelector('#table3d [data-table3d-tags]');
  const tag = layer.querySelector('.table3d-tag.near');
  const canvas = document.querySelector('#table3d canvas').getBoundingClientRect();
  layer.style.pointerEvents = tag.style.pointerEvents = 'auto';
  const out = sevensTable.view.hand.filter((c) => {
    const m = t.cards.get(c), s = m.scale.x, a = m.rotation.y;
    return [0.05, 0.12, 0.3].some((down) => {
      const x = -0.3 * s, z = (-0.7 + 1.4 * down) * s;
      const p = t.screenOf(m.position.x + x * Math.cos(a) + z * Math.sin(a), m.position.y,
        m.position.z - x * Math.sin(a) + z * Math.cos(a));
      return document.elementsFromPoint(canvas.left + p.x, canvas.top + p.y).some((e) => tag.contains(e));
    });
  });
  layer.style.pointerEvents = tag.style.pointerEvents = '';
  return out;
}"""


@pytest.mark.parametrize("yaw", [0.07, -0.07])
def test_on_a_table_turned_sideways_a_hand_in_two_rows_keeps_its_corners_clear_of_the_tag(
    webgl_browser, demo_url, yaw
):
    """A phone upright, three players: the tag stands low over the front row. With the table
    turned by a drag to a side it went up below the layout, over the back row's index corners (5
    or 6 of them): its box's highest point was held against the front row's lowest corner, when
    tag and row slope alike."""
    page = open_table(
        webgl_browser, demo_url + "?cpu=0&players=3", width=360, height=740,
        is_mobile=True, has_touch=True,
    )  # fmt: skip
    settle(page)
    assert page.evaluate(UNDER_NEAR_TAG) == []
    page.evaluate("(yaw) => sevensTable.table.turn(yaw, 0)", yaw)
    settle(page)
    page.evaluate("() => sevensTable.table.renderNow()")
    assert page.evaluate(UNDER_NEAR_TAG) == []


def test_a_far_seats_short_name_stays_on_one_line_beside_its_place(webgl_browser, demo_url):
    """At a round's end on a 360 px phone, three players: "CPU 3", kept clear of its "2nd" badge
    in a tag no wider than its seat's share, went onto two lines ("CPU" over "3"). The badge now
    stands above the words where that keeps the name on one line, clear of it."""
    page = open_table(
        webgl_browser, demo_url + "?cpu=0&players=3&warm=300&names=Player 1,CPU 2,CPU 3",
        width=360, height=740, is_mobile=True, has_touch=True,
    )  # fmt: skip
    settle(page)
    assert page.evaluate("() => sevensTable.view.over")
    far = page.evaluate(
        """() => [...document.querySelectorAll('#table3d .table3d-tag:not(.near)')].map((t) => {
            const name = t.querySelector('.table3d-tag-name');
            const range = document.createRange();
            range.selectNodeContents(name);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            const text = range.getBoundingClientRect();
            const badge = t.querySelector('.table3d-tag-badge');
            const b = badge.getBoundingClientRect();
            const covered = !badge.hidden && b.left < text.right && text.left < b.right
                && b.top < text.bottom && text.top < b.bottom;
            return [name.textContent, badge.hidden ? '' : badge.textContent, lines, covered];
        })"""
    )
    assert sorted(f[1] for f in far) == ["1st", "2nd"], far
    assert all(f[2] == 1 and not f[3] for f in far), far


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_long_name_keeps_its_offline_and_away_words_on_a_phone(webgl_browser, demo_url, language):
    """On a phone a far tag's long name was cut at its end, and "(offline)" with it: a friend
    whose connection went looked like one at the table. The name is shortened instead."""
    names = "Aki,Benjamin-Okafor-Smith,Caitlin-Nakamura-Ito,Dmitri-Alexandrovich"
    options = dict(SCREENS["phone-portrait"])
    size = {"width": options.pop("width"), "height": options.pop("height")}
    context = webgl_browser.new_context(viewport=size, **options)
    context.add_cookies([{"name": "django_language", "value": language, "url": demo_url}])
    page = context.new_page()
    page.goto(demo_url + f"?cpu=0&warm=6&players=4&names={names}&marks=,offline,away,offline")
    page.wait_for_function("() => window.sevensTable && (sevensTable.ready || sevensTable.failed)")
    settle(page)
    assert page.evaluate(NAMES_CUT) == []
    shown = page.evaluate(
        "() => [...document.querySelectorAll('#table3d .table3d-tag')].map("
        "(t) => [Number(t.dataset.seat), t.querySelector('.table3d-tag-name').textContent])"
    )
    said = {"en": (" (offline)", " (away)"), "ja": ("（接続切れ）", "（離席中）")}[language]
    words = dict(shown)
    assert words[1].endswith(said[0]) and words[3].endswith(said[0]), words
    assert words[2].endswith(said[1]), words
    assert words[1].startswith("Benjam"), words
    context.close()


def test_a_far_seats_name_beside_its_place_is_not_cut_on_the_smallest_phone(
    webgl_browser, demo_url
):
    """At a round's end on a 320 px phone, the Japanese default names kept clear of their place
    badges ("2 位") in tags 76 px wide read "プレ" over "イ…": the number, the one part that
    tells the seats apart, was cut. The badge then stands above the words."""
    names = ",".join(f"プレイヤー {n}" for n in range(1, 5))
    page = open_table(
        webgl_browser, demo_url + f"?cpu=0&players=4&warm=300&names={names}",
        width=320, height=568, is_mobile=True, has_touch=True, extra_http_headers={"Accept-Language": "ja"},
    )  # fmt: skip
    settle(page)
    assert page.evaluate("() => sevensTable.view.over")
    badges = page.evaluate(
        "() => [...document.querySelectorAll('#table3d .table3d-tag:not(.near) .table3d-tag-badge:not([hidden])')].length"
    )
    assert badges >= 2
    assert "位" in page.locator("#table3d .table3d-tags").inner_text()
    assert page.evaluate(NAMES_CUT) == []
    assert page.evaluate(UNDER_BADGES) == []
