"""The 3D table in a real room against three computers: it draws the seat view the server pushes,
and a card pressed on the canvas then "Play" goes through the panel to the server (issue 5)."""

import pytest
from browser_support import (
    LiveRoomTestCase,
    connected,
    in_own_thread,
    open_deal,
    version,
    wait_for_my_turn_or_the_end,
)
from django.test import override_settings
from playwright.sync_api import expect
from table3d_support import (
    FAR_TAGS_UNDER_MESSAGE,
    WEBGL_ARGS,
    click_on_table,
    ensure_bundle,
    save,
    settle,
)

pytestmark = pytest.mark.browser


def flag_of(slug: str) -> bool:
    """The room's fast-forward flag, read in a thread of its own (playwright's loop runs here)."""
    from rooms.models import Room

    return in_own_thread(lambda: Room.objects.get(slug=slug).fast_forward)


def joker_first_deal() -> str:
    """A deal code of the Japanese rules with the joker where seat 0 (the room's creator) plays
    first and may play the joker at once."""
    from games.sevens import Match, RuleSet, deal_code, seat_view

    rules = RuleSet.preset("japanese", joker=True, rounds=1)
    for seed in range(1000):
        for dealer in range(4):
            code = deal_code(seed, dealer)
            state = Match(rules, first_deal=code).start_round()
            legal = seat_view(state, 0).legal if state.turn == 0 else []
            if any(a.type == "joker" for a in legal):
                return code
    raise AssertionError("no such deal in a thousand seeds")


class Table3dRoom(LiveRoomTestCase):
    """A live room and a chromium that draws WebGL (no tests of its own)."""

    # The room harness's chromium has no WebGL; this one draws with SwiftShader.
    browser_args = WEBGL_ARGS

    def setUp(self):
        ensure_bundle()
        super().setUp()

    def open_phone_room(self, width: int, height: int):
        """Aki opens a room against three Easy computers on a phone of this size, on the known
        deal (3 rounds): on a random one Aki could hold nothing to play, be passed out of the
        round at once, and the computers end it before the table is looked at."""
        page = self.phone_page(width, height)
        open_deal(page, self.url, start="cpu-easy", rounds=3)
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        return page

    @staticmethod
    def play_the_round_on_the_table(page, before_each_turn=lambda: None):
        """Plays the viewer's first playable card, or passes, with the table's own buttons, to
        the round's end."""
        play = page.locator('#table3d [data-table-action="play"]')
        for _ in range(40):
            if wait_for_my_turn_or_the_end(page) == "over":
                return
            before_each_turn()
            before = version(page)
            cards = page.evaluate(
                "() => sevensTable.view.legal.filter((a) => a.type === 'play').map((a) => a.card)"
            )
            if cards:
                page.evaluate("(c) => sevensTable.press(c)", cards[0])
                play.click()
            else:
                page.locator('#table3d [data-table-action="pass"]').click()
            page.wait_for_function("(v) => sevensTable.view.version > v", arg=before)
        raise AssertionError("the round did not end")

    def open_room(self, start: str, *, height: int = 900):
        """Aki opens a room from the home page (`start`: the button's value) and is connected."""
        page = self.new_page(width=1280, height=height)
        page.goto(self.url("/"))
        page.fill('input[name="name"]', "Aki")
        page.click(f'button[value="{start}"]')
        page.wait_for_url("**/room/*/")
        connected(page)
        return page


