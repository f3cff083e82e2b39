"""A card button's name holds what the button shows (WCAG 2.5.3, Label in Name): a voice-control
user says "click K" to the button that reads K♥. Its words follow for screen readers; a card whose
words already hold its face ("8 of diamonds", "黑桃A") is named by its words alone."""

import json
import re

import pytest
from django.utils import translation
from sample_views import fragment, played_state, table_for, view

from rooms.narrate import card_label
from rooms.render import card_labels, render_fragments

pytestmark = pytest.mark.pure


def names(html: str) -> dict[str, str]:
    return dict(
        re.findall(r'<button class="card[^"]*" data-card="(\w+)"[^>]*aria-label="([^"]*)"', html)
    )


@pytest.mark.parametrize(
    ("language", "card", "name"),
    [
        ("en", "AS", "A♠, ace of spades"),
        ("en", "KH", "K♥, king of hearts"),
        ("en", "TD", "10 of diamonds"),
        ("en", "JK", "the joker"),
        ("ja", "7S", "スペードの7"),
        ("ja", "AS", "A♠、スペードのエース"),
        ("zh-hans", "AS", "黑桃 A"),
    ],
)
def test_it_leads_a_cards_name_with_its_face_when_its_words_do_not_hold_it(language, card, name):
    with translation.override(language):
        assert card_label(card) == name


def test_both_renders_of_the_hand_name_its_buttons_the_same_way():
    state = played_state()
    seat = state.turn
    t = table_for(view(state, seat), seat)
    page, pushed = names(fragment(t, "hand")), names(render_fragments(t))
    assert page == pushed
    assert page == {card: card_label(card) for card in view(state, seat)["hand"]}


def test_the_room_page_lists_the_names_that_differ_from_the_words():
    labels = json.loads(card_labels())
    assert labels["Q♣"] == "Q♣, queen of clubs"
    assert "9♣" not in labels  # "9 of clubs" holds its face
    assert len(labels) == 16  # A, J, Q, K of each suit
