"""On a phone, in Japanese, every control a finger presses on the pages a player goes through is at
least 40 px high: the lists (the language menu, the menu's choices), the text fields, a log's
summary, and every link that stands on its own rather than inside a sentence (a row of links, a
link alone in its paragraph). The menu's 'read the rules' link, the statistics switch's link, the
match page's round links, the rankings' rule families, 'This room's matches' and the accounts'
links were 16 to 23 px high, the lists 37 px; a ranked player's name in the rankings and the match
links of a profile's rating history, 19 px."""

import pytest
from browser_support import LiveRoomTestCase, connected

from games.sevens import RuleSet
from history import ratings
from tests.history_support import play, seats, store, user

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

# What is under 40 px high: controls, and links whose block holds nothing but links and the dots
# between them. A checkbox or a radio button counts with its label.
SMALL = r"""() => {
  const shown = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
  const out = [];
  const controls = 'a[href], button, select, summary, input:not([type=hidden])';
  for (const el of document.querySelectorAll(controls)) {
    if (!shown(el) || el.closest('.skip-link')) continue;
    let target = el;
    if (el.matches('input[type=checkbox], input[type=radio]')) {
      target = el.closest('label') || document.querySelector(`label[for="${el.id}"]`) || el;
    }
    if (el.matches('a')) {
      const block = el.parentElement.closest('p, li, div, nav, th, td, footer, header, section');
      const words = [...block.childNodes].map((n) => (n.nodeType === 3 ? n.textContent
        : n.matches('a, br, small, code, form, ul') ? '' : n.textContent)).join('');
      if (words.replace(/[\s·]/g, '')) continue;  // a link inside a sentence
    }
    const height = target.getBoundingClientRect().height;
    if (height < 40) out.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}": ${Math.round(height)} px`);
  }
  return out;
}"""


class TestTouchTargetsOnPages(LiveRoomTestCase):
    def setUp(self):
        # The ORM first: once Playwright runs its loop in this thread the test leaves it alone.
        match = play(RuleSet(rounds=3), seed=7, seats=seats("human", "easy", "medium", "hard"))
        # A ranked player: the rankings list them, their profile has a rating history.
        self.stored = store(match, players={0: ("k-aki", user("aki"))})
        ratings.record_finished_match(self.stored)
        super().setUp()

    def test_every_control_and_link_of_its_own_is_big_enough_for_a_finger(self):
        context = self.browser.new_context(**PHONE)
        self.addCleanup(context.close)
        context.add_cookies(
            [{"name": "django_language", "value": "ja", "url": self.live_server_url}]
        )
        page = context.new_page()
        assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
        small = []
        pages = [
            "/",
            "/rules/",
            "/matches/",
            "/rankings/",
            "/deal/",
            "/replays/upload/",
            "/accounts/login/",
            "/accounts/signup/",
            f"/matches/{self.stored.pk}/",
            "/players/aki/",
        ]
        for path in pages:
            page.goto(self.url(path))
            small += [f"{path} {what}" for what in page.evaluate(SMALL)]
        # The table: the log's summary, the link to the room's matches.
        page.goto(self.url("/"))
        page.click('button[value="cpu-easy"]')
        page.wait_for_url("**/room/*/")
        connected(page)
        small += [f"room {what}" for what in page.evaluate(SMALL)]
        assert small == [], "\n".join(small)

    def test_on_a_tablet_the_match_pages_links_are_big_enough_for_a_finger(self):
        """On a tablet, in Chinese and Japanese, the link that shares a round's deal fits on one
        line, and was 24 px high (history.css set its height after the touch rule): on a phone it
        took two lines, and passed."""
        small = []
        for language in ("zh-hant", "ja"):
            context = self.browser.new_context(
                viewport={"width": 768, "height": 1024}, is_mobile=True, has_touch=True
            )
            self.addCleanup(context.close)
            context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
            page = context.new_page()
            page.goto(self.url(f"/matches/{self.stored.pk}/"))
            small += [f"{language} {what}" for what in page.evaluate(SMALL)]
        assert small == [], "\n".join(small)

    def test_signed_in_the_header_and_the_rankings_are_big_enough_for_a_finger(self):
        """Signed in, on a touch screen: the header's "Log out" was 30 px high (its own rule,
        later in site.css, undid the touch one), and the rankings' "Your place" link, alone in
        its paragraph, 19 px."""
        context = self.browser.new_context(
            viewport={"width": 768, "height": 1024}, is_mobile=True, has_touch=True
        )
        self.addCleanup(context.close)
        context.add_cookies(
            [{"name": "django_language", "value": "zh-hant", "url": self.live_server_url}]
        )
        page = context.new_page()
        page.goto(self.url("/accounts/login/"))
        page.fill('input[name="username"]', "aki")
        page.fill('input[name="password"]', "a long pass phrase 7")
        page.click('main form button[type="submit"]')
        page.wait_for_url(lambda url: "/accounts/login/" not in url)
        small = []
        for path in ("/rankings/", "/matches/", "/players/aki/"):
            page.goto(self.url(path))
            small += [f"{path} {what}" for what in page.evaluate(SMALL)]
        assert page.locator(".history-nav-form button").count() == 1
        assert page.locator(".ranking-mine a").count() == 0  # seen on the rankings only
        assert small == [], "\n".join(small)
