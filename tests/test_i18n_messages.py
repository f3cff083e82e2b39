"""Messages and errors in every language: each engine error code has a site message, translated;
card names and seat colours are translated."""

import re
from pathlib import Path

import pytest
from django.utils import translation

from rooms import narrate
from rooms.errors import MESSAGES, RoomError

pytestmark = pytest.mark.pure

LANGUAGES = ("ja", "zh-hans", "zh-hant")
ENGINE = Path(__file__).resolve().parent.parent / "games" / "sevens"


def engine_codes() -> set[str]:
    codes = set()
    for source in ENGINE.glob("*.py"):
        codes |= set(re.findall(r'IllegalAction\(\s*"(\w+)"', source.read_text()))
    return codes


def test_it_has_a_site_message_for_every_engine_error_code():
    codes = engine_codes()
    assert {"row_not_open", "must_play", "joker_bad_spot"} <= codes
    assert codes <= set(MESSAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_translates_every_error(language):
    with translation.override("en"):
        english = {code: RoomError(code).message for code in MESSAGES}
    with translation.override(language):
        for code in MESSAGES:
            assert RoomError(code).message != english[code], code


SPOKEN = {
    "ja": ("ダイヤの10", "スペードのエース", "赤", "黄"),
    "zh-hans": ("方块 10", "黑桃 A", "红", "黄"),
    "zh-hant": ("方塊 10", "黑桃 A", "紅", "黃"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_translates_card_names_and_seat_colours(language):
    ten, ace, red, yellow = SPOKEN[language]
    with translation.override(language):
        assert narrate.card_spoken("TD") == ten
        assert narrate.card_spoken("AS") == ace
        colours = [str(label) for _, label in narrate.SEAT_COLOURS]
    assert colours[0] == red and colours[3] == yellow
