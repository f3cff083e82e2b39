"""In a real browser, with htmx: after moves pushed as deltas the page shows what a fresh load of
it shows, and a delta the page cannot apply (a frame was missed) makes it ask for the whole table."""

import re

import pytest
from browser_support import (
    DEAL,
    LiveRoomTestCase,
    connected,
    dealt,
    open_deal,
    play_by_clicks,
    version,
    wait_for_my_turn_or_the_end,
)
from playwright.sync_api import Page

from tests.frames_support import Node, parse, same_table, select

pytestmark = pytest.mark.browser

IDS = ("lobby", "layout", "seats", "hand", "controls", "last-move", "log", "settlement", "live")
# The fragments as the server sent them: panel.js gives a log line or the last move its words for
# screen readers (a hidden copy of the line with the cards in words) in the page alone.
OUTER = """(ids) => ids.map((id) => {
    const el = document.getElementById(id).cloneNode(true);
    el.querySelectorAll('[data-spoken]').forEach((line) => {
        line.replaceChildren(...line.querySelector(':scope > [aria-hidden]').childNodes);
        line.removeAttribute('data-spoken');
    });
    return el.outerHTML;
}).join('')"""


def shown(page: Page) -> Node:
    return parse(page.evaluate(OUTER, [*IDS, "table-state"]))


def fresh(page: Page) -> str:
    """The same fragments from a fresh load of the room page (this browser's session)."""
    root = parse(page.request.get(page.url).text())
    return "".join(select(root, f"#{element_id}")[0].html() for element_id in (*IDS, "table-state"))


def test_the_players_hand_of_the_deal_has_a_card_for_six_turns():
    state = dealt(DEAL, players=4)
    assert bin(state.hands[0] & state.playable).count("1") >= 6


class TestDeltas(LiveRoomTestCase):
    def test_it_shows_after_the_deltas_what_a_fresh_load_shows(self):
        page = self.new_page()
        page.add_init_script(
            """document.addEventListener('htmx:wsAfterMessage', (e) => {
                window.deltas = (window.deltas || 0) + (e.detail.message.includes('data-base=') ? 1 : 0);
            });"""
        )
        open_deal(page, self.url)
        checked = 0
        for _ in range(6):
            if wait_for_my_turn_or_the_end(page) == "over":
                break
            page.wait_for_timeout(200)  # the computers wait for this seat: nothing moves now
            same_table(shown(page), fresh(page))
            checked += 1
            if not play_by_clicks(page):
                page.locator("#controls .pass-button").click()
        assert checked >= 3
        assert page.evaluate("() => window.deltas") >= 6
        # A screen reader hears the log's and the last move's cards in words, the page shows them
        # as the hand writes them.
        line = page.locator("#log li[data-spoken]").last
        shown_text = line.locator("[aria-hidden]").text_content()
        heard = line.locator(".sr-only").text_content()
        assert re.search(r"(10|[2-9AJQK])[♠♥♦♣]", shown_text), shown_text
        assert not re.search(r"[♠♥♦♣]", heard) and re.search(
            r" of (spades|hearts|diamonds|clubs)", heard
        ), heard
        # Read in one script: the computers move on after this seat's play, and a pass that
        # replaced the move between two reads has no card to speak.
        text, heard = page.evaluate(
            """() => {
                const move = document.querySelector('#last-move #move');
                const spoken = move.querySelector('.sr-only');
                return [move.textContent, spoken ? spoken.textContent : null];
            }"""
        )
        if re.search(r"[♠♥♦♣]", text):
            assert heard is not None and " of " in heard, (text, heard)

    def test_it_asks_for_the_whole_table_when_a_delta_does_not_fit(self):
        page = self.new_page()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        at = version(page)
        # A delta made for a version this page never had (the one before it was lost): panel.js
        # must not apply it, and asks for the whole table, which puts the emptied layout back.
        page.evaluate("() => { document.querySelector('#layout ul').remove(); }")
        page.evaluate(
            """(at) => {
                const room = document.querySelector('.room');
                const frame = `<li id="c7S" class="r">X</li>
<script id="table-state" type="application/json" data-base="${at + 5}" data-version="${at + 6}">{}</script>`;
                room.dispatchEvent(new CustomEvent('htmx:wsBeforeMessage',
                    {bubbles: true, cancelable: true, detail: {message: frame}}));
            }""",
            at,
        )
        page.wait_for_selector("#layout ul li#c7S")
        assert page.locator("#c7S").text_content() != "X"
        assert version(page) == at
        same_table(shown(page), fresh(page))

    def test_it_keeps_the_log_lines_it_was_sent_and_fetches_the_earlier_ones_after_a_reload(self):
        # The whole table shows the round's last lines (rooms.table.LOG_TAIL); a page that stays
        # connected keeps every line its deltas appended; after a reload, the button fetches the
        # earlier lines, and the log reads as it did before, numbered from 1.
        from rooms.table import LOG_TAIL

        page = self.new_page()
        open_deal(page, self.url)
        lines = page.locator("#log li")
        while lines.count() <= LOG_TAIL + 4:
            assert wait_for_my_turn_or_the_end(page) == "turn"
            if not play_by_clicks(page):
                page.locator("#controls .pass-button").click()
        assert wait_for_my_turn_or_the_end(page) == "turn"  # nothing moves while it is ours
        kept = lines.all_text_contents()
        assert page.locator("#log button.log-earlier").count() == 0
        # connected() waits for the whole table the socket sends on connecting, which replaces
        # the log: clicks made before it would land on the page's first render and be lost.
        page.reload()
        connected(page)
        assert lines.all_text_contents() == kept[-LOG_TAIL:]
        assert page.locator("#log ol.log-lines").get_attribute("start") == str(
            len(kept) - LOG_TAIL + 1
        )
        page.locator("#log summary").click()
        button = page.locator("#log button.log-earlier")
        assert button.text_content() == f"Show the {len(kept) - LOG_TAIL} earlier lines"
        # asked in the page's own language (another tab may have changed the cookie's)
        with page.expect_request(lambda request: "/log/" in request.url) as asked:
            button.click()
        assert "lang=en" in asked.value.url
        page.wait_for_selector("#log ol.log-earlier")
        page.wait_for_function(  # panel.js has given the fetched lines their words too
            "() => [...document.querySelectorAll('#log-earlier li')]"
            ".every((li) => li.hasAttribute('data-spoken') || !/[♠♥♦♣]/.test(li.textContent))"
        )
        assert lines.all_text_contents() == kept
        assert page.locator("#log button.log-earlier").count() == 0
        # and the next move's line goes after them all
        if not play_by_clicks(page):
            page.locator("#controls .pass-button").click()
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {len(kept)}")
        assert lines.all_text_contents()[: len(kept)] == kept