# The computers wait 2 s before each move: with none, Aki (who may hold nothing to play for four
# turns and be out of the round at once) could be out before the table is looked at.
@override_settings(SEVENS_CPU_DELAY=2)
class TestTable3dAtTheDeal(Table3dRoom):
    def test_it_shows_play_and_pass_only_once_the_cards_are_dealt(self):
        page = self.open_room("friend")
        page.wait_for_function("() => window.sevensTable && sevensTable.failed === false")
        play = page.locator('#table3d [data-table-action="play"]')
        pass_button = page.locator('#table3d [data-table-action="pass"]')
        # A room waiting for players: no cards, nothing to press; the empty table is not shown
        # at all (on a phone it stood between the seats and "Leave my seat").
        expect(page.locator("#table3d")).to_be_hidden()
        hint = page.locator('#table3d [data-table-action="hint"]')
        fast = page.locator('#table3d [data-table-action="fast_forward"]')
        expect(play).to_be_hidden()
        expect(pass_button).to_be_hidden()
        expect(hint).to_be_hidden()
        expect(fast).to_be_hidden()

        page.get_by_role("button", name="Fill empty seats with the computer and start").click()
        page.wait_for_function("() => sevensTable.view && sevensTable.view.hand.length > 0")
        expect(page.locator("#table3d")).to_be_visible()
        page.wait_for_function("() => sevensTable.ready && sevensTable.table.size.width > 0")
        expect(play).to_be_visible()
        expect(pass_button).to_be_visible()
        expect(hint).to_be_visible()
        expect(fast).to_be_visible()  # the computer holds the empty seats
        # It presses the panel's: the room is fast-forwarded (the server's flag).
        slug = page.locator(".room").get_attribute("data-room")
        assert not flag_of(slug)
        fast.click()
        for _ in range(50):
            if flag_of(slug):
                break
            page.wait_for_timeout(100)
        assert flag_of(slug)


