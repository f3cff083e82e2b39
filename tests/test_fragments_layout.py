"""The layout: per suit the cards down, the next card needed at each end, a mark on full rows, and
the cards of eliminated seats placed apart from the run."""

import re

import pytest
from sample_views import fragment, table_for, view

from games.sevens import RuleSet, apply, new_round

pytestmark = pytest.mark.pure


def row_html(html: str, suit: str) -> str:
    return re.search(
        rf'<li class="row[^"]*" data-suit="{suit}">.*?</li>\s*</ol>.*?</p>', html, re.S
    ).group(0)


def test_it_shows_the_run_and_the_next_card_at_each_end():
    state = new_round(RuleSet.preset("japanese"), seed=3, dealer=0)
    html = fragment(table_for(view(state, 0), 0), "layout")
    spades = row_html(html, "S")
    # a cell: <li id="c7S" class="r"> (r run, n next, p placed apart, c closed, none empty)
    assert '<li id="c7S" class="r">' in spades
    # the next cards are shown, but a screen reader reads the cards on the table only (the note
    # under the row names the next ones), and no empty spot
    assert '<li id="c6S" class="n" aria-hidden="true">6♠</li>' in spades
    assert '<li id="c8S" class="n" aria-hidden="true">8♠</li>' in spades
    assert '<li id="cAS" aria-hidden="true"></li>' in spades
    assert re.search(r"next: <b>6♠</b> <b>8♠</b>", spades)


def test_it_marks_a_full_row():
    v = view(new_round(RuleSet.preset("japanese"), seed=3, dealer=0), 0)
    hearts = v["rows"][1]
    full = {
        **hearts,
        "full": True,
        "next": [],
        "cells": [{**c, "state": "run"} for c in hearts["cells"]],
    }
    v["rows"] = [v["rows"][0], full, *v["rows"][2:]]
    html = fragment(table_for(v, 0), "layout")
    assert '<p id="nH" class="row-note full">' in html
    assert "✓ full" in row_html(html, "H")


def test_it_shows_cards_of_an_eliminated_seat_apart_from_the_run():
    state = new_round(RuleSet.preset("japanese", pass_limit=1), seed=0, dealer=0)
    while not any(s == "eliminated" for s in (x["status"] for x in view(state, 0)["seats"])):
        actions = state.legal_actions()
        passes = [a for a in actions if a.type == "pass"]
        state, _events = apply(state, passes[0] if passes else actions[0])
    html = fragment(table_for(view(state, 0), 0), "layout")
    assert re.search(r'<li id="c\w\w" class="p">', html)
    assert "placed apart" in html


def test_it_says_a_row_is_not_open_yet_when_7s_are_played_in_turn():
    state = new_round(RuleSet.preset("chinese"), seed=3, dealer=0)
    html = fragment(table_for(view(state, 0), 0), "layout")
    assert html.count("not open yet") == 4


def test_with_7s_played_in_turn_the_only_card_next_at_first_is_the_7_of_diamonds():
    # Seed 002: "the 7 of diamonds must be the first card played".
    state = new_round(RuleSet.preset("chinese"), seed=3, dealer=0)
    v = view(state, 0)
    assert [r["next"] for r in v["rows"]] == [[], [], ["7D"], []]
    html = fragment(table_for(v, 0), "layout")
    assert '<li id="c7D" class="n"' in row_html(html, "D")
    for suit in "SHC":
        assert 'class="n"' not in row_html(html, suit)
    state, _events = apply(state, state.legal_actions()[0])  # the 7♦
    after = [r["next"] for r in view(state, 0)["rows"]]
    assert after[2] == ["6D", "8D"] and all(after[s] == [f"7{'SHDC'[s]}"] for s in (0, 1, 3))


def test_once_the_round_is_over_no_row_says_what_is_next():
    from sample_views import finished_state

    v = view(finished_state(pass_limit=1), 0)
    html = fragment(table_for(v, 0, status="between_rounds"), "layout")
    assert "next:" not in html and "none" not in html
    assert "· placed apart" not in html.replace("</b> · placed apart", "")
