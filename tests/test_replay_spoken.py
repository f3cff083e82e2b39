"""What a screen reader hears of the replay's cards: the list of every move, the rows' suits and
the layout say the cards in words ("8 of diamonds", in the page's language), never the symbols
("8 black diamond suit"), and the layout's empty spots are not read as blank items; the eyes
still see the symbols."""

import re

import pytest

from games.sevens import RuleSet
from tests.frames_support import Node, parse, select
from tests.history_support import play, store

pytestmark = pytest.mark.django_db

SYMBOL = re.compile("[♠♥♦♣]")
WORDS = {"en": " of (spades|hearts|diamonds|clubs)", "ja": "(スペード|ハート|ダイヤ|クラブ)の"}


def heard(node: Node) -> str:
    """The text a screen reader reads: what is hidden from it (aria-hidden) left out."""
    if node.tag is None:
        return node.text
    if node.attrs.get("aria-hidden") == "true":
        return ""
    return "".join(heard(child) for child in node.children)


def seen(node: Node) -> str:
    if node.tag is None:
        return node.text
    hidden = "visually-hidden" in (node.attrs.get("class") or "").split()
    return "" if hidden else "".join(seen(child) for child in node.children)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_replays_moves_and_layout_are_heard_in_words(client, language):
    stored = store(play(RuleSet(rounds=1), seed=101))
    html = client.get(
        f"/matches/{stored.pk}/", {"step": "20"}, HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    page = parse(html)
    moves = select(page, "#replay .replay-log a")
    assert len(moves) > 40
    for move in moves:
        assert not SYMBOL.search(heard(move)), move.html()
    said = " ".join(heard(m) for m in moves)
    assert re.search(WORDS[language], said), said
    assert SYMBOL.search(" ".join(seen(m) for m in moves))

    layout = select(page, "#replay .replay-layout")[0]
    assert not SYMBOL.search(heard(layout)), heard(layout)
    assert re.search(WORDS[language], heard(layout))
    assert SYMBOL.search(seen(layout))
    # A spot with no card on it (a dot) is not a list item read out as blank.
    cells = [c for c in select(layout, ".cells li") if c.attrs.get("aria-hidden") != "true"]
    assert 0 < len(cells) < 52
    for cell in cells:
        assert heard(cell).strip(), cell.html()


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", '</strong> <span class="seat-colour">(Red)</span>'), ("zh-hans", "（红）")],
)
def test_a_replay_seats_colour_is_bracketed_as_its_language_writes(client, language, written):
    stored = store(play(RuleSet(rounds=1), seed=101))
    html = client.get(f"/matches/{stored.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert written in html
    if language != "en":  # wide brackets carry their own room: no space before, no ASCII ones
        assert '</strong><span class="seat-colour">（' in html and 'seat-colour">(' not in html