class TestTable3dInACpuRoom(Table3dRoom):
    def test_it_plays_a_card_pressed_in_the_3d_view_against_the_computer(self):
        page = self.open_room("cpu-easy")
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        assert page.evaluate("() => sevensTable.failed") is False
        assert page.evaluate("() => sevensTable.view.names[0]") == "Aki"

        for _ in range(30):
            assert wait_for_my_turn_or_the_end(page) == "turn", "a card to play before the end"
            if page.locator("#hand .card.playable").count():
                break
            page.locator("#controls .pass-button").click()  # holding back, as players may
            page.wait_for_function("() => sevensTable.view.turn !== sevensTable.view.seat")
        page.wait_for_function("(v) => sevensTable.view.version === v", arg=version(page))
        settle(page)
        card = page.locator("#hand .card.playable").first.get_attribute("data-card")

        click_on_table(page, page.evaluate("(c) => sevensTable.handCardOnScreen(c)", card))
        expect(page.locator(f'#hand .card[data-card="{card}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
        assert page.evaluate("() => sevensTable.table.lit") == [card]
        before = version(page)
        page.locator('#table3d [data-table-action="play"]').click()
        page.wait_for_function("(v) => sevensTable.view.version > v", arg=before)
        expect(page.locator(f"#c{card}")).to_have_class("r")
        settle(page)
        assert page.evaluate("(c) => sevensTable.table.cards.get(c).userData.inHand", card) is False
        save(page, "table3d-room.png")

    def test_it_shows_the_hot_seat_curtain_over_the_table_and_lifts_it(self):
        # On the known deal: on a random one the first seat may hold nothing to play, and its
        # curtain has no button (the server passes for it).
        page = self.new_page(width=1280, height=900)
        open_deal(page, self.url, start="hotseat")
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        curtain = page.locator("#table3d [data-table3d-curtain]")
        expect(curtain).to_be_visible()
        # The words are the panel's: whose turn it is, and the button to press.
        name = page.locator("#hand .curtain h2").inner_text()
        assert name.startswith("Pass the device to ")
        expect(curtain.locator("p")).to_have_text(name)
        seat = int(page.locator('#hand .curtain input[name="seat"]').get_attribute("value"))
        # Face down, the table already sits that seat at the near edge.
        assert page.evaluate("() => sevensTable.view.curtain") == seat
        assert page.evaluate("() => sevensTable.view.hand") is None
        near = "() => sevensTable.table.places.find((p) => p.near).seat"
        assert page.evaluate(near) == seat
        curtain.locator(
            "button"
        ).click()  # lifting it is this device's own business: no new version
        page.wait_for_function("() => sevensTable.view.seat !== null")
        expect(curtain).to_be_hidden()
        assert page.evaluate("() => sevensTable.view.seat") == seat
        assert page.evaluate("() => sevensTable.view.hand.length") > 0
        assert page.evaluate(near) == seat
        expect(page.locator("#hand .curtain")).to_have_count(0)

    def test_a_phone_on_its_side_plays_a_round_on_the_table_and_then_shows_the_results(self):
        """844×390: Play and Pass on the table stay on screen for a whole round, and when the
        round ends its results, in the panel below the table, are scrolled into sight."""
        page = self.open_phone_room(844, 390)
        play = page.locator('#table3d [data-table-action="play"]')
        pass_button = page.locator('#table3d [data-table-action="pass"]')

        def on_screen(locator):
            box = locator.bounding_box()
            return box and box["y"] >= 0 and box["y"] + box["height"] <= 390

        def both_on_screen():
            assert on_screen(play) and on_screen(pass_button)

        self.play_the_round_on_the_table(page, both_on_screen)
        page.wait_for_function(
            "() => { const r = document.getElementById('settlement').getBoundingClientRect();"
            " return r.top >= 0 && r.bottom <= innerHeight + 1; }"
        )

    def test_its_hint_button_asks_the_panel_and_shows_the_hint_over_the_table(self):
        page = self.open_room("cpu-easy")
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        hint = page.locator('#table3d [data-table-action="hint"]')
        message = page.locator("#table3d [data-table3d-message]")
        assert wait_for_my_turn_or_the_end(page) == "turn"
        expect(hint).to_be_enabled()
        expect(message).to_be_hidden()
        hint.click()
        expect(page.locator("#messages [data-hint]")).to_have_count(1)
        shown = page.locator("#messages .message .message-shown")
        said = (shown if shown.count() else page.locator("#messages .message")).inner_text().strip()
        assert said
        expect(message).to_have_text(
            said
        )  # as the panel shows it, not its words for a screen reader
        word = page.locator("#messages [data-hint]").get_attribute("data-hint")
        # The hinted move is chosen on the table as in the panel: Play plays it.
        if word != "pass":
            card = word.split("*")[-1]
            page.wait_for_function("(c) => sevensTable.selection.includes(c)", arg=card)
            before = version(page)
            page.locator('#table3d [data-table-action="play"]').click()
            page.wait_for_function("(v) => sevensTable.view.version > v", arg=before)
            expect(page.locator(f"#c{card}")).to_have_class("r")

    def test_it_plays_the_joker_and_the_card_after_it_pressed_on_the_table(self):
        """The joker pressed first, then the card that follows it: in the panel's hand the joker
        comes last, and the table used to take the panel's order back ([card, joker]: a Play of
        the card alone, refused)."""
        code = joker_first_deal()
        page = self.new_page(width=1280, height=900)
        page.goto(self.url("/deal/"))
        page.fill("#id_code", code)
        page.check("#id_joker")
        page.select_option("#id_start", "cpu-easy")
        page.get_by_role("button", name="Play this deal").click()
        page.wait_for_url("**/room/*/")
        connected(page)
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        assert wait_for_my_turn_or_the_end(page) == "turn"
        move = page.evaluate("() => sevensTable.view.legal.find((a) => a.type === 'joker')")
        assert move, "the deal gives the viewer a joker move at once"
        settle(page)
        for card in ("JK", move["card"]):
            click_on_table(page, page.evaluate("(c) => sevensTable.handCardOnScreen(c)", card))
        page.wait_for_timeout(100)  # the panel's presses come back to the table
        assert page.evaluate("() => sevensTable.selection") == ["JK", move["card"]]
        before = version(page)
        page.locator('#table3d [data-table-action="play"]').click()
        page.wait_for_function("(v) => sevensTable.view.version > v", arg=before)
        assert "JK" not in page.evaluate("() => sevensTable.view.hand")
        expect(page.locator(f"#c{move['card']}")).to_have_class("r")
        # The joker went to its spot and on to the seat that took it back: once the table is
        # still, no joker is drawn where the view has none (its second leg used to be lost, and
        # the joker stayed on the spot over the real card, round after round).
        page.wait_for_function("() => !sevensTable.table.animating")
        drawn = page.evaluate(
            """() => { const t = sevensTable.table, v = sevensTable.view;
            const faces = [...t.textures].filter(([k]) => k.startsWith('face:JK:')).map(([, x]) => x);
            const jokers = t.world.children.filter((m) => m.material && faces.includes(m.material.map));
            const onLayout = (v.rows || []).some((r) => r.cells.some((c) => c.joker || c.state === 'joker'));
            return [jokers.length, (v.hand || []).includes('JK') + onLayout]; }"""
        )
        assert drawn[0] == drawn[1], drawn

    def test_when_the_panel_asks_where_the_joker_goes_the_table_offers_the_same_choice(self):
        """Two spots for the joker's card (A and K joined, an eliminated seat's cards on the row)
        are rare in play; here the panel's question (panel.js `askSpot`) is put in by hand."""
        page = self.open_room("cpu-easy")
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        page.evaluate(
            """() => {
            window.pressedSpot = null;
            const line = document.createElement("p");
            line.className = "message message-info";
            line.append("Where does the joker go? Choose its spot:");
            for (const [spot, text] of [["TC", "10♣"], ["AC", "A♣"]]) {
                const b = document.createElement("button");
                b.type = "button";
                b.className = "joker-spot";
                b.dataset.spot = spot;
                b.textContent = text;
                b.addEventListener("click", () => (window.pressedSpot = spot));
                line.append(" ", b);
            }
            document.getElementById("messages").replaceChildren(line);
        }"""
        )
        banner = page.locator("#table3d [data-table3d-message]")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("Where does the joker go?")
        spots = banner.locator("button.table3d-spot")
        expect(spots).to_have_count(2)
        assert spots.all_inner_texts() == ["10♣", "A♣"]
        assert spots.nth(1).get_attribute("data-spot") == "AC"
        spots.nth(1).click()
        assert page.evaluate("() => window.pressedSpot") == "AC"
        page.evaluate("() => document.getElementById('messages').replaceChildren()")
        expect(banner).to_be_hidden()


class TestTable3dAtTheRoundsEnd(Table3dRoom):
    def test_an_upright_phone_deals_the_next_round_from_the_table(self):
        """390×844: the round's results and their button are below the table, out of sight; the
        table's own bar offers the same button, in the panel's words, and it deals the next round."""
        page = self.open_phone_room(390, 844)
        next_button = page.locator('#table3d [data-table-action="next"]')
        expect(next_button).to_be_hidden()
        self.play_the_round_on_the_table(page)
        expect(next_button).to_be_visible()
        expect(next_button).to_have_text("Deal the next round")
        box = next_button.bounding_box()
        assert box["y"] + box["height"] <= 844 and box["height"] >= 44, box  # in sight, touch-sized
        assert not page.locator("#settlement .next-round-button").is_visible() or (
            page.locator("#settlement .next-round-button").bounding_box()["y"] > 844
        )
        before = version(page)
        next_button.click()
        page.wait_for_function(
            "(v) => sevensTable.view.version > v && !sevensTable.view.over", arg=before
        )
        expect(next_button).to_be_hidden()
        expect(page.locator("#settlement")).to_be_hidden()


# 排七 on deal "n" (test_browser_hotseat_keyboard): Player 2 plays the 7♦, Player 3 then has no
# card. The server passes for Player 3 a second after its curtain comes up.
@override_settings(SEVENS_CPU_DELAY=1)
class TestTable3dPassingSeatCurtain(Table3dRoom):
    def test_a_seat_that_must_pass_has_a_curtain_with_no_button_over_the_table(self):
        page = self.new_page(width=1280, height=900)
        open_deal(page, self.url, start="hotseat", code="n", preset="chinese")
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        curtain = page.locator("#table3d [data-table3d-curtain]")
        curtain.locator("button").click()  # Player 2
        page.locator('#hand .card[data-card="7D"]').click()  # Player 2's hand is shown
        expect(page.locator('#hand .card[data-card="7D"]')).to_have_attribute(
            "aria-pressed", "true"
        )
        page.locator('#table3d [data-table-action="play"]').click()
        expect(curtain.locator("p")).to_have_text(
            "Player 3 has no card to play and passes automatically."
        )
        expect(curtain).to_be_visible()
        expect(curtain.locator("button")).to_be_hidden()
        expect(curtain.locator("p")).to_have_text("Pass the device to Player 4")
        expect(curtain.locator("button")).to_have_text("I am Player 4: show my hand")


# The panel's dimmed cards, and the 3D table's, at the version both show.
DIMMED = """() => {
    const v = sevensTable.view;
    if (String(v.version) !== document.getElementById('table-state').dataset.version) return null;
    const panel = [...document.querySelectorAll('#hand .card.dimmed')].map((b) => b.dataset.card);
    const table = v.hand.filter((c) => sevensTable.table.cards.get(c).material.color.r < 1);
    return {panel: panel.sort(), table: table.sort(), turn: v.turn === v.seat};
}"""


# The computers wait 2 s before each move: Aki's hand is looked at between her turns.
@override_settings(SEVENS_CPU_DELAY=2)
class TestTable3dDimsAsThePanel(Table3dRoom):
    def test_the_table_dims_the_cards_the_panel_dims_on_the_turn_and_between_turns(self):
        page = self.new_page(width=1280, height=900)
        open_deal(page, self.url)
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        assert wait_for_my_turn_or_the_end(page) == "turn"
        settle(page)
        on_turn = page.evaluate(DIMMED)
        assert on_turn["turn"] and on_turn["panel"], "some cards cannot be played now"
        assert on_turn["table"] == on_turn["panel"]
        card = page.locator("#hand .card.playable").first.get_attribute("data-card")
        page.locator(f'#hand .card[data-card="{card}"]').click()
        before = version(page)
        page.locator("#controls .play-button").click()
        page.wait_for_function("(v) => sevensTable.view.version > v", arg=before)
        settle(page)
        between = page.evaluate(DIMMED)
        assert not between["turn"], "the computers think for 2 s each"
        # Between turns the panel dims what the rows do not need next; so does the table.
        assert between["panel"] and between["table"] == between["panel"]


# The computers wait 30 s: the table is looked at before they move, and none moves as the test
# ends (a move landing during the flush could deadlock it on PostgreSQL).
@override_settings(SEVENS_CPU_DELAY=30)
class TestTable3dNoteOnTheNarrowestPhones(Table3dRoom):
    def test_a_three_line_note_covers_no_far_tag_at_360_px(self):
        """360×740, in both views: the room's longest note ("You are back at your seat: …", three
        lines there) stands in the band at the canvas's top, above the far seats' tags. In the
        top-down view it covered all three (the band was two lines high)."""
        page = self.open_phone_room(360, 740)
        note = "You are back at your seat: the computer played your turns while you were away."
        page.evaluate(
            """(text) => { const p = document.createElement('p');
              p.className = 'message message-info'; p.textContent = text;
              document.getElementById('messages').replaceChildren(p); }""",
            note,
        )
        message = page.locator("#table3d [data-table3d-message]")
        expect(message).to_have_text(note)
        assert message.bounding_box()["height"] > 60, "three lines at this width"
        for view in ("top", "angled"):
            page.evaluate("(v) => sevensTable.setView(v)", view)
            settle(page)
            page.evaluate("() => sevensTable.table.renderNow()")
            assert page.evaluate(FAR_TAGS_UNDER_MESSAGE) == [], view


# The bar's buttons, the corner controls, the player's own name tag and the band of the hand,
# in the table's own pixels, once the table has drawn a frame at its present size.
TABLE_BOXES = """() => {
  sevensTable.table.renderNow();
  const box = document.getElementById('table3d').getBoundingClientRect();
  const rel = (el, name) => { const r = el.getBoundingClientRect();
    return {name, left: r.left - box.left, top: r.top - box.top, right: r.right - box.left, bottom: r.bottom - box.top}; };
  const controls = [...document.querySelectorAll(
    '#table3d .table3d-bar button, #table3d .table3d-views button, #table3d .table3d-option')]
    .filter((b) => b.getClientRects().length)
    .map((b) => rel(b, b.dataset.tableAction || b.dataset.view || 'four-colour'));
  const band = sevensTable.table.handBand;
  return {
    width: box.width, height: box.height, controls,
    near: rel(document.querySelector('#table3d .table3d-tag.near'), 'near tag'),
    hand: band && {name: 'hand', left: band.left, top: band.top, right: band.right, bottom: band.bottom},
  };
}"""


BAR = {"play", "pass", "hint", "fast_forward"}


def overlaps(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and (b["top"] < a["bottom"])
    )


# The computers wait 30 s: the table is looked at before they move, and none moves as the test
# ends (a move landing during the flush could deadlock it on PostgreSQL).
@override_settings(SEVENS_CPU_DELAY=30)
class TestTable3dBarOnPhones(Table3dRoom):
    def assert_nothing_covered(self, page, size):
        boxes = page.evaluate(TABLE_BOXES)
        assert boxes["hand"], size
        controls = boxes["controls"]
        names = {c["name"] for c in controls}
        assert names >= BAR, (size, names)
        for i, c in enumerate(controls):
            # On screen, on the table, a finger's size.
            assert c["left"] >= 0 and c["right"] <= boxes["width"] + 0.5, (size, c)
            assert c["top"] >= 0 and c["bottom"] <= boxes["height"] + 0.5, (size, c)
            assert c["bottom"] - c["top"] >= 44, (size, c)
            for other in [*controls[i + 1 :], boxes["hand"], boxes["near"]]:
                assert not overlaps(c, other), (size, c, other)

    def test_no_button_covers_the_hand_or_another_on_a_phone(self):
        """Held upright at 360 px the bar's four buttons took two rows, Fast-forward on the second,
        and Play, Pass and Hint stood over the lower half of the hand and the player's own name
        tag. Where longer words still wrap the bar, the table is drawn above it."""
        for width, height in [(360, 740), (375, 667), (390, 844), (740, 360)]:
            page = self.open_phone_room(width, height)
            for action in ("play", "pass", "hint", "fast_forward"):
                expect(page.locator(f'#table3d [data-table-action="{action}"]')).to_be_visible()
            page.locator("#table3d").scroll_into_view_if_needed()
            settle(page)
            self.assert_nothing_covered(page, (width, height))
            # In English the four stand on one row (closer together below 480 px): the table
            # keeps its size.
            bar = [c for c in page.evaluate(TABLE_BOXES)["controls"] if c["name"] in BAR]
            assert len({round(c["top"]) for c in bar}) == 1, ((width, height), bar)
            if (width, height) == (390, 844):
                save(page, "table3d-bar-390.png")
                # Words too long for one row: the bar takes two, and the table stands above them.
                fast = page.locator('#table3d [data-table-action="fast_forward"]')
                fast.evaluate("(b) => { b.textContent = 'Fast-forward to the end of the round'; }")
                page.wait_for_function(
                    """() => { const b = [...document.querySelectorAll('#table3d .table3d-bar button')]
                      .filter((x) => !x.hidden); return b.at(-1).offsetTop > b[0].offsetTop; }"""
                )
                page.wait_for_timeout(100)  # the bar's resize observer, then a frame
                settle(page)
                self.assert_nothing_covered(page, ("two rows", width, height))
            page.context.close()

    def test_a_friends_room_on_a_small_phone_starts_with_play_and_pass_on_screen(self):
        """360×740 held upright: in a friends' room the link to share stands above the table, and
        Play and Pass began below the screen's foot (a CPU room's fitted). Once the match starts
        the page is scrolled as far as the table's foot, the table's top still on screen."""
        page = self.phone_page(360, 740)
        page.goto(self.url("/"))
        page.locator('input[name="players"][value="3"]').check()
        page.locator('button[value="friend"]').tap()
        page.wait_for_url("**/room/*/")
        connected(page)
        page.locator(".start-form button").tap()
        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
        expect(page.locator(".share")).to_be_visible()
        for action in ("play", "pass"):
            button = page.locator(f'#table3d [data-table-action="{action}"]')
            expect(button).to_be_visible()
            page.wait_for_function(
                "(b) => b.getBoundingClientRect().bottom <= innerHeight",
                arg=button.element_handle(),
            )
        assert page.locator("#table3d").bounding_box()["y"] >= 0
