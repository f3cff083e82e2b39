"""The engine benchmark plays real rounds to their end."""

from games.sevens.bench import CASES, rounds_per_second


def test_it_plays_every_case_to_the_end():
    for rules in CASES.values():
        assert rounds_per_second(rules, seconds=0.05) > 0
