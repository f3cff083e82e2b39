"""The panel's message repeated over the 3D table (a hint, the joker's question) covers none of the
player's cards, nor the layout, nor Play and Pass, nor a name tag, and stays on the table: on a
phone upright or on its side, a tablet and a desktop, in both views, a card lifted. It stood just above the bar and
covered the lower half of the hand on every screen (on a phone, with the joker's question, the
hand could not be pressed there). On the demo page (no server), the message put in by hand."""

# ruff: noqa: F811

import pytest
from table3d_support import (  # noqa: F401  (fixtures)
    demo_server,
    demo_url,
    open_table,
    playwright_driver,
    settle,
    webgl_browser,
)

pytestmark = [pytest.mark.browser, pytest.mark.pure]

SCREENS = {
    "phone-portrait": {"width": 390, "height": 844, "is_mobile": True, "has_touch": True},
    "phone-landscape": {"width": 844, "height": 390, "is_mobile": True, "has_touch": True},
    "tablet-portrait": {"width": 768, "height": 1024, "is_mobile": True, "has_touch": True},
    "tablet-landscape": {"width": 1024, "height": 768, "is_mobile": True, "has_touch": True},
    "desktop": {"width": 1440, "height": 900},
}
HINT = "Hint: play 10♠: you hold 3 more spades, so opening the row helps you."
# The panel's message (#messages): a sentence, or the joker's question with a button per spot
# (panel.js askSpot).
PUT = """(text) => {
  const line = document.createElement("p");
  line.className = "message message-info";
  if (text) line.append(text);
  else {
    line.append("Where does the joker go? Choose its spot:");
    for (const [spot, face] of [["TC", "10♣"], ["AC", "A♣"]]) {
      const b = document.createElement("button");
      b.type = "button"; b.className = "joker-spot"; b.dataset.spot = spot; b.textContent = face;
      line.append(" ", b);
    }
  }
  document.getElementById("messages").replaceChildren(line);
}"""
# What the message covers: each card of the hand as drawn (its four corners projected), the
# layout (the outer corners of its corner spots), the visible buttons of the bar; and whether it
# leaves the canvas.
COVERS = """() => {
  const t = sevensTable.table, v = sevensTable.view;
  const canvas = document.querySelector('#table3d canvas').getBoundingClientRect();
  const W = canvas.width, H = canvas.height;
  const r = document.querySelector('#table3d [data-table3d-message]').getBoundingClientRect();
  const msg = {l: r.left - canvas.left, t: r.top - canvas.top, r: r.right - canvas.left, b: r.bottom - canvas.top};
  const meets = (q) => {
    const xs = q.map((p) => p.x), ys = q.map((p) => p.y);
    return Math.min(...xs) < msg.r && Math.max(...xs) > msg.l && Math.min(...ys) < msg.b && Math.max(...ys) > msg.t;
  };
  const covered = [];
  if (msg.l < 0 || msg.t < 0 || msg.r > W || msg.b > H) covered.push('the canvas edge');
  for (const m of [...t.cards.values()].filter((m) => m.userData.inHand)) {
    m.geometry.computeBoundingBox();
    const g = m.geometry.boundingBox;
    const quad = [[g.min.x, g.min.z], [g.max.x, g.min.z], [g.max.x, g.max.z], [g.min.x, g.max.z]].map(([x, z]) => {
      const p = m.localToWorld(m.position.clone().set(x, 0, z)).project(t.camera);
      return {x: ((p.x + 1) / 2) * W, y: ((1 - p.y) / 2) * H}; });
    if (meets(quad)) covered.push(m.userData.card);
  }
  const first = v.rows[0].cells, last = v.rows[v.rows.length - 1].cells;
  const layout = [sevensTable.spotOnScreen(first[0].card, -0.5, -0.7), sevensTable.spotOnScreen(first[12].card, 0.5, -0.7),
    sevensTable.spotOnScreen(last[12].card, 0.5, 0.7), sevensTable.spotOnScreen(last[0].card, -0.5, 0.7)];
  if (meets(layout)) covered.push('the layout');
  for (const b of document.querySelectorAll('#table3d .table3d-bar button')) {
    if (b.hidden) continue;
    const q = b.getBoundingClientRect();
    const x = q.left - canvas.left, y = q.top - canvas.top;
    if (meets([{x, y}, {x: x + q.width, y: y + q.height}])) covered.push(`the ${b.dataset.tableAction} button`);
  }
  return covered;
}"""

