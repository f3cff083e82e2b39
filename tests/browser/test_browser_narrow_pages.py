"""Every page on a small phone held upright (360 px wide), in English and Japanese: nothing is
wider than the screen, so nothing needs sideways scrolling. The match page with its rounds table
(a deal code, a form and a link per round), the rankings and a profile with a long player name
are the ones most likely to overflow."""

import itertools

import pytest
from browser_support import LiveRoomTestCase

from games.sevens import RuleSet
from history import ratings
from tests.history_support import play, seats, store, user
from tests.site_pages import PLAIN_PAGES

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]

PAGES = PLAIN_PAGES
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


class TestNarrowPages(LiveRoomTestCase):
    def setUp(self):
        # The ORM first: once Playwright runs its loop in this thread the test leaves it alone.
        match = play(RuleSet(rounds=3), seed=7, seats=seats("human", "easy", "medium", "hard"))
        self.long_name = "a_player_with_a_rather_long_name_2026"
        person = user(self.long_name)
        self.stored = store(match, players={0: ("k-long", person)})
        ratings.record_finished_match(self.stored)  # ranked, with a profile of matches
        super().setUp()

    def test_no_page_scrolls_sideways_on_a_small_phone(self):
        wide = []
        for language in ("en", "ja"):
            page = self.new_page(width=360, height=780)
            page.context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
            own = [f"/matches/{self.stored.pk}/", f"/players/{self.long_name}/"]
            for path in [*PAGES, *own]:
                page.goto(self.url(path))
                overflow = page.evaluate(OVERFLOW)
                if overflow > 0:
                    wide.append(f"{language} {path}: {overflow}px")
        # Signed in: the header names the player.
        page = self.new_page(width=360, height=780)
        page.goto(self.url("/accounts/login/"))
        page.fill('input[name="username"]', self.long_name)
        page.fill('input[name="password"]', "a long pass phrase 7")
        page.click('main form button[type="submit"]')
        page.wait_for_url(lambda url: "/accounts/login/" not in url)
        for path in ("/", "/matches/", "/rankings/"):
            page.goto(self.url(path))
            assert self.long_name in page.locator("header").inner_text()
            overflow = page.evaluate(OVERFLOW)
            if overflow > 0:
                wide.append(f"signed in {path}: {overflow}px")
        assert wide == []

    def test_the_menus_choices_fit_their_boxes_on_a_small_phone(self):
        """Each choice of the menu's lists reads whole in its box (the points choice was cut off
        in Japanese; at 320 px the scoring and the round's end in every language, and the deal
        page's "Against the computer: Medium")."""
        cut = []
        for width, language in itertools.product((360, 320), ("en", "ja", "zh-hans", "zh-hant")):
            page = self.new_page(width=width, height=780)
            page.context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
            for path in ("/?preset=japanese", "/?preset=chinese", "/deal/"):
                page.goto(self.url(path))
                cut += page.evaluate(
                    """(language) => {
                    const ctx = document.createElement('canvas').getContext('2d');
                    const out = [];
                    for (const select of document.querySelectorAll('main select')) {
                      const style = getComputedStyle(select);
                      ctx.font = `${style.fontSize} ${style.fontFamily}`;
                      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
                      for (const option of select.options) {
                        const width = ctx.measureText(option.text).width;
                        if (width > room) out.push(`${language} ${innerWidth} ${select.name}: ${option.text} (${Math.round(width)} > ${Math.round(room)})`);
                      }
                    }
                    return out;
                }""",
                    language,
                )
        assert sorted(set(cut)) == [], "\n".join(sorted(set(cut)))

    def test_the_header_takes_two_lines_on_an_upright_phone(self):
        """The site's name and the language menu share the first line, the links the second: in
        three lines the header took a sixth of the screen above the table. At 320 px the links
        took two lines of their own ("Sign up", "登録" alone on the third), on a touch screen too,
        where each link is 44 px high."""
        for language, width, touch in (
            ("en", 360, False),
            ("ja", 360, False),
            ("zh-hant", 360, False),
            ("en", 320, True),
            ("ja", 320, True),
            ("zh-hans", 320, True),
        ):
            context = self.browser.new_context(
                viewport={"width": width, "height": 700}, is_mobile=touch, has_touch=touch
            )
            self.addCleanup(context.close)
            context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
            page = context.new_page()
            page.goto(self.url("/"))
            boxes = page.evaluate(
                """() => Object.fromEntries(['.site-name', '.language-switcher select', '.history-nav']
                .map((s) => [s, document.querySelector('header ' + s).getBoundingClientRect().toJSON()]))"""
            )
            name, menu, links = (
                boxes[".site-name"],
                boxes[".language-switcher select"],
                boxes[".history-nav"],
            )
            where = (language, width, boxes)
            assert menu["top"] < name["bottom"] and name["top"] < menu["bottom"], where
            assert links["top"] >= max(name["bottom"], menu["bottom"]) - 1, where
            # The links on one line: the second, and the header's last.
            tops = page.evaluate(
                "() => [...document.querySelectorAll('header .history-nav > *')]"
                ".map((el) => Math.round(el.getBoundingClientRect().top))"
            )
            assert len(set(tops)) == 1, (language, width, tops)
            header = page.locator("header").bounding_box()
            assert header["y"] + header["height"] <= links["bottom"] + 12, where
            assert page.evaluate(OVERFLOW) <= 0

    def test_the_account_forms_put_each_label_above_its_box(self):
        """A label beside its box lined the boxes up unevenly, and "パスワード（確認）" alone wrapped
        above its box on a phone."""
        beside = []
        for width in (360, 1280):
            page = self.new_page(width=width, height=800)
            page.context.add_cookies(
                [{"name": "django_language", "value": "ja", "url": self.live_server_url}]
            )
            for path in ("/accounts/signup/", "/accounts/login/"):
                page.goto(self.url(path))
                beside += page.evaluate(
                    """(where) => [...document.querySelectorAll('.account-field')].flatMap((f) => {
                      const label = f.querySelector('label').getBoundingClientRect();
                      const box = f.querySelector('input').getBoundingClientRect();
                      return label.bottom <= box.top ? [] : [`${where}: ${f.innerText.trim()}`];
                    })""",
                    f"{width} {path}",
                )
        assert beside == []
