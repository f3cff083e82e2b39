"""A card that does not connect is refused with the cards its row needs, shown as the page writes
cards and read out in words; a card that can go down only after the joker is refused as such."""

import pytest
from django.utils import translation
from live_support import fresh, hotseat_room, legal, new_session

from rooms import services
from rooms.errors import RoomError

NOT_CONNECTED = RoomError("not_next_to_row", "", {"card": "3S", "next": ["6S", "8S"]})


def test_it_names_the_cards_the_row_needs():
    with translation.override("en"):
        assert NOT_CONNECTED.message == "3♠ does not connect yet: that row needs 6♠ or 8♠ first."
        assert NOT_CONNECTED.spoken == (
            "3 of spades does not connect yet: that row needs 6 of spades or 8 of spades first."
        )
    one_end = RoomError("not_next_to_row", "", {"card": "QH", "next": ["9H"]})
    with translation.override("en"):
        assert one_end.message == "Q♥ does not connect yet: that row needs 9♥ first."
    # Read out, a sentence opening with a card in words opens with a capital.
    ace = RoomError("not_next_to_row", "", {"card": "AS", "next": ["QS"]})
    with translation.override("en"):
        assert (
            ace.spoken
            == "Ace of spades does not connect yet: that row needs queen of spades first."
        )


@pytest.mark.parametrize("language", ["ja", "zh-hans", "zh-hant"])
def test_it_is_translated(language):
    with translation.override("en"):
        english = NOT_CONNECTED.message
    with translation.override(language):
        said = NOT_CONNECTED.message
    assert said != english and "3♠" in said and "6♠" in said and "8♠" in said


@pytest.mark.django_db
def test_a_refused_card_carries_its_rows_next_cards_from_the_engine():
    key = new_session()
    room = fresh(hotseat_room(key))
    seat = room.turn
    hand = services.view_for(room, seat)["hand"]
    playable = {a.get("card") for a in legal(room)}
    card = next(c for c in hand if c not in playable and c[0] not in "67" and c[0] != "8")
    result = services.submit_action(
        room.slug, seat, {"type": "play", "card": card}, room.version, key
    )
    assert not result.ok and result.error.code == "not_next_to_row"
    suit = card[1]
    # Right after the deal the row is its 7 alone: a card below it needs the 6, above it the 8
    # (only the end whose walk leads to the card is named).
    below = "A2345".find(card[0]) != -1
    end = "6" if below else "8"
    assert result.error.params["next"] == [f"{end}{suit}"]
    symbol = "♠♥♦♣"["SHDC".index(suit)]
    with translation.override("en"):
        assert result.error.message.endswith(f"that row needs {end}{symbol} first.")
    assert fresh(room).version == room.version
