"""A row's note drawn from a delta names the next cards in the row's order, as the server's
layout partial does: with rows 2…7…A (排七) the 2 at the low end before the A at the high end."""

import pytest
from browser_support import LiveRoomTestCase, connected, table_state, version
from django.test import override_settings
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# A delta as the socket sends it: the page's state before it, the #table-state swapped in by
# htmx's out-of-band swap, then the message's after-event (panel.js merges and draws the rows).
DELTA = """([at, patch]) => {
    const room = document.querySelector('.room');
    const frame = `<script id="table-state" type="application/json" hx-swap-oob="true" `
        + `data-base="${at}" data-version="${at + 1}">${JSON.stringify(patch)}</script>`;
    room.dispatchEvent(new CustomEvent('htmx:wsBeforeMessage',
        {bubbles: true, cancelable: true, detail: {message: frame}}));
    const state = document.getElementById('table-state');
    state.textContent = JSON.stringify(patch);
    state.setAttribute('data-base', String(at));
    state.setAttribute('data-version', String(at + 1));
    room.dispatchEvent(new CustomEvent('htmx:wsAfterMessage',
        {bubbles: true, detail: {message: frame}}));
}"""


# The computers wait: no real move comes between the page's state and the delta made from it.
@override_settings(SEVENS_CPU_DELAY=30)
class TestRowNoteOrder(LiveRoomTestCase):
    def test_a_delta_names_the_2_before_the_ace_when_the_ace_is_high(self):
        page = self.new_page()
        page.goto(self.url("/?preset=chinese"))
        page.locator('button[value="cpu-easy"]').click()
        page.wait_for_url("**/room/*/")
        connected(page)
        assert table_state(page)["ranks"] == "23456789TJQKA"
        at = version(page)
        # Spades 3 to K on the table: the row takes the 2 below and the A above.
        page.evaluate(DELTA, [at, {"version": at + 1, "rows": {"0": "n" + "r" * 11 + "n"}}])
        expect(page.locator("#cKS")).to_have_class("r")
        assert page.locator("#nS b").all_text_contents() == ["2♠", "A♠"]
