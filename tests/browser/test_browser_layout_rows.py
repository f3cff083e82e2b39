"""A delta carries no layout: panel.js draws the rows that changed from the state's word for each
(a letter per cell). In chromium, from the layout of one position, the rows it draws for the next
equal the `layout` partial of that next position, move after move: placed-apart cards of an
eliminated seat, rows not open yet (7s played in turn), closed tunnel ends, rows 2…A, full rows."""

import pytest
from browser_support import LiveRoomTestCase, connected
from django.utils import translation
from playwright.sync_api import Page

from games.sevens import RuleSet, apply, new_round, seat_view
from rooms import seatparts, table
from tests.frames_support import parse
from tests.sample_views import room_facts, with_facts

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]

RULES = [
    {"pass_limit": 1},
    {"sevens": "played", "pass_limit": 2},
    {"ends": "tunnel", "ace": "high"},
    {"ends": "connect", "joker": True},
]
DRAW = """([layout, state]) => {
    document.getElementById("layout").outerHTML = layout;
    window.sevensPanel.drawRows(["0", "1", "2", "3"], state);
    return document.getElementById("layout").outerHTML;
}"""


def positions(overrides: dict, seed: int):
    """Each position of a round as (the layout partial, the compact state): seat 0 passes when
    it may, so it runs out of passes early with most of its hand."""
    state = new_round(RuleSet.preset("japanese", **overrides), seed=seed, dealer=seed % 4)
    while True:
        view = with_facts(seat_view(state, None).to_dict(), mode="friend")
        t = table.build(view, room=room_facts(view, mode="friend"))
        yield seatparts.render("layout", t), t["state"]
        if state.over:
            return
        legal = state.legal_actions()
        passes = [a for a in legal if a.type == "pass"]
        state, _events = apply(state, passes[0] if state.turn == 0 and passes else legal[-1])


class TestLayoutRows(LiveRoomTestCase):
    def test_it_draws_each_changed_row_as_the_partial_does(self):
        page: Page = self.new_page()
        page.goto(self.url("/"))
        page.locator('button[value="cpu-easy"]').click()
        connected(page)
        drawn, notes = set(), set()
        for overrides in RULES:
            for seed in (1, 2):
                before = None
                for layout, state in positions(overrides, seed):
                    if before is not None:
                        got = page.evaluate(DRAW, [before, state])
                        assert parse(got).html() == parse(layout).html(), (overrides, state)
                        drawn.update(state["rows"])
                        notes.update(n for n in ("closed", "full", "placed") if n in layout)
                    before = layout
        letters = set("".join(drawn))
        assert {"p", "n", "r", "e", "c", "!"} <= letters, letters
        assert notes == {"closed", "full", "placed"}

    def test_it_draws_the_row_notes_with_the_languages_colon(self):
        """In Japanese the wide colon carries its own room: 次：8♦, with no space (the page's
        data-label-space), as the partial writes it."""
        context = self.browser.new_context(locale="ja-JP")
        self.addCleanup(context.close)
        page: Page = context.new_page()
        page.goto(self.url("/"))
        page.locator('button[value="cpu-easy"]').click()
        connected(page)
        drawn = []
        with translation.override("ja"):
            before = None
            for layout, state in positions({"pass_limit": 1}, 1):
                if before is not None:
                    got = page.evaluate(DRAW, [before, state])
                    assert parse(got).html() == parse(layout).html(), state
                    drawn.append(got)
                before = layout
        assert any("次：<b>" in got for got in drawn)
        assert not any("： " in got for got in drawn)
