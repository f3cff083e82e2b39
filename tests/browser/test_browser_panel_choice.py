"""panel.js on its own: the joker is pressed together with the card after it, then Play sends the
joker move; the choice survives a pushed frame; a hint chooses its move. No server: the fragments are rendered here and the
ws extension's send event is raised by hand."""

from pathlib import Path

import pytest
from browser_support import serverless_page  # noqa: F401  (the `page` fixture)
from sample_views import fragment, played_state, table_for, view

from rooms.render import card_words, render_message

pytestmark = [pytest.mark.browser, pytest.mark.pure]

PANEL_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "panel.js"
SEND = """(action) => {
    const form = document.querySelector('#controls form');
    const detail = {parameters: {action: action}};  // panel.js adds the version the page shows
    const sent = form.dispatchEvent(new CustomEvent('htmx:wsConfigSend', {bubbles: true, cancelable: true, detail}));
    return {sent, parameters: detail.parameters};
}"""


def joker_table():
    v = view(played_state(joker=True), 0)
    v = {
        **v,
        "turn": 0,
        "seat": 0,
        "hand": ["JK", "4D", "9S"],
        "legal": [{"type": "joker", "spot": "5D", "card": "4D"}, {"type": "pass"}],
    }
    return table_for(v, 0)


def load(page, t):
    body = "".join(fragment(t, name) for name in ("messages", "hand", "controls", "table_state"))
    words = (
        'data-choose-first="Choose a card first, then press Play." '
        'data-not-your-turn="It is not your turn." '
        'data-joker-needs-card="Now choose the card to play after the joker." '
        'data-joker-card="That card cannot follow the joker now." '
        'data-joker-where="Where does the joker go? Choose its spot:"'
    )  # the room page gives the panel's fixed words once
    cards = f'<script id="card-words" type="application/json">{card_words()}</script>'
    page.set_content(f'<!doctype html><body><div class="room" {words}>{body}</div>{cards}</body>')
    page.add_script_tag(content=PANEL_JS.read_text())


def test_it_sends_the_joker_and_the_card_after_it_as_one_move(page):
    load(page, joker_table())
    page.click('#hand [data-card="JK"]')
    assert page.get_attribute('#hand [data-card="JK"]', "aria-pressed") == "true"
    assert "joker-target" in page.get_attribute('#hand [data-card="4D"]', "class")
    result = page.evaluate(SEND, "play")
    assert result["sent"] is False
    assert "Now choose the card to play after the joker." in page.inner_text("#messages")

    page.click('#hand [data-card="4D"]')
    result = page.evaluate(SEND, "play")
    assert result["sent"] is True
    version = int(page.get_attribute("#table-state", "data-version"))
    assert result["parameters"] == {
        "action": "joker",
        "card": "4D",
        "spot": "5D",
        "version": version,
    }


def test_a_card_that_cannot_follow_the_joker_is_explained_not_sent(page):
    load(page, joker_table())
    page.click('#hand [data-card="JK"]')
    page.click('#hand [data-card="9S"]')
    assert page.evaluate(SEND, "play")["sent"] is False
    assert "That card cannot follow the joker now." in page.inner_text("#messages")


def test_when_the_joker_could_go_on_two_spots_the_player_chooses_which(page):
    # A and K joined, the clubs row 7…9 with J and Q laid out by an eliminated seat: the K of
    # clubs can follow the joker on the 10 (then J Q) or on the A (the other end).
    v = view(played_state(joker=True), 0)
    v = {
        **v,
        "turn": 0,
        "seat": 0,
        "hand": ["JK", "KC", "9S"],
        "legal": [
            {"type": "joker", "spot": "TC", "card": "KC"},
            {"type": "joker", "spot": "AC", "card": "KC"},
            {"type": "pass"},
        ],
    }
    load(page, table_for(v, 0))
    page.evaluate("document.addEventListener('submit', (e) => e.preventDefault(), true)")
    page.click('#hand [data-card="JK"]')
    page.click('#hand [data-card="KC"]')
    assert page.evaluate(SEND, "play")["sent"] is False  # not yet: which spot?
    assert "Where does the joker go?" in page.inner_text("#messages")
    spots = page.locator("#messages button.joker-spot")
    assert spots.all_inner_texts() == ["10♣", "A♣"]
    # Heard in words, as the hand's cards are ("10 black club suit" otherwise).
    assert [spots.nth(i).get_attribute("aria-label") for i in (0, 1)] == [
        "10 of clubs",
        "ace of clubs",
    ]
    assert page.evaluate("document.activeElement.dataset.spot") == "TC"
    spots.nth(1).click()  # presses Play in the page; here the harness sends by hand
    result = page.evaluate(SEND, "play")
    assert result["sent"] is True
    assert result["parameters"]["action"] == "joker"
    assert (result["parameters"]["spot"], result["parameters"]["card"]) == ("AC", "KC")
    # A new choice asks again.
    page.click('#hand [data-card="KC"]')
    page.click('#hand [data-card="KC"]')
    assert page.evaluate(SEND, "play")["sent"] is False