# The boxes of the name tags the message meets (canvas coordinates; the tags stand level here).
MEETS_TAGS = """() => {
  const r = document.querySelector('#table3d [data-table3d-message]').getBoundingClientRect();
  return [...document.querySelectorAll('#table3d .table3d-tag')].filter((el) => {
    const t = el.getBoundingClientRect();
    return t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom;
  }).map((el) => `the tag of seat ${el.dataset.seat}`);
}"""


@pytest.mark.parametrize("screen", SCREENS)
def test_the_message_over_the_table_covers_no_card_of_the_hand(webgl_browser, demo_url, screen):
    page = open_table(webgl_browser, demo_url + "?cpu=0&players=4", **SCREENS[screen])
    settle(page)
    card = page.evaluate("() => sevensTable.view.legal.find((a) => a.type === 'play').card")
    page.evaluate("(c) => sevensTable.press(c)", card)  # a hint lifts its card
    message = page.locator("#table3d [data-table3d-message]")
    checked = 0
    for view in ("angled", "top"):
        page.click(f'#table3d [data-view="{view}"]')
        settle(page)
        for text in (HINT, None):
            page.evaluate(PUT, text)
            page.wait_for_function(
                "(t) => { const m = document.querySelector('#table3d [data-table3d-message]');"
                " return !m.hidden && m.textContent.startsWith(t); }",
                arg=(text or "Where does the joker go?")[:20],
            )
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
            assert page.evaluate(COVERS) + page.evaluate(MEETS_TAGS) == [], (screen, view, text)
            checked += 1
    assert checked == 4
    # The joker's spots pressed on the table's copy of the question (it stands over nothing the
    # player needs, and takes presses).
    spot = message.locator("button.table3d-spot").nth(1)
    box = spot.bounding_box()
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).dataset.spot",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit == "AC"
    # The screen turned with the question shown: once the table has been drawn for the new size,
    # the message is placed for it too (while the page is laid out again, it may be between).
    size = page.viewport_size
    page.set_viewport_size({"width": size["height"], "height": size["width"]})
    settle(page)
    page.wait_for_function(f"() => ({COVERS.strip()})().length === 0", timeout=5000)


