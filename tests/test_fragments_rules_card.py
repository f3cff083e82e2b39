"""The room's one-line rules card says what the rows' ends do for the rows the rules lay out."""

import pytest

from games.sevens import RuleSet
from rooms.narrate import rules_items

pytestmark = pytest.mark.pure


def test_the_chinese_game_says_its_ends_a_and_2_are_not_joined():
    # Rows 2…7…A: the ace follows the king in every row, so "A and K not connected" read as the
    # opposite of the rule; what stays apart is the A and the 2 (seed 002).
    items = rules_items(RuleSet.preset("chinese").to_dict())
    assert "rows 2…7…A" in items
    assert "A and 2 not connected" in items
    assert not any("A and K" in item for item in items)


@pytest.mark.parametrize(
    ("ace", "ends", "said"),
    [
        ("high", "connect", "A and 2 connect"),
        ("low", "none", "A and K not connected"),
        ("low", "connect", "A and K connect"),
        ("high", "tunnel", "at an end, continue from the other end"),
    ],
)
def test_the_ends_are_named_by_the_cards_at_the_ends_of_the_rows(ace, ends, said):
    rules = RuleSet.preset("japanese", ace=ace, ends=ends).to_dict()
    assert said in rules_items(rules)
