"""A long name is cut to a table name's length between the characters a reader sees: never
between a letter and its marks, inside an emoji joined of several code points (a family, a skin
tone), or between the two halves of a flag. Cut inside one, the name ended in a stray half: a
lone man of a family, a bare regional letter, an accent on nothing."""

import pytest

from rooms.forms import NAME_LENGTH, cut, table_name

pytestmark = pytest.mark.pure

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man, woman, girl: one emoji of 5 points
THUMB = "\U0001f44d\U0001f3fd"  # a thumb with a skin tone
FLAG = "\U0001f1ef\U0001f1f5"  # J, P: one flag
ACCENT = "e\u0301"  # e and a combining acute


@pytest.mark.parametrize("tail", [FAMILY, THUMB, FLAG, ACCENT])
@pytest.mark.parametrize("before", range(NAME_LENGTH - 5, NAME_LENGTH))
def test_a_character_the_cut_falls_inside_is_left_out_whole(before, tail):
    name = table_name("a" * before + tail + "z" * NAME_LENGTH)
    rest = name[before:]  # the tail whole, and what fits after it, or nothing of it
    assert name.startswith("a" * before) and (rest == "" or rest.startswith(tail))
    assert rest or before + len(tail) > NAME_LENGTH  # left out only where it does not fit
    assert len(name) <= NAME_LENGTH


def test_what_fits_is_kept_whole():
    assert table_name("a" * 19 + FAMILY + "z") == "a" * 19 + FAMILY
    assert cut("a" * 22 + FLAG + FLAG, 24) == "a" * 22 + FLAG
    assert cut(FLAG * 13, 25) == FLAG * 12  # the 13th flag's first half is left out
    assert cut("ab", 24) == "ab"
