"""The hint: the Medium CPU's move for the seat to act, with its reason in the site's words."""

import re

import pytest

from games.sevens.bots.reasons import REASONS as ENGINE_REASONS
from rooms import hints, services
from rooms.errors import RoomError
from rooms.narrate import card_spoken, card_text
from rooms.table import legal_words
from tests.live_support import hotseat_room, new_session

pytestmark = pytest.mark.django_db


def test_it_has_a_translatable_sentence_for_every_reason_of_the_engine():
    for code, english in ENGINE_REASONS.items():
        ours = str(hints.REASONS[code])
        assert set(re.findall(r"%\((\w+)\)s", ours)) == set(re.findall(r"\{(\w+)\}", english))


def test_it_hints_the_seat_to_act_and_nobody_else():
    aki = new_session()
    room = hotseat_room(aki)
    sentence, spoken, word = services.hint_for(room.slug, room.turn, aki)
    assert sentence.startswith("Hint: ") and sentence.endswith(".")
    assert spoken.startswith("Hint: ") and spoken.endswith(".")
    assert word in legal_words(services.legal_for(room.slug, room.turn))
    if word != "pass":  # the move the panel will choose is the one the sentence names
        card = word.split("*")[-1]
        assert card_text(card) in sentence  # written as the hand writes it
        assert card_spoken(card) in spoken and not set("♠♥♦♣") & set(spoken)  # read out in words
    with pytest.raises(RoomError) as refused:
        services.hint_for(room.slug, (room.turn + 1) % 4, aki)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(RoomError) as refused:  # another browser: no hint about this hand
        services.hint_for(room.slug, room.turn, new_session())
    assert refused.value.code == "not_your_seat"
