"""What a screen reader hears of the cards the panel writes as symbols (8♦): the layout's cells, a
row's suit and its note, the log, the last move, the cards left at a round's end and the joker's
spots are heard in words ("8 of diamonds"), in the page's language, and never as the symbols
("8 black diamond suit"); the eyes still see the symbols. panel.js gives the words in the page (the
frames carry none): here on the fragments themselves, no server."""

import re
from pathlib import Path

import pytest
from browser_support import serverless_page  # noqa: F401  (the `page` fixture)
from django.template import Context, Template
from django.utils import translation
from sample_views import finished_state, fragment, played_state, table_for, view

from games.sevens import apply
from rooms.narrate import card_spoken
from rooms.render import card_words

pytestmark = [pytest.mark.browser, pytest.mark.pure]

PANEL_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "panel.js"
SYMBOL = re.compile("[♠♥♦♣]")
# What panel.js does after each frame (htmx:wsAfterMessage): here a frame with nothing in it.
AFTER_A_FRAME = """() => document.querySelector('.room').dispatchEvent(
    new CustomEvent('htmx:wsAfterMessage', {bubbles: true, detail: {message: ''}}))"""
WORDS = {
    "en": (" of (spades|hearts|diamonds|clubs)", "next: "),
    "ja": ("(スペード|ハート|ダイヤ|クラブ)の", "次："),
}


def load(page, t: dict, language: str, names=("layout", "last_move", "log")) -> None:
    with translation.override(language):
        body = "".join(fragment(t, name) for name in (*names, "table_state"))
        words = card_words()
        facts = Template(
            "{% load i18n %}"
            "data-next=\"{% translate 'next:' %}\" data-none=\"{% translate 'none' %}\" "
            "data-not-open=\"{% translate 'not open yet' %}\" data-full=\"{% translate 'full' %}\" "
            "data-placed=\"{% translate 'placed apart:' %}\""
        ).render(Context())
    page.set_content(
        f'<!doctype html><html lang="{language}"><body><div class="room" {facts}>{body}</div>'
        f'<script id="card-words" type="application/json">{words}</script></body></html>'
    )
    page.add_script_tag(content=PANEL_JS.read_text())
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => (d.open = true))")


def heard(page, selector: str) -> str:
    return page.locator(selector).aria_snapshot()


def assert_in_words(page, selector: str, language: str) -> str:
    said = heard(page, selector)
    assert not SYMBOL.search(said), said
    assert re.search(WORDS[language][0], said), said
    return said


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_layout_the_log_and_the_last_move_are_heard_in_words(page, language):
    state = played_state(moves=12, seed=3, pass_limit=1)
    t = table_for(view(state, 0), 0)
    load(page, t, language)
    said = assert_in_words(page, "#layout", language)
    assert WORDS[language][1] in said  # the row's note: "next: 6 of spades, 8 of spades"
    assert_in_words(page, "#log", language)
    assert_in_words(page, "#last-move", language)
    # The eyes see the cards as the hand writes them.
    assert SYMBOL.search(page.locator("#layout .cells").first.inner_text())
    assert SYMBOL.search(page.locator("#layout .row-note").first.inner_text())

    # The next move's rows drawn by the page from the state (a delta carries no layout): their
    # cells and notes are new words too (a note is kept and only its content drawn again).
    before = heard(page, "#layout")
    after = state
    while not any(a.type == "play" for a in after.legal_actions()):  # a pass changes no row
        after, _ = apply(after, after.legal_actions()[0])
    after, _ = apply(after, next(a for a in after.legal_actions() if a.type == "play"))
    with translation.override(language):
        later = table_for(view(after, 0), 0)
    page.evaluate(
        "(state) => window.sevensPanel.drawRows(['0', '1', '2', '3'], state)", later["state"]
    )
    page.evaluate(AFTER_A_FRAME)
    now = assert_in_words(page, "#layout", language)
    assert now != before


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_cards_left_at_a_rounds_end_are_heard_in_words(page, language):
    state = finished_state(seed=3, scoring="cards_left", round_end="first_out")
    with translation.override(language):  # the cards' words are the server's, as in a request
        t = table_for(view(state, 0), 0)
    assert t["settlement"]["cards_left"]
    load(page, t, language, names=("settlement",))
    said = assert_in_words(page, "#settlement .cards-left", language)
    assert ", " in said if language == "en" else "、" in said  # a pause between two cards


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_joker_left_in_a_hand_is_heard_as_a_card_of_its_list(page, language):
    # Seed 1: the third seat ends the round holding A♣ and the joker.
    state = finished_state(seed=1, scoring="cards_left", round_end="first_out", joker=True)
    with translation.override(language):
        t = table_for(view(state, 0), 0)
    assert ["AC", "JK"] in [[c["code"] for c in p["cards"]] for p in t["settlement"]["places"]]
    load(page, t, language, names=("settlement",))
    said = assert_in_words(page, "#settlement .cards-left", language)
    with translation.override(language):
        ace, joker = card_spoken("AC"), card_spoken("JK")
    pause = ", " if language == "en" else "、"
    assert f"{ace}{pause}{joker}" in said, said
    # The eyes still see the faces.
    assert "A♣" in page.locator("#settlement .cards-left").inner_text()
