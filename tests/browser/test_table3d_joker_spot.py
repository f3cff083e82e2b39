"""The joker on the 3D table of a real room where the card after it could follow it on two spots
(the joker with "Connect A and K", and a lost seat's cards placed on their spots): the spot the
player presses on the layout is the joker's, with no question; the question the panel asks when
nothing said which is answered on the table, which stays in view."""

import pytest
from browser_support import TIMEOUT_MS, connected, in_own_thread, room_at, version
from django.conf import settings
from playwright.sync_api import expect
from table3d_support import FAR_TAGS_UNDER_MESSAGE, click_on_table, settle
from test_table3d_room import Table3dRoom

pytestmark = pytest.mark.browser

# Three players, the joker, A and K joined, one pass each; the dealer is seat 2 (the room's first
# deal). Aki (seat 0) holds J♣ and the joker and runs the spades; Bea (seat 1) holds 10♣ and Q♣ and
# nothing she can play: she passes, then, out of passes, loses, and her cards lie on their spots;
# Chen (seat 2) lays the clubs from 6 down to A, and the 8. Then J♣ can follow the joker on 9♣
# (10♣ between) or on K♣ (Q♣ between).
DEALT = (
    "JK JC 7D AS 2S 3S 4S 5S 6S 8S 9S TS JS QS KS 4D 5D 6D",
    "TC QC 7H AH 2H 3H 4H JH QH KH AD 2D 3D JD QD KD 9H TH",
    "7C 7S AC 2C 3C 4C 5C 6C 8C 9C KC 5H 6H 8H 8D 9D TD",
)
HANDS = [hand.split() for hand in DEALT]
MOVES = "0:6S 1:pass 2:6C 0:5S 2:5C 0:4S 2:4C 0:3S 2:3C 0:2S 2:2C 0:AS 2:AC 0:8S 2:8C"
ASKED = "Where does the joker go?"


def two_spot_room() -> tuple[str, str]:
    """A room against two computers at that position, Aki to play: its slug and Aki's session key."""
    from games.sevens import Action, RuleSet, apply, new_round

    rules = RuleSet.preset("japanese", players=3, joker=True, ends="connect", pass_limit=1)
    state = new_round(rules, hands=HANDS, dealer=2)
    for step in MOVES.split():
        seat, move = step.split(":")
        action = Action.pass_() if move == "pass" else Action.play(move)
        state, _ = apply(state, action, int(seat))
    return room_at(rules, HANDS, 2, list(state.log_events()), turn=state.turn)


# "moved" once a move is made, or "asked" if the panel asked its question instead.
OUTCOME = """(v) => {
    const asked = document.getElementById('messages').textContent.includes('Where does the joker go?');
    if (asked) return 'asked';
    return sevensTable.view.version > v ? 'moved' : null;
}"""


def joker_spot(slug: str) -> str:
    """The spot of the joker's move in the room's round, as the server recorded it. (The page's
    history may not hold it: when a computer moved before the page read the new version, the
    page gets the whole table, whose history starts at the last move.)"""

    def read():
        from rooms.models import Room

        events = Room.objects.get(slug=slug).match.current_round().events
        return next((e["spot"] for e in events if e["type"] == "joker"), "no joker move")

    return in_own_thread(read)


def still(page) -> None:
    """The table still and drawn as it now lies: a press finds each card where it is drawn (a
    card just lifted may not have been drawn in its new place yet when settle returns)."""
    settle(page)
    page.evaluate("() => sevensTable.table.renderNow()")