def test_it_sends_a_chosen_card_and_refuses_a_play_with_none(page):
    load(page, joker_table())
    result = page.evaluate(SEND, "play")
    assert result["sent"] is False
    assert "Choose a card first" in page.inner_text("#messages")
    page.click('#hand [data-card="9S"]')
    assert page.evaluate(SEND, "play")["parameters"]["card"] == "9S"
    version = int(page.get_attribute("#table-state", "data-version"))
    assert page.evaluate(SEND, "pass")["parameters"] == {"action": "pass", "version": version}


FRAME = """(html) => {
    const room = document.querySelector('.room');
    const before = new CustomEvent('htmx:wsBeforeMessage', {bubbles: true, cancelable: true, detail: {message: html}});
    room.dispatchEvent(before);
    const old = document.getElementById('hand');
    const box = document.createElement('div');
    box.innerHTML = html;
    old.replaceWith(box.firstElementChild);
    room.dispatchEvent(new CustomEvent('htmx:wsAfterMessage', {bubbles: true, detail: {message: html}}));
}"""


def test_it_keeps_the_choice_and_the_focus_across_a_pushed_frame(page):
    t = joker_table()
    load(page, t)
    page.click('#hand [data-card="9S"]')
    page.focus('#hand [data-card="9S"]')
    page.evaluate(FRAME, fragment(t, "hand"))
    assert page.get_attribute('#hand [data-card="9S"]', "aria-pressed") == "true"
    assert page.evaluate("() => document.activeElement.dataset.card") == "9S"


MESSAGE = """(html) => {
    const room = document.querySelector('.room');
    room.dispatchEvent(new CustomEvent('htmx:wsBeforeMessage', {bubbles: true, cancelable: true, detail: {message: html}}));
    const box = document.createElement('div');
    box.innerHTML = html;
    document.getElementById('messages').replaceWith(box.firstElementChild);
    room.dispatchEvent(new CustomEvent('htmx:wsAfterMessage', {bubbles: true, detail: {message: html}}));
}"""


def pressed(page) -> list[str]:
    return page.eval_on_selector_all(
        '#hand [aria-pressed="true"]', "buttons => buttons.map(b => b.dataset.card)"
    )


def test_a_hint_chooses_its_move_and_play_sends_it(page):
    load(page, joker_table())
    page.click('#hand [data-card="9S"]')
    page.evaluate(MESSAGE, render_message("Hint: use the joker.", level="info", hint="5D*4D"))
    assert sorted(pressed(page)) == ["4D", "JK"]
    assert page.evaluate(SEND, "play")["parameters"] | {"version": 0} == {
        "action": "joker",
        "card": "4D",
        "spot": "5D",
        "version": 0,
    }

    page.evaluate(MESSAGE, render_message("Hint: pass.", level="info", hint="pass"))
    assert pressed(page) == []  # a hinted pass leaves nothing chosen: Play would explain
    page.click('#hand [data-card="9S"]')
    page.evaluate(MESSAGE, render_message("That card cannot be played yet."))
    assert pressed(page) == ["9S"]  # any other message leaves the player's choice alone


FRAME_CONTROLS = """(html) => {
    const room = document.querySelector('.room');
    const box = document.createElement('div');
    box.innerHTML = html;
    document.getElementById('controls').replaceWith(box.firstElementChild);
    room.dispatchEvent(new CustomEvent('htmx:wsAfterMessage', {bubbles: true, detail: {message: html}}));
}"""

