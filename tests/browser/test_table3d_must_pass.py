"""A turn with no card to play where a pass may be chosen (the Japanese rules): the player passes
by hand (the server's instant pass told the table what such a pass does not). The table says so
where the eyes are, above the hand, in the panel's words, and its own Pass makes the pass."""

import pytest
from browser_support import TIMEOUT_MS, connected, in_own_thread, open_deal, room_at, version
from django.conf import settings
from django.test import override_settings
from playwright.sync_api import expect
from table3d_support import settle
from test_table3d_room import Table3dRoom

pytestmark = pytest.mark.browser

NOTE = "You have no card you can play: press Pass."


def nothing_to_play_room() -> tuple[str, str]:
    """A room of Aki against three computers, Japanese rules, at a fresh deal where Aki is first to
    act and holds no card that fits: its slug and Aki's session key."""
    from games.sevens import RuleSet, new_round

    rules = RuleSet.preset("japanese", rounds=1)
    for seed in range(1000):
        for dealer in range(4):
            state = new_round(rules, seed=seed, dealer=dealer)
            if state.turn == 0 and [a.type for a in state.legal_actions()] == ["pass"]:
                hands = [list(h) for h in state.hands_at_deal]
                return room_at(rules, hands, dealer, [], turn=0)
    raise AssertionError("no deal leaves the first seat without a card")


def first_event(slug: str):
    def read():
        from rooms.models import Room

        events = Room.objects.get(slug=slug).match.current_round().events
        return events[0] if events else None

    return in_own_thread(read)


# The computers wait a second before each move: the note's going is seen before Aki's next turn
# (which may again have nothing to play).
@override_settings(SEVENS_CPU_DELAY=1)
class TestTheTableAsksForThePass(Table3dRoom):
    def open_room_with_nothing_to_play(self):
        """Aki's page on `nothing_to_play_room`, its table drawn: the room's slug and the page."""
        slug, key = nothing_to_play_room()
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(TIMEOUT_MS)
        self.addCleanup(context.close)
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": key, "url": self.live_server_url}]
        )
        page = context.new_page()
        page.goto(self.url(f"/room/{slug}/"))
        connected(page)
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        return slug, page

    def test_it_says_above_the_hand_that_nothing_fits_and_its_pass_passes(self):
        slug, page = self.open_room_with_nothing_to_play()
        settle(page)
        message = page.locator("#table3d [data-table3d-message]")
        expect(message).to_have_text(NOTE)
        # Above the hand's cards, where the forced pass's note of the Chinese game stands.
        top = page.evaluate(
            "() => { const r = document.querySelector('#table3d [data-table3d-message]')"
            ".getBoundingClientRect(); return r.bottom - document.querySelector"
            "('#table3d canvas').getBoundingClientRect().top; }"
        )
        assert top <= page.evaluate("() => sevensTable.table.handBand.top"), top
        # The server waits for the player: nothing was passed for them.
        page.wait_for_timeout(500)
        assert first_event(slug) is None
        before = version(page)
        page.locator('#table3d [data-table-action="pass"]').click()
        page.wait_for_function("(v) => sevensTable.view.version > v", arg=before)
        assert first_event(slug) == {"seat": 0, "type": "pass"}
        assert page.evaluate("() => sevensTable.view.turn") != 0
        expect(message).to_be_hidden()

    def test_play_pressed_with_no_card_says_to_press_pass(self):
        # "Choose a card first, then press Play." sent the player looking for a card that is not
        # there: Play, the table's or the panel's, says what the turn note says.
        slug, page = self.open_room_with_nothing_to_play()
        messages = page.locator("#messages")
        page.locator('#table3d [data-table-action="play"]').click(force=True)
        expect(messages).to_have_text(NOTE)
        expect(page.locator("#table3d [data-table3d-message]")).to_have_text(NOTE)
        expect(messages).to_have_attribute("aria-live", "assertive")
        page.evaluate("() => document.querySelector('#controls .play-button').click()")
        expect(messages).to_have_text(NOTE)
        assert first_event(slug) is None

    def test_a_shared_devices_lifted_curtain_leaves_the_focus_on_pass(self):
        # Deal "f": Player 1 acts first with no card that fits. Lifted from the table, the curtain
        # left the focus on Play, whose Enter only says to press Pass.
        page = self.new_page(width=1280, height=900)
        open_deal(page, self.url, start="hotseat", code="f")
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        lift = page.locator("#table3d .table3d-curtain button")
        lift.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#controls .turn-note.must-pass")).to_have_text(NOTE)
        expect(page.locator('#table3d [data-table-action="pass"]')).to_be_focused()
        page.keyboard.press("Enter")
        page.wait_for_function("() => sevensTable.view.turn === 1")