class TestTheJokersSpotOnTheTable(Table3dRoom):
    def open_two_spot_room(self, cookie=None, **options):
        slug, key = two_spot_room()
        self.slug = slug
        context = self.browser.new_context(**options)
        context.set_default_timeout(TIMEOUT_MS)
        self.addCleanup(context.close)
        cookies = [(settings.SESSION_COOKIE_NAME, key), *([cookie] if cookie else [])]
        context.add_cookies(
            [{"name": name, "value": value, "url": self.live_server_url} for name, value in cookies]
        )
        page = context.new_page()
        page.goto(self.url(f"/room/{slug}/"))
        connected(page)
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        settle(page)
        moves = page.evaluate(
            "() => sevensTable.view.legal.filter((a) => a.type === 'joker').map((a) => a.spot)"
        )
        assert sorted(moves) == ["9C", "KC"], "J♣ follows the joker on 9♣ or on K♣"
        return page

    def outcome(self, page, before: int) -> str:
        """The joker's spot once the move is made, or "asked" if the panel asked instead."""
        seen = page.wait_for_function(OUTCOME, arg=before).json_value()
        return joker_spot(self.slug) if seen == "moved" else seen

    def test_a_spot_pressed_twice_takes_the_joker_there_with_no_question(self):
        page = self.open_two_spot_room(viewport={"width": 1280, "height": 900})
        k = page.evaluate("() => sevensTable.spotOnScreen('KC')")
        click_on_table(page, k)
        page.wait_for_function("() => sevensTable.selection.join() === 'JK,JC'")
        # The spot chosen glows, with J♣'s own; 9♣, the other joker's spot, no longer does.
        page.wait_for_function("() => [...sevensTable.table.lit].sort().join() === 'JC,KC'")
        before = version(page)
        click_on_table(page, k)  # the second press plays
        assert self.outcome(page, before) == "KC"

    def test_a_spot_pressed_then_play_takes_the_joker_there_with_no_question(self):
        page = self.open_two_spot_room(viewport={"width": 1280, "height": 900})
        click_on_table(page, page.evaluate("() => sevensTable.spotOnScreen('KC')"))
        page.wait_for_function("() => sevensTable.selection.join() === 'JK,JC'")
        before = version(page)
        page.locator('#table3d [data-table-action="play"]').click()
        assert self.outcome(page, before) == "KC"

    def test_on_a_phone_the_question_asked_from_the_table_is_answered_there(self):
        """390×844: the joker and J♣ pressed in the hand say nothing of the spot, and Play on the
        table asks. The panel's question sits below the table, out of sight: its button takes the
        focus without scrolling (the table went out of view), and the table's bar asks too."""
        page = self.open_two_spot_room(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        page.evaluate("() => document.getElementById('table3d').scrollIntoView({block: 'center'})")
        for card in ("JK", "JC"):
            still(page)
            click_on_table(page, page.evaluate("(c) => sevensTable.handCardOnScreen(c)", card))
        page.wait_for_function("() => sevensTable.selection.join() === 'JK,JC'")
        scrolled = page.evaluate("() => window.scrollY")
        before = version(page)
        page.locator('#table3d [data-table-action="play"]').click()
        assert self.outcome(page, before) == "asked"
        asked = page.locator("#table3d [data-table3d-message]")
        expect(asked).to_contain_text(ASKED)
        assert page.evaluate("() => window.scrollY") == scrolled
        box = page.locator("#table3d").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        assert page.evaluate("() => document.activeElement.dataset.spot") in ("9C", "KC")
        spots = asked.locator("button.table3d-spot")
        assert spots.all_inner_texts() == ["9♣", "K♣"]
        spots.nth(1).click()
        page.wait_for_function("(v) => sevensTable.view.version > v", arg=before)
        assert self.outcome(page, before) == "KC"

    def test_the_joker_lifted_alone_says_to_choose_the_card_after_it(self):
        """The spots light up for the joker alone; the table says at once what comes next (the
        panel said it only once Play was pressed), in the panel's words."""
        page = self.open_two_spot_room(viewport={"width": 1280, "height": 900})
        message = page.locator("#table3d [data-table3d-message]")
        expect(message).to_be_hidden()
        joker = page.evaluate("() => sevensTable.handCardOnScreen('JK')")
        click_on_table(page, joker)
        page.wait_for_function("() => sevensTable.selection.join() === 'JK'")
        expect(message).to_have_text("Now choose the card to play after the joker.")
        # The card chosen, nothing more to say; the joker put back, nor then.
        still(page)
        click_on_table(page, page.evaluate("() => sevensTable.handCardOnScreen('JC')"))
        page.wait_for_function("() => sevensTable.selection.join() === 'JK,JC'")
        expect(message).to_be_hidden()
        # What Play will play is said under the panel's buttons (a live region), as chosen here.
        choice = page.locator("#play-choice")
        expect(choice.locator(".sr-only")).to_have_text(
            "Play will play the joker, then jack of clubs."
        )
        expect(choice.locator('[aria-hidden="true"]')).to_have_text(
            "Play will play the joker, then J♣."
        )
        still(page)
        click_on_table(page, page.evaluate("() => sevensTable.handCardOnScreen('JK')"))
        page.wait_for_function("() => sevensTable.selection.join() === 'JC'")
        expect(message).to_be_hidden()
        expect(choice.locator(".sr-only")).to_have_text("Play will play jack of clubs.")

    def test_a_hint_that_puts_the_joker_on_one_of_two_spots_lights_that_spot_alone(self):
        """A hint chooses the joker, J♣ and the spot K♣ in the panel: the table lifts the two
        cards and lights K♣ (and J♣ beyond it), not 9♣ too, and Play puts the joker there."""
        from rooms.tableparts import messages

        page = self.open_two_spot_room(viewport={"width": 1280, "height": 900})
        # The frame the server sends with a hint (rooms.consumers), as the panel receives it.
        frame = messages(
            {"message": "Hint: play J♣ after the joker.", "hint": "KC*JC", "level": "info"}
        )
        page.evaluate(
            """(html) => {
                const t = document.createElement('template');
                t.innerHTML = html;
                document.getElementById('messages').replaceWith(t.content.firstElementChild);
                document.body.dispatchEvent(new CustomEvent('htmx:wsAfterMessage', {detail: {message: html}}));
            }""",
            frame,
        )
        page.wait_for_function("() => sevensTable.selection.join() === 'JK,JC'")
        page.wait_for_function("() => [...sevensTable.table.lit].sort().join() === 'JC,KC'")
        before = version(page)
        page.locator('#table3d [data-table-action="play"]').click()
        assert self.outcome(page, before) == "KC"

    def test_on_a_phone_upright_the_question_covers_no_name_tag(self):
        """The room's page (site.css: a button 44 px high on a touch screen) on phones held
        upright, in both views: the joker's question stands at the table's top, its spots on a
        line as high as the text's, and covers neither far seat's name tag. Its spot buttons were
        a line taller, the question three lines or four, and in the top-down view it covered Bea's
        and Chen's tags. A finger still has 44 px to press a spot."""
        problems, reaches = [], []
        for language, width, height in [("en", 390, 844), ("ja", 390, 844), ("ja", 360, 740)]:
            page = self.open_two_spot_room(
                viewport={"width": width, "height": height},
                is_mobile=True,
                has_touch=True,
                cookie=("django_language", language),
            )
            page.evaluate("() => sevensTable.press('JK')")
            page.evaluate("() => sevensTable.press('JC')")
            page.locator('#table3d [data-table-action="play"]').click()
            # The question, in the page's language, with its two spots.
            message = page.locator("#table3d [data-table3d-message]")
            expect(message.locator("button.table3d-spot")).to_have_count(2)
            for view in ("angled", "top"):
                page.evaluate("(v) => sevensTable.setView(v)", view)
                still(page)
                covered = page.evaluate(FAR_TAGS_UNDER_MESSAGE)
                if covered:
                    problems.append((language, width, height, view, covered))
            # What a finger may press: the button, and the area its ::before adds around it.
            reaches.append(
                message.locator("button.table3d-spot").first.evaluate(
                    "(b) => { const r = b.getBoundingClientRect();"
                    " const top = parseFloat(getComputedStyle(b, '::before').top) || 0;"
                    " return r.height - 2 * Math.min(0, top); }"
                )
            )
        assert problems == []
        assert min(reaches) >= 44, reaches
