"""The 3D table's own buttons, pressed with the keyboard, keep the focus: Play, Pass and Hint are
only marked unavailable between turns (a disabled button dropped the focus to the page's top), and
a button that goes away under the focus (Play and Pass at a round's end, the next deal's button once
pressed) hands it on to the one that follows."""

import pytest
from browser_support import tab_to, version, wait_for_my_turn_or_the_end
from test_table3d_room import Table3dRoom

pytestmark = pytest.mark.browser

FOCUS = "() => document.activeElement === document.body ? 'body' : document.activeElement.outerHTML"


class TestTable3dKeyboardFocus(Table3dRoom):
    def test_it_keeps_the_focus_on_the_table_through_a_round_and_the_next_deal(self):
        page = self.open_room("cpu-easy", height=800)
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        play = '#table3d [data-table-action="play"]'
        pass_button = '#table3d [data-table-action="pass"]'
        for _ in range(40):
            if wait_for_my_turn_or_the_end(page) == "over":
                break
            before = version(page)
            cards = page.evaluate(
                "() => sevensTable.view.legal.filter((a) => a.type === 'play').map((a) => a.card)"
            )
            if cards:
                page.evaluate("(c) => sevensTable.press(c)", cards[0])
            pressed = play if cards else pass_button
            tab_to(page, pressed)
            page.keyboard.press("Enter")
            page.wait_for_function("(v) => sevensTable.view.version > v", arg=before)
            page.wait_for_timeout(100)  # the table's buttons follow the new state
            focus = page.evaluate(FOCUS)
            assert focus != "body", "a move pressed on the table lost the focus"
        else:
            raise AssertionError("the round did not end")
        # The round's end: Play and Pass (or, for a player out of cards before the end, the
        # table's Fast-forward) go away under the focus, which waits for the next deal's button
        # on the table: never the page's top, nor the panel's controls or results (the panel then
        # scrolled the page to them, away from the table).
        page.wait_for_timeout(300)
        assert page.evaluate(FOCUS) != "body", "the round's end lost the focus"
        assert page.evaluate(
            "() => document.activeElement.matches('#table3d [data-table-action=\"next\"]')"
        ), page.evaluate(FOCUS)
        assert page.evaluate("() => scrollY") == 0, "the page scrolled away from the table"
        before = version(page)
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(v) => sevensTable.view.version > v && !sevensTable.view.over", arg=before
        )
        page.wait_for_timeout(300)
        assert page.evaluate(FOCUS) != "body", "the next deal, pressed on the table, lost the focus"
        # On the table's Play, not its Fast-forward (where it went: the next Enter gave the new
        # round to the computer).
        assert page.evaluate(
            "() => document.activeElement.matches('#table3d [data-table-action=\"play\"]')"
        ), page.evaluate(FOCUS)
