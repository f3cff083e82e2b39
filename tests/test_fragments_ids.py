"""Every fragment is a top-level element with a stable id and hx-swap-oob; #table-state carries
the table's version for the whole frame (a delta's pieces carry none)."""

import re

import pytest
from sample_views import played_state, table_for, view

from rooms.render import FRAGMENTS, render_fragments

pytestmark = pytest.mark.pure

IDS = {  # the rules card is the page's only: a room's rules never change
    "lobby",
    "layout",
    "seats",
    "hand",
    "controls",
    "last-move",
    "log",
    "settlement",
    "messages",
    "live",
    "table-state",
}


def test_it_renders_every_fragment_with_its_id_and_version():
    state = played_state()
    frame = render_fragments(table_for(view(state, state.turn, version=42), state.turn))
    roots = re.findall(r'^<(\w+) id="([\w-]+)"[^>]*hx-swap-oob="(\w+)"[^>]*>', frame, re.M)
    assert {root[1] for root in roots} == IDS
    assert len(roots) == len(FRAGMENTS)
    for tag, _id, _swap in roots:
        assert tag in {"p", "section", "div", "script"}
    assert re.search(r'<script id="table-state"[^>]*data-version="42"', frame)
    assert frame.count("data-version=") == 1


def test_it_swaps_only_the_content_of_the_live_regions():
    # A live region that stays in the page is the one screen readers announce.
    state = played_state()
    frame = render_fragments(table_for(view(state, 0), 0))
    assert re.search(r'<div id="live"[^>]*hx-swap-oob="innerHTML"[^>]*aria-live="polite"', frame)
    assert re.search(r'<div id="messages"[^>]*hx-swap-oob="innerHTML"', frame)