HIDE = """(hidden) => {
    Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
    document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_the_tabs_title_says_when_it_is_your_turn_while_you_look_elsewhere(page):
    t = joker_table()  # seat 0 to act
    load(page, t)
    page.evaluate("() => { document.title = 'Sevens'; }")
    page.evaluate(
        "() => document.querySelector('.room').setAttribute('data-your-turn', 'Your turn')"
    )
    page.evaluate(HIDE, True)
    assert page.title() == "Your turn · Sevens"
    page.evaluate(HIDE, False)
    assert page.title() == "Sevens"

    page.evaluate(HIDE, True)
    other = table_for({**view(played_state(joker=True), 0), "turn": 1}, 0)
    page.evaluate(FRAME_CONTROLS, fragment(other, "controls"))
    assert page.title() == "Sevens"  # another seat's turn: nothing to say


CHOICE_WORDS = (
    'data-choice="Play will play %(card)s." '
    'data-choice-joker="Play will play the joker, then %(card)s."'
)


def load_with_choice_line(page, t):
    """The panel with the page's line that says what Play will play (#play-choice)."""
    load(page, t)
    page.evaluate(
        """(words) => {
            const room = document.querySelector('.room');
            for (const [, name, value] of words.matchAll(/([\\w-]+)="([^"]*)"/g)) room.setAttribute(name, value);
            const line = document.createElement('p');
            line.id = 'play-choice';
            line.setAttribute('aria-live', 'polite');
            room.appendChild(line);
            document.querySelector('#hand .card').click();  // any press: the line follows
            document.querySelector('#hand .card').click();
        }""",
        CHOICE_WORDS,
    )


def said(page) -> list[str]:
    """#play-choice as shown and as heard (its sr-only words)."""
    return page.evaluate(
        """() => {
            const line = document.getElementById('play-choice');
            const shown = line.querySelector('[aria-hidden="true"]');
            const heard = line.querySelector('.sr-only');
            return [shown ? shown.textContent : '', heard ? heard.textContent : ''];
        }"""
    )


def test_it_says_what_play_will_play_when_a_hints_joker_stays_chosen(page):
    # A hint chose the joker and the 4♦ after it; the player presses the 9♠ instead: the joker
    # stays chosen (on the 3D table too, its pressCard), and Play would send it with the 9♠.
    # aria-pressed alone said nothing of that: the line under the buttons says it, in words.
    load_with_choice_line(page, joker_table())
    assert said(page) == ["", ""]
    page.evaluate(MESSAGE, render_message("Hint: use the joker.", level="info", hint="5D*4D"))
    # Shown under Play; not heard a second time: the hint was just read out with its move.
    assert said(page) == ["Play will play the joker, then 4♦.", ""]
    page.click('#hand [data-card="9S"]')
    assert sorted(pressed(page)) == ["9S", "JK"]
    assert said(page) == [
        "Play will play the joker, then 9♠.",
        "Play will play the joker, then 9 of spades.",
    ]
    page.click('#hand [data-card="JK"]')  # the joker let go: the card alone
    assert said(page) == ["Play will play 9♠.", "Play will play 9 of spades."]
    page.click('#hand [data-card="9S"]')
    assert said(page) == ["", ""]
    # The hint's own choice pressed again by the player is the player's: heard.
    page.evaluate(MESSAGE, render_message("Hint: use the joker.", level="info", hint="5D*4D"))
    page.click('#hand [data-card="4D"]')
    page.click('#hand [data-card="4D"]')
    assert said(page) == [
        "Play will play the joker, then 4♦.",
        "Play will play the joker, then 4 of diamonds.",
    ]


def test_the_joker_pressed_after_a_card_that_cannot_follow_it_is_chosen_alone(page):
    # As the 3D table's pressCard does: the 9♠ cannot follow the joker, so it is let go, and the
    # line says to choose the card after the joker; the 4♦ can, and stays chosen with it.
    load_with_choice_line(page, joker_table())
    page.click('#hand [data-card="9S"]')
    page.click('#hand [data-card="JK"]')
    assert pressed(page) == ["JK"]
    assert said(page)[1] == "Now choose the card to play after the joker."
    page.click('#hand [data-card="JK"]')
    page.click('#hand [data-card="4D"]')
    page.click('#hand [data-card="JK"]')
    assert sorted(pressed(page)) == ["4D", "JK"]
    assert said(page)[1] == "Play will play the joker, then 4 of diamonds."


def test_play_with_no_card_off_turn_says_it_is_not_the_players_turn(page):
    """Pressed off turn with nothing chosen, Play said "Choose a card first, then press Play.",
    which sent a phone player looking for a card to choose (a card chosen ahead is still sent)."""
    t = table_for({**view(played_state(joker=True), 0), "turn": 1, "seat": 0}, 0)
    load(page, t)
    assert page.get_attribute("#controls .turn-note", "data-mine") == "false"
    assert page.evaluate(SEND, "play")["sent"] is False
    assert "It is not your turn." in page.inner_text("#messages")
    assert "Choose a card first" not in page.inner_text("#messages")
