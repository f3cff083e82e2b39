"""The Japanese and Chinese pages as their readers see them, with the CJK fonts a phone has (bin/setup
--test installs Noto CJK): each language's Han characters in a face of that language, and lines
that do not break inside a unit."""

import re

import pytest
from browser_support import LiveRoomTestCase
from django.utils import translation

from games.sevens import RuleSet
from tests.history_support import play, seats, store

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]

# The lines a block's text takes (the tops of its characters' boxes), per matching element.
LINES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return [el.textContent, tops.size];
})"""

# The lines of each element's words, as the reader sees them.
LINES_OF = """(selectors) => selectors.map((selector) => {
  const walker = document.createTreeWalker(document.querySelector(selector), NodeFilter.SHOW_TEXT);
  const range = document.createRange(), lines = [];
  let top = null;
  for (let t; (t = walker.nextNode()); ) for (let i = 0; i < t.length; i++) {
    range.setStart(t, i); range.setEnd(t, i + 1);
    const at = Math.round(range.getBoundingClientRect().top);
    if (at !== top) { lines.push(''); top = at; }
    lines[lines.length - 1] += t.data[i];
  }
  return lines.map((line) => line.trim()).filter(Boolean);
})"""

FACES = {"ja": "Noto Sans CJK JP", "zh-hans": "Noto Sans CJK SC", "zh-hant": "Noto Sans CJK TC"}


def faces_of(page, selector: str) -> set[str]:
    """The installed fonts chromium drew the first element matching `selector` with."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return {font["familyName"] for font in fonts}


