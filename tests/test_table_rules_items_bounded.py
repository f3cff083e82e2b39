"""The rules card's sentences are kept per rule set and language (`rooms.table.rules_items`), as a
room's rules never change; the menu and the custom rules make thousands of rule sets possible, and
a server process runs for months: the store is bounded, and what it gives is the same after."""

import pytest
from django.utils import translation

from rooms import narrate, table
from rooms.lru import Lru

pytestmark = pytest.mark.pure


def test_it_keeps_at_most_1024_rule_sets(monkeypatch):
    made = []
    monkeypatch.setattr(narrate, "rules_items", lambda rules: made.append(rules) or [str(rules)])
    monkeypatch.setattr(table, "_RULES_ITEMS", Lru(1024))
    with translation.override("en"):
        for n in range(3000):
            assert table.rules_items({"pass_limit": n}) == [str({"pass_limit": n})]
            assert len(table._RULES_ITEMS) <= 1024
        made.clear()
        table.rules_items({"pass_limit": 2999})
    assert made == []  # the latest is still kept