# Resolves once the table has drawn a frame for the canvas's present size (a turned screen: the
# canvas is laid out again, then the table resized, then drawn), message and tags placed in it.
DRAWN = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const canvas = document.querySelector('#table3d canvas'), t = sevensTable.table;
  while (!t.size || t.size.width !== canvas.clientWidth || t.size.height !== canvas.clientHeight) await frame();
  const drawn = sevensTable.table.frames;
  t.requestRender();
  while (sevensTable.table.frames === drawn) await frame();
}"""
# The panel's message in each language: a hint, the joker's question (with its spots), and a note
# of three lines on a narrow phone (rooms/consumers.py NOTES).
WORDS = {
    "en": (
        HINT,
        "Where does the joker go? Choose its spot:",
        "You are back at your seat: the computer played your turns while you were away.",
    ),
    "ja": (
        "【ヒント】10♠ を出す：スペードをあと 3 枚持っているので、列を開けると得です。",
        "ジョーカーをどこに置きますか？　位置を選んでください：",
        "席に戻りました。離れているあいだは CPU が代わりに打っていました。",
    ),
    "zh-hans": (
        "【提示】出 10♠：你还有 3 张黑桃，开这一行对你有利。",
        "鬼牌放在哪里？请选择位置：",
        "你回到了座位：你离开期间由电脑替你出牌。",
    ),
    "zh-hant": (
        "【提示】出 10♠：你還有 3 張黑桃，開這一行對你有利。",
        "鬼牌放在哪裡？請選擇位置：",
        "你回到了座位：你離開期間由電腦替你出牌。",
    ),
}
PUT_WORDS = """([text, question]) => {
  const line = document.createElement("p");
  line.className = "message message-info";
  line.append(text || question);
  if (!text) for (const [spot, face] of [["TC", "10♣"], ["AC", "A♣"]]) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "joker-spot"; b.dataset.spot = spot; b.textContent = face;
    line.append(" ", b);
  }
  document.getElementById("messages").replaceChildren(line);
}"""
PHONES = [(390, 844), (844, 390), (360, 740), (740, 360)]


@pytest.mark.parametrize(
    ("language", "players"), [("en", 4), ("ja", 3), ("zh-hans", 3), ("zh-hant", 4)]
)
def test_the_message_covers_no_name_tag_on_a_phone(webgl_browser, demo_url, language, players):
    """On a phone, upright or on its side, the message over the table left the far seats' name
    tags readable: it stood at the table's top, under the corner controls, over the tags of the
    seats across the table, in every language. Upright, the canvas keeps a band for it there and
    the tags keep clear of it; on its side, it stands right of the layout and the hand. It still
    covers no card of the hand, nor the layout, nor Play and Pass (COVERS)."""
    context = webgl_browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": demo_url}])
    page = context.new_page()
    page.goto(demo_url + f"?cpu=0&players={players}")
    page.wait_for_function("() => window.sevensTable && (sevensTable.ready || sevensTable.failed)")
    settle(page)
    # A hint lifts its card (where the deal leaves the first move to this seat).
    page.evaluate(
        "() => { const a = (sevensTable.view.legal || []).find((a) => a.type === 'play');"
        " if (a) sevensTable.press(a.card); }"
    )
    hint, question, note = WORDS[language]
    problems = []
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        for view in ("angled", "top"):
            page.click(f'#table3d [data-view="{view}"]')
            for text in (hint, None, note):
                page.evaluate(PUT_WORDS, [text, question])
                page.wait_for_function(
                    "(t) => { const m = document.querySelector('#table3d [data-table3d-message]');"
                    " return !m.hidden && m.textContent.startsWith(t); }",
                    arg=(text or question)[:12],
                )
                page.evaluate(DRAWN)
                covered = page.evaluate(MEETS_TAGS) + page.evaluate(COVERS)
                if covered:
                    problems.append((width, height, view, (text or question)[:12], covered))
    assert (
        page.evaluate("() => document.querySelectorAll('#table3d .table3d-tag').length") == players
    )
    assert problems == []
    context.close()


# The note the server sends when it passed for the player (rooms.consumers NOTES, render_message).
PUT_FORCED_PASS = """() => {
  const line = document.createElement("p");
  line.className = "message message-info";
  line.dataset.note = "forced_pass";
  line.append("You had no card you could play, so you passed.");
  document.getElementById("messages").replaceChildren(line);
}"""
# The message's bottom and the top of the hand's cards as drawn, on the canvas.
ABOVE_HAND = """() => {
  const t = sevensTable.table;
  const canvas = document.querySelector('#table3d canvas').getBoundingClientRect();
  const r = document.querySelector('#table3d [data-table3d-message]').getBoundingClientRect();
  let top = Infinity;
  for (const m of [...t.cards.values()].filter((m) => m.userData.inHand)) {
    m.geometry.computeBoundingBox();
    const g = m.geometry.boundingBox;
    for (const [x, z] of [[g.min.x, g.min.z], [g.max.x, g.min.z], [g.max.x, g.max.z], [g.min.x, g.max.z]]) {
      const p = m.localToWorld(m.position.clone().set(x, 0, z)).project(t.camera);
      top = Math.min(top, ((1 - p.y) / 2) * canvas.height);
    }
  }
  return {message: r.bottom - canvas.top, hand: top};
}"""


@pytest.mark.parametrize("screen", [*SCREENS, "desktop-1280x800"])
def test_the_forced_pass_note_stands_above_the_hand(webgl_browser, demo_url, screen):
    """Seed 002: when you have no card to play the site passes for you "and shows 「無牌可接」
    above your hand". Over the table the note stood below the hand, over Play and Pass; it stands
    higher than the hand's cards now, covering none of them, nor the layout, nor a name tag."""
    size = SCREENS.get(screen) or {"width": 1280, "height": 800}
    page = open_table(webgl_browser, demo_url + "?cpu=0&players=4", **size)
    settle(page)
    for view in ("angled", "top"):
        page.click(f'#table3d [data-view="{view}"]')
        settle(page)
        page.evaluate("() => document.getElementById('messages').replaceChildren()")
        page.evaluate(PUT_FORCED_PASS)
        page.wait_for_function(
            "() => !document.querySelector('#table3d [data-table3d-message]').hidden"
        )
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        assert page.evaluate(COVERS) + page.evaluate(MEETS_TAGS) == [], (screen, view)
        box = page.evaluate(ABOVE_HAND)
        assert box["message"] <= box["hand"], (screen, view, box)