class TestCjkPages(LiveRoomTestCase):
    def setUp(self):
        # The ORM first: once Playwright runs its loop in this thread the test leaves it alone.
        match = play(RuleSet(rounds=1), seed=7, seats=seats("human", "easy", "medium", "hard"))
        self.stored = store(match)
        super().setUp()

    def test_each_language_draws_its_han_characters_in_its_own_face(self):
        """One font list for every language drew the Chinese pages in the Japanese face (直, 骨 and
        说 drawn the Japanese way, the Traditional ，。 in a corner rather than centred)."""
        drawn = {}
        for language in FACES:
            page = self.new_page(width=390, height=844)
            page.context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
            page.goto(self.url("/rules/"))
            for selector in ("main h1", "main p", "header .site-name", "#language-select"):
                cjk = faces_of(page, selector) & {*FACES.values()}
                drawn[f"{language} {selector}"] = cjk
        assert drawn == {
            f"{language} {selector}": {face}
            for language, face in FACES.items()
            for selector in ("main h1", "main p", "header .site-name", "#language-select")
        }

    def test_each_rule_of_the_rules_card_stays_on_one_line_on_a_small_phone(self):
        """The rules card's items ran on as one sentence, broken anywhere: "全 1" ended a line and
        "回" began the next, "ジ" ended one and "ョーカーなし" began the next."""
        split = []
        for language in ("en", *FACES):
            page = self.new_page(width=320, height=568)
            page.context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
            page.goto(self.url(f"/matches/{self.stored.pk}/"))
            items = page.evaluate(LINES, ".rules-card .rule")
            assert len(items) > 5
            split += [f"{language} {text}" for text, lines in items if lines > 1]
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        assert split == []

    def test_a_long_button_label_wraps_in_even_lines_between_words(self):
        """The rematch button on a 320 px phone read "もう一度：同じメンバー、同じル" over "ールで",
        and "再来一场：同样的玩家，同样的规" over "则": a word cut, one character left alone."""
        msgid = "Play again: same players, same rules"
        for language in FACES:
            with translation.override(language):
                label = translation.gettext(msgid)
            assert label != msgid
            page = self.new_page(width=320, height=568)
            page.context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
            page.goto(self.url("/"))
            lines = page.evaluate(
                """(label) => {
                  const button = document.createElement('button');
                  button.textContent = label;
                  button.style.width = '280px';  // as in the round's result, on a 320 px phone
                  document.querySelector('main').prepend(button);
                  const text = button.firstChild, range = document.createRange(), lines = [];
                  let top = null;
                  for (let i = 0; i < label.length; i++) {
                    range.setStart(text, i); range.setEnd(text, i + 1);
                    const t = Math.round(range.getBoundingClientRect().top);
                    if (t !== top) { lines.push(''); top = t; }
                    lines[lines.length - 1] += label[i];
                  }
                  return lines;
                }""",
                label,
            )
            assert len(lines) == 2, (language, lines)
            shorter, longer = sorted(lines, key=len)
            assert len(shorter) >= len(longer) / 2, (language, lines)
            # No katakana word ("メンバー", "ルール") is cut.
            katakana = "ァ-ヺー"
            assert not (
                re.search(f"[{katakana}]$", lines[0]) and re.match(f"[{katakana}]", lines[1])
            ), lines

    def test_the_curtain_keeps_the_players_name_on_one_line(self):
        """The hot-seat curtain on a 320 px phone read "端末を プレイヤー" over "2 に渡してください"
        (and, before, "プレイヤ" over "ー 2"): the name, whose number tells the seats apart, was
        cut in two."""
        page = self.new_page(width=320, height=568)
        page.context.add_cookies(
            [{"name": "django_language", "value": "ja", "url": self.live_server_url}]
        )
        page.goto(self.url("/"))
        page.click('button[value="hotseat"]')
        page.wait_for_url("**/room/*/")
        heading = page.locator("#hand .curtain h2")
        heading.wait_for()
        # Each character of the heading's and the button's words, with the top of its line.
        chars = page.evaluate(
            """() => ['#hand .curtain h2', '#hand .curtain-button'].map((selector) => {
              const walker = document.createTreeWalker(document.querySelector(selector), NodeFilter.SHOW_TEXT);
              const range = document.createRange(), out = [];
              for (let t; (t = walker.nextNode()); ) for (let i = 0; i < t.length; i++) {
                range.setStart(t, i); range.setEnd(t, i + 1);
                out.push([t.data[i], Math.round(range.getBoundingClientRect().top)]);
              }
              return out;
            })"""
        )
        heading_tops = {top for _, top in chars[0]}
        assert len(heading_tops) > 1  # the heading does wrap
        for words in chars:
            text = "".join(c for c, _ in words)
            found = re.search(r"プレイヤー\s\d", text)
            assert found, text
            tops = {top for _, top in words[found.start() : found.end()]}
            assert len(tops) == 1, text

    def test_the_curtain_on_a_landscape_tablet_breaks_between_words(self):
        """On a tablet held sideways (1024 px) the panel beside the 3D table is about 390 px wide,
        as is the whole page of a tablet's split screen (here, without WebGL, the panel alone). A
        long name put the curtain's title on two lines as "請把裝置交" over "給 林美玲…" (its
        even lines cut the word 交給), and its button's second line began with the colon:
        "我是 林美玲…" over "：顯示我的手牌"."""
        page = self.new_page(width=1024, height=768)
        page.context.add_cookies(
            [{"name": "django_language", "value": "zh-hant", "url": self.live_server_url}]
        )
        page.goto(self.url("/"))
        page.locator('input[name="players"][value="3"]').check()
        page.locator(".hotseat-names summary").click()
        long_names = ["林美玲" + "美玲" * 7, "王小明" + "小明" * 7, "陳大文" + "大文" * 7]
        for field, name in zip(("name", "name2", "name3"), long_names, strict=True):
            page.fill(f'input[name="{field}"]', name)
        page.click('button[value="hotseat"]')
        page.wait_for_url("**/room/*/")
        page.locator("#hand .curtain h2").wait_for()
        split = []
        for width in range(360, 720, 10):  # the panel's widths on tablets, and split screens
            page.set_viewport_size({"width": width, "height": 768})
            heading, button = page.evaluate(
                LINES_OF, ["#hand .curtain h2", "#hand .curtain-button"]
            )
            if len(heading) > 1 and not heading[0].endswith("交給"):
                split.append((width, heading))
            if any(line.startswith(("：", ":")) for line in button):
                split.append((width, button))
        assert split == []
